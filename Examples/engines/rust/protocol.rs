//! Requests of the engine protocol, version 1 (docs/engine-protocol.md): `hello`,
//! `snapshot`, `reset` and the statements of the declared features, read by
//! position in their wire form. Each request is checked completely before the
//! engine is touched, so an answer is either whole or an `error` line.

use crate::engine::{Engine, ViewId};
use crate::geometry::{narrow, parse_number, Affine, Point, Rect};

/// The handshake answer. The features are the ones this engine implements; after
/// them, the declared deviations (no notifications: N1, N2; no key history: K4;
/// conversion through the nearest common ancestor: Q3) and the number precision.
pub const HELLO: &str = "hello 1 rwindows windows levels key views bounds-origin alpha interaction \
passthrough touches presses hit convert transforms deviates N1 N2 K4 Q3 numbers float32";

/// Answers one request line into `out`: its observations, then `ok`; or one
/// `error MESSAGE` line. Trailing blanks and a carriage return are ignored. The
/// request loop (main.rs) and the in-process fuzz target (fuzz/lib.rs) both call it.
pub fn handle(engine: &mut Engine, raw: &[u8], out: &mut Vec<u8>) {
    let answer = match std::str::from_utf8(raw) {
        Ok(line) => answer(engine, line.trim_end_matches(|c| c == '\r' || c == ' ' || c == '\t')),
        Err(_) => Err("request is not UTF-8".to_string()),
    };
    match answer {
        Ok(lines) => {
            for line in lines {
                out.extend_from_slice(line.as_bytes());
                out.push(b'\n');
            }
            out.extend_from_slice(b"ok\n");
        }
        Err(message) => {
            out.extend_from_slice(b"error ");
            out.extend_from_slice(message.replace('\n', " ").as_bytes());
            out.push(b'\n');
        }
    }
}

/// The words of one request, read left to right.
struct Words<'a> {
    words: Vec<&'a str>,
    next: usize,
}

impl<'a> Words<'a> {
    fn new(line: &'a str) -> Words<'a> {
        Words { words: line.split_whitespace().collect(), next: 0 }
    }

    fn word(&mut self, what: &str) -> Result<&'a str, String> {
        let w = self.words.get(self.next).copied().ok_or_else(|| format!("missing {}", what))?;
        self.next += 1;
        Ok(w)
    }

    fn peek(&self) -> Option<&'a str> {
        self.words.get(self.next).copied()
    }

    fn keyword(&mut self, keyword: &str) -> Result<(), String> {
        let w = self.word(&format!("'{}'", keyword))?;
        if w == keyword { Ok(()) } else { Err(format!("expected '{}', found '{}'", keyword, w)) }
    }

    fn number(&mut self) -> Result<f64, String> {
        parse_number(self.word("a number")?)
    }

    /// G3: sizes are never negative.
    fn size(&mut self) -> Result<f64, String> {
        let v = self.number()?;
        if v < 0.0 { Err(format!("negative size {}", v)) } else { Ok(v) }
    }

    fn point(&mut self) -> Result<Point, String> {
        let x = self.number()?;
        let y = self.number()?;
        Ok(Point::new(narrow(x), narrow(y)))
    }

    fn frame(&mut self) -> Result<Rect, String> {
        let (x, y) = (self.number()?, self.number()?);
        let (w, h) = (self.size()?, self.size()?);
        Ok(Rect::new(narrow(x), narrow(y), narrow(w), narrow(h)))
    }

    fn switch(&mut self) -> Result<bool, String> {
        match self.word("on or off")? {
            "on" | "true" => Ok(true),
            "off" | "false" => Ok(false),
            other => Err(format!("expected on or off, found '{}'", other)),
        }
    }

    /// `in SCENE`: only `main` exists (the engine does not declare `scenes`). The
    /// wire form always writes it; the language's default is `main` too.
    fn scene(&mut self) -> Result<(), String> {
        if self.peek().is_none() {
            return Ok(());
        }
        self.keyword("in")?;
        self.scene_name()
    }

    fn scene_name(&mut self) -> Result<(), String> {
        match self.peek() {
            None => Ok(()),
            Some("main") => { self.next += 1; Ok(()) }
            Some(other) => Err(format!("unknown scene '{}'", other)),
        }
    }

    fn end(&self) -> Result<(), String> {
        match self.words.get(self.next) {
            None => Ok(()),
            Some(extra) => Err(format!("unexpected '{}'", extra)),
        }
    }
}

