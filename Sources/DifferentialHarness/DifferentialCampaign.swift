import CommandGeneration
import Foundation
import Lockstep
import ProcessSupport
import Synchronization
import WindowModel

/// A time-boxed differential campaign: generate cases from a seed, run each on every
/// engine past every difference, count each divergence into a group (one per cause,
/// see ``CauseLedger``), and shrink each new group's first case.
///
/// A case does not end at its first difference: it goes on (see
/// ``LockstepSession/continuesAfterDivergence``), so one case can show several causes,
/// and a dominant one does not hide what comes after it. Later small cases are
/// steered around the kinds of command that led into divergences (see
/// ``CampaignSteering``).
///
/// Jobs run on their own threads; job `j` runs cases `j, j + jobs, j + 2·jobs, …`, so
/// a case's seed and profile depend only on the campaign seed and the case index.
/// Unless a profile is pinned, each case's profile is drawn from its seed
/// (``GenerationProfile/mixed(caseSeed:)``). Between cases a job shrinks a waiting
/// group first, if there is one: every group found gets shrunk while time is left.
/// The time bounds the whole campaign, shrinking included: a shrink runs until the
/// end at most, and ``shrinkGrace`` after it for its last run and its check.
public struct DifferentialCampaign: Sendable {
    public var seed: UInt64
    public var seconds: Double
    public var jobs: Int
    public var engines: [EngineFactory]
    public var generator: CommandGenerator.Configuration
    /// The one profile to run, or nil for the mix.
    public var profile: GenerationProfile?
    /// Check every engine's invariants during the cases (see ``GenerationProfile/cadence``).
    public var checkInvariants: Bool
    /// Shrink at most this many groups (nil: every group found); the groups over it
    /// are reported unshrunk, with the case seed that replays each.
    public var maxFindings: Int?
    /// Seconds of shrinking each group may take at most. The campaign's time is
    /// shared among the groups waiting (see ``shrinkBudget(_:waiting:)``), and at least
    /// ``minimumShrinkSeconds`` a group, but never past the campaign's end.
    public var shrinkSeconds: Double
    /// What a group gets to shrink in however little time is left.
    public var minimumShrinkSeconds = 1.0
    /// Seconds past the campaign's end that a shrink's last run and its check may take.
    public var shrinkGrace = 2.0
    /// The most of the jobs' time that shrinking shrunk groups again may take while
    /// cases are still to run: a shrink that keeps its cause costs hundreds of runs, a
    /// case one, so without a share the groups found first would take the whole run
    /// (issue 42, "dominant causes found first still leave time for the rest").
    public var resampleShare = 0.25
    /// End the campaign once this many findings are saved (nil: run the whole time).
    public var stopAfterFindings: Int?
    /// The index of the first case (a campaign resumed after a crash skips the cases before).
    public var firstCase = 0
    /// Run at most this many cases (from ``firstCase``), then shrink what they found
    /// and end, unless ``seconds`` run out first: a campaign whose outcome depends on
    /// its cases, not on how fast the machine is (nil: cases until the time is up).
    public var caseLimit: Int?
    /// Where each job records the case it is running, for a supervisor to find
    /// the crashing one (see ``InFlightRecorder``).
    public var inFlight: InFlightRecorder?
    /// Count the reference model's rule outcomes (``CampaignProgress/coverage``).
    public var recordRules = true
    /// Weight one small case in four toward the rules reached least so far (their
    /// rule ids are the case's focus, printed with any finding, so it replays).
    public var coverageGuided = true
    /// Steer half of the later small cases around the kinds of command that led into
    /// divergences (see ``CampaignSteering``).
    public var steers = true
    /// Groups known already (a baseline, `check --known`): counted when met, never
    /// shrunk or saved again. Give the signatures their scenarios show now
    /// (``KnownFindings/replay(on:)``).
    public var known: [FindingSignature] = []
    /// Checks each shrunk finding before it is saved; nil when it shows what it says
    /// (by default ``FindingVerification/problem(_:engines:deadline:)``). Tests plant
    /// a harness that saves what does not reproduce.
    public var verify: @Sendable (Finding, [EngineFactory], ContinuousClock.Instant?) -> FindingVerification.Outcome
        = { FindingVerification.check($0, engines: $1, deadline: $2) }

