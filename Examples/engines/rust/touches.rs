//! Touches and presses (SEMANTICS.md T1, T3–T5, K1).
//!
//! A touch is bound at `began` to the view it hit and stays with it (T3): `moved`
//! and `ended` only convert the finger's scene point into that view's space. The
//! engine keeps the active touches in a plain vector: a scene rarely has more than
//! a handful of fingers down, and cancellation sorts what it takes out anyway.

use crate::engine::{Engine, Touch};
use crate::geometry::{format_point, Point};
use std::cmp::Ordering;

/// T5's order of touch ids: ids made only of digits first, by numeric value (of any
/// length, so compared as digit strings without leading zeros), equal values as
/// text; then every other id, as text.
pub fn touch_id_order(a: &str, b: &str) -> Ordering {
    fn is_number(s: &str) -> bool {
        !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit())
    }
    match (is_number(a), is_number(b)) {
        (true, true) => {
            let (ta, tb) = (a.trim_start_matches('0'), b.trim_start_matches('0'));
            ta.len().cmp(&tb.len()).then_with(|| ta.cmp(tb)).then_with(|| a.cmp(b))
        }
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        (false, false) => a.cmp(b),
    }
}

impl Engine {
    fn touch_index(&self, id: &str) -> Option<usize> {
        self.touches.iter().position(|t| t.id == id)
    }

    /// T5: cancels every active touch the predicate selects, reporting them in
    /// ascending id order.
    pub(crate) fn cancel_touches<F: Fn(&Touch) -> bool>(&mut self, selects: F) {
        let mut cancelled: Vec<Touch> = self.touches.iter().filter(|t| selects(t)).cloned().collect();
        if cancelled.is_empty() {
            return;
        }
        self.touches.retain(|t| !selects(t));
        cancelled.sort_by(|a, b| touch_id_order(&a.id, &b.id));
        #[cfg(bug = "cancel-descending")]
        cancelled.reverse();
        for t in cancelled {
            let line = format!("touch {} cancelled -> {}", t.id, self.label(t.window, t.view));
            self.trace.push(line);
        }
    }

    /// T1, T3, T4: a `began` of an active id is ignored; one that hits nothing
    /// reports `none` and starts nothing.
    pub fn touch_began(&mut self, id: &str, point: Point) {
        if let Some(i) = self.touch_index(id) {
            #[cfg(not(bug = "began-rebinds"))]
            {
                let _ = i;
                self.trace.push(format!("touch {} began -> ignored", id));
                return;
            }
            #[cfg(bug = "began-rebinds")]
            {
                self.touches.remove(i);
            }
        }
        let line = match self.route(point) {
            Some(hit) => {
                self.touches.push(Touch { id: id.to_string(), window: hit.window, view: hit.view });
                format!("touch {} began -> {} at {}", id, self.label(hit.window, hit.view), format_point(hit.point))
            }
            None => format!("touch {} began -> none", id),
        };
        self.trace.push(line);
    }

    /// T3: `moved` and `ended` go to the bound view wherever the finger is;
    /// `ended` ends the touch. An unknown id is ignored (T4).
    pub fn touch_moved_or_ended(&mut self, id: &str, point: Point, ended: bool) {
        let phase = if ended { "ended" } else { "moved" };
        let i = match self.touch_index(id) {
            Some(i) => i,
            None => {
                self.trace.push(format!("touch {} {} -> ignored", id, phase));
                return;
            }
        };
        #[cfg(bug = "moved-rehits")]
        {
            if !ended {
                if let Some(hit) = self.route(point) {
                    self.touches[i].window = hit.window;
                    self.touches[i].view = hit.view;
                }
            }
        }
        let touch = if ended { self.touches.remove(i) } else { self.touches[i].clone() };
        let local = self.screen_to_view(touch.view, point);
        let line = format!("touch {} {} -> {} at {}", id, phase, self.label(touch.window, touch.view), format_point(local));
        self.trace.push(line);
    }

    /// T3, T4: the system takes a touch away.
    pub fn touch_cancelled(&mut self, id: &str) {
        match self.touch_index(id) {
            Some(i) => {
                let t = self.touches.remove(i);
                let line = format!("touch {} cancelled -> {}", id, self.label(t.window, t.view));
                self.trace.push(line);
            }
            None => self.trace.push(format!("touch {} cancelled -> ignored", id)),
        }
    }

    /// K1: a press goes to the key window, hidden or not, or nowhere.
    pub fn press(&mut self) {
        #[cfg(not(bug = "press-front-window"))]
        let target = self.scene.key.or_else(|| self.x11_press_target());
        #[cfg(bug = "press-front-window")]
        let target = self.scene.windows.last().copied();
        let line = match target {
            Some(w) => format!("press -> {}", self.view(w).name),
            None => "press -> none".to_string(),
        };
        self.trace.push(line);
    }
}
