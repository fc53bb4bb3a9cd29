/// An axis-aligned box in the index's coordinate space, **closed** on every side.
///
/// The index is a conservative filter: callers store boxes that contain every point
/// their exact test could accept, so the index includes both edges
/// (`minX <= x <= maxX`) and never has to reason about half-open rounding. A box
/// whose `min == max` still contains that one line or point.
///
/// Bounds may be infinite (a caller's inflated box may overflow), but never NaN, and
/// `minX <= maxX`, `minY <= maxY` always hold; ``DynamicBoxTree`` checks this on
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

    /// Whether `other` lies entirely inside this box (edges may touch).
    /// - Complexity: O(1).
    @inlinable
    public func contains(_ other: IndexBox) -> Bool {
        minX <= other.minX && minY <= other.minY && other.maxX <= maxX && other.maxY <= maxY
    }

    /// The smallest box containing both. Exact: only comparisons, no arithmetic.
    /// - Complexity: O(1).
    @inlinable
    public func union(_ other: IndexBox) -> IndexBox {
        IndexBox(minX: Swift.min(minX, other.minX), minY: Swift.min(minY, other.minY),
                 maxX: Swift.max(maxX, other.maxX), maxY: Swift.max(maxY, other.maxY))
    }

    /// Half the perimeter: the insertion cost heuristic. Perimeter rather than area
    /// because zero-size boxes (empty windows) have zero area but still cost a
    /// place in the tree. May be infinite for boxes with infinite edges; the
    /// insertion code tolerates the resulting NaN cost differences (any choice
    /// yields a valid tree, only a less tight one).
    /// - Complexity: O(1).
    @inlinable
    public var halfPerimeter: Double { (maxX - minX) + (maxY - minY) }

    /// Squared distance between the centres of two boxes: the insertion descent's
    /// tie-breaker. Halves before adding, so huge finite boxes do not overflow.
    func centreDistanceSquared(to other: IndexBox) -> Double {
        let dx = (minX * 0.5 + maxX * 0.5) - (other.minX * 0.5 + other.maxX * 0.5)
        let dy = (minY * 0.5 + maxY * 0.5) - (other.minY * 0.5 + other.maxY * 0.5)
        return dx * dx + dy * dy
    }

    public var description: String { "[\(minX), \(maxX)] x [\(minY), \(maxY)]" }
}

/// The stacking key of a leaf: a level first, then a sequence number. Bigger is more
/// in front. The engine gives every window a fresh sequence number whenever it goes
/// to the front of its level, so keys are unique there; the tree itself tolerates
/// equal keys (their relative enumeration order is then unspecified).
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

/// A handle to one leaf of a ``DynamicBoxTree``: the index of its node. Stable from
/// ``DynamicBoxTree/insert(box:zKey:payload:)`` until
/// ``DynamicBoxTree/remove(_:)``; a removed handle may be reused by a later insert.
public struct LeafID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32
    @inlinable
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public var description: String { "leaf#\(rawValue)" }
}
