//! Geometry in 32-bit floats: points, rectangles, affine transforms, and the
//! conversions between a view's space and its superview's (SEMANTICS.md G2, G4,
//! A1–A5).
//!
//! This engine stores geometry the way a graphics stack on a 32-bit `CGFloat` would:
//! every frame, bounds origin, alpha and transform entry is an `f32`, and every
//! step of a conversion is an `f32` operation rounded to nearest. That is a declared
//! deviation (`numbers float32` in the handshake): the operation order of G4, A3 and
//! A4 is followed exactly, only the precision is single. Rust never contracts
//! `a * b + c` into a fused multiply-add, so the order written here is the order
//! executed.

/// A point in some view's space (or the screen's).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub x: f32,
    pub y: f32,
}

impl Point {
    pub fn new(x: f32, y: f32) -> Point {
        Point { x, y }
    }
}

/// A rectangle: origin and size. Sizes are never negative (G3 is checked when a
/// statement is read).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
}

impl Rect {
    pub fn new(x: f32, y: f32, width: f32, height: f32) -> Rect {
        Rect { x, y, width, height }
    }

    /// G2: half-open containment. The maximum edge is `min + size`, computed in the
    /// stored precision, so a zero-sized rectangle contains nothing.
    pub fn contains(&self, p: Point) -> bool {
        let max_x = self.x + self.width;
        let max_y = self.y + self.height;
        #[cfg(not(bug = "max-edge-in"))]
        {
            self.x <= p.x && p.x < max_x && self.y <= p.y && p.y < max_y
        }
        #[cfg(bug = "max-edge-in")]
        {
            self.x <= p.x && p.x <= max_x && self.y <= p.y && p.y <= max_y
        }
    }
}

/// `CGAffineTransform`'s six numbers (A1): `(x, y)` maps to
/// `(a*x + c*y + tx, b*x + d*y + ty)`, about the bounds centre (A2).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Affine {
    pub a: f32,
    pub b: f32,
    pub c: f32,
    pub d: f32,
    pub tx: f32,
    pub ty: f32,
}

impl Affine {
    pub const IDENTITY: Affine = Affine { a: 1.0, b: 0.0, c: 0.0, d: 1.0, tx: 0.0, ty: 0.0 };

    /// Compared as numbers (A3), so `-0` counts as `0`.
    pub fn is_identity(&self) -> bool {
        self.a == 1.0 && self.b == 0.0 && self.c == 0.0 && self.d == 1.0
            && self.tx == 0.0 && self.ty == 0.0
    }

    /// A3's determinant, in A3's order.
    pub fn det(&self) -> f32 {
        (self.a * self.d) - (self.b * self.c)
    }
}

/// What places a view in its superview: the untransformed frame, the bounds origin
/// (the scroll offset) and the transform. A window uses the same struct with the
/// screen as its superview (H5).
#[derive(Clone, Copy, Debug)]
pub struct Placement {
    pub frame: Rect,
    pub origin: Point,
    pub transform: Affine,
}

impl Placement {
    pub fn new(frame: Rect) -> Placement {
        Placement { frame, origin: Point::new(0.0, 0.0), transform: Affine::IDENTITY }
    }

    /// G4: the bounds, in the view's own space: the bounds origin with the frame size.
    pub fn bounds(&self) -> Rect {
        Rect::new(self.origin.x, self.origin.y, self.frame.width, self.frame.height)
    }

    /// A5: a singular transform makes the view impossible to hit (its inverse does
    /// not exist, so no point of the superview lands in it).
    pub fn is_singular(&self) -> bool {
        !self.transform.is_identity() && self.transform.det() == 0.0
    }

    /// The centre of the frame in the superview (A2), and the centre of the bounds
    /// in the view's own space. Under the `transform-about-origin` mutant both are
    /// the top-left corners instead.
    fn centres(&self) -> (Point, Point) {
        let f = &self.frame;
        #[cfg(not(bug = "transform-about-origin"))]
        {
            let outer = Point::new(f.x + f.width * 0.5, f.y + f.height * 0.5);
            let inner = Point::new(self.origin.x + f.width * 0.5, self.origin.y + f.height * 0.5);
            (outer, inner)
        }
        #[cfg(bug = "transform-about-origin")]
        {
            (Point::new(f.x, f.y), self.origin)
        }
    }

    /// From the superview's space into this view's (G4 with the identity, A3
    /// otherwise).
    pub fn to_local(&self, p: Point) -> Point {
        let t = &self.transform;
        if t.is_identity() {
            #[cfg(not(bug = "origin-flipped"))]
            {
                return Point::new((p.x - self.frame.x) + self.origin.x, (p.y - self.frame.y) + self.origin.y);
            }
            #[cfg(bug = "origin-flipped")]
            {
                return Point::new((p.x - self.frame.x) - self.origin.x, (p.y - self.frame.y) - self.origin.y);
            }
        }
        let (outer, inner) = self.centres();
        let ex = (p.x - outer.x) - t.tx;
        let ey = (p.y - outer.y) - t.ty;
        let det = t.det();
        let u = ((t.d * ex) - (t.c * ey)) / det;
        let v = ((t.a * ey) - (t.b * ex)) / det;
        Point::new(u + inner.x, v + inner.y)
    }

    /// From this view's space out to its superview's (G4 outward, A4).
    pub fn to_parent(&self, p: Point) -> Point {
        let t = &self.transform;
        if t.is_identity() {
            return Point::new((p.x - self.origin.x) + self.frame.x, (p.y - self.origin.y) + self.frame.y);
        }
        let (outer, inner) = self.centres();
        let u = p.x - inner.x;
        let v = p.y - inner.y;
        Point::new((((t.a * u) + (t.c * v)) + t.tx) + outer.x, (((t.b * u) + (t.d * v)) + t.ty) + outer.y)
    }
}

/// Reads a number of a request: a decimal that `f64` reads exactly (the wire form
/// writes the shortest such decimal). Infinity and NaN are not numbers (G1); Rust's
/// parser would accept `inf` and `nan`, so they are refused here.
pub fn parse_number(word: &str) -> Result<f64, String> {
    let lower = word.to_ascii_lowercase();
    if lower.contains("inf") || lower.contains("nan") {
        return Err(format!("not a finite number: '{}'", word));
    }
    match word.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        _ => Err(format!("not a number: '{}'", word)),
    }
}

/// Stores a number read as `f64` in the engine's precision (round to nearest; a
/// value beyond `f32`'s range becomes an infinity).
pub fn narrow(v: f64) -> f32 {
    v as f32
}

/// Prints a stored number: the `f32` widened to `f64`, in the shortest decimal that
/// reads back to that `f64`. Rust's `Display` and `LowerExp` both write the shortest
/// digits (`10`, `-0`, `0.5`; `3.0000000054977558e38`); the exponent form is used
/// where plain digits would run long, as the reference does (`1e+300`). Any such
/// decimal is accepted by the protocol; the infinities and NaN get the words C's
/// `printf` uses.
pub fn format_number(v: f32) -> String {
    let wide = v as f64;
    if wide.is_nan() {
        "nan".to_string()
    } else if wide.is_infinite() {
        if wide > 0.0 { "inf".to_string() } else { "-inf".to_string() }
    } else if wide != 0.0 && (wide.abs() >= 1e16 || wide.abs() < 1e-4) {
        let text = format!("{:e}", wide);
        if text.contains("e-") { text } else { text.replace('e', "e+") }
    } else {
        format!("{}", wide)
    }
}

/// `X Y`, as observations print a point.
pub fn format_point(p: Point) -> String {
    format!("{} {}", format_number(p.x), format_number(p.y))
}
