import Foundation
import Lockstep
import WindowModel

/// Everything one `windowlab check` found, as one value: what the CLI prints as a
/// summary, as a table, or as JSON (`--json`, see docs/check-json.md). A supervised
/// check merges the results of its worker processes with ``merge(_:)``.
public struct CheckResult: Codable, Sendable, Equatable {
    /// The JSON layout's version; fields are only ever added within a version.
    public var version = 1
    /// 0 clean, 1 a divergence, crash or failed expectation, 2 bad input, 130 interrupted.
    public var status: Int32 = 0
    /// Whether the check was interrupted (SIGINT, SIGTERM) and stopped early: what it
    /// had found is in ``findings``, but it did not check all it was asked to.
    public var interrupted = false
    public var seed: UInt64?
    public var scenarioFiles = 0
    public var corpusEntries = 0
    public var cases = 0
    public var commands = 0
    public var campaignSeconds = 0.0
    public var casesByProfile: [String: Int] = [:]
    public var commandsByProfile: [String: Int] = [:]
    public var divergences = 0
    public var groups: [Group] = []
    public var findings: [FindingEntry] = []
    /// Replay failures and bad input, one message each.
    public var problems: [String] = []
    /// The engines checked, the reference first, with their feature words.
    public var engines: [RunResult.Engine] = []
    /// Scenario statements not sent because an engine lacks a feature they need.
    public var skippedStatements = 0
    /// The campaign's counters about once a second (for the report's throughput chart).
    public var progress: [ProgressSample] = []
    /// With `--known FILE`: the known groups this run met again, and those whose
    /// scenario no longer diverges (signature texts).
    public var knownMet: [String] = []
    public var knownGone: [String] = []
    /// Groups found and not shrunk (over `--max-findings`, or out of time).
    public var unshrunkGroups = 0
    /// Saved findings that did not reproduce through `windowlab run`'s path: faults
    /// of the harness, each with its case seed.
    public var harnessErrors: [String] = []
    /// Divergences in all (a diverging case can show several), and small cases
    /// steered around the kinds of command that led into earlier groups.
    public var differences = 0
    public var steeredCases = 0
    /// Statements an engine answered `unsupported`, by kind, the cases they ended, and
    /// what was compared (see ``UnsupportedStatements`` and ``ComparisonLedger``): a run
    /// that compared too little fails the check (``comparedTooLittle``).
    public var unsupported = UnsupportedStatements()
    /// How the shrinks went: how many slipped to another difference (see ``ShrinkTally``).
    public var shrinks = ShrinkTally()

    /// Why this run compared too little to pass, although no engine disagreed (empty:
    /// it compared enough; see ``ComparisonLedger/shortfalls``).
    public var comparedTooLittle: [String] { unsupported.shortfalls(of: commands) }

    public struct ProgressSample: Codable, Sendable, Equatable {
        public var seconds: Double
        public var cases: Int
        public var commands: Int
        public var divergences: Int

        public init(seconds: Double, cases: Int, commands: Int, divergences: Int) {
            (self.seconds, self.cases, self.commands, self.divergences) = (seconds, cases, commands, divergences)
        }
    }
    /// Rule outcome counts by ``RuleOutcome/rawValue`` (decoded from `coverage`).
    public var ruleCounts: [Int] = RuleCoverage().counts
    /// Of those, decisions a declared deviation left partly uncompared (see ``RuleCoverage/uncompared``).
    public var uncomparedRuleCounts: [Int] = RuleCoverage().uncompared

