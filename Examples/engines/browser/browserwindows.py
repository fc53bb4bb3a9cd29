#!/usr/bin/env python3
"""browserwindows: a real browser's hit testing and touch dispatch behind WindowLab's
engine protocol.

The adapter starts headless Chromium (in a process group of its own, with a profile
folder of its own, ended with the adapter) and talks to it over the DevTools protocol
on a pipe (`--remote-debugging-pipe`: JSON messages ended by a NUL byte, the browser
reading file descriptor 3 and writing 4). It decides nothing about windows: page.js
maps each statement onto the DOM (windows as fixed boxes, views as their clipped
child boxes) and the browser answers: `hit` is `document.elementFromPoint`, a touch is
`Input.dispatchTouchEvent` answered by the touch event the page then receives, `order`
is the document's order of the boxes the browser computes visible.

What a browser is, declared in the handshake (SEMANTICS.md, "Declared deviations";
README.md): N1 (no window notifications), W8 (a box keeps its size when its parent's
changes), H2 (opacity never gates hit testing), T1 (one touch at a time: a second
finger's touchstart goes where the browser's first touch decided, and touchCancel
cancels every touch), T3 (no touchmove without motion), T5 (hiding or removing a
box cancels no touch); integer numbers (layout units are 1/64 px), positions and
sizes within 100000 px, points on the 1000 x 1000 viewport.

  python3 browserwindows.py [--bug screen-point]    # speaks the protocol on stdin/stdout

--bug screen-point plants a bug in the page's answer path (a hit's point reported in
viewport coordinates, not the box's), which `windowlab check` must catch.
"""

import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

NAME = "browserwindows"
FEATURES = "windows levels views interaction alpha hit touches"
LIMIT = 100000
SCREEN = 1000
HANDSHAKE = ("hello 2 %s %s deviates N1 W8 H2 T3 T5 numbers integer range %d %d sizes 0 %d points screen"
             % (NAME, FEATURES, -LIMIT, LIMIT, LIMIT))
PAGE_JS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "page.js")
MAX_TOUCHES = 16       # Chromium's limit of touch points down at once
BROWSER_TIMEOUT = 60   # seconds for one DevTools answer before the browser counts as gone


class InputError(Exception):
    """A statement the adapter cannot take: answered `error MESSAGE`."""


class Unsupported(Exception):
    """A statement the browser has no way to carry out: answered `unsupported REASON`."""


class BrowserGone(Exception):
    """The browser stopped answering: every later statement is answered `error`."""


def find_browser():
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        path = shutil.which(name)
        if path:
            return path
    sys.stderr.write("browserwindows: no chromium on PATH (apt-get install -y chromium)\n")
    sys.exit(2)


