import WindowModel

/// The statements engines answered `unsupported REASON` (see ``UnsupportedReporting``):
/// no fault and no finding, but counted, so that a run can say how much of it an engine
/// declined, and an engine cannot pass by declining: ``ledger`` says how much was
/// compared, by kind of statement, and its ``ComparisonLedger/shortfalls`` fail a run.
///
/// What the harness does with one: a query (`hit`, `order`, `keyWindow`, `convert`,
/// `press`) an engine declines is not compared for that engine and the case goes on;
/// any other statement ends its case there, without a finding, because the engine
/// that declined it is no longer in the state the others are in.
public struct UnsupportedStatements: Codable, Sendable, Equatable {
    /// Statements some engine declined.
    public var statements = 0
    /// Cases (or scenarios, or corpus entries) that ended at one that changes state.
    public var casesEnded = 0
    /// Statements declined, by kind of command (`convert`, `setAlpha`).
    public var byKind: [String: Int] = [:]
    /// The first reason given for each kind, with the engine's name (`x11: answer out of 16 bits`).
    public var reasons: [String: String] = [:]
    /// What was compared, declined, cut off by a decline and left out by declarations.
    public var ledger = ComparisonLedger()

    public init() {}

    private enum CodingKeys: String, CodingKey { case statements, casesEnded, byKind, reasons, ledger }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        statements = try c.decode(Int.self, forKey: .statements)
        casesEnded = try c.decode(Int.self, forKey: .casesEnded)
        byKind = try c.decode([String: Int].self, forKey: .byKind)
        reasons = try c.decode([String: String].self, forKey: .reasons)
        ledger = try c.decodeIfPresent(ComparisonLedger.self, forKey: .ledger) ?? ComparisonLedger()
    }

    public var isEmpty: Bool { statements == 0 }

    /// Counts one declined statement (by the engines named, with the first one's reason).
    mutating func note(_ command: Command, engine: String, reason: String, endsCase: Bool) {
        statements += 1
        byKind[command.kindName, default: 0] += 1
        if reasons[command.kindName] == nil { reasons[command.kindName] = "\(engine): \(reason)" }
        if endsCase { casesEnded += 1 }
    }

    /// Adds another run's counts.
    public mutating func merge(_ other: UnsupportedStatements) {
        statements += other.statements
        casesEnded += other.casesEnded
        byKind.merge(other.byKind, uniquingKeysWith: +)
        reasons.merge(other.reasons) { first, _ in first }
        ledger.merge(other.ledger)
    }

    /// Why the run compared too little to pass (``ComparisonLedger/shortfalls``), or, for
    /// a run that kept no ledger, that most of `statementsRun` were declined.
    public func shortfalls(of statementsRun: Int) -> [String] {
        if !ledger.isEmpty { return ledger.shortfalls }
        return statements > 0 && statements * 2 > statementsRun
            ? ["\(statements) of the \(statementsRun) statement(s) run were declined: most of them"] : []
    }

    /// One line for a summary: `12 statement(s) answered unsupported (convert 10, setAlpha 2),
    /// 2 case(s) ended there; first reasons: …`.
    public var summary: String {
        let kinds = byKind.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        let reasonText = kinds.prefix(3).compactMap { kind in reasons[kind.key].map { "\(kind.key): \($0)" } }
        return "\(statements) statement(s) answered unsupported ("
            + kinds.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")"
            + (casesEnded > 0 ? ", \(casesEnded) case(s) ended there without a finding" : "")
            + (reasonText.isEmpty ? "" : "; " + reasonText.joined(separator: "; "))
    }
}
