// The page side of browserwindows.py: maps scenario statements onto the DOM of a
// headless Chromium page, and asks the browser every answer. Nothing here decides
// where a point goes or which box is in front: `hit` is document.elementFromPoint, a
// touch's target is the one the browser's own touch events name, `order` is the
// document's order of the window boxes the browser computes visible.
//
//   window NAME frame X Y W H   a position:fixed box, a child of <body>, hidden (W1)
//   view NAME in P frame ...    a position:absolute box, the last child of P's box
//   every box                   overflow:hidden, so a child is neither drawn nor hit
//                               outside its parent's box (H4)
//   show / hide / set hidden    visibility; a window that becomes visible is moved to
//                               the end of <body>, in front of the others (W4)
//   front / back / remove       appendChild / insertBefore(first) / Element.remove
//   set T interaction off|on    pointer-events: none / inherited
//   set T alpha A               opacity
//   a window's level            z-index: the level's rank among the levels sent so far
//
// Each statement answers [status, lines]: status "ok", "error" or "unsupported".
(() => {
  const boxes = new Map();      // name -> its element (windows and views alike)
  const windowOf = new Map();   // name -> the name of its window
  const levelOf = new Map();    // window name -> its level, as sent
  let levels = [];              // every level sent so far, ascending: a window's z-index is its level's rank
  const touchLog = [];          // touch events as the browser delivered them
  const plantedBug = window.__windowlabBug || null;

  const root = document.documentElement;
  root.style.cssText = "margin:0;padding:0;overflow:hidden;width:1000px;height:1000px";
  document.body.style.cssText = "margin:0;padding:0;overflow:hidden;width:1000px;height:1000px";

  // What the browser delivers: for each changed touch, its event, id, target and the
  // point in the target box's own space (client point less the box's client rectangle).
  for (const type of ["touchstart", "touchmove", "touchend", "touchcancel"]) {
    document.addEventListener(type, (event) => {
      for (const touch of event.changedTouches) {
        const target = touch.target;
        const name = target && target.dataset ? target.dataset.name || null : null;
        const rect = name ? target.getBoundingClientRect() : { left: 0, top: 0 };
        const bound = name ? `${windowOf.get(name)}/${name}` : null;
        touchLog.push([type, touch.identifier, bound, touch.clientX - rect.left, touch.clientY - rect.top]);
      }
      event.preventDefault();   // consumed, as a toolkit consumes its touches: no scrolling, no gestures
    }, { capture: true, passive: false });
  }

  class StatementError extends Error {}
  class Unsupported extends Error {}

  function number(text) {
    const value = Number(text);
    if (!Number.isFinite(value) || !Number.isInteger(value)) {
      throw new StatementError(`not an integer: ${text} (the engine declares numbers integer)`);
    }
    return value;
  }
  function box(name) {
    const found = boxes.get(name);
    if (!found) throw new StatementError(`no window or view named ${name}`);
    return found;
  }
  function isWindow(name) { return windowOf.get(name) === name; }
  function place(element, x, y, width, height) {
    if (width < 0 || height < 0) throw new StatementError("a negative width or height (G3)");
    Object.assign(element.style, { left: `${x}px`, top: `${y}px`, width: `${width}px`, height: `${height}px` });
  }
  function create(name, parentName, fixed, frame, level) {
    if (boxes.has(name)) throw new StatementError(`a window or view named ${name} exists`);
    const element = document.createElement("div");
    element.dataset.name = name;
    element.style.position = fixed ? "fixed" : "absolute";
    element.style.overflow = "hidden";
    element.style.margin = "0";
    place(element, ...frame.map(number));
    if (fixed) {
      element.style.visibility = "hidden";
      document.body.appendChild(element);
      windowOf.set(name, name);
      boxes.set(name, element);
      setLevel(name, level);
    } else {
      box(parentName).appendChild(element);
      windowOf.set(name, windowOf.get(parentName));
    }
    boxes.set(name, element);
  }
  function visible(element) { return getComputedStyle(element).visibility !== "hidden"; }
  // Levels are numbers of any size and z-index is a 32-bit integer: each window's z-index
  // is its level's rank among the levels sent so far (a new level re-ranks every window).
  function setLevel(name, text) {
    let level = Number(text);
    if (!Number.isFinite(level)) throw new StatementError(`not a number: ${text}`);
    if (level === 0) level = 0;   // -0 is level 0
    levelOf.set(name, level);
    if (!levels.includes(level)) {
      levels = [...levels, level].sort((a, b) => a - b);
      for (const [other, otherLevel] of levelOf) boxes.get(other).style.zIndex = String(levels.indexOf(otherLevel));
    } else {
      boxes.get(name).style.zIndex = String(levels.indexOf(level));
    }
  }
  function show(name) {
    const element = box(name);
    if (visible(element)) return;
    element.style.visibility = "";
    document.body.appendChild(element);   // W4: in front of every other window
  }
  function hide(element) { element.style.visibility = "hidden"; }
  function forget(element) {
    for (const named of [element, ...element.querySelectorAll("[data-name]")]) {
      boxes.delete(named.dataset.name);
      windowOf.delete(named.dataset.name);
      levelOf.delete(named.dataset.name);
    }
    element.remove();
  }
  function coordinate(value) { return String(value === 0 ? 0 : value); }   // -0 prints as 0
  // Front to back as CSS paints positioned boxes: by computed z-index, then document order.
  function orderLine() {
    const shown = [...document.body.children].filter((e) => e.dataset.name && visible(e))
      .map((e, index) => [Number(getComputedStyle(e).zIndex), index, e.dataset.name])
      .sort((a, b) => (b[0] - a[0]) || (b[1] - a[1]));
    return "order main: " + shown.map((e) => e[2]).join(" ");
  }
  function hit(x, y) {
    const element = document.elementFromPoint(x, y);
    const name = element && element.dataset ? element.dataset.name : undefined;
    if (!name) return "hit -> none";
    const rect = element.getBoundingClientRect();
    const [px, py] = plantedBug === "screen-point" ? [x, y] : [x - rect.left, y - rect.top];
    return `hit -> ${windowOf.get(name)}/${name} at ${coordinate(px)} ${coordinate(py)}`;
  }

  function statement(words) {
    const [verb] = words, n = words.length;
    if (verb === "window" && (n === 11 || n === 12) && words[2] === "in" && words[3] === "main"
        && words[4] === "frame" && words[9] === "level" && (n === 11 || words[11] === "root")) {
      create(words[1], null, true, words.slice(5, 9), words[10]);
      if (n === 12) create(words[1] + ".root", words[1], false, ["0", "0", words[7], words[8]]);
      return [];
    }
    if (verb === "view" && n === 9 && words[2] === "in" && words[4] === "frame") {
      create(words[1], words[3], false, words.slice(5, 9));
      return [];
    }
    if (["show", "hide", "release"].includes(verb) && n === 2) {
      const element = box(words[1]);
      if (!isWindow(words[1])) throw new StatementError(`${words[1]} is a view, not a window`);
      if (verb === "show") show(words[1]);
      else if (verb === "hide") hide(element);
      else forget(element);
      return [];
    }
    if (["remove", "front", "back"].includes(verb) && n === 2) {
      const element = box(words[1]);
      if (isWindow(words[1])) throw new StatementError(`${words[1]} is a window, not a view`);
      if (verb === "remove") forget(element);
      else if (verb === "front") element.parentElement.appendChild(element);
      else element.parentElement.insertBefore(element, element.parentElement.firstChild);
      return [];
    }
    if (verb === "set" && n === 7 && words[2] === "frame") {
      place(box(words[1]), ...words.slice(3, 7).map(number));
      return [];
    }
    if (verb === "set" && n === 4 && ["hidden", "interaction"].includes(words[2]) && ["on", "off"].includes(words[3])) {
      const element = box(words[1]);
      if (words[2] === "interaction") element.style.pointerEvents = words[3] === "on" ? "" : "none";
      else if (words[3] === "on") hide(element);
      else if (isWindow(words[1])) show(words[1]);   // W9: as `show`
      else element.style.visibility = "";
      return [];
    }
    if (verb === "set" && n === 4 && words[2] === "level") {
      if (!isWindow(words[1])) throw new StatementError(`${words[1]} is a view, not a window`);
      const before = levelOf.get(words[1]);
      setLevel(words[1], words[3]);
      // W4: a visible window whose level changes goes in front of its new level; W6: the same level changes nothing.
      if (levelOf.get(words[1]) !== before && visible(box(words[1]))) document.body.appendChild(box(words[1]));
      return [];
    }
    if (verb === "set" && n === 4 && words[2] === "alpha") {
      const alpha = Number(words[3]);
      if (!Number.isFinite(alpha)) throw new StatementError(`not a number: ${words[3]}`);
      box(words[1]).style.opacity = String(Math.min(1, Math.max(0, alpha)));
      return [];
    }
    if (verb === "hit" && n === 5 && words[3] === "in" && words[4] === "main") {
      return [hit(number(words[1]), number(words[2]))];
    }
    if (verb === "order" && n === 2 && words[1] === "main") return [orderLine()];
    if (verb === "keyWindow" && n === 2 && words[1] === "main") return ["keyWindow main -> none"];
    if (verb === "snapshot" && n === 1) return [orderLine(), "keyWindow main -> none"];
    throw new Unsupported(`the browser adapter has no mapping for: ${words.join(" ")}`);
  }

  window.__windowlab = {
    /** Runs statements (arrays of words) in order; one [status, lines] each. */
    run(statements) {
      return statements.map((words) => {
        try {
          return ["ok", statement(words)];
        } catch (error) {
          const kind = error instanceof Unsupported ? "unsupported" : error instanceof StatementError ? "error" : "internal";
          return [kind, [String(error.message || error).replace(/\n/g, " ")]];
        }
      });
    },
    /** The touch events delivered since the last call, oldest first. */
    takeTouches() { return touchLog.splice(0); },
    /** A fresh system: no windows. */
    reset() {
      for (const element of [...document.body.children]) element.remove();
      boxes.clear();
      windowOf.clear();
      levelOf.clear();
      levels = [];
      touchLog.length = 0;
    },
  };
})();
