#!/usr/bin/env python3
"""pywindows: a small WindowLab engine in plain Python 3 (standard library only).

It speaks the engine protocol, version 1 (docs/engine-protocol.md), on standard
input and output, and implements the subset of SEMANTICS.md named by the feature
words `windows levels key hit`: windows without views, their levels and visible
order, the key window and its history, notifications, and hit queries.

Written from SEMANTICS.md alone; rule ids are cited next to the code that
implements them.
"""

import math
import os
import sys

NAME = "pywindows"
FEATURES = "windows levels key hit"


class InputError(Exception):
    """A request the engine cannot accept; answered as `error MESSAGE`."""


# ---------------------------------------------------------------------------
# Numbers (G1): read with float(), printed in a form that reads back exactly.
# ---------------------------------------------------------------------------

def number(text):
    try:
        value = float(text)
    except ValueError:
        raise InputError("not a number: %r" % text)
    if not math.isfinite(value):  # G1: NaN or infinity is an input error
        raise InputError("not a finite number: %r" % text)
    return value


def size(text):
    value = number(text)
    if value < 0:  # G3: a negative width or height is an input error
        raise InputError("negative size: %r" % text)
    return value


def fmt(value):
    """repr() reads back bit for bit; drop a trailing '.0' to read like the reference."""
    text = repr(value)
    return text[:-2] if text.endswith(".0") else text


# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------

class Window:
    __slots__ = ("name", "scene", "x", "y", "width", "height", "level",
                 "hidden", "alive")

    def __init__(self, name, scene, x, y, width, height, level):
        self.name = name
        self.scene = scene
        self.x, self.y, self.width, self.height = x, y, width, height
        self.level = level
        self.hidden = True   # W1: a new window is hidden
        self.alive = True

    # Without views the bounds origin is always 0 0 and alpha 1, interaction on.
    BOUNDS_X = 0.0
    BOUNDS_Y = 0.0

    def hit_test(self, sx, sy):
        """H1, H5, G2, G4: the point in window space, or None when it misses."""
        if self.hidden:
            return None
        # G4: child = (parent - frame) + bounds, in exactly that order.
        px = (sx - self.x) + self.BOUNDS_X
        py = (sy - self.y) + self.BOUNDS_Y
        # G2 in the window's own space: minX = bounds.x, maxX = bounds.x + width.
        if not (self.BOUNDS_X <= px < self.BOUNDS_X + self.width):
            return None
        if not (self.BOUNDS_Y <= py < self.BOUNDS_Y + self.height):
            return None
        return px, py


class Scene:
    def __init__(self, name, width=1000.0, height=1000.0):
        self.name = name
        self.width, self.height = width, height
        self.order = []      # visible windows, back to front, sorted by level (W3)
        self.key = None      # K1: at most one key window
        self.history = {}    # K4: windows in the order they became key (dict keeps order)

    # --- visible order (W3, W4, W5) ---

    def insert_front_of_level(self, w):
        """Put w in front of every visible window of its level and behind higher ones."""
        order = self.order
        lo, hi = 0, len(order)
        while lo < hi:  # bisect right on level: past every window of level <= w.level
            mid = (lo + hi) // 2
            if order[mid].level <= w.level:
                lo = mid + 1
            else:
                hi = mid
        order.insert(lo, w)

    def remove_from_order(self, w):
        self.order.remove(w)

    # --- key window (K2, K4) ---

    def became_key(self, w):
        self.key = w
        self.history.pop(w, None)   # only the most recent time matters
        self.history[w] = True

    def successor(self, leaving):
        """K4: the most recent other window in the history still alive and visible."""
        for w in reversed(self.history):
            if w is not leaving and w.alive and not w.hidden:
                return w
        return None


