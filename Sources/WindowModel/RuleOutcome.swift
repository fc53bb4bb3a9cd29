/// One decision of SEMANTICS.md as the reference model takes it: a rule and one of
/// its branches (`H2`, "alpha exactly 0.01: hittable"). The reference model reports
/// each decision it takes to a ``RuleRecorder`` when it is given one, so a run can say
/// which rules and branches it exercised, and which it never reached.
///
/// The raw value indexes ``RuleRecorder/counts``.
public enum RuleOutcome: Int, CaseIterable, Sendable {
    // The cases are listed in SEMANTICS.md order, grouped by rule; see `catalogue`.
    case placeholder   // replaced by the catalogue below

    /// The rule id, `H2`.
    public var rule: String { Self.catalogue[rawValue].rule }
    /// The branch, in a few words: `alpha exactly 0.01: hittable`.
    public var branch: String { Self.catalogue[rawValue].branch }

    /// `(rule, branch)` for each case, in raw-value order.
    static let catalogue: [(rule: String, branch: String)] = [
        ("G1", "placeholder"),
    ]
}

/// Counts rule outcomes. Not thread-safe: one per engine instance. A counter per
/// outcome in one array, so recording costs one increment.
public final class RuleRecorder {
    public private(set) var counts: [Int]

    public init() { counts = Array(repeating: 0, count: RuleOutcome.allCases.count) }

    /// Counts one decision.
    @inline(__always)
    public func record(_ outcome: RuleOutcome) { counts[outcome.rawValue] &+= 1 }

    /// Forgets every count.
    public func reset() { counts = Array(repeating: 0, count: counts.count) }
}

/// An engine that can report the rule outcomes it decides (the reference model).
public protocol RuleOutcomeReporting: AnyObject {
    /// The recorder decisions are reported to; nil (the default) records nothing.
    var ruleRecorder: RuleRecorder? { get set }
}
