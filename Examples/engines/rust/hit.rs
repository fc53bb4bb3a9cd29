//! Hit testing (UIView.hitTest, SEMANTICS.md H1–H6, A5), routing a point to a
//! window (T1, T2), and converting points between spaces (T3, Q3).
//!
//! `convert` is a declared deviation of Q3: like UIKit's `convert(_:to:)`, it goes
//! up from A to the nearest common ancestor of A and B and then down to B; it
//! passes through the screen only when A and B are in different windows or one of
//! them is the screen. Q3's rule always goes out to the screen and back, which
//! gives the same answer up to rounding, not bit for bit.

use crate::engine::{Engine, ViewId};
use crate::geometry::{format_point, Point};

/// H2: the smallest hittable alpha, compared in the stored precision so that an
/// alpha set to exactly `0.01` (stored as `0.01f32`) is hittable.
const MIN_HIT_ALPHA: f32 = 0.01;

/// A hit: the window, the view (the window itself when no subview was hit) and the
/// point in that view's own space (H6).
#[derive(Debug, Clone, Copy)]
pub struct Hit {
    pub window: ViewId,
    pub view: ViewId,
    pub point: Point,
}

impl Engine {
    /// H1: whether a view can take part in hit testing at all (its own flags only:
    /// H4, alpha is not multiplied down the tree), and A5's singular transform.
    fn is_hittable(&self, id: ViewId) -> bool {
        let v = self.view(id);
        let is_window = v.window_state.is_some();
        let hidden = v.hidden;
        #[cfg(bug = "hidden-subview-hit")]
        let hidden = hidden && is_window;
        let interaction = v.interaction;
        #[cfg(bug = "window-interaction-ignored")]
        let interaction = interaction || is_window;
        let _ = is_window;
        let alpha = v.alpha;
        #[cfg(bug = "alpha-multiplied")]
        let alpha = {
            // The mutant multiplies alpha down the tree, as a compositor does.
            let (mut product, mut up) = (alpha, v.superview);
            while let Some(p) = up {
                product *= self.view(p).alpha;
                up = self.view(p).superview;
            }
            product
        };
        let opaque_enough = alpha >= MIN_HIT_ALPHA;
        !hidden && interaction && opaque_enough && !v.place.is_singular()
    }

    /// H1, H3, H6: `point` is in the superview's space (the screen's for a window).
    pub fn hit_test(&self, id: ViewId, point: Point) -> Option<(ViewId, Point)> {
        if !self.is_hittable(id) {
            return None;
        }
        let view = self.view(id);
        let local = view.place.to_local(point);
        if !view.place.bounds().contains(local) {
            return None;
        }
        #[cfg(not(bug = "subviews-back-first"))]
        let order = view.subviews.iter().rev();
        #[cfg(bug = "subviews-back-first")]
        let order = view.subviews.iter();
        for &sub in order {
            if let Some(found) = self.hit_test(sub, local) {
                return Some(found);
            }
        }
        Some((id, local))
    }

    /// T1, T2: the front-most visible window whose hit test answers. A pass-through
    /// window lets a hit on its root view through to the windows below.
    pub fn route(&self, point: Point) -> Option<Hit> {
        for &w in self.scene.windows.iter().rev() {
            let state = self.view(w).window_state.as_ref().expect("window");
            if let Some((view, local)) = self.hit_test(w, point) {
                #[cfg(not(bug = "passthrough-all"))]
                let falls_through = state.passthrough && state.root == Some(view);
                #[cfg(bug = "passthrough-all")]
                let falls_through = state.passthrough;
                if falls_through {
                    continue;
                }
                return Some(Hit { window: w, view, point: local });
            }
        }
        None
    }

    /// `hit X Y` (T6): what a `began` there would hit; binds nothing.
    pub fn report_hit(&mut self, point: Point) {
        let line = match self.route(point) {
            Some(hit) => format!("hit -> {} at {}", self.label(hit.window, hit.view), format_point(hit.point)),
            None => "hit -> none".to_string(),
        };
        self.trace.push(line);
    }

    /// The view and its ancestors, the view first and its window last.
    fn ancestry(&self, id: ViewId) -> Vec<ViewId> {
        let mut chain = vec![id];
        let mut current = id;
        while let Some(parent) = self.view(current).superview {
            chain.push(parent);
            current = parent;
        }
        chain
    }

    /// T3: a screen point in a view's space, in through its window and every
    /// ancestor, whatever their flags.
    pub fn screen_to_view(&self, id: ViewId, point: Point) -> Point {
        self.ancestry(id).iter().rev().fold(point, |p, &v| self.view(v).place.to_local(p))
    }

    /// `convert X Y from A to B` (`None` is the screen): up from A to the nearest
    /// common ancestor, then down to B (the declared deviation of Q3).
    pub fn convert(&self, point: Point, from: Option<ViewId>, to: Option<ViewId>) -> Point {
        let up = from.map(|v| self.ancestry(v)).unwrap_or_default();
        let down = to.map(|v| self.ancestry(v)).unwrap_or_default();
        // Index in `up` of the first node that is also an ancestor of B (or B).
        let common = up.iter().position(|v| down.contains(v));
        let (up_len, down_len) = match common {
            Some(i) => {
                let j = down.iter().position(|v| *v == up[i]).expect("common ancestor");
                (i, j)
            }
            None => (up.len(), down.len()),
        };
        let mut p = point;
        for &v in &up[..up_len] {
            p = self.view(v).place.to_parent(p);
        }
        for &v in down[..down_len].iter().rev() {
            p = self.view(v).place.to_local(p);
        }
        p
    }
}
