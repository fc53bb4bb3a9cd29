//! The model: windows, views, the scene's window order and its key window
//! (SEMANTICS.md W1–W9, K1–K3, V1–V4).
//!
//! Like UIKit, a window *is* a view: one `View` struct serves both, and a window is
//! the view whose superview is the screen (H5). Views live in an arena indexed by
//! `ViewId`; a view that is removed or released keeps its slot (only its name goes),
//! so an id is never reused and nothing can point at the wrong view. `reset` drops
//! the whole arena.
//!
//! Declared deviations live here too: no window notifications are ever posted (N1,
//! N2), and the scene keeps no key history (K4): when the key window is hidden or
//! released the scene simply has no key window.

use crate::geometry::{Placement, Point, Rect, Affine};
use std::collections::{HashMap, HashSet};

/// Index of a view (or window) in the engine's arena.
pub type ViewId = usize;

/// What only a window has.
#[derive(Debug)]
pub struct WindowState {
    /// W2: an ordering key, so it stays an `f64` (it is never converted).
    pub level: f64,
    /// T2: hits on the root view fall through.
    pub passthrough: bool,
    /// W8: the view installed by `root`, while it exists.
    pub root: Option<ViewId>,
}

/// A view or a window.
#[derive(Debug)]
pub struct View {
    pub name: String,
    pub place: Placement,
    /// G5: clamped to [0, 1] when set, stored in single precision.
    pub alpha: f32,
    /// For a window: not on screen (W1 starts hidden). For a view: `isHidden`.
    pub hidden: bool,
    pub interaction: bool,
    /// `None` for a window, whose superview is the screen.
    pub superview: Option<ViewId>,
    /// The window this view belongs to (itself for a window).
    pub window: ViewId,
    /// Back to front: the last one is drawn on top and asked first (H3).
    pub subviews: Vec<ViewId>,
    /// `Some` exactly for windows.
    pub window_state: Option<WindowState>,
}

/// The one scene this engine supports (`main`: it does not declare `scenes`).
#[derive(Debug, Default)]
pub struct Scene {
    /// Visible windows, back to front, sorted by level (W3).
    pub windows: Vec<ViewId>,
    /// K1: at most one key window; it may be hidden.
    pub key: Option<ViewId>,
}

/// A finger down, bound at `began` to the view it hit (T3).
#[derive(Debug, Clone)]
pub struct Touch {
    pub id: String,
    pub window: ViewId,
    pub view: ViewId,
}

/// The whole system. Operations append their observations to `trace`, in the
/// canonical order (T5 first); the protocol layer writes them out.
#[derive(Debug, Default)]
pub struct Engine {
    pub(crate) views: Vec<View>,
    pub(crate) names: HashMap<String, ViewId>,
    pub(crate) scene: Scene,
    pub(crate) touches: Vec<Touch>,
    pub trace: Vec<String>,
    /// The X11 dialect's own state, when the engine speaks it (`--x11`, x11.rs).
    pub x11: Option<crate::x11::X11>,
}

impl Engine {
    pub fn new() -> Engine {
        Engine::default()
    }

    pub fn lookup(&self, name: &str) -> Option<ViewId> {
        self.names.get(name).copied()
    }

    pub fn view(&self, id: ViewId) -> &View {
        &self.views[id]
    }

    pub fn is_window(&self, id: ViewId) -> bool {
        self.views[id].window_state.is_some()
    }

    fn state(&self, w: ViewId) -> &WindowState {
        self.views[w].window_state.as_ref().expect("not a window")
    }

    fn state_mut(&mut self, w: ViewId) -> &mut WindowState {
        self.views[w].window_state.as_mut().expect("not a window")
    }

    /// How a touch or hit names its target: `W/V`, or `W/W` for the window itself.
    pub fn label(&self, window: ViewId, view: ViewId) -> String {
        format!("{}/{}", self.views[window].name, self.views[view].name)
    }