    public init(
        seed: UInt64, seconds: Double, jobs: Int, engines: [EngineFactory],
        generator: CommandGenerator.Configuration = .init(), profile: GenerationProfile? = nil,
        checkInvariants: Bool = true, maxFindings: Int? = nil, shrinkSeconds: Double = 60
    ) {
        self.seed = seed
        self.seconds = seconds
        self.jobs = max(1, jobs)
        self.engines = engines
        self.generator = generator
        self.profile = profile
        self.checkInvariants = checkInvariants
        self.maxFindings = maxFindings
        self.shrinkSeconds = shrinkSeconds
    }

    /// The profile of case `index`.
    public func profile(ofCase index: Int) -> GenerationProfile {
        profile ?? .mixed(caseSeed: SeededRandom.caseSeed(seed, index))
    }

    /// Runs until the time is up (or ``caseLimit`` cases ran and what they found is
    /// shrunk, or this process is interrupted: see ``Interruption``; a group being
    /// shrunk then keeps the best list so far and is still passed to `found`, the
    /// groups waiting stay unshrunk with their case seeds). `progress` is called about
    /// twice a second from the calling thread; `found` is called once per saved
    /// finding, from a job thread, and returns where it saved it (nil when it could not).
    /// - Parameter forget: removes a saved finding (its path, as `found` returned it)
    ///   that a more general group found later supersedes.
    public func run(
        progress: (CampaignProgress) -> Void, found: @escaping @Sendable (Finding) -> String?,
        forget: @escaping @Sendable (String) -> Void = { _ in }
    ) -> CampaignProgress {
        let shared = SharedCampaignState()
        let ledger = CauseLedger(known: known, claimLimit: maxFindings ?? .max)
        let start = ContinuousClock.now
        let deadline = start + .milliseconds(Int64(seconds * 1000))
        let threads = (0..<jobs).map { job in
            Thread { [self] in
                var index = firstCase + job
                // Each job steers its coverage-guided and steered cases by its own cases
                // only, so a case depends on the seed, --jobs and --first-case, not on timing.
                var coverage = RuleCoverage()
                var steering = CampaignSteering()
                var turn = 0
                let end = caseLimit.map { firstCase + max(0, $0) } ?? .max
                while ContinuousClock.now < deadline && !shared.stopped(after: stopAfterFindings)
                    && !Interruption.requested {
                    turn += 1
                    // Waiting groups first; then cases and shrinking again in turn; once the
                    // cases are done, what is left to shrink again.
                    if let claim = ledger.claim() {
                        shrink(claim, job: job, ledger, shared, found, forget, deadline: deadline)
                    } else if index >= end || (turn % 2 == 0 && ledger.resampleSeconds
                                                   <= resampleShare * Double(jobs) * start.duration(to: .now).seconds),
                              let claim = ledger.claimResample() {
                        resample(claim, job: job, ledger, shared, found, forget, deadline: deadline)
                    } else if index < end {
                        runCase(index, job: job, &coverage, &steering, shared, ledger, deadline: deadline)
                        index += jobs
                    } else {
                        break
                    }
                }
                inFlight?.clear(job: job)
                shared.finishJob()
            }
        }
        threads.forEach { $0.start() }
        while shared.runningJobs(total: jobs) > 0 {
            Thread.sleep(forTimeInterval: 0.5)
            progress(shared.snapshot(elapsed: start.duration(to: .now), ledger))
        }
        return shared.snapshot(elapsed: start.duration(to: .now), ledger, final: true)
    }

