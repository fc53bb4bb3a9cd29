import Foundation

/// How a run's shrinks went, added up: how many, how many slipped to another difference
/// than the one they were shrinking (the target is none), how many candidates showed
/// another cause on the way, and the seconds they took; and how many probes were shrunk
/// for an outcome no group had (``CauseLedger``), and how many of those found a cause of
/// their own.
public struct ShrinkTally: Codable, Sendable, Equatable {
    public var shrinks = 0
    public var slipped = 0
    public var otherCausesMet = 0
    public var candidates = 0
    public var seconds = 0.0
    public var probes = 0
    public var probesOpened = 0

    public init() {}

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        shrinks = try c.decode(Int.self, forKey: .shrinks)
        slipped = try c.decode(Int.self, forKey: .slipped)
        otherCausesMet = try c.decode(Int.self, forKey: .otherCausesMet)
        candidates = try c.decode(Int.self, forKey: .candidates)
        seconds = try c.decode(Double.self, forKey: .seconds)
        // Reports written before probes were counted have none.
        probes = try c.decodeIfPresent(Int.self, forKey: .probes) ?? 0
        probesOpened = try c.decodeIfPresent(Int.self, forKey: .probesOpened) ?? 0
    }

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
        probes += other.probes
        probesOpened += other.probesOpened
    }

    /// `shrinking: 12 shrink(s), 3107 candidate(s) in 8.1 s; 0 slipped to another difference; 31 candidate(s)
    /// showed another cause instead (rejected)`.
    public var summary: String {
        "shrinking: \(shrinks) shrink(s), \(candidates) candidate(s) in \(String(format: "%.1f", seconds)) s; "
            + "\(slipped) slipped to another difference; \(otherCausesMet) candidate(s) showed another cause instead (rejected)"
            + (probes == 0 ? "" : "; \(probes) probe(s) shrunk for an outcome no group had, \(probesOpened) of them a cause of its own")
    }
}
