import WindowModel

/// A differential property suite: many generated cases, each run on a reference and
/// one or more candidate engines, every difference shrunk to a minimal scenario.
///
/// Use it from your own tests to check your engine against the reference model:
///
/// ```swift
/// import DifferentialHarness
/// import ReferenceModel
/// import Testing
///
/// @Test func myEngineAgreesWithTheReference() {
///     let suite = PropertySuite(
///         reference: EngineFactory(name: "reference") { ReferenceWindowSystem() },
///         candidates: [EngineFactory(name: "mine") { MyWindowSystem() }])
///     let result = suite.run()
///     #expect(result.finding == nil, "\(result.report ?? "")")
/// }
/// ```
///
/// `WINDOWLAB_SEED=<seed>` replays one case; `WINDOWLAB_PROPERTY_CASES=<n>` sets
/// the number of cases (for long runs).
public struct PropertySuite: Sendable {
    public var engines: [EngineFactory]
    public var cases: Int
    public var seed: UInt64
    public var generator: CommandGenerator.Configuration

    /// - Parameters:
    ///   - cases: the default budget; `WINDOWLAB_PROPERTY_CASES` overrides it.
    ///   - seed: the run's seed; case `i` uses `SeededRandom.caseSeed(seed, i)`.
    public init(
        reference: EngineFactory, candidates: [EngineFactory], cases: Int = 200, seed: UInt64 = 0x5EED,
        generator: CommandGenerator.Configuration = .init()
    ) {
        engines = [reference] + candidates
        self.cases = HarnessEnvironment.propertyCases(default: cases)
        self.seed = seed
        self.generator = generator
    }

    /// The case seeds this run tries, in order: just the replay seed when
    /// `WINDOWLAB_SEED` is set.
    public var caseSeeds: [UInt64] {
        if let replay = HarnessEnvironment.replaySeed { return [replay] }
        return (0..<cases).map { SeededRandom.caseSeed(seed, $0) }
    }

    /// Runs cases until the first divergence (shrunk) or the budget is spent.
    public func run() -> PropertySuiteResult {
        var result = PropertySuiteResult()
        for caseSeed in caseSeeds {
            var generator = CommandGenerator(seed: caseSeed, configuration: generator)
            let commands = generator.generate()
            let outcome = DifferentialRunner.run(commands, engines: engines)
            result.casesRun += 1
            result.commandsRun += outcome.commandsRun
            if outcome.divergence != nil {
                result.finding = DifferentialCampaign.shrink(commands, seed: caseSeed, engines: engines)
                result.report = result.finding.map {
                    "Divergence with case seed \(caseSeed) (WINDOWLAB_SEED=\(caseSeed) replays it), "
                        + "after \(result.casesRun) cases:\n" + $0.scenarioText(engines: engines)
                } ?? "case seed \(caseSeed) diverged but did not reproduce while shrinking (nondeterministic engine?)"
                return result
            }
        }
        return result
    }
}

/// What a ``PropertySuite`` run found.
public struct PropertySuiteResult: Sendable {
    public var casesRun = 0
    public var commandsRun = 0
    /// The first divergence, shrunk; nil when every case agreed.
    public var finding: Finding?
    /// The seed and the minimal scenario, ready to print in a failing test.
    public var report: String?
}