    /// Generates and runs case `index`, and counts its divergences into groups.
    func runCase(_ index: Int, job: Int, _ coverage: inout RuleCoverage, _ steering: inout CampaignSteering,
                 _ shared: SharedCampaignState, _ ledger: CauseLedger, deadline: ContinuousClock.Instant? = nil) {
        let caseSeed = SeededRandom.caseSeed(seed, index)
        let profile = profile(ofCase: index)
        var configuration = generator
        if coverageGuided && recordRules && profile == .small && index % 4 == 3 {
            configuration.focusRules = coverage.weakestRules(5)
        } else if steers && profile == .small {
            configuration.avoidKinds = steering.avoided(caseSeed: caseSeed)
        }
        inFlight?.record(job: job, .campaignCase(index: index, seed: caseSeed, profile: profile.rawValue,
                                                 focus: configuration.focusRules, avoided: configuration.avoidKinds))
        let generated = profile.run(seed: caseSeed, engines: engines, invariants: checkInvariants,
                                    small: configuration, recordRules: recordRules, continuing: true, deadline: deadline)
        // A case cut short by an interruption (its engines stopped) is not counted.
        if generated.result.divergences.last?.fault?.kind == .interrupted { return }
        if let counts = generated.result.ruleCounts { coverage.add(counts) }
        // One divergence per signature: a cause met again later in the case adds nothing.
        let divergences = generated.result.divergences.firstOfEachSignature
        steering.note(divergences)
        shared.add(profile: profile, commands: generated.result.commandsRun, divergences: generated.result.divergences.count,
                   ruleCounts: generated.result.ruleCounts, uncompared: generated.result.uncomparedRuleCounts,
                   steered: !configuration.avoidKinds.isEmpty, unsupported: generated.result.unsupported)
        ledger.record(divergences, commands: generated.commands, caseIndex: index, caseSeed: caseSeed, profile: profile,
                      focus: configuration.focusRules, avoided: configuration.avoidKinds)
    }

    /// Shrinks a claimed group's case, checks the finding reproduces as `windowlab run`
    /// runs it, and saves it when it is a new cause.
    func shrink(_ claim: (group: Int, example: CauseLedger.Example, signature: FindingSignature), job: Int,
                _ ledger: CauseLedger, _ shared: SharedCampaignState, _ found: @Sendable (Finding) -> String?,
                _ forget: @Sendable (String) -> Void, deadline: ContinuousClock.Instant) {
        let (group, example, _) = claim
        guard let finding = shrunkFinding(example, job: job, ledger, deadline: deadline) else {
            return ledger.unclaim(group)
        }
        ledger.noteShrink(group, finding.shrink)
        guard case let .new(superseded) = ledger.shrunk(group, finding: finding) else { return }
        save(finding, group: group, superseded: superseded, example, ledger, shared, found, forget, deadline: deadline)
    }

    /// Shrinks a shrunk group again from another of its cases: a simpler scenario of
    /// its cause replaces the saved one; another cause is a group of its own.
    func resample(_ claim: (group: Int, example: CauseLedger.Example, signature: FindingSignature), job: Int,
                  _ ledger: CauseLedger, _ shared: SharedCampaignState, _ found: @Sendable (Finding) -> String?,
                  _ forget: @Sendable (String) -> Void, deadline: ContinuousClock.Instant) {
        let (group, example, _) = claim
        guard let finding = shrunkFinding(example, job: job, ledger, deadline: deadline), finding.reproduced else { return }
        ledger.noteShrink(group, finding.shrink, resample: true)
        switch ledger.resampled(group, from: example, finding: finding) {
        case .same, .other(_, .merged):
            return
        case .simpler:
            save(finding, group: group, superseded: [], example, ledger, shared, found, forget,
                 deadline: deadline, replacing: true)
        case let .other(new, .new(superseded)):
            save(finding, group: new, superseded: superseded, example, ledger, shared, found, forget, deadline: deadline)
        }
    }

    /// The example's case shrunk, or nil when the time ran out before it could even
    /// be run again.
    private func shrunkFinding(_ example: CauseLedger.Example, job: Int, _ ledger: CauseLedger,
                               deadline: ContinuousClock.Instant) -> Finding? {
        // While shrinking, the engines run new lists: each is recorded before it runs,
        // so a crash there names the list that crashed.
        var finding = Finding.shrinking(
            example.commands, divergence: example.divergence, seed: example.caseSeed, profile: example.profile,
            engines: engines, seconds: shrinkBudget(deadline, waiting: ledger.waitingCount),
            deadline: deadline + .milliseconds(Int64(shrinkGrace * 1000)), invariants: checkInvariants,
            willTry: inFlight.map { recorder in { recorder.recordCandidate(job: job, $0, caseIndex: example.caseIndex) } },
            keeping: example.keeping)
        inFlight?.clear(job: job)
        (finding.focusRules, finding.avoidedKinds) = (example.focus, example.avoided)
        finding.caseStep = example.divergence.sourceIndex + 1
        return finding.outOfTime ? nil : finding
    }