    /// One group of the campaign: one cause, as far as shrinking tells causes apart
    /// (see ``CampaignGroup``).
    public struct Group: Codable, Sendable, Equatable {
        public var signature: String
        /// Generated cases that fell into the group.
        public var count: Int
        public var profile: String
        /// `shrunk`, `unshrunk`, `known`, `nondeterministic` or `harnessError`.
        public var status: String?
        /// Divergences counted into it, and of those, the ones counted by their outcomes.
        public var divergences: Int?
        public var attributed: Int?
        /// The first case's seed (with ``profile``, ``focus`` and ``avoided``, what
        /// regenerates it), and the saved finding when it was shrunk.
        public var caseSeed: UInt64?
        public var focus: [String]?
        public var avoided: [String]?
        public var path: String?
        public var commands: Int?
        public var originalCommands: Int?
        /// Its first case's seed and profile, and the variables that regenerate it.
        public var replay: String?
        /// An unshrunk group's first case, cut after its divergence (commands only).
        public var scenario: String?
        /// Seconds spent shrinking its cases.
        public var shrinkSeconds: Double?
        /// An engine fault's group: what the fault of its first case was.
        public var fault: String?

        public init(signature: String, count: Int, profile: String) {
            (self.signature, self.count, self.profile) = (signature, count, profile)
        }

        public init(_ group: CampaignGroup) {
            self.init(signature: group.signature.text, count: group.cases, profile: group.profile.rawValue)
            status = group.status.rawValue
            (divergences, attributed) = (group.divergences, group.attributed)
            caseSeed = group.caseSeed
            focus = group.focus.isEmpty ? nil : group.focus
            avoided = group.avoided.isEmpty ? nil : group.avoided
            (path, commands, originalCommands) = (group.path, group.commands, group.originalCommands)
            replay = group.replayHint.isEmpty ? nil : group.replayHint
            scenario = group.scenario
            shrinkSeconds = group.shrinkSeconds > 0 ? group.shrinkSeconds : nil
            fault = group.fault
        }
    }

    public struct FindingEntry: Codable, Sendable, Equatable {
        /// `divergence`, `fault`, `nondeterministic`, `crash`, or `replay` (a replayed
        /// scenario file or corpus entry that diverged: the first of its group, shrunk).
        public var kind: String
        public var path: String
        public var caseSeed: UInt64?
        public var profile: String?
        public var signature: String
        public var commands: Int
        public var originalCommands: Int
        /// The saved scenario's text.
        public var scenario: String

        public init(kind: String, path: String, caseSeed: UInt64?, profile: String?, signature: String,
                    commands: Int, originalCommands: Int, scenario: String) {
            (self.kind, self.path, self.caseSeed, self.profile, self.signature) = (kind, path, caseSeed, profile, signature)
            (self.commands, self.originalCommands, self.scenario) = (commands, originalCommands, scenario)
        }
    }

    public init() {}

    /// The rule coverage of the campaign (empty when none was recorded).
    public var coverage: RuleCoverage {
        var coverage = RuleCoverage(counts: ruleCounts)
        coverage.addUncompared(uncomparedRuleCounts)
        return coverage
    }

    /// Adds a campaign's totals.
    public mutating func add(_ totals: CampaignProgress) {
        cases += totals.cases
        commands += totals.commands
        campaignSeconds += totals.elapsedSeconds
        divergences += totals.divergences
        for (profile, n) in totals.casesByProfile { casesByProfile[profile.rawValue, default: 0] += n }
        for (profile, n) in totals.commandsByProfile { commandsByProfile[profile.rawValue, default: 0] += n }
        for group in totals.groups where group.status != .known || group.cases > 0 { addGroup(Group(group)) }
        unshrunkGroups += totals.unshrunkGroups.count
        harnessErrors += totals.harnessErrors
        differences += totals.differences
        steeredCases += totals.steeredCases
        unsupported.merge(totals.unsupported)
        shrinks.merge(totals.shrinks)
        var coverage = self.coverage
        coverage.add(totals.coverage)
        ruleCounts = coverage.counts
        uncomparedRuleCounts = coverage.uncompared
    }

    private mutating func addGroup(_ group: Group) {
        if let i = groups.firstIndex(where: { $0.signature == group.signature }) {
            groups[i].count += group.count
            groups[i].divergences = (groups[i].divergences ?? 0) + (group.divergences ?? 0)
            groups[i].attributed = (groups[i].attributed ?? 0) + (group.attributed ?? 0)
            if let seconds = group.shrinkSeconds { groups[i].shrinkSeconds = (groups[i].shrinkSeconds ?? 0) + seconds }
            if groups[i].path == nil, group.path != nil {
                (groups[i].path, groups[i].status, groups[i].replay) = (group.path, group.status, group.replay)
                (groups[i].commands, groups[i].originalCommands) = (group.commands, group.originalCommands)
            }
        } else {
            groups.append(group)
        }
        groups.sort { ($0.count, $1.signature) > ($1.count, $0.signature) }
    }

