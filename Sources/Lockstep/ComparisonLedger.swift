import WindowModel

/// How much of what a run was given was compared, by kind of statement: what every
/// engine answered (some of it with a declared deviation relaxing the comparison),
/// what an engine declined (`unsupported`), what a declined statement cut off (the
/// rest of its case, never sent), and what the engines' declarations left out (a
/// statement that would trigger a steered deviation, or that needs a feature an engine
/// lacks).
///
/// A pass means compared: ``shortfalls`` names what makes a run fail although no
/// engine disagreed (SEMANTICS.md, "Declared deviations"; docs/engine-protocol.md,
/// "unsupported"):
/// - less than half of the statements an engine was given to answer were compared
///   (declined and cut-off ones count against it; declared ones do not);
/// - a family of statements (touches, presses, queries, conversions, changes) was
///   declined or cut off and none of it was compared;
/// - a kind of statement (`touchMoved`, `convert`) was declined and none of it compared.
public struct ComparisonLedger: Codable, Sendable, Equatable {
    /// The counts of one kind of statement.
    public struct Counts: Codable, Sendable, Equatable {
        /// Sent to every engine and answered by all: compared (a difference included).
        public var compared = 0
        /// Of those, compared with a declared deviation relaxing part of the comparison.
        public var masked = 0
        /// Answered `unsupported` by an engine.
        public var declined = 0
        /// Never sent: an earlier statement of its case was declined and ended the case.
        public var cutOff = 0
        /// Never sent: it would trigger a deviation an engine declared (steered around).
        public var steered = 0
        /// Never sent (or sent reduced): it needs a feature an engine lacks.
        public var skipped = 0

        public init() {}

        /// Declined or cut off: given to the engines and not compared.
        public var uncompared: Int { declined + cutOff }

        mutating func add(_ other: Counts) {
            compared += other.compared
            masked += other.masked
            declined += other.declined
            cutOff += other.cutOff
            steered += other.steered
            skipped += other.skipped
        }
    }

    /// The families the summary and the rules group kinds into.
    public enum Family: String, CaseIterable, Sendable {
        case touches, presses, queries, conversions, changes

        public init(kind: String) {
            switch kind {
            case "touchBegan", "touchMoved", "touchEnded", "touchCancelled": self = .touches
            case "press": self = .presses
            case "hit", "order", "keyWindow": self = .queries
            case "convert": self = .conversions
            default: self = .changes
            }
        }

        /// `touch`, `query`, `state change`: as in "no touch statement was compared".
        public var singular: String {
            switch self {
            case .touches: "touch"
            case .presses: "press"
            case .queries: "query"
            case .conversions: "conversion"
            case .changes: "state change"
            }
        }
    }

    /// The least share of the statements given to the engines that must be compared.
    public static let leastComparedShare = 0.5

    /// Counts by kind of command (``Command/kindName``).
    public var byKind: [String: Counts] = [:]

    public init() {}

    public var isEmpty: Bool { byKind.isEmpty }

    /// Every kind's counts added up.
    public var total: Counts { byKind.values.reduce(into: Counts()) { $0.add($1) } }

    /// Each family's counts (only families with any).
    public var byFamily: [(family: Family, counts: Counts)] {
        var sums: [Family: Counts] = [:]
        for (kind, counts) in byKind { sums[Family(kind: kind), default: Counts()].add(counts) }
        return Family.allCases.compactMap { family in sums[family].map { (family, $0) } }
    }

    public mutating func noteCompared(_ command: Command, masked: Bool) {
        byKind[command.kindName, default: Counts()].compared += 1
        if masked { byKind[command.kindName]!.masked += 1 }
    }

    public mutating func noteDeclined(_ command: Command) { byKind[command.kindName, default: Counts()].declined += 1 }

    public mutating func noteCutOff<S: Sequence>(_ commands: S) where S.Element == Command {
        for command in commands { byKind[command.kindName, default: Counts()].cutOff += 1 }
    }

