import CommandGeneration
import Lockstep
import WindowModel

/// A differential property suite: many generated cases, each run on a reference and
/// one or more candidate engines, every difference shrunk to a minimal scenario.
///
/// Use it from your own tests to check your engine against the reference model
/// (`WindowLabTesting`'s `expectAgreement()` fails the current test with just the
/// seed, the shrunk scenario and a replay command):
///
/// ```swift
/// import DifferentialHarness
/// import ReferenceModel
/// import Testing
/// import WindowLabTesting
/// import WindowModel
///
/// @Test func myEngineAgreesWithTheReference() {
///     PropertySuite(
///         reference: EngineFactory(name: "reference") { ReferenceWindowSystem() },
///         candidates: [EngineFactory(name: "mine") { MyWindowSystem() }]
///     ).expectAgreement()
/// }
/// ```
///
/// Each run draws a fresh seed (printed on failure) so runs explore new cases,
/// unless `seed` is given, `deterministic` is set, or `WINDOWLAB_RUN_SEED` pins it.
/// Cases mix the ``GenerationProfile``s unless `profile` (or `WINDOWLAB_PROFILE`)
/// pins one. Failures are saved to a ``FailureDatabase`` and replayed first by the
/// next run until they pass. `WINDOWLAB_SEED=<case seed>` replays one case;
/// `WINDOWLAB_PROPERTY_CASES=<n>` sets the number of cases.
public struct PropertySuite: Sendable {
    public var engines: [EngineFactory]
    public var cases: Int
    /// The run's seed: case `i` uses `SeededRandom.caseSeed(seed, i)`.
    public var seed: UInt64
    public var generator: CommandGenerator.Configuration
    /// The one profile to run, or nil for the mix.
    public var profile: GenerationProfile?
    /// Where failures are remembered between runs, or nil to remember nothing.
    public var failures: FailureDatabase?
    /// Groups known already (a `check --write-known` file, see ``KnownFindings``):
    /// a case that fails as one of them is counted in ``PropertySuiteResult/knownMet``
    /// and the run goes on.
    public var known = KnownFindings()
    /// Seconds a finding may shrink for (the best list so far is kept).
    public var shrinkSeconds = 60.0

    /// - Parameters:
    ///   - cases: the default budget; `WINDOWLAB_PROPERTY_CASES` overrides it.
    ///   - seed: the run's seed; nil draws a fresh one (or 0x5EED when `deterministic`).
    ///   - deterministic: the same cases every run (for CIs that want that).
    ///   - profile: nil mixes the profiles; the small profile is the cheapest.
    public init(
        reference: EngineFactory, candidates: [EngineFactory], cases: Int = 200, seed: UInt64? = nil,
        deterministic: Bool = false, generator: CommandGenerator.Configuration = .init(),
        profile: GenerationProfile? = nil, failures: FailureDatabase? = .standard
    ) {
        engines = [reference] + candidates
        self.cases = HarnessEnvironment.propertyCases(default: cases)
        // The environment pins what the caller left open (a replay hint's variables
        // do not override a test that pinned its own seed or profile).
        self.seed = seed ?? HarnessEnvironment.runSeed ?? (deterministic ? 0x5EED : UInt64.random(in: 0...UInt64.max))
        self.generator = generator
        self.profile = profile ?? HarnessEnvironment.profile
        if self.generator.focusRules.isEmpty, let focus = HarnessEnvironment.string("WINDOWLAB_FOCUS") {
            self.generator.focusRules = focus.split(separator: ",").map(String.init)
        }
        if self.generator.avoidKinds.isEmpty, let avoid = HarnessEnvironment.string("WINDOWLAB_AVOID") {
            self.generator.avoidKinds = avoid.split(separator: ",").map(String.init)
        }
        self.failures = failures
    }

    /// The case seeds this run tries, in order: just the replay seed when
    /// `WINDOWLAB_SEED` is set.
    public var caseSeeds: [UInt64] {
        if let replay = HarnessEnvironment.replaySeed { return [replay] }
        return (0..<cases).map { SeededRandom.caseSeed(seed, $0) }
    }

    /// The profile of a case: the pinned one, or the mix's draw from its seed.
    public func profile(ofCase caseSeed: UInt64) -> GenerationProfile {
        profile ?? .mixed(caseSeed: caseSeed)
    }

