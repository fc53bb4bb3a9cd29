import Foundation

/// How a run's shrinks went, added up: how many, how many slipped to another difference
/// than the one they were shrinking (the target is none), how many candidates showed
/// another cause on the way, and the seconds they took.
public struct ShrinkTally: Codable, Sendable, Equatable {
    public var shrinks = 0
    public var slipped = 0
    public var otherCausesMet = 0
    public var candidates = 0
    public var seconds = 0.0

    public init() {}

    /// Adds one shrink's record (nothing for a finding that was not shrunk).
    public mutating func add(_ record: ShrinkRecord?) {
        guard let record else { return }
        shrinks += 1
        slipped += record.slipped ? 1 : 0
        otherCausesMet += record.otherCausesMet
        candidates += record.candidates
        seconds += record.seconds
    }

    public mutating func merge(_ other: ShrinkTally) {
        shrinks += other.shrinks
        slipped += other.slipped
        otherCausesMet += other.otherCausesMet
        candidates += other.candidates
        seconds += other.seconds
    }

    /// `shrinking: 12 shrink(s), 3107 candidate(s) in 8.1 s; 0 slipped to another difference; 31 candidate(s)
    /// showed another cause instead (rejected)`.
    public var summary: String {
        "shrinking: \(shrinks) shrink(s), \(candidates) candidate(s) in \(String(format: "%.1f", seconds)) s; "
            + "\(slipped) slipped to another difference; \(otherCausesMet) candidate(s) showed another cause instead (rejected)"
    }
}
