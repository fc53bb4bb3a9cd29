import WindowModel

/// How often a run decided each rule outcome (see ``RuleOutcome``), as reported by
/// the reference model: which rules and branches a campaign, a property suite or a
/// corpus exercised, and which it never reached.
public struct RuleCoverage: Sendable, Equatable {
    /// Counts indexed by ``RuleOutcome/rawValue``.
    public private(set) var counts: [Int]
    /// Of those, decisions at steps a declared deviation left partly uncompared
    /// (see ``EngineDeviation``); all zero when no engine declared one.
    public private(set) var uncompared: [Int] = Array(repeating: 0, count: RuleOutcome.allCases.count)

    public init() { counts = Array(repeating: 0, count: RuleOutcome.allCases.count) }

    public init(counts: [Int]) {
        self.init()
        add(counts)
    }

    /// Adds counts taken from a ``RuleRecorder``.
    public mutating func add(_ other: [Int]) {
        for (i, n) in other.enumerated() where i < counts.count { counts[i] += n }
    }

    public mutating func add(_ other: RuleCoverage) {
        add(other.counts)
        addUncompared(other.uncompared)
    }

    /// Adds decisions that were not compared on every engine.
    public mutating func addUncompared(_ other: [Int]) {
        for (i, n) in other.enumerated() where i < uncompared.count { uncompared[i] += n }
    }

    /// Outcomes decided at least once at a step compared in full on every engine.
    public var compared: [RuleOutcome] { RuleOutcome.allCases.filter { count($0) > uncompared[$0.rawValue] } }

    public func count(_ outcome: RuleOutcome) -> Int { counts[outcome.rawValue] }

    /// Outcomes decided at least once.
    public var reached: [RuleOutcome] { RuleOutcome.allCases.filter { count($0) > 0 } }
    /// Outcomes never decided, in SEMANTICS.md order.
    public var neverReached: [RuleOutcome] { RuleOutcome.allCases.filter { count($0) == 0 } }
    /// Rules of which no outcome was decided.
    public var rulesNeverReached: [String] {
        var seen: [String] = []
        for outcome in RuleOutcome.allCases where !seen.contains(outcome.rule) { seen.append(outcome.rule) }
        return seen.filter { rule in RuleOutcome.allCases.allSatisfy { $0.rule != rule || count($0) == 0 } }
    }

    /// The `n` outcomes reached least (never-reached ones first), for weighting
    /// generation toward them.
    public func weakest(_ n: Int) -> [RuleOutcome] {
        Array(RuleOutcome.allCases.sorted { (count($0), $0.rawValue) < (count($1), $1.rawValue) }.prefix(n))
    }

    /// The rule ids of the `n` outcomes reached least, without repeats.
    public func weakestRules(_ n: Int) -> [String] {
        var rules: [String] = []
        for outcome in weakest(n) where !rules.contains(outcome.rule) { rules.append(outcome.rule) }
        return rules
    }

    /// A table a person reads: one line per outcome, `rule  count  branch`, grouped
    /// by rule, never-reached ones marked.
    public var table: String {
        let width = String(counts.max() ?? 0).count
        return RuleOutcome.allCases.map { outcome in
            let n = String(count(outcome))
            return outcome.rule.padding(toLength: 4, withPad: " ", startingAt: 0)
                + String(repeating: " ", count: max(0, width - n.count)) + n + "  " + outcome.branch
                + (count(outcome) == 0 ? "   <- never reached" : "")
        }.joined(separator: "\n")
    }

    /// One line: how many outcomes and rules were reached.
    public var summary: String {
        let rules = Set(RuleOutcome.allCases.map(\.rule))
        let relaxed = uncompared.contains { $0 > 0 }
        return "rule outcomes reached: \(reached.count) of \(counts.count) "
            + "(\(rules.count - rulesNeverReached.count) of \(rules.count) rules)"
            + (relaxed ? "; compared on every engine: \(compared.count) (declared deviations relaxed the rest)" : "")
    }

    /// The outcomes `engine` (one that reports them, such as the reference model)
    /// decides running each command list on a fresh instance.
    public static func measure(_ lists: [[Command]], engine: EngineFactory) -> RuleCoverage {
        var coverage = RuleCoverage()
        for list in lists {
            if let counts = DifferentialRunner.run(list, engines: [engine], cadence: .off, recordRules: true).ruleCounts {
                coverage.add(counts)
            }
        }
        return coverage
    }
}