    /// Replays the saved failures, then runs cases until the first divergence
    /// (shrunk and saved) or the budget is spent.
    public func run() -> PropertySuiteResult {
        var result = PropertySuiteResult(seed: seed)
        if let failures {
            let replay = SavedFailureReplay(failures, engines: engines)
            result.fixedFailures = replay.fixed
            if let (path, finding) = replay.stillFailing.first(where: { !known.contains($0.1.signature) }) {
                result.finding = finding
                result.report = "A failure saved by an earlier run still fails (\(path)):\n"
                    + FindingFile(finding, engines: engines, origin: "saved failure \(path)").scenarioText
                return result
            }
        }
        for caseSeed in caseSeeds {
            let profile = profile(ofCase: caseSeed)
            // Each case runs past its differences: a known group met first does not hide
            // a new one later in the case.
            let generated = profile.run(seed: caseSeed, engines: engines, small: generator, recordRules: true,
                                        continuing: true)
            result.casesRun += 1
            result.commandsRun += generated.result.commandsRun
            result.unsupported.merge(generated.result.unsupported)
            if let counts = generated.result.ruleCounts { result.coverage.add(counts) }
            result.casesByProfile[profile, default: 0] += 1
            for divergence in generated.result.divergences.firstOfEachSignature {
                if known.contains(divergence.signature) {
                    result.knownMet.insert(divergence.signature)
                    continue
                }
                var finding = Finding.shrinking(Array(generated.commands.prefix(divergence.sourceIndex + 1)),
                                                divergence: divergence, seed: caseSeed, profile: profile, engines: engines,
                                                seconds: shrinkSeconds)
                (finding.focusRules, finding.avoidedKinds) = (generator.focusRules, generator.avoidKinds)
                if known.contains(finding.signature) {
                    result.knownMet.insert(finding.signature)
                    continue
                }
                result.finding = finding
                let file = FindingFile(finding, engines: engines)
                let saved = (try? failures?.save(file, engines: engines)).flatMap { $0 }.flatMap { $0 }
                result.report = reportText(finding, file, after: result.casesRun, savedAt: saved)
                return result
            }
        }
        return result
    }

    private func reportText(_ finding: Finding, _ file: FindingFile, after cases: Int, savedAt path: String?) -> String {
        let what = finding.reproduced ? "Divergence" : "Nondeterministic divergence (did not happen again on fresh engines)"
        var text = "\(what) in case \(cases) of run seed \(seed), case seed \(finding.caseSeed), "
            + "profile \(finding.profile).\n"
            + "Replay: WINDOWLAB_SEED=\(finding.caseSeed) WINDOWLAB_PROFILE=\(finding.profile)"
            + (generator.focusRules.isEmpty ? "" : " WINDOWLAB_FOCUS=\(generator.focusRules.joined(separator: ","))")
            + (generator.avoidKinds.isEmpty ? "" : " WINDOWLAB_AVOID=\(generator.avoidKinds.joined(separator: ","))")
            + " swift test --filter <this test>"
        if let path { text += "\nSaved to \(path) (replayed first by the next run until it passes)." }
        return text + "\n" + file.scenarioText
    }
}

/// What a ``PropertySuite`` run found.
public struct PropertySuiteResult: Sendable {
    /// The run's seed (`WINDOWLAB_RUN_SEED` replays the run).
    public var seed: UInt64 = 0
    public var casesRun = 0
    public var commandsRun = 0
    public var casesByProfile: [GenerationProfile: Int] = [:]
    /// The rule outcomes the reference decided over the cases run (when the
    /// suite's first engine reports them): `coverage.table`, `coverage.neverReached`.
    public var coverage = RuleCoverage()
    /// The first divergence, shrunk (nondeterministic ones unshrunk); nil when every case agreed.
    public var finding: Finding?
    /// The seed and the minimal scenario, ready to print in a failing test.
    public var report: String?
    /// Saved failures that passed this time (and were deleted from the database).
    public var fixedFailures: [String] = []
    /// Known groups (``PropertySuite/known``) that cases failed as, passed over.
    public var knownMet: Set<FindingSignature> = []
    /// Statements an engine answered `unsupported` (see ``UnsupportedStatements``).
    public var unsupported = UnsupportedStatements()

    /// True when no case diverged (a nondeterministic divergence is a failure too) and
    /// declined statements left enough compared (``ComparisonLedger/shortfalls``).
    public var passed: Bool { finding == nil && unsupported.shortfalls(of: commandsRun).isEmpty }
}

extension PropertySuiteResult: CustomStringConvertible {
    /// One line (what a failed `#expect(result.passed)` shows beside the value);
    /// ``report`` holds the scenario.
    public var description: String {
        let ran = "\(casesRun) cases, \(commandsRun) commands, run seed \(seed)"
            + (unsupported.isEmpty ? "" : "; " + unsupported.summary)
        let shortfalls = unsupported.shortfalls(of: commandsRun)
        if finding == nil, !shortfalls.isEmpty {
            return "failed: compared too little: " + shortfalls.joined(separator: "; ") + " (\(ran))"
        }
        guard let finding else { return "passed: \(ran)" }
        return "failed: \(finding) (\(ran); the report holds the scenario)"
    }
}
