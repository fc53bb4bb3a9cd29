/// A point in some coordinate space (screen, window or view), in points.
///
/// Coordinates are `Double`, as `CGFloat` is on 64-bit platforms. Geometry here is
/// data only: each engine writes its own containment and conversion code, so that
/// a differential test never compares a shared bug with itself.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(0, 0)
}

/// A width and a height. Scenarios reject negative or non-finite sizes.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(_ width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }
}

/// An origin and a size, as a `frame` is written in a scenario: `X Y W H`.
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size

    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        origin = Point(x, y)
        size = Size(width, height)
    }

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public var x: Double { origin.x }
    public var y: Double { origin.y }
    public var width: Double { size.width }
    public var height: Double { size.height }
}

/// An affine transform as `CGAffineTransform` writes it: a point `(x, y)` maps to
/// `(a*x + c*y + tx, b*x + d*y + ty)`. Plain data: how a view applies it (about its
/// bounds centre, A2) and inverts it (A3) is each engine's own code.
public struct ViewTransform: Hashable, Sendable {
    public var a: Double
    public var b: Double
    public var c: Double
    public var d: Double
    public var tx: Double
    public var ty: Double

    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// `1 0 0 1 0 0`: what every new window and view has.
    public static let identity = ViewTransform(1, 0, 0, 1, 0, 0)

    /// The six numbers in `A B C D TX TY` order.
    public var numbers: [Double] { [a, b, c, d, tx, ty] }
}

/// The window levels UIKit names. Any finite level is allowed.
public enum WindowLevel {
    public static let normal: Double = 0
    public static let statusBar: Double = 1000
    public static let alert: Double = 2000

    /// The named levels, as a scenario spells them.
    public static let named: [(name: String, value: Double)] = [
        ("normal", normal), ("statusBar", statusBar), ("alert", alert),
    ]
}
