import Foundation
import Lockstep
import ScenarioLanguage
import WindowModel

/// What `windowlab run --json` prints (docs/run-json.md): per file, the trace,
/// the expectations, the first divergence or engine fault, and what was skipped.
public struct RunResult: Codable, Sendable, Equatable {
    /// The layout's version; fields are only ever added within a version.
    public var version = 1
    /// 0 every expectation held and the engines agreed; 1 not; 2 a file was unreadable
    /// or not a scenario, or an engine could not be started.
    public var status: Int32 = 0
    public var engines: [Engine] = []
    public var files: [File] = []
    /// What was compared over every file, by kind of statement (see ``ComparisonLedger``).
    public var compared = ComparisonLedger()
    /// Why the run compared too little to pass (declined statements and what they cut off).
    public var comparedTooLittle: [String] = []

    public struct Engine: Codable, Sendable, Equatable {
        public var name: String
        /// Feature words (docs/engine-protocol.md).
        public var features: [String]
        /// The SEMANTICS.md rules the engine declared it does not follow.
        public var deviations: [String] = []
        /// Its numeric domain: `double`, `float32` or `integer`.
        public var numbers = NumericDomain.double.rawValue
        /// The values it takes, as it declared them (`range -32768 32767 sizes 1 65535`), or absent.
        public var limits: String?

        public init(_ engine: EngineFactory) {
            name = engine.name
            features = engine.features.sorted().map(\.rawValue)
            deviations = engine.deviations.sorted().map(\.rawValue)
            numbers = engine.numbers.rawValue
            limits = engine.limits.isNone ? nil : engine.limits.words
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            features = try container.decode([String].self, forKey: .features)
            deviations = try container.decodeIfPresent([String].self, forKey: .deviations) ?? []
            numbers = try container.decodeIfPresent(String.self, forKey: .numbers) ?? NumericDomain.double.rawValue
            limits = try container.decodeIfPresent(String.self, forKey: .limits)
        }
    }

    public struct File: Codable, Sendable, Equatable {
        public var file: String
        public var status: Int32
        /// The first engine's observations, one trace line each.
        public var trace: [String] = []
        public var expectationsChecked = 0
        public var expectationsSkipped = 0
        public var statementsSkipped = 0
        /// Statements an engine answered `unsupported` (see ``UnsupportedStatements``).
        public var statementsUnsupported = 0
        /// What a declined statement cut off: statements never sent, `expect` lines never reached.
        public var statementsCutOff = 0
        public var expectationsUnreached = 0
        public var failures: [Failure] = []
        /// The first divergence.
        public var divergence: DivergenceEntry?
        /// Every divergence in the file, the first included (the engines run on after one).
        public var divergences: [DivergenceEntry] = []
        /// Why the file could not be run (a parse error), `file:line:col: error: reason`.
        public var error: String?
    }

    public struct Failure: Codable, Sendable, Equatable {
        public var line: Int
        public var statementLine: Int
        public var expected: String
        public var got: [String]
    }

    public struct DivergenceEntry: Codable, Sendable, Equatable {
        public var line: Int
        /// `observations`, `state`, `invariants of ENGINE`, or a fault: `crash of ENGINE`,
        /// `hang of …`, `exit of …`, `garbage from …`, `error of …`, `start of …`.
        public var aspect: String
        /// What differed, typed: `observations hit/view`, `state key` (see ``Difference``).
        public var difference: String
        public var signature: String
        public var summary: String
        public var observations: [EngineLines]
    }

    public struct EngineLines: Codable, Sendable, Equatable {
        public var engine: String
        public var lines: [String]
    }

    public init(engines: [EngineFactory]) {
        self.engines = engines.map(Engine.init)
    }

    /// Records a file that ran.
    public mutating func add(_ check: ScenarioCheck, scenario: Scenario) {
        var entry = File(file: scenario.file, status: (check.passed ? ExitStatus.success : .failed).rawValue)
        entry.trace = check.result.trace
        entry.expectationsChecked = check.result.expectationsChecked
        entry.expectationsSkipped = check.skippedExpectations
        entry.statementsSkipped = check.skippedStatements
        entry.statementsUnsupported = check.unsupported.statements
        entry.statementsCutOff = check.statementsCutOff
        entry.expectationsUnreached = check.expectationsUnreached
        compared.merge(check.unsupported.ledger)
        entry.failures = check.result.failures.map {
            Failure(line: $0.line, statementLine: $0.statementLine, expected: $0.expected, got: $0.got)
        }
        entry.divergences = check.divergences.map { divergence in
            DivergenceEntry(
                line: scenario.statements[divergence.commandIndex].line, aspect: divergence.aspect,
                difference: divergence.difference.text, signature: divergence.signature.text, summary: divergence.summary,
                observations: divergence.observations.map { EngineLines(engine: $0.engine, lines: $0.lines) })
        }
        entry.divergence = entry.divergences.first
        add(entry)
    }

    /// Records a file that could not be read or parsed.
    public mutating func add(file: String, error: String) {
        var entry = File(file: file, status: ExitStatus.badInput.rawValue)
        entry.error = error
        add(entry)
    }

    /// Fails the run when declined statements left too little compared (see
    /// ``ComparisonLedger/shortfalls``); returns why.
    public mutating func judgeCompared() -> [String] {
        let shortfalls = compared.shortfalls
        if !shortfalls.isEmpty { status = max(status, ExitStatus.failed.rawValue) }
        comparedTooLittle = shortfalls
        return shortfalls
    }

    private mutating func add(_ entry: File) {
        files.append(entry)
        status = max(status, entry.status)
    }

    /// The document, keys sorted.
    public func jsonText() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? "{}"
    }
}
