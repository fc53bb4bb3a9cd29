//! The X11 dialect: `rwindows --x11` answers as an X server driven by a thin adapter
//! would (windows as override-redirect windows, views as child windows, the key
//! window as the input focus, touches as the one core pointer), measured on a real
//! server (docs/engines.md). It declares what of that differs from the model, so the
//! harness checks everything else:
//!
//! - **limits**: X carries 16-bit positions and sizes of 1 to 65535, and the pointer
//!   cannot leave the screen; a request outside is an error here, as BadValue is
//!   there (`range -32768 32767 sizes 1 65535 points screen`, `numbers integer`);
//! - **unsupported**: a `convert` whose answer leaves 16 bits cannot be answered
//!   (XTranslateCoordinates returns 16-bit values): `unsupported …`;
//! - **dialects** (SEMANTICS.md, "Declared deviations"): a child window does not
//!   follow its parent's size (W8); with no focus window, presses go to the window
//!   under the pointer (K1); a hidden window cannot take the focus, the request is
//!   an error (K2); a press on nothing still holds the button (T4): its motion and
//!   release go to the root window (nothing the harness sees), and a second press of
//!   that button is ignored.

use crate::engine::{Engine, ViewId};
use crate::geometry::Point;

/// The handshake answer in the X11 dialect: no bounds origin, alpha, pass-through or
/// transforms (X has none), integer numbers within the server's limits.
pub const HELLO: &str = "hello 1 rwindows-x11 windows levels key views interaction touches presses hit convert \
deviates N1 N2 W8 K1 K2 K4 T4 Q3 numbers integer range -32768 32767 sizes 1 65535 points screen";

/// The screen the pointer lives on (the harness's default screen, 1000 x 1000).
const SCREEN: (f64, f64) = (1000.0, 1000.0);

/// What the dialect remembers beside the model's state.
#[derive(Debug, Default, Clone)]
pub struct X11 {
    /// Where the pointer is: the last point of any touch.
    pub pointer: Option<Point>,
    /// Buttons pressed on nothing and not yet released (T4): their touch ids.
    pub held_on_nothing: Vec<String>,
}

/// Checks the coordinates of a statement as the server would: integers in 16 bits
/// (frames' positions, points), sizes of 1 to 65535, a `hit` or touch point on the
/// screen. `words` are the request's words. (Levels are stacking order, not
/// coordinates: the adapter maps them to its own.)
pub fn check_values(words: &[&str]) -> Result<(), String> {
    // A 16-bit integer within `range` (INT16 for positions, CARD16 from 1 for sizes).
    let number = |i: usize, range: std::ops::RangeInclusive<f64>| -> Result<f64, String> {
        let v: f64 = words.get(i).and_then(|w| w.parse().ok()).ok_or("a number is missing")?;
        if v.fract() != 0.0 || (v == 0.0 && v.is_sign_negative()) {
            return Err(format!("BadValue: {} is not a 16-bit integer", v));
        }
        if !range.contains(&v) {
            return Err(format!("BadValue: {} is outside {} to {}", v, range.start(), range.end()));
        }
        Ok(v)
    };
    let position = -32768.0..=32767.0;
    // Where the positions, sizes and points stand in the wire form.
    let (positions, sizes, on_screen) = match (words.first().copied(), words.get(2).copied()) {
        (Some("window" | "view" | "set"), _) => match words.iter().position(|w| *w == "frame") {
            Some(i) => (vec![i + 1, i + 2], vec![i + 3, i + 4], false),
            None => (vec![], vec![], false),
        },
        (Some("hit" | "convert"), _) => (vec![1, 2], vec![], words[0] == "hit"),
        (Some("touch"), Some("began" | "moved" | "ended")) => (vec![3, 4], vec![], true),
        _ => (vec![], vec![], false),
    };
    for &i in &positions {
        number(i, position.clone())?;
    }
    for &i in &sizes {
        number(i, 1.0..=65535.0)?;
    }
    if on_screen {
        let (x, y) = (number(positions[0], position.clone())?, number(positions[1], position.clone())?);
        if !(0.0..SCREEN.0).contains(&x) || !(0.0..SCREEN.1).contains(&y) {
            return Err(format!("BadValue: the pointer cannot leave the screen ({} {})", x, y));
        }
    }
    Ok(())
}

impl Engine {
    /// K2 as X has it: a hidden window cannot take the input focus (BadMatch).
    pub fn x11_check_make_key(&self, w: ViewId) -> Result<(), String> {
        if self.view(w).hidden {
            Err(format!("BadMatch: '{}' is not viewable and cannot take the input focus", self.view(w).name))
        } else {
            Ok(())
        }
    }

    /// K1 as X has it: with no focus window, the window under the pointer.
    pub fn x11_press_target(&self) -> Option<ViewId> {
        let pointer = self.x11.as_ref()?.pointer?;
        self.route(pointer).map(|hit| hit.window)
    }

    /// T4 as X has it: the answer to a touch statement about a button held on nothing,
    /// or None when the model's answer stands. Notes where the pointer is.
    pub fn x11_touch(&mut self, id: &str, phase: &str, point: Option<Point>) -> Option<Vec<String>> {
        let x11 = self.x11.as_mut()?;
        if let Some(p) = point {
            x11.pointer = Some(p);
        }
        let held = x11.held_on_nothing.iter().position(|h| h == id);
        match (phase, held) {
            ("began", Some(_)) => Some(vec![format!("touch {} began -> ignored", id)]),
            ("moved", Some(_)) => Some(Vec::new()),
            ("ended" | "cancelled", Some(i)) => {
                x11.held_on_nothing.remove(i);
                Some(Vec::new())
            }
            _ => None,
        }
    }

    /// After a `began` the model answered: one on nothing holds its button.
    pub fn x11_note_began(&mut self, id: &str) {
        let on_nothing = self.trace.last().map_or(false, |line| line.ends_with("began -> none"));
        if let Some(x11) = self.x11.as_mut() {
            if on_nothing {
                x11.held_on_nothing.push(id.to_string());
            }
        }
    }
}

/// Whether a converted point fits the 16 bits XTranslateCoordinates answers in.
pub fn fits(p: Point) -> bool {
    let fits = |v: f32| (-32768.0..=32767.0).contains(&v);
    fits(p.x) && fits(p.y)
}