class Browser:
    """Headless Chromium on a DevTools pipe, and one page session."""

    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="browserwindows-")
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()

        def in_child():   # the browser reads fd 3 and writes fd 4; it dies with the adapter
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)
            import ctypes
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)   # PR_SET_PDEATHSIG
        self.process = subprocess.Popen(
            [find_browser(), "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--user-data-dir=" + self.profile, "--no-first-run", "--disable-extensions", "about:blank"],
            pass_fds=(3, 4), preexec_fn=in_child, start_new_session=True,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=open(os.path.join(self.profile, "browser.log"), "wb"))
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer, self.last_id, self.session = b"", 0, None
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": SCREEN, "height": SCREEN, "deviceScaleFactor": 1, "mobile": False})

    def call(self, method, params=None):
        """One DevTools command and its result (events in between are skipped)."""
        self.last_id += 1
        message = {"id": self.last_id, "method": method, "params": params or {}}
        if self.session:
            message["sessionId"] = self.session
        data = json.dumps(message).encode() + b"\0"
        try:
            while data:
                data = data[os.write(self.to_browser, data):]
        except OSError as e:
            raise BrowserGone("the browser's pipe is closed: %s" % e)
        deadline = time.monotonic() + BROWSER_TIMEOUT
        while True:
            end = self.buffer.find(b"\0")
            if end < 0:
                ready, _, _ = select.select([self.from_browser], [], [], max(0, deadline - time.monotonic()))
                chunk = os.read(self.from_browser, 1 << 16) if ready else None
                if chunk is None:
                    raise BrowserGone("the browser did not answer %s within %d s" % (method, BROWSER_TIMEOUT))
                if not chunk:
                    raise BrowserGone("the browser ended (exit status %s)%s" % (self.process.poll(), self.last_words()))
                self.buffer += chunk
                continue
            reply, self.buffer = json.loads(self.buffer[:end]), self.buffer[end + 1:]
            if reply.get("id") != self.last_id:
                continue
            if "error" in reply:
                raise InputError("the browser answered %s with an error: %s"
                                 % (method, reply["error"].get("message", reply["error"])))
            return reply["result"]

    def last_words(self):
        """The last line the browser wrote on its standard error, if any."""
        try:
            with open(os.path.join(self.profile, "browser.log"), "rb") as f:
                lines = [l for l in f.read()[-4096:].decode("utf-8", "replace").splitlines() if l.strip()]
            return ": " + lines[-1] if lines else ""
        except OSError:
            return ""

    def evaluate(self, expression):
        """A JavaScript expression's value in the page (thrown exceptions are errors)."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise InputError("the page threw: %s" % str(text).replace("\n", " "))
        return result["result"].get("value")

    def close(self):
        try:
            self.call("Browser.close")
        except (BrowserGone, InputError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
        shutil.rmtree(self.profile, ignore_errors=True)


def integer(text):
    try:
        value = float(text)
    except ValueError:
        raise InputError("not a number: %r" % text)
    if value != value or value in (float("inf"), float("-inf")) or value != int(value):
        raise InputError("not an integer: %r (the engine declares numbers integer)" % text)
    return int(value)


def coordinate(value):
    return "%d" % value if value == int(value) else repr(value)


class Adapter:
    def __init__(self, bug):
        self.browser = Browser()
        with open(PAGE_JS, encoding="utf-8") as f:
            self.page = f.read()
        self.browser.evaluate("window.__windowlabBug = %s; %s" % (json.dumps(bug), self.page))
        self.touches = {}       # touch id (the scenario's text) -> [browser id, x, y, the `W/V` it is bound to]

    def reset(self):
        self.release_touch()
        self.browser.evaluate("window.__windowlab.reset()")

    def release_touch(self):
        """Ends, silently, every touch the browser still holds."""
        if self.touches:
            self.browser.call("Input.dispatchTouchEvent", {"type": "touchCancel", "touchPoints": []})
            self.touches = {}

    def run(self, statements):
        """Non-touch statements, in one round trip: (status, lines) each."""
        lines = self.browser.evaluate("window.__windowlab.run(%s)" % json.dumps(statements))
        return [(status, answer) for status, answer in lines]

    def dispatch(self, kind, points):
        self.browser.call("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
        return self.browser.evaluate("window.__windowlab.takeTouches()")

    def points(self, *touches):
        """Touches the browser holds (all of them when none is named), as DevTools touch
        points. `touchStart` and `touchMove` take every held point (the browser sends an
        event for each that is new or moved); `touchEnd` takes the points released."""
        held = [self.touches[t] for t in touches] if touches else self.touches.values()
        return [{"x": x, "y": y, "id": browser_id} for browser_id, x, y, _ in held]

    def lift(self, touch):
        """Ends, silently, a touch the browser holds but the model does not (it hit nothing)."""
        self.dispatch("touchEnd", self.points(touch))
        del self.touches[touch]

    def touch(self, words):
        """One `touch ID PHASE [X Y] [in main]`: dispatched with every other touch held,
        answered by the touch event the page then received for it."""
        rest = words[3:]
        if rest[-2:] == ["in", "main"]:
            rest = rest[:-2]
        touch, phase = words[1], words[2]
        if len(rest) != (0 if phase == "cancelled" else 2):
            raise InputError("malformed touch: %s" % " ".join(words))
        x, y = (integer(rest[0]), integer(rest[1])) if rest else (0, 0)
        held = self.touches.get(touch)
        if phase == "began":
            if held is not None:
                return ["touch %s began -> ignored" % touch]
            if len(self.touches) >= MAX_TOUCHES:
                raise Unsupported("a browser holds at most %d touches at once" % MAX_TOUCHES)
            # The smallest id the browser does not hold: Chromium crashes (SIGILL) when a 16th
            # point comes with an id of 32 or more, so ids stay below MAX_TOUCHES.
            free = min(set(range(MAX_TOUCHES)) - {h[0] for h in self.touches.values()})
            self.touches[touch] = held = [free, x, y, None]
            started = [e for e in self.dispatch("touchStart", self.points())
                       if e[0] == "touchstart" and e[1] == held[0]]
            held[3] = started[0][2] if started else None
            if held[3] is None:   # on the page, not on a box: the model starts no touch (T4)
                self.lift(touch)
                return ["touch %s began -> none" % touch]
            return [self.answer(touch, phase, started[0])]
        if held is None:
            return ["touch %s %s -> ignored" % (touch, phase)]
        if phase == "cancelled":
            if len(self.touches) > 1:
                raise Unsupported("a browser's touchcancel cancels every touch, and %d are down"
                                  % len(self.touches))
        browser_id = held[0]
        events = []
        if phase in ("moved", "ended") and (x, y) != (held[1], held[2]):
            held[1], held[2] = x, y
            events = self.dispatch("touchMove", self.points())
        if phase == "moved":
            wanted = "touchmove"
        else:
            events += (self.dispatch("touchEnd", self.points(touch)) if phase == "ended"
                       else self.dispatch("touchCancel", []))   # (it takes no points: it cancels all)
            del self.touches[touch]
            wanted = "touchend" if phase == "ended" else "touchcancel"
        delivered = [e for e in events if e[0] == wanted and e[1] == browser_id and e[2] is not None]
        if not delivered:
            return ["touch %s %s -> ignored" % (touch, phase)]
        return [self.answer(touch, phase, delivered[-1])]

    @staticmethod
    def answer(touch, phase, event):
        _, _, target, px, py = event
        if phase == "cancelled":
            return "touch %s cancelled -> %s" % (touch, target)
        return "touch %s %s -> %s at %s %s" % (touch, phase, target, coordinate(px), coordinate(py))


# ---------------------------------------------------------------------------
# The protocol loop (version 2): the statements that arrived together go to the page
# in one round trip (touches and the adapter's own requests apart), answered in order.
# ---------------------------------------------------------------------------

def write_all(data):
    view = memoryview(data)
    while view:
        view = view[os.write(1, view):]


def answer_batch(adapter, lines, first_number, emit):
    """Answers a list of request lines (numbered from first_number), handing emit the
    answers made so far at least every 50 ms: a long batch of touches takes the browser
    seconds, and the harness times each answer."""
    out, pending = [], []   # pending: (number, words) of statements that go to the page together
    emitted = time.monotonic()

    def flush():
        if not pending:
            return
        try:
            results = adapter.run([words for _, words in pending])
        except InputError as e:
            results = [("error", [str(e)])] * len(pending)
        for (number, _), (status, answer) in zip(pending, results):
            if status == "ok":
                out.extend(answer + ["ok %d" % number])
            elif status == "unsupported":
                out.extend(["unsupported %s" % answer[0], "ok %d" % number])
            else:
                out.append("error %s%s" % ("internal: " if status == "internal" else "", answer[0]))
        pending.clear()

    for offset, line in enumerate(lines):
        number, words = first_number + offset, line.split()
        if not words:
            flush()
            out.append("ok %d" % number)
        elif words[0] in ("hello", "reset", "touch", "press"):
            flush()
            try:
                if words[0] == "hello" and len(words) == 2:
                    out.extend([HANDSHAKE, "ok %d" % number])
                elif words == ["reset"]:
                    adapter.reset()
                    out.append("ok %d" % number)
                elif words[0] == "touch" and len(words) >= 3 and words[2] in ("began", "moved", "ended", "cancelled"):
                    out.extend(adapter.touch(words) + ["ok %d" % number])
                else:
                    out.extend(["unsupported %s has no mapping for: %s" % (NAME, line), "ok %d" % number])
            except Unsupported as e:
                out.extend(["unsupported %s" % e, "ok %d" % number])
            except InputError as e:
                out.append("error %s" % e)
        else:
            pending.append((number, words))
        if not pending and out and time.monotonic() - emitted > 0.05:
            emit(out)
            out, emitted = [], time.monotonic()
    flush()
    emit(out)


def main(argv):
    bug = None
    if argv[1:] == ["--bug", "screen-point"]:
        bug = "screen-point"
    elif argv[1:]:
        sys.stderr.write("usage: browserwindows.py [--bug screen-point]\n")
        return 64
    adapter = Adapter(bug)
    number, buf, eof, gone = 0, b"", False, None
    try:
        while not eof or buf:
            chunk = os.read(0, 1 << 16) if not eof else b""
            eof = eof or not chunk
            buf += chunk
            if eof and buf and not buf.endswith(b"\n"):
                buf += b"\n"
            *complete, buf = buf.split(b"\n")
            lines = [line.decode("utf-8", "replace").rstrip("\r") for line in complete]
            answered = [0]   # of these lines: each answer ends with an `ok N` or `error` line

            def emit(out):
                if out:
                    answered[0] += sum(1 for o in out if o.startswith(("ok ", "error ")))
                    write_all(("\n".join(out) + "\n").encode())
            if gone is None:
                try:
                    answer_batch(adapter, lines, number + 1, emit)
                except BrowserGone as e:
                    gone = str(e)
            if gone is not None:
                emit(["error the browser went away: %s" % gone for _ in lines[answered[0]:]])
            number += len(lines)
    finally:
        adapter.browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