/// Names: letters, digits, `_ . -`, starting with a letter or `_`.
fn valid_name(name: &str) -> bool {
    let mut chars = name.chars();
    match chars.next() {
        Some(c) if c.is_ascii_alphabetic() || c == '_' => {}
        _ => return false,
    }
    name.len() <= 128 && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '-')
}

/// Touch ids and keys may also start with a digit.
fn valid_token(token: &str) -> bool {
    token.len() <= 128 && token.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '-')
}

fn new_name<'a>(engine: &Engine, words: &mut Words<'a>) -> Result<&'a str, String> {
    let name = words.word("a name")?;
    if !valid_name(name) || name == "screen" {
        return Err(format!("bad name '{}'", name));
    }
    if engine.lookup(name).is_some() {
        return Err(format!("'{}' already exists", name));
    }
    Ok(name)
}

fn target(engine: &Engine, words: &mut Words) -> Result<ViewId, String> {
    let name = words.word("a window or view")?;
    engine.lookup(name).ok_or_else(|| format!("unknown window or view '{}'", name))
}

fn window(engine: &Engine, words: &mut Words) -> Result<ViewId, String> {
    let id = target(engine, words)?;
    if engine.is_window(id) { Ok(id) } else { Err(format!("'{}' is not a window", engine.view(id).name)) }
}

fn plain_view(engine: &Engine, words: &mut Words) -> Result<ViewId, String> {
    let id = target(engine, words)?;
    if engine.is_window(id) { Err(format!("'{}' is a window, not a view", engine.view(id).name)) } else { Ok(id) }
}

/// `screen` or a window or view, for `convert`.
fn space(engine: &Engine, words: &mut Words) -> Result<Option<ViewId>, String> {
    if words.peek() == Some("screen") {
        words.next += 1;
        return Ok(None);
    }
    target(engine, words).map(Some)
}

/// Answers one request: the observation lines (before `ok`), or the message of an
/// `error` answer. A blank line is an empty request and answers just `ok`.
pub fn answer(engine: &mut Engine, line: &str) -> Result<Vec<String>, String> {
    let mut words = Words::new(line);
    let verb = match words.peek() {
        None => return Ok(Vec::new()),
        Some(v) => { words.next += 1; v }
    };
    engine.trace.clear();
    match verb {
        "hello" => {
            let version = words.word("a version")?;
            words.end()?;
            if version != "1" {
                return Err(format!("unsupported protocol version {}", version));
            }
            return Ok(vec![if engine.x11.is_some() { crate::x11::HELLO } else { HELLO }.to_string()]);
        }
        "reset" => {
            words.end()?;
            let x11 = engine.x11.as_ref().map(|_| crate::x11::X11::default());
            *engine = Engine::new();
            engine.x11 = x11;
        }
        "snapshot" => { words.end()?; engine.report_order(); engine.report_key_window(); }
        _ => {
            if engine.x11.is_some() {
                crate::x11::check_values(&words.words)?;
            }
            statement(engine, verb, &mut words)?
        }
    }
    Ok(std::mem::take(&mut engine.trace))
}