    /// Notes a statement a ``FeatureFilter`` left out: steered around a declared
    /// deviation, or skipped for a missing feature.
    public mutating func noteLeftOut(_ command: Command, steered: Bool) {
        if steered { byKind[command.kindName, default: Counts()].steered += 1 }
        else { byKind[command.kindName, default: Counts()].skipped += 1 }
    }

    /// Adds another run's counts.
    public mutating func merge(_ other: ComparisonLedger) {
        for (kind, counts) in other.byKind { byKind[kind, default: Counts()].add(counts) }
    }

    /// Why this run compared too little to pass, one sentence each (empty: enough).
    public var shortfalls: [String] {
        let all = total
        guard all.uncompared > 0 else { return [] }
        var found: [String] = []
        let given = all.compared + all.uncompared
        if Double(all.compared) < Self.leastComparedShare * Double(given) {
            found.append("only \(all.compared) of the \(given) statement(s) given to the engines were compared "
                         + "(\(Self.percent(all.compared, of: given))): \(Self.uncomparedText(all)); "
                         + "at least \(Int(Self.leastComparedShare * 100))% must be")
        }
        for (family, counts) in byFamily where counts.compared == 0 && counts.uncompared > 0 {
            found.append("no \(family.singular) statement was compared: \(Self.uncomparedText(counts))")
        }
        // (A kind whose whole family went uncompared is named by its family above.)
        let familyCompared = Dictionary(byFamily.map { ($0.family, $0.counts.compared) }, uniquingKeysWith: +)
        for (kind, counts) in byKind.sorted(by: { $0.key < $1.key })
            where counts.compared == 0 && counts.declined > 0 && familyCompared[Family(kind: kind), default: 0] > 0 {
            found.append("no \(kind) was compared: \(Self.uncomparedText(counts))")
        }
        return found
    }

    /// `5210 of 5400 statement(s) (96%): touches 1200 (12 declined), queries 2100
    /// (30 masked), ...; not sent: 120 steered around by declared deviations (touchBegan
    /// 100, makeKey 20)`.
    public var summary: String {
        let all = total
        let given = all.compared + all.uncompared
        var text = "\(all.compared) of \(given) statement(s) (\(Self.percent(all.compared, of: given)))"
        // (A family only left out by the declarations is said under "not sent".)
        let families = byFamily.filter { $0.counts.compared + $0.counts.uncompared > 0 }.map { item -> String in
            let notes = [(item.counts.masked, "masked"), (item.counts.declined, "declined"), (item.counts.cutOff, "cut off")]
                .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
            return "\(item.family.rawValue) \(item.counts.compared)" + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")
        }
        if !families.isEmpty { text += ": " + families.joined(separator: ", ") }
        let leftOut = [(all.steered, "steered around by declared deviations", \Counts.steered),
                       (all.skipped, "skipped for missing features", \Counts.skipped)]
            .filter { $0.0 > 0 }
            .map { count, words, path in "\(count) \(words) (" + topKinds(path) + ")" }
        if !leftOut.isEmpty { text += "; not sent: " + leftOut.joined(separator: ", ") }
        return text
    }

    private func topKinds(_ path: KeyPath<Counts, Int>) -> String {
        byKind.map { ($0.key, $0.value[keyPath: path]) }.filter { $0.1 > 0 }
            .sorted { ($1.1, $0.0) < ($0.1, $1.0) }.prefix(4).map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    }

    private static func uncomparedText(_ counts: Counts) -> String {
        [(counts.declined, "declined"), (counts.cutOff, "cut off by a declined statement before them"),
         (counts.compared, "compared")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    }

    private static func percent(_ part: Int, of whole: Int) -> String {
        whole == 0 ? "0%" : "\(Int((Double(part) * 100 / Double(whole)).rounded(.down)))%"
    }
}
