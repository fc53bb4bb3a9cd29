#!/usr/bin/env python3
"""xwindows: a real X server (Xvfb) behind WindowLab's engine protocol.

The adapter decides nothing about windows itself: every answer comes from the X
server. It starts its own Xvfb (in a process group of its own, on a display the
server picks with -displayfd, killed when the adapter ends), and maps the scenario
language onto X requests:

  window NAME frame X Y W H    an override-redirect top-level window, unmapped (W1)
  view NAME in P frame ...     a child window of P, mapped, on top of its siblings
  front V / back V / remove V  ConfigureWindow (stack mode Above / Below) / DestroyWindow
  set T interaction off|on     an empty input shape (SHAPE) / the default one
  show W / hide W              MapWindow (raised first when it was unmapped) / UnmapWindow
  release W                    DestroyWindow
  set W frame X Y W H          ConfigureWindow
  makeKey W                    SetInputFocus (revert to parent)
  makeKeyAndVisible W          map if unmapped, raise, SetInputFocus
  hit X Y                      TranslateCoordinates from the root: the child under the point
  order / keyWindow            QueryTree (stacking order) and GetWindowAttributes / GetInputFocus
  touch ID began/moved/ended   XTEST pointer motion and a button of the touch's own (the
  (cancelled: a release)       lowest one not down), answered by the ButtonPress /
                               MotionNotify / ButtonRelease the server delivers
  press KEY                    XTEST key press, answered by the KeyPress the server delivers
  notify lines                 MapNotify, UnmapNotify, FocusIn, FocusOut

What X is, declared in the handshake (SEMANTICS.md, "Declared deviations"; README.md):
N2 (X reports focus and map changes in its own order), W8 (a child window keeps its
size when its parent is resized), K1 (no key window: keys go to the window under the pointer),
K2 (SetInputFocus on an unmapped window is an error), K4 (focus reverts to the root,
no key history), T1 (one pointer with an implicit grab: while a button is down, the
presses of others go to the window the first went down in), T3 (no MotionNotify without
motion), T4 (a press on the root still holds the button), T5 (unmapping cancels
nothing); integer numbers, 16-bit positions (see RANGE) and sizes of 1 to 65535,
points on the screen, and positions on the screen (a child's, summed along its
ancestors) in 16 bits too. X has no request that cancels a press: a touch `cancelled`
releases the button where the pointer is, and is answered with the window the server
sends that ButtonRelease to (the implicit grab's window). One pointer has few buttons
(Xvfb's has 10): a touch begun while every one is down is answered `unsupported`.

  python3 xwindows.py [--bug screen-point]     # speaks the protocol on stdin/stdout

--bug screen-point plants a bug in the adapter's answer path (a hit's point reported
in screen coordinates, not the window's), which `windowlab check` must catch.
"""

import ctypes
import os
import select
import signal
import subprocess
import sys
import time

from Xlib import X, display, error
from Xlib.ext import shape, xtest
from Xlib.protocol import request

NAME = "xwindows"
FEATURES = "windows key views interaction hit touches presses"
# Event coordinates are INT16 in the window's space: a point of the 1000 x 1000 screen
# relative to a window at x must fit, so x >= 999 - 32767.
RANGE = (-31768, 32767)
SCREEN = 1000
HANDSHAKE = ("hello 2 %s %s deviates N2 W8 K1 K2 K4 T1 T3 T4 T5 numbers integer "
             "range %d %d sizes 1 65535 points screen positions screen" % (NAME, FEATURES, RANGE[0], RANGE[1]))
KEYCODE = 38          # any key: the scenario's KEY token is not what is compared
POINTER = X.ButtonPressMask | X.ButtonReleaseMask | X.PointerMotionMask | X.KeyPressMask
EVENTS = X.StructureNotifyMask | X.FocusChangeMask | POINTER   # a top-level window's; a view's: POINTER


class InputError(Exception):
    """A request the adapter cannot take: answered `error MESSAGE`."""


class Unsupported(Exception):
    """A statement X has no request for: answered `unsupported REASON`."""