    /// Checks a new group's finding reproduces as `windowlab run` runs it, saves it,
    /// and removes the files it supersedes; a finding that does not reproduce is a
    /// harness error, reported, never saved.
    private func save(_ finding: Finding, group: Int, superseded: [String], _ example: CauseLedger.Example,
                      _ ledger: CauseLedger, _ shared: SharedCampaignState, _ found: @Sendable (Finding) -> String?,
                      _ forget: @Sendable (String) -> Void, deadline: ContinuousClock.Instant, replacing: Bool = false) {
        // (Interrupted, the engines are stopped: what was shrunk is saved unchecked.)
        if finding.reproduced && !Interruption.requested {
            switch verify(finding, engines, deadline + .milliseconds(Int64(shrinkGrace * 1000))) {
            case .reproduces:
                break
            case .outOfTime:
                if !replacing { ledger.unclaim(group, signature: example.divergence.signature) }
                return
            case let .problem(problem):
                let hint = CampaignGroup.hint(example)
                let text = "HARNESS ERROR: the shrunk scenario of \(finding.signature) (\(hint)) does not "
                    + "reproduce through `windowlab run`: \(problem)"
                if !replacing { ledger.harnessError(group, problem: text) }
                shared.harnessError(text)
                return
            }
        }
        superseded.forEach(forget)
        ledger.saved(group, path: found(finding), commands: finding.commands).forEach(forget)
        if !replacing { shared.foundOne() }
    }

    /// The seconds a group may shrink for, `deadline` being the campaign's end and
    /// `waiting` the groups waiting besides it: a fair share of what is left, so that
    /// a short run shrinks every group it found.
    func shrinkBudget(_ deadline: ContinuousClock.Instant?, waiting: Int) -> Double {
        guard let deadline else { return shrinkSeconds }
        let left = ContinuousClock.now.duration(to: deadline).components
        let seconds = max(0, Double(left.seconds) + Double(left.attoseconds) * 1e-18)
        let share = seconds * Double(jobs) / Double(waiting + jobs)
        return min(shrinkSeconds, max(minimumShrinkSeconds, share))
    }

    /// Shrinks a failing case to a minimal one, or nil when it does not fail.
    public static func shrink(_ commands: [Command], seed: UInt64, engines: [EngineFactory]) -> Finding? {
        shrink(commands, seed: seed, engines: engines, difference: 1)
    }

    /// The differences `commands` shows, one per signature, in the order met (a run that
    /// goes on past each: every one a cause of its own).
    public static func differences(_ commands: [Command], engines: [EngineFactory]) -> [Divergence] {
        DifferentialRunner.run(commands, engines: engines, cadence: .everyCommand, continuesAfterDivergence: true)
            .divergences.firstOfEachSignature
    }

    /// Shrinks a failing case for its `difference`th difference (1-based, see
    /// ``differences(_:engines:)``), or nil when it shows fewer.
    public static func shrink(_ commands: [Command], seed: UInt64, engines: [EngineFactory], difference: Int) -> Finding? {
        let shown = differences(commands, engines: engines)
        guard difference >= 1, difference <= shown.count else { return nil }
        return shrink(commands, for: shown[difference - 1], seed: seed, engines: engines)
    }

    /// Shrinks `commands` for `divergence`, one of the differences they show.
    public static func shrink(_ commands: [Command], for divergence: Divergence, seed: UInt64,
                              engines: [EngineFactory]) -> Finding {
        Finding.shrinking(Array(commands.prefix(divergence.sourceIndex + 1)), divergence: divergence, seed: seed,
                          profile: .small, engines: engines)
    }
}