    fn insert_view(&mut self, name: &str, frame: Rect, superview: Option<ViewId>, window: Option<ViewId>,
                   state: Option<WindowState>) -> ViewId {
        let id = self.views.len();
        self.views.push(View {
            name: name.to_string(),
            place: Placement::new(frame),
            alpha: 1.0,
            hidden: state.is_some(), // W1: a new window is hidden; V1: a new view is not
            interaction: true,
            superview,
            window: window.unwrap_or(id),
            subviews: Vec::new(),
            window_state: state,
        });
        self.names.insert(name.to_string(), id);
        id
    }

    /// W1, W8: a hidden window, optionally with a root view `NAME.root`.
    pub fn create_window(&mut self, name: &str, frame: Rect, level: f64, root: bool) -> ViewId {
        let state = WindowState { level, passthrough: false, root: None };
        let w = self.insert_view(name, frame, None, None, Some(state));
        if root {
            let root_frame = Rect::new(0.0, 0.0, frame.width, frame.height);
            let r = self.add_view(&format!("{}.root", name), w, root_frame);
            self.state_mut(w).root = Some(r);
        }
        w
    }

    /// V1: a new front-most subview.
    pub fn add_view(&mut self, name: &str, parent: ViewId, frame: Rect) -> ViewId {
        let window = self.views[parent].window;
        let v = self.insert_view(name, frame, Some(parent), Some(window), None);
        self.views[parent].subviews.push(v);
        v
    }

    /// W3, W4: where a window goes when it comes to the front of its level: after
    /// every window of a lower or equal level.
    fn insert_in_order(&mut self, w: ViewId) {
        let level = self.state(w).level;
        let views = &self.views;
        let at = self.scene.windows.iter()
            .position(|&o| {
                let other = views[o].window_state.as_ref().expect("window").level;
                #[cfg(not(bug = "show-at-back"))]
                { other > level }
                #[cfg(bug = "show-at-back")]
                { other >= level }
            })
            .unwrap_or(self.scene.windows.len());
        self.scene.windows.insert(at, w);
    }

    fn remove_from_order(&mut self, w: ViewId) {
        self.scene.windows.retain(|&o| o != w);
    }

    /// `show` (W4): a hidden window goes in front of its level; a visible one stays.
    /// No `didBecomeVisible` (declared deviation of N1/N2).
    pub fn show(&mut self, w: ViewId) {
        if !self.views[w].hidden {
            return;
        }
        self.views[w].hidden = false;
        self.insert_in_order(w);
    }

    /// `hide` (W5, T5): cancels the window's touches, leaves the order; a key window
    /// stops being key and no successor is chosen (declared deviation of K4).
    /// Hiding a hidden window changes nothing, even if it is key.
    pub fn hide(&mut self, w: ViewId) {
        if self.views[w].hidden {
            return;
        }
        self.cancel_touches(|t| t.window == w);
        self.views[w].hidden = true;
        self.remove_from_order(w);
        if self.scene.key == Some(w) {
            self.scene.key = None;
        }
    }

    /// W7: a visible window is hidden first; a hidden key window just stops being
    /// key. Then the window and all its views lose their names.
    pub fn release(&mut self, w: ViewId) {
        if !self.views[w].hidden {
            self.hide(w);
        }
        self.cancel_touches(|t| t.window == w);
        if self.scene.key == Some(w) {
            self.scene.key = None;
        }
        self.forget_subtree(w);
    }

    /// K2: visibility and order are untouched.
    pub fn make_key(&mut self, w: ViewId) {
        self.scene.key = Some(w);
    }

    /// K3: show if hidden, else to the front of its level (always), then key.
    pub fn make_key_and_visible(&mut self, w: ViewId) {
        if self.views[w].hidden {
            self.show(w);
        } else {
            #[cfg(not(bug = "make-key-no-front"))]
            {
                self.remove_from_order(w);
                self.insert_in_order(w);
            }
        }
        self.make_key(w);
    }

    /// W9 for windows; a view's `hidden` is just its flag (hit testing reads it).
    pub fn set_hidden(&mut self, t: ViewId, hidden: bool) {
        if self.is_window(t) {
            if hidden { self.hide(t) } else { self.show(t) }
        } else {
            self.views[t].hidden = hidden;
        }
    }