def start_server():
    """Xvfb on a display it picks; dies with this process (PR_SET_PDEATHSIG)."""
    def die_with_parent():
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "%dx%dx24" % (SCREEN, SCREEN),
         "-nolisten", "tcp", "-noreset"],
        pass_fds=(write_end,), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, start_new_session=True, preexec_fn=die_with_parent)
    os.close(write_end)
    text = b""
    while not text.endswith(b"\n"):
        ready, _, _ = select.select([read_end], [], [], 30)
        chunk = os.read(read_end, 64) if ready else b""
        if not chunk:
            server.kill()
            sys.stderr.write("xwindows: Xvfb did not report a display within 30 s\n")
            sys.exit(2)
        text += chunk
    os.close(read_end)
    return server, ":" + text.decode().strip()


def integer(text):
    try:
        value = float(text)
    except ValueError:
        raise InputError("not a number: %r" % text)
    if value != value or value in (float("inf"), float("-inf")) or value != int(value):
        raise InputError("not an integer: %r (the engine declares numbers integer)" % text)
    return int(value)


class Adapter:
    def __init__(self, bug):
        self.bug = bug
        self.server, name = start_server()
        self.d = display.Display(name)
        self.root = self.d.screen().root
        self.x_errors = []
        self.d.set_error_handler(lambda err, request: self.x_errors.append(str(err)))
        self.windows = {}      # name -> X window, top-level windows and views (child windows) alike
        self.names = {}        # X window id -> name (kept until its events are read)
        self.parent = {}       # name -> its parent's name (None: a top-level window)
        self.origin = {}       # name -> its frame's position, as sent (for the 16-bit check)
        self.buttons = {}      # touch id -> the pointer button its press holds down
        self.button_count = len(self.d.get_pointer_mapping())
        self.reset()

    # --- talking to the server -------------------------------------------------

    def events(self):
        """Every event the requests so far caused, in the order the server sent them."""
        self.d.sync()
        found = []
        while self.d.pending_events():
            found.append(self.d.next_event())
        if self.x_errors:
            text, self.x_errors = "; ".join(self.x_errors), []
            raise InputError("the X server answered an error: " + text)
        return found

    def name_of(self, window_id):
        return self.names.get(window_id)

    def target(self, window_id):
        """`W/V` for an X window of ours: its top-level window and itself."""
        view = self.names.get(window_id)
        if view is None or view not in self.parent:
            return None
        top = view
        while self.parent[top] is not None:
            top = self.parent[top]
        return "%s/%s" % (top, view)

    def subtree(self, name):
        found, i = [name], 0
        while i < len(found):
            found += [n for n, p in self.parent.items() if p == found[i]]
            i += 1
        return found

    def check_positions(self, name, x, y):
        """An X server keeps every window's position on the screen in 16 bits (a
        drawable's x and y are INT16), and reports a point in a window's space in 16
        bits too: a statement that would put a view outside RANGE on the screen is
        declined, since the server would wrap it. The handshake's `positions screen`
        asks the harness never to send one; this is the safety net."""
        moved = dict(self.origin)
        moved[name] = (x, y)
        for each in self.subtree(name):
            ax = ay = 0
            chain = each
            while chain is not None:
                cx, cy = moved[chain]
                ax, ay = ax + cx, ay + cy
                chain = self.parent.get(chain)
            if not (RANGE[0] <= ax <= RANGE[1] and RANGE[0] <= ay <= RANGE[1]):
                raise Unsupported("%s would stand at %d %d on the screen: an X server keeps positions "
                                  "on the screen in 16 bits (and points in a window's space, within %d..%d)"
                                  % (each, ax, ay, RANGE[0], RANGE[1]))

    def forget(self, name):
        for gone in self.subtree(name):
            self.windows.pop(gone, None)
            self.parent.pop(gone, None)
            self.origin.pop(gone, None)

    def notify(self, events, out):
        for e in events:
            name = self.name_of(e.window.id) if hasattr(e, "window") else None
            if name is None or self.parent.get(name) is not None:   # views post no notifications
                continue
            if e.type == X.MapNotify:
                out.append("notify %s didBecomeVisible" % name)
            elif e.type == X.UnmapNotify:
                out.append("notify %s didBecomeHidden" % name)
            elif e.type in (X.FocusIn, X.FocusOut) and e.mode == X.NotifyNormal \
                    and e.detail not in (X.NotifyPointer, X.NotifyPointerRoot, X.NotifyDetailNone):
                out.append("notify %s %s" % (name, "didBecomeKey" if e.type == X.FocusIn else "didResignKey"))

    def window(self, name):
        try:
            return self.windows[name]
        except KeyError:
            raise InputError("no window named %s" % name)

    def mapped(self, w):
        return w.get_attributes().map_state != X.IsUnmapped

    # --- statements ----------------------------------------------------------------

    def create(self, name, parent, x, y, width, height):
        """A top-level window (unmapped), or a view: a child window, mapped and on top of its siblings."""
        if name in self.windows:
            raise InputError("a window or view named %s exists" % name)
        if parent is None:
            w = self.root.create_window(x, y, width, height, 0, X.CopyFromParent, X.InputOutput,
                                        X.CopyFromParent, override_redirect=True, event_mask=EVENTS)
        else:
            self.window(parent)
            self.parent[name], self.origin[name] = parent, (x, y)
            try:
                self.check_positions(name, x, y)
            except Unsupported:
                del self.parent[name], self.origin[name]
                raise
            w = self.windows[parent].create_window(x, y, width, height, 0, X.CopyFromParent, X.InputOutput,
                                                   X.CopyFromParent, event_mask=POINTER)
            w.map()
        self.windows[name] = w
        self.names[w.id] = name
        self.parent[name], self.origin[name] = parent, (x, y)

    def set_frame(self, name, x, y, width, height):
        self.window(name)
        self.check_positions(name, x, y)
        self.windows[name].configure(x=x, y=y, width=width, height=height)
        self.origin[name] = (x, y)

    def set_interaction(self, w, on):
        """Interaction off: an empty input shape (the SHAPE extension), so that the
        pointer falls through the window or view to what lies below it."""
        if on:
            w.shape_mask(shape.SO.Set, shape.SK.Input, 0, 0, X.NONE)
        else:
            w.shape_rectangles(shape.SO.Set, shape.SK.Input, X.Unsorted, 0, 0, [])

    def show(self, w):
        if not self.mapped(w):
            w.configure(stack_mode=X.Above)
            w.map()

    def make_key_and_visible(self, w):
        self.show(w)
        w.configure(stack_mode=X.Above)
        w.set_input_focus(X.RevertToParent, X.CurrentTime)

    def hit(self, x, y, out):
        """TranslateCoordinates from the root names the child under the point; asked again
        of that child, its child, down to the deepest window, which is the view hit."""
        found = None
        child = self.root.translate_coords(self.root, x, y).child
        while child and self.name_of(child.id) is not None:
            found = child
            child = child.translate_coords(self.root, x, y).child
        if found is None:
            out.append("hit -> none")
            return
        local = found.translate_coords(self.root, x, y)
        px, py = (x, y) if self.bug == "screen-point" else (local.x, local.y)
        out.append("hit -> %s at %d %d" % (self.target(found.id), px, py))

    def order_line(self):
        """QueryTree's children are bottom to top; each one's map state asked in one round trip."""
        ours = [c for c in self.root.query_tree().children if c.id in self.names]
        asked = [request.GetWindowAttributes(display=self.d.display, defer=True, window=c) for c in ours]
        for a in asked:
            a.reply()
        visible = [self.names[c.id] for c, a in zip(ours, asked) if a.map_state == X.IsViewable]
        return "order main: " + " ".join(reversed(visible))

    def key_line(self):
        focus = self.d.get_input_focus().focus
        name = self.name_of(focus.id) if hasattr(focus, "id") else None
        return "keyWindow main -> %s" % (name or "none")

    def pointer(self, kind, x, y, out, touch, button):
        """Move the pointer (and press or release the touch's button); report what the
        server delivered: the event of that button (any motion, for a `moved`)."""
        if kind != "cancelled":
            xtest.fake_input(self.d, X.MotionNotify, x=x, y=y)
        if kind == "began":
            xtest.fake_input(self.d, X.ButtonPress, button)
        elif kind in ("ended", "cancelled"):   # the button goes up where the pointer is
            xtest.fake_input(self.d, X.ButtonRelease, button)
        wanted = {"began": X.ButtonPress, "moved": X.MotionNotify}.get(kind, X.ButtonRelease)
        answer = None
        events = self.events()
        for e in events:
            target = self.target(e.window.id) if hasattr(e, "window") else None
            if e.type == wanted and target is not None and answer is None \
                    and (kind == "moved" or e.detail == button):
                answer = "touch %s %s -> %s" % (touch, kind, target)
                if kind != "cancelled":
                    answer += " at %d %d" % (e.event_x, e.event_y)
        self.notify(events, out)
        if answer is None:
            answer = "touch %s %s -> %s" % (touch, kind, "none" if kind == "began" else "ignored")
        out.append(answer)

    def touch(self, touch, phase, rest, out):
        """Each touch down holds a button of its own (the lowest one free), until its
        `ended` or `cancelled`: what the server does with a second press while the first
        button is down (its implicit grab, T1) is the server's answer."""
        x, y = (integer(rest[0]), integer(rest[1])) if rest else (0, 0)
        if phase == "began":
            if touch in self.buttons:
                out.append("touch %s began -> ignored" % touch)
                return
            free = [b for b in range(1, self.button_count + 1) if b not in self.buttons.values()]
            if not free:
                raise Unsupported("the pointer has %d buttons, and every one is down" % self.button_count)
            self.buttons[touch] = free[0]
            self.pointer("began", x, y, out, touch, free[0])
        elif touch not in self.buttons:
            out.append("touch %s %s -> ignored" % (touch, phase))
        else:
            button = self.buttons[touch]
            if phase in ("ended", "cancelled"):
                del self.buttons[touch]
            self.pointer(phase, x, y, out, touch, button)

    def press(self, out):
        xtest.fake_input(self.d, X.KeyPress, KEYCODE)
        xtest.fake_input(self.d, X.KeyRelease, KEYCODE)
        events = self.events()
        target = None
        for e in events:
            if e.type == X.KeyPress and target is None and self.target(e.window.id):
                target = self.target(e.window.id).split("/")[0]
        self.notify(events, out)
        out.append("press -> %s" % (target or "none"))

    def reset(self):
        for button in self.buttons.values():
            xtest.fake_input(self.d, X.ButtonRelease, button)
        for name, w in self.windows.items():
            if self.parent[name] is None:
                w.destroy()
        self.d.set_input_focus(X.PointerRoot, X.RevertToPointerRoot, X.CurrentTime)
        xtest.fake_input(self.d, X.MotionNotify, x=SCREEN - 1, y=SCREEN - 1)
        self.events()
        self.windows, self.names, self.buttons, self.parent, self.origin = {}, {}, {}, {}, {}

    def request(self, words, out):
        """Run one request (a list of words); append its answer lines to out."""
        if not words:
            return
        verb, n = words[0], len(words)
        if verb == "window" and n in (11, 12) and words[2:5] == ["in", "main", "frame"] and words[9] == "level" \
                and words[11:] in ([], ["root"]):
            if integer(words[10]) != 0:
                raise Unsupported("X has no window levels (the engine does not declare levels)")
            x, y, width, height = (integer(v) for v in words[5:9])
            self.create(words[1], None, x, y, width, height)
            if n == 12:   # W8: a root view, a child window of the window's size (X never resizes it: W8)
                self.create(words[1] + ".root", words[1], 0, 0, width, height)
        elif verb == "view" and n == 9 and words[2] == "in" and words[4] == "frame":
            self.create(words[1], words[3], *(integer(v) for v in words[5:9]))
        elif verb in ("show", "hide", "release", "makeKey", "makeKeyAndVisible") and n == 2:
            w = self.window(words[1])
            if self.parent[words[1]] is not None:
                raise InputError("%s is a view, not a window" % words[1])
            if verb == "show":
                self.show(w)
            elif verb == "hide":
                w.unmap()
            elif verb == "release":
                w.destroy()
                self.forget(words[1])
            elif verb == "makeKey":
                w.set_input_focus(X.RevertToParent, X.CurrentTime)
            else:
                self.make_key_and_visible(w)
        elif verb == "remove" and n == 2 and self.parent.get(words[1]) is not None:
            self.window(words[1]).destroy()
            self.forget(words[1])
        elif verb in ("front", "back") and n == 2 and self.parent.get(words[1]) is not None:
            self.window(words[1]).configure(stack_mode=X.Above if verb == "front" else X.Below)
        elif verb == "set" and n == 7 and words[2] == "frame":
            self.set_frame(words[1], *(integer(v) for v in words[3:7]))
        elif verb == "set" and n == 4 and words[2] in ("hidden", "interaction") and words[3] in ("on", "off"):
            w = self.window(words[1])
            if words[2] == "interaction":
                self.set_interaction(w, words[3] == "on")
            elif words[3] == "on":
                w.unmap()
            elif self.parent[words[1]] is None:
                self.show(w)
            else:
                w.map()   # a view keeps its place among its siblings
        elif verb == "hit" and n == 5 and words[3:] == ["in", "main"]:
            self.hit(integer(words[1]), integer(words[2]), out)
        elif verb == "order" and n == 2 and words[1] == "main":
            out.append(self.order_line())
        elif verb == "keyWindow" and n == 2 and words[1] == "main":
            out.append(self.key_line())
        elif verb == "touch" and n >= 3 and words[2] in ("began", "moved", "ended", "cancelled"):
            rest = words[3:]
            if rest[-2:] == ["in", "main"]:
                rest = rest[:-2]
            if len(rest) != (0 if words[2] == "cancelled" else 2):
                raise InputError("malformed touch: %s" % " ".join(words))
            self.touch(words[1], words[2], rest, out)
            return
        elif verb == "press" and n in (2, 4):
            self.press(out)
            return
        elif verb == "snapshot" and n == 1:
            out.append(self.order_line())
            out.append(self.key_line())
        elif verb == "reset" and n == 1:
            self.reset()
            return
        elif verb == "hello" and n == 2:
            out.append(HANDSHAKE)
            return
        else:
            raise Unsupported("xwindows has no X request for: %s" % " ".join(words))
        self.notify(self.events(), out)   # the statement's own events, as its notify lines
        if verb in ("release", "remove"):
            self.names = {i: s for i, s in self.names.items() if s in self.windows}