    /// Adds another worker's result (a supervised check restarted after a crash).
    public mutating func merge(_ other: CheckResult) {
        status = max(status, other.status)
        interrupted = interrupted || other.interrupted
        seed = seed ?? other.seed
        scenarioFiles += other.scenarioFiles
        corpusEntries += other.corpusEntries
        cases += other.cases
        commands += other.commands
        campaignSeconds += other.campaignSeconds
        divergences += other.divergences
        for (k, n) in other.casesByProfile { casesByProfile[k, default: 0] += n }
        for (k, n) in other.commandsByProfile { commandsByProfile[k, default: 0] += n }
        for group in other.groups { addGroup(group) }
        findings += other.findings
        problems += other.problems
        if engines.isEmpty { engines = other.engines }
        skippedStatements += other.skippedStatements
        knownMet = Array(Set(knownMet + other.knownMet)).sorted()
        knownGone = Array(Set(knownGone + other.knownGone)).sorted()
        unshrunkGroups += other.unshrunkGroups
        harnessErrors += other.harnessErrors
        differences += other.differences
        steeredCases += other.steeredCases
        unsupported.merge(other.unsupported)
        shrinks.merge(other.shrinks)
        let offset = progress.last?.seconds ?? 0
        progress += other.progress.map {
            ProgressSample(seconds: $0.seconds + offset, cases: $0.cases, commands: $0.commands, divergences: $0.divergences)
        }
        var coverage = self.coverage
        coverage.add(other.coverage)
        ruleCounts = coverage.counts
        uncomparedRuleCounts = coverage.uncompared
    }

    // MARK: JSON

    enum CodingKeys: String, CodingKey {
        case version, status, seed, scenarioFiles, corpusEntries, cases, commands, campaignSeconds
        case casesByProfile, commandsByProfile, divergences, groups, findings, problems, coverage
        case engines, skippedStatements, progress, knownMet, knownGone, unshrunkGroups, interrupted
        case harnessErrors, differences, steeredCases, unsupported, shrinks
    }