/// The statements (docs/engine-protocol.md, "Statements: the wire form").
fn statement(engine: &mut Engine, verb: &str, words: &mut Words) -> Result<(), String> {
    match verb {
        "window" => {
            let name = new_name(engine, words)?;
            words.scene()?;
            words.keyword("frame")?;
            let frame = words.frame()?;
            let (mut level, mut root) = (0.0, false);
            while let Some(w) = words.peek() {
                words.next += 1;
                match w {
                    "level" => level = words.number()?,
                    "root" => root = true,
                    other => return Err(format!("unexpected '{}'", other)),
                }
            }
            if root && engine.lookup(&format!("{}.root", name)).is_some() {
                return Err(format!("'{}.root' already exists", name));
            }
            engine.create_window(name, frame, level, root);
        }
        "view" => {
            let name = new_name(engine, words)?;
            words.keyword("in")?;
            let parent = target(engine, words)?;
            words.keyword("frame")?;
            let frame = words.frame()?;
            words.end()?;
            engine.add_view(name, parent, frame);
        }
        "show" | "hide" | "release" | "makeKey" | "makeKeyAndVisible" => {
            let w = window(engine, words)?;
            words.end()?;
            match verb {
                "show" => engine.show(w),
                "hide" => engine.hide(w),
                "release" => engine.release(w),
                "makeKey" => {
                    if engine.x11.is_some() {
                        engine.x11_check_make_key(w)?;
                    }
                    engine.make_key(w)
                }
                _ => engine.make_key_and_visible(w),
            }
        }
        "set" => set(engine, words)?,
        "remove" | "front" | "back" => {
            let v = plain_view(engine, words)?;
            words.end()?;
            match verb {
                "remove" => engine.remove_view(v),
                "front" => engine.bring_to_front(v, true),
                _ => engine.bring_to_front(v, false),
            }
        }
        "touch" => touch(engine, words)?,
        "press" => {
            let key = words.word("a key")?;
            if !valid_token(key) {
                return Err(format!("bad key '{}'", key));
            }
            words.scene()?;
            words.end()?;
            engine.press();
        }
        "hit" => {
            let p = words.point()?;
            words.scene()?;
            words.end()?;
            engine.report_hit(p);
        }
        "order" | "keyWindow" => {
            words.scene_name()?;
            words.end()?;
            if verb == "order" { engine.report_order() } else { engine.report_key_window() }
        }
        "convert" => {
            let p = words.point()?;
            words.keyword("from")?;
            let from = space(engine, words)?;
            words.keyword("to")?;
            let to = space(engine, words)?;
            words.end()?;
            let q = engine.convert(p, from, to);
            if engine.x11.is_some() && !crate::x11::fits(q) {
                // XTranslateCoordinates answers in 16 bits: no answer to give.
                engine.trace.push(format!("unsupported the converted point {} leaves 16 bits",
                                          crate::geometry::format_point(q)));
                return Ok(());
            }
            engine.trace.push(format!("convert -> {}", crate::geometry::format_point(q)));
        }
        other => return Err(format!("unknown or undeclared statement '{}'", other)),
    }
    Ok(())
}

/// `set T PROPERTY ...`.
fn set(engine: &mut Engine, words: &mut Words) -> Result<(), String> {
    let t = target(engine, words)?;
    let property = words.word("a property")?;
    let is_window = engine.is_window(t);
    let window_only = |what: &str| -> Result<(), String> {
        if is_window { Ok(()) } else { Err(format!("{} is set on windows only", what)) }
    };
    match property {
        "frame" => { let f = words.frame()?; words.end()?; engine.set_frame(t, f); }
        "origin" => { let p = words.point()?; words.end()?; engine.set_origin(t, p); }
        "alpha" => { let a = words.number()?; words.end()?; engine.set_alpha(t, narrow(a)); }
        "hidden" => { let on = words.switch()?; words.end()?; engine.set_hidden(t, on); }
        "interaction" => { let on = words.switch()?; words.end()?; engine.set_interaction(t, on); }
        "level" => {
            window_only("level")?;
            let l = words.number()?;
            words.end()?;
            engine.set_level(t, l);
        }
        "passthrough" => {
            window_only("passthrough")?;
            let on = words.switch()?;
            words.end()?;
            engine.set_passthrough(t, on);
        }
        "transform" => {
            let mut n = [0f32; 6];
            for slot in n.iter_mut() {
                *slot = narrow(words.number()?);
            }
            words.end()?;
            engine.set_transform(t, Affine { a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5] });
        }
        other => return Err(format!("unknown or undeclared property '{}'", other)),
    }
    Ok(())
}

/// `touch ID began X Y in SCENE | moved X Y | ended X Y | cancelled`.
fn touch(engine: &mut Engine, words: &mut Words) -> Result<(), String> {
    let id = words.word("a touch id")?;
    if !valid_token(id) {
        return Err(format!("bad touch id '{}'", id));
    }
    match words.word("a phase")? {
        "began" => {
            let p = words.point()?;
            words.scene()?;
            words.end()?;
            if let Some(lines) = engine.x11_touch(id, "began", Some(p)) {
                engine.trace.extend(lines);
                return Ok(());
            }
            engine.touch_began(id, p);
            engine.x11_note_began(id);
        }
        phase @ ("moved" | "ended") => {
            let p = words.point()?;
            words.end()?;
            if let Some(lines) = engine.x11_touch(id, phase, Some(p)) {
                engine.trace.extend(lines);
                return Ok(());
            }
            engine.touch_moved_or_ended(id, p, phase == "ended");
        }
        "cancelled" => {
            words.end()?;
            if let Some(lines) = engine.x11_touch(id, "cancelled", None) {
                engine.trace.extend(lines);
                return Ok(());
            }
            engine.touch_cancelled(id);
        }
        other => return Err(format!("unknown touch phase '{}'", other)),
    }
    Ok(())
}