    /// W4, W5, W6: a new level reorders a visible window to the front of it; the
    /// same level (as a number: `0 == -0`) changes nothing.
    pub fn set_level(&mut self, w: ViewId, level: f64) {
        #[cfg(not(bug = "same-level-reorders"))]
        {
            if self.state(w).level == level {
                return;
            }
        }
        self.state_mut(w).level = level;
        if !self.views[w].hidden {
            self.remove_from_order(w);
            self.insert_in_order(w);
        }
    }

    /// W8: a window's root view follows its size, keeping its own origin.
    pub fn set_frame(&mut self, t: ViewId, frame: Rect) {
        self.views[t].place.frame = frame;
        if let Some(state) = &self.views[t].window_state {
            if let Some(root) = state.root {
                // (X11: a child window keeps its size, W8.)
                #[cfg(not(bug = "root-size-stays"))]
                if self.x11.is_none() {
                    let f = &mut self.views[root].place.frame;
                    f.width = frame.width;
                    f.height = frame.height;
                }
                #[cfg(bug = "root-size-stays")]
                let _ = root;
            }
        }
    }

    pub fn set_origin(&mut self, t: ViewId, origin: Point) {
        self.views[t].place.origin = origin;
    }

    /// G5: clamped when set.
    pub fn set_alpha(&mut self, t: ViewId, alpha: f32) {
        self.views[t].alpha = alpha.max(0.0).min(1.0);
    }

    pub fn set_interaction(&mut self, t: ViewId, on: bool) {
        self.views[t].interaction = on;
    }

    pub fn set_passthrough(&mut self, w: ViewId, on: bool) {
        self.state_mut(w).passthrough = on;
    }

    /// A2: the frame stays the untransformed frame.
    pub fn set_transform(&mut self, t: ViewId, transform: Affine) {
        self.views[t].place.transform = transform;
    }

    /// V3: the view and its subtree are gone; touches bound into it are cancelled.
    /// A removed root view is no longer the window's root (W8).
    pub fn remove_view(&mut self, v: ViewId) {
        let doomed: HashSet<ViewId> = self.subtree(v).into_iter().collect();
        #[cfg(not(bug = "remove-keeps-touches"))]
        self.cancel_touches(|t| doomed.contains(&t.view));
        #[cfg(bug = "remove-keeps-touches")]
        let _ = &doomed;
        if let Some(parent) = self.views[v].superview {
            self.views[parent].subviews.retain(|&s| s != v);
        }
        let window = self.views[v].window;
        if self.state(window).root == Some(v) {
            self.state_mut(window).root = None;
        }
        self.forget_subtree(v);
    }

    /// V2: to the end (front) or the start (back) of the superview's subviews.
    pub fn bring_to_front(&mut self, v: ViewId, front: bool) {
        if let Some(parent) = self.views[v].superview {
            let subviews = &mut self.views[parent].subviews;
            subviews.retain(|&s| s != v);
            if front { subviews.push(v) } else { subviews.insert(0, v) }
        }
    }

    /// The view and everything below it, the view first.
    pub(crate) fn subtree(&self, v: ViewId) -> Vec<ViewId> {
        let mut all = vec![v];
        let mut i = 0;
        while i < all.len() {
            all.extend(self.views[all[i]].subviews.iter().copied());
            i += 1;
        }
        all
    }

    fn forget_subtree(&mut self, v: ViewId) {
        for id in self.subtree(v) {
            self.names.remove(&self.views[id].name);
        }
    }

    /// Q1: `order main: W1 W2 …`, front to back.
    pub fn report_order(&mut self) {
        let mut line = String::from("order main:");
        for &w in self.scene.windows.iter().rev() {
            line.push(' ');
            line.push_str(&self.views[w].name);
        }
        self.trace.push(line);
    }

    /// Q2.
    pub fn report_key_window(&mut self) {
        let line = match self.scene.key {
            Some(w) => format!("keyWindow main -> {}", self.views[w].name),
            None => "keyWindow main -> none".to_string(),
        };
        self.trace.push(line);
    }
}
