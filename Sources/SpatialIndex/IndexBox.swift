/// An axis-aligned box in the index's coordinate space, **closed** on every side.
///
/// The index is a conservative filter: callers store boxes that contain every point
/// their exact test could accept, so the index includes both edges
/// (`minX <= x <= maxX`) and never has to reason about half-open rounding. A box
/// whose `min == max` still contains that one line or point.
///
/// Bounds may be infinite (a caller's inflated box may overflow), but never NaN, and
/// `minX <= maxX`, `minY <= maxY` always hold; ``StackingGrid`` checks this on
/// entry with a precondition.
public struct IndexBox: Hashable, Sendable, CustomStringConvertible {
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

    /// Creates a box from its edges. Requires `minX <= maxX` and `minY <= maxY`
    /// (which also excludes NaN).
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// Whether the box is well-formed: no NaN, minimum edges not above maximum edges.
    public var isValid: Bool { minX <= maxX && minY <= maxY }

    /// Closed containment: both edges are inside.
    /// - Complexity: O(1).
    @inlinable
    public func contains(x: Double, y: Double) -> Bool {
        minX <= x && x <= maxX && minY <= y && y <= maxY
    }

    public var description: String { "[\(minX), \(maxX)] x [\(minY), \(maxY)]" }
}

/// The stacking key of a leaf: a level first, then a sequence number. Bigger is more
/// in front. The engine gives every window a fresh sequence number whenever it goes
/// to the front of its level, so keys are unique there; the index itself tolerates
/// equal keys (it reports them by descending leaf number).
public struct ZKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// A finite level (NaN would break the ordering; callers never pass one).
    public var level: Double
    /// Within one level, bigger is more in front.
    public var sequence: UInt64

    public init(level: Double, sequence: UInt64) {
        self.level = level
        self.sequence = sequence
    }

    @inlinable
    public static func < (a: ZKey, b: ZKey) -> Bool {
        a.level < b.level || (a.level == b.level && a.sequence < b.sequence)
    }

    public var description: String { "(\(level), #\(sequence))" }
}

/// A handle to one stored box of a ``StackingGrid``: the index of its slot. Stable
/// from ``StackingGrid/insert(box:zKey:payload:)`` until ``StackingGrid/remove(_:)``;
/// a removed handle may be reused by a later insert.
public struct LeafID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32
    @inlinable
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public var description: String { "leaf#\(rawValue)" }
}