class Engine:
    def __init__(self):
        self.reset()

    def reset(self):
        self.scenes = {"main": Scene("main")}   # S1
        self.windows = {}                       # live windows by name
        self.used_names = set()                 # names are never reused

    # --- lookups ---

    def scene(self, name):
        s = self.scenes.get(name)
        if s is None:
            raise InputError("unknown scene '%s'" % name)
        return s

    def window(self, name):
        w = self.windows.get(name)
        if w is None:
            raise InputError("unknown window '%s'" % name)
        return w

    # --- operations; each appends its notifications to `out` in N2 order ---

    def create(self, name, scene, x, y, width, height, level):
        if name in self.used_names:
            raise InputError("'%s' is already defined" % name)
        self.used_names.add(name)
        self.windows[name] = Window(name, self.scene(scene), x, y, width, height, level)

    def show(self, w, out):
        """W4, W5, N1: a hidden window becomes visible at the front of its level."""
        if not w.hidden:
            return  # showing a visible window changes nothing
        w.hidden = False
        w.scene.insert_front_of_level(w)
        out.append("notify %s didBecomeVisible" % w.name)

    def hide(self, w, out):
        """W4, K4, N1, N2: hide w; hand key status over when w was key."""
        if w.hidden:
            return  # K4: hiding a hidden window changes nothing, even a key one
        s = w.scene
        w.hidden = True
        s.remove_from_order(w)
        if s.key is w:
            out.append("notify %s didResignKey" % w.name)      # N2 step 2
            out.append("notify %s didBecomeHidden" % w.name)
            self.hand_over(s, w, out)                           # N2 step 3
        else:
            out.append("notify %s didBecomeHidden" % w.name)

    def hand_over(self, s, leaving, out):
        """K4: the successor from the history becomes key, or the scene has none."""
        nxt = s.successor(leaving)
        if nxt is None:
            s.key = None
        else:
            s.became_key(nxt)
            out.append("notify %s didBecomeKey" % nxt.name)

    def release(self, w, out):
        """W7: a visible window is hidden first; a hidden key window resigns."""
        s = w.scene
        if not w.hidden:
            self.hide(w, out)
        elif s.key is w:
            out.append("notify %s didResignKey" % w.name)
            self.hand_over(s, w, out)
        w.alive = False
        s.history.pop(w, None)
        del self.windows[w.name]

    def make_key(self, w, out):
        """K2, N2 step 3: the old key window resigns, then w becomes key."""
        s = w.scene
        if s.key is w:
            return
        if s.key is not None:
            out.append("notify %s didResignKey" % s.key.name)
        s.became_key(w)
        out.append("notify %s didBecomeKey" % w.name)

    def make_key_and_visible(self, w, out):
        """K3, W4: show if hidden, bring to the front of its level always, make key."""
        if w.hidden:
            self.show(w, out)
        else:
            w.scene.remove_from_order(w)
            w.scene.insert_front_of_level(w)
        self.make_key(w, out)

    def set_level(self, w, level):
        """W5, W6: a visible window goes to the front of its new level."""
        if level == w.level:
            return  # W6: the same level (0 == -0) changes nothing
        if w.hidden:
            w.level = level
        else:
            w.scene.remove_from_order(w)
            w.level = level
            w.scene.insert_front_of_level(w)

    def hit(self, s, x, y, out):
        """T6, T1: the front-most visible window whose hit test answers."""
        for w in reversed(s.order):
            p = w.hit_test(x, y)
            if p is not None:
                out.append("hit -> %s/%s at %s %s" % (w.name, w.name, fmt(p[0]), fmt(p[1])))
                return
        out.append("hit -> none")

    def order_line(self, s):
        """Q1: the visible windows front to back."""
        names = " ".join(w.name for w in reversed(s.order))
        return ("order %s: %s" % (s.name, names)) if names else "order %s:" % s.name

    def key_line(self, s):
        """Q2."""
        return "keyWindow %s -> %s" % (s.name, s.key.name if s.key else "none")

    # --- requests ---

    def request(self, words, out):
        """Run one request (a list of words); append its answer lines to out."""
        if not words:
            return
        verb, n = words[0], len(words)
        if verb == "window" and n == 11 and words[2] == "in" and words[4] == "frame" \
                and words[9] == "level":
            self.create(words[1], words[3], number(words[5]), number(words[6]),
                        size(words[7]), size(words[8]), number(words[10]))
        elif verb in ("show", "hide", "release", "makeKey", "makeKeyAndVisible") and n == 2:
            w = self.window(words[1])
            {"show": self.show, "hide": self.hide, "release": self.release,
             "makeKey": self.make_key,
             "makeKeyAndVisible": self.make_key_and_visible}[verb](w, out)
        elif verb == "set" and n >= 4:
            w = self.window(words[1])
            prop = words[2]
            if prop == "frame" and n == 7:
                x, y, width, height = (number(words[3]), number(words[4]),
                                       size(words[5]), size(words[6]))
                w.x, w.y, w.width, w.height = x, y, width, height
            elif prop == "hidden" and n == 4 and words[3] in ("on", "off"):
                if words[3] == "on":   # W9
                    self.hide(w, out)
                else:
                    self.show(w, out)
            elif prop == "level" and n == 4:
                self.set_level(w, number(words[3]))
            else:
                raise InputError("unsupported set: %s" % " ".join(words))
        elif verb == "hit" and n == 5 and words[3] == "in":
            x, y = number(words[1]), number(words[2])
            self.hit(self.scene(words[4]), x, y, out)
        elif verb == "order" and n == 2:
            out.append(self.order_line(self.scene(words[1])))
        elif verb == "keyWindow" and n == 2:
            out.append(self.key_line(self.scene(words[1])))
        elif verb == "snapshot" and n == 1:
            for s in self.scenes.values():
                out.append(self.order_line(s))
                out.append(self.key_line(s))
        elif verb == "reset" and n == 1:
            self.reset()
        elif verb == "hello" and n == 2:
            if words[1] != "1":
                raise InputError("unsupported protocol version %s" % words[1])
            out.append("hello 2 %s %s" % (NAME, FEATURES))   # version 2: answers end with `ok N`
        else:
            raise InputError("unsupported request: %s" % " ".join(words))


# ---------------------------------------------------------------------------
# The protocol loop: answer every request in order, flush before blocking.
# ---------------------------------------------------------------------------

def write_all(data):
    view = memoryview(data)
    while view:
        view = view[os.write(1, view):]


def main():
    engine = Engine()
    number = 0              # requests read, the hello being 1: each answer ends with `ok NUMBER`
    pending = []            # answer lines not yet written
    buf = b""
    pos = 0
    eof = False
    while True:
        nl = buf.find(b"\n", pos)
        if nl < 0:
            if eof:
                if pos >= len(buf):
                    break
                nl = len(buf)   # a last request without a newline
            else:
                if pending:     # no complete request left: flush, then block
                    write_all(("\n".join(pending) + "\n").encode())
                    pending = []
                chunk = os.read(0, 1 << 16)
                buf = buf[pos:] + chunk
                pos = 0
                eof = not chunk
                continue
        line = buf[pos:nl]
        pos = nl + 1
        answer = []
        number += 1
        try:
            words = line.decode("utf-8").rstrip("\r").split()
            engine.request(words, answer)
            answer.append("ok %d" % number)
        except UnicodeDecodeError:
            answer = ["error request is not UTF-8"]
        except InputError as e:
            answer = ["error %s" % e]
        except Exception as e:  # never a traceback on standard output
            answer = ["error internal: %s: %s" % (type(e).__name__, str(e).replace("\n", " "))]
        pending.extend(answer)
    if pending:
        write_all(("\n".join(pending) + "\n").encode())
    return 0


if __name__ == "__main__":
    sys.exit(main())