    struct CoverageJSON: Codable {
        struct Outcome: Codable {
            var rule: String
            var branch: String
            var count: Int
            /// Decisions at steps a declared deviation left partly uncompared.
            var uncompared: Int?
        }
        var reached: Int
        var total: Int
        var outcomes: [Outcome]
        /// Outcomes decided at least once at a step compared in full on every engine.
        var comparedOnEveryEngine: Int?
        var neverReached: [String]
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decode(Int.self, forKey: .version)
        status = try c.decode(Int32.self, forKey: .status)
        seed = try c.decodeIfPresent(UInt64.self, forKey: .seed)
        scenarioFiles = try c.decode(Int.self, forKey: .scenarioFiles)
        corpusEntries = try c.decode(Int.self, forKey: .corpusEntries)
        cases = try c.decode(Int.self, forKey: .cases)
        commands = try c.decode(Int.self, forKey: .commands)
        campaignSeconds = try c.decode(Double.self, forKey: .campaignSeconds)
        casesByProfile = try c.decode([String: Int].self, forKey: .casesByProfile)
        commandsByProfile = try c.decode([String: Int].self, forKey: .commandsByProfile)
        divergences = try c.decode(Int.self, forKey: .divergences)
        groups = try c.decode([Group].self, forKey: .groups)
        findings = try c.decode([FindingEntry].self, forKey: .findings)
        problems = try c.decode([String].self, forKey: .problems)
        engines = try c.decodeIfPresent([RunResult.Engine].self, forKey: .engines) ?? []
        skippedStatements = try c.decodeIfPresent(Int.self, forKey: .skippedStatements) ?? 0
        progress = try c.decodeIfPresent([ProgressSample].self, forKey: .progress) ?? []
        knownMet = try c.decodeIfPresent([String].self, forKey: .knownMet) ?? []
        knownGone = try c.decodeIfPresent([String].self, forKey: .knownGone) ?? []
        unshrunkGroups = try c.decodeIfPresent(Int.self, forKey: .unshrunkGroups) ?? 0
        harnessErrors = try c.decodeIfPresent([String].self, forKey: .harnessErrors) ?? []
        differences = try c.decodeIfPresent(Int.self, forKey: .differences) ?? 0
        steeredCases = try c.decodeIfPresent(Int.self, forKey: .steeredCases) ?? 0
        unsupported = try c.decodeIfPresent(UnsupportedStatements.self, forKey: .unsupported) ?? .init()
        interrupted = try c.decodeIfPresent(Bool.self, forKey: .interrupted) ?? false
        shrinks = try c.decodeIfPresent(ShrinkTally.self, forKey: .shrinks) ?? .init()
        let coverage = try c.decode(CoverageJSON.self, forKey: .coverage)
        var counts = Array(repeating: 0, count: RuleOutcome.allCases.count)
        for outcome in RuleOutcome.allCases {
            let entry = coverage.outcomes.first { $0.rule == outcome.rule && $0.branch == outcome.branch }
            counts[outcome.rawValue] = entry?.count ?? 0
            uncomparedRuleCounts[outcome.rawValue] = entry?.uncompared ?? 0
        }
        ruleCounts = counts
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(version, forKey: .version)
        try c.encode(status, forKey: .status)
        try c.encodeIfPresent(seed, forKey: .seed)
        try c.encode(scenarioFiles, forKey: .scenarioFiles)
        try c.encode(corpusEntries, forKey: .corpusEntries)
        try c.encode(cases, forKey: .cases)
        try c.encode(commands, forKey: .commands)
        try c.encode(campaignSeconds, forKey: .campaignSeconds)
        try c.encode(casesByProfile, forKey: .casesByProfile)
        try c.encode(commandsByProfile, forKey: .commandsByProfile)
        try c.encode(divergences, forKey: .divergences)
        try c.encode(groups, forKey: .groups)
        try c.encode(findings, forKey: .findings)
        try c.encode(problems, forKey: .problems)
        try c.encode(engines, forKey: .engines)
        try c.encode(skippedStatements, forKey: .skippedStatements)
        try c.encode(progress, forKey: .progress)
        try c.encode(knownMet, forKey: .knownMet)
        try c.encode(knownGone, forKey: .knownGone)
        try c.encode(unshrunkGroups, forKey: .unshrunkGroups)
        try c.encode(harnessErrors, forKey: .harnessErrors)
        try c.encode(differences, forKey: .differences)
        try c.encode(steeredCases, forKey: .steeredCases)
        try c.encode(unsupported, forKey: .unsupported)
        try c.encode(interrupted, forKey: .interrupted)
        try c.encode(shrinks, forKey: .shrinks)
        try c.encode(coverageJSON, forKey: .coverage)
    }

    /// The JSON text (sorted keys, one line).
    public func jsonText() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? "{}"
    }

    private var coverageJSON: CoverageJSON {
        let coverage = self.coverage
        return CoverageJSON(
            reached: coverage.reached.count, total: coverage.counts.count,
            outcomes: RuleOutcome.allCases.map {
                .init(rule: $0.rule, branch: $0.branch, count: coverage.count($0), uncompared: coverage.uncompared[$0.rawValue])
            },
            comparedOnEveryEngine: coverage.compared.count, neverReached: coverage.neverReached.map { "\($0.rule): \($0.branch)" })
    }

    /// Just the `coverage` object of the JSON.
    public func coverageJSONText() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(coverageJSON), as: UTF8.self)) ?? "{}"
    }

    /// A string as a JSON string literal.
    public static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(text), as: UTF8.self)) ?? "\"\""
    }

    public static func fromJSON(_ text: String) throws -> CheckResult {
        try JSONDecoder().decode(CheckResult.self, from: Data(text.utf8))
    }
}