# ---------------------------------------------------------------------------
# The protocol loop (version 2): answer every request in order, flush before blocking.
# ---------------------------------------------------------------------------

def write_all(data):
    view = memoryview(data)
    while view:
        view = view[os.write(1, view):]


def main(argv):
    bug = None
    if argv[1:] == ["--bug", "screen-point"]:
        bug = "screen-point"
    elif argv[1:]:
        sys.stderr.write("usage: xwindows.py [--bug screen-point]\n")
        return 64
    adapter = Adapter(bug)
    number, pending, buf, pos, eof = 0, [], b"", 0, False
    flushed = time.monotonic()
    while True:
        nl = buf.find(b"\n", pos)
        if nl < 0:
            if eof:
                if pos >= len(buf):
                    break
                nl = len(buf)
            else:
                if pending:
                    write_all(("\n".join(pending) + "\n").encode())
                    pending = []
                flushed = time.monotonic()
                chunk = os.read(0, 1 << 16)
                buf, pos, eof = buf[pos:] + chunk, 0, not chunk
                continue
        line, pos = buf[pos:nl], nl + 1
        number += 1
        answer = []
        try:
            adapter.request(line.decode("utf-8").rstrip("\r").split(), answer)
            answer.append("ok %d" % number)
        except Unsupported as e:
            answer = ["unsupported %s" % e, "ok %d" % number]
        except InputError as e:
            answer = ["error %s" % e]
        except (error.ConnectionClosedError, BrokenPipeError) as e:
            answer = ["error the X server went away: %s" % e]
        except Exception as e:  # never a traceback on standard output
            answer = ["error internal: %s: %s" % (type(e).__name__, str(e).replace("\n", " "))]
        pending.extend(answer)
        # A batch can take this adapter seconds (every statement is a round trip or
        # more): its answers go out as they are made, not only when the batch is done.
        if time.monotonic() - flushed > 0.05:
            write_all(("\n".join(pending) + "\n").encode())
            pending, flushed = [], time.monotonic()
    if pending:
        write_all(("\n".join(pending) + "\n").encode())
    adapter.server.terminate()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
