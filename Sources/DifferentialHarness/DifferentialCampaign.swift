import CommandGeneration
import Foundation
import Lockstep
import ProcessSupport
import Synchronization
import WindowModel

/// Counters a campaign reports while it runs and when it ends.
public struct CampaignProgress: Sendable {
    public var cases = 0
    public var commands = 0
    public var divergences = 0
    public var elapsedSeconds = 0.0
    /// Cases and commands per profile.
    public var casesByProfile: [GenerationProfile: Int] = [:]
    public var commandsByProfile: [GenerationProfile: Int] = [:]
    /// Diverging cases per signature (see ``Divergence/signature``), with the
    /// profile that first found each.
    public var groups: [FindingSignature: (count: Int, profile: GenerationProfile)] = [:]
    /// Shrunk findings that turned out to have the signature of one saved before
    /// (two first divergences of one cause): counted, not saved again.
    public var merged = 0
    /// The groups whose first divergence was taken for shrinking.
    public var claimedGroups: Set<FindingSignature> = []
    /// Known groups (``DifferentialCampaign/known``) met: not shrunk again, not saved.
    public var knownMet: Set<FindingSignature> = []

    /// Groups found that were neither shrunk nor known: over the finding limit, or
    /// met when no time was left.
    public var unshrunkGroups: [FindingSignature] {
        groups.keys.filter { !claimedGroups.contains($0) && !knownMet.contains($0) }.sorted()
    }

    /// Groups found that are not known: shrunk ones that were not known, and unshrunk
    /// ones that no known group matches by command and difference.
    public func newGroups(known: KnownFindings) -> [FindingSignature] {
        groups.keys.filter { group in
            !knownMet.contains(group) && (claimedGroups.contains(group) || !known.contains(group, shrunk: false))
        }.sorted()
    }
    /// How many cases had finished when the first divergence was counted (it included).
    public var casesToFirstDivergence: Int?
    /// Findings saved so far.
    public var findings = 0
    /// The rule outcomes the reference decided over every case (when recorded).
    public var coverage = RuleCoverage()

    public var commandsPerSecond: Double { elapsedSeconds > 0 ? Double(commands) / elapsedSeconds : 0 }
}

/// A time-boxed differential campaign: generate cases from a seed, run each on every
/// engine, group the divergences by signature and shrink the first of each group.
///
/// Jobs run on their own threads; job `j` runs cases `j, j + jobs, j + 2·jobs, …`, so
/// a case's seed and profile depend only on the campaign seed and the case index.
/// Unless a profile is pinned, each case's profile is drawn from its seed
/// (``GenerationProfile/mixed(caseSeed:)``).
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
    /// Stop shrinking and saving after this many findings (the campaign goes on counting).
    public var maxFindings: Int
    /// Seconds of shrinking each finding may take at most. The campaign's time is
    /// shared: a finding gets at most half of what is left of it (and at least
    /// ``minimumShrinkSeconds``), so a late group is shrunk briefly instead of holding
    /// the run long past its time, and more groups get shrunk in a short campaign.
    public var shrinkSeconds: Double
    /// What a finding gets to shrink in however little time is left.
    public var minimumShrinkSeconds = 3.0
    /// End the campaign once this many findings are saved (nil: run the whole time).
    public var stopAfterFindings: Int?
    /// The index of the first case (a campaign resumed after a crash skips the cases before).
    public var firstCase = 0
    /// End the campaign after this many cases (nil: run the whole time): a campaign
    /// bounded by work, not by the clock, does the same on any machine.
    public var maxCases: Int?
    /// Where each job records the case it is running, for a supervisor to find
    /// the crashing one (see ``InFlightRecorder``).
    public var inFlight: InFlightRecorder?
    /// Count the reference model's rule outcomes (``CampaignProgress/coverage``).
    public var recordRules = true
    /// Weight one small case in four toward the rules reached least so far (their
    /// rule ids are the case's focus, printed with any finding, so it replays).
    public var coverageGuided = true
    /// Groups known already (a baseline, `check --known`): counted when met, never
    /// shrunk or saved again.
    public var known = KnownFindings()

    public init(
        seed: UInt64, seconds: Double, jobs: Int, engines: [EngineFactory],
        generator: CommandGenerator.Configuration = .init(), profile: GenerationProfile? = nil,
        checkInvariants: Bool = true, maxFindings: Int = 10, shrinkSeconds: Double = 60
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

    /// Runs until the time is up (or ``maxCases`` cases ran, or this process is
    /// interrupted: see ``Interruption``; a finding being shrunk then keeps the best
    /// list so far and is still passed to `found`). `progress` is called about twice a second from the
    /// calling thread; `found` is called once per saved finding, from a job thread.
    public func run(
        progress: (CampaignProgress) -> Void, found: @escaping @Sendable (Finding) -> Void
    ) -> CampaignProgress {
        let shared = SharedCampaignState()
        let start = ContinuousClock.now
        let deadline = start + .milliseconds(Int64(seconds * 1000))
        let threads = (0..<jobs).map { job in
            Thread { [self] in
                var index = firstCase + job
                // Each job steers its coverage-guided cases by its own cases only, so a
                // case's focus depends on the seed, --jobs and --first-case, not on timing.
                var coverage = RuleCoverage()
                while ContinuousClock.now < deadline && !shared.stopped(after: stopAfterFindings) && !Interruption.requested
                    && index < firstCase + (maxCases ?? .max - firstCase) {
                    runCase(index, job: job, &coverage, shared, found, deadline: deadline)
                    index += jobs
                }
                inFlight?.clear(job: job)
                shared.finishJob()
            }
        }
        threads.forEach { $0.start() }
        while shared.runningJobs(total: jobs) > 0 {
            Thread.sleep(forTimeInterval: 0.5)
            progress(shared.snapshot(elapsed: start.duration(to: .now)))
        }
        return shared.snapshot(elapsed: start.duration(to: .now))
    }

    /// Generates and runs case `index`; shrinks it when it opens a new group.
    func runCase(_ index: Int, job: Int, _ coverage: inout RuleCoverage, _ shared: SharedCampaignState,
                 _ found: @Sendable (Finding) -> Void, deadline: ContinuousClock.Instant? = nil) {
        let caseSeed = SeededRandom.caseSeed(seed, index)
        let profile = profile(ofCase: index)
        var configuration = generator
        if coverageGuided && recordRules && profile == .small && index % 4 == 3 {
            configuration.focusRules = coverage.weakestRules(5)
        }
        inFlight?.record(job: job, .campaignCase(index: index, seed: caseSeed, profile: profile.rawValue,
                                                 focus: configuration.focusRules))
        let generated = profile.run(seed: caseSeed, engines: engines, invariants: checkInvariants,
                                    small: configuration, recordRules: recordRules)
        // A case cut short by an interruption (its engines stopped) is not counted.
        if generated.result.divergence?.fault?.kind == .interrupted { return }
        if let counts = generated.result.ruleCounts { coverage.add(counts) }
        let divergence = generated.result.divergence
        let claimed = shared.add(profile: profile, commands: generated.result.commandsRun, divergence: divergence,
                                 ruleCounts: generated.result.ruleCounts, findingLimit: maxFindings, known: known,
                                 uncompared: generated.result.uncomparedRuleCounts)
        guard let divergence, claimed else { return }
        // While shrinking, the engines run new lists: each is recorded before it runs,
        // so a crash there names the list that crashed.
        var finding = Finding.shrinking(generated.commands, divergence: divergence, seed: caseSeed, profile: profile,
                                        engines: engines, seconds: shrinkBudget(deadline), invariants: checkInvariants,
                                        willTry: inFlight.map { recorder in {
                                            recorder.recordCandidate(job: job, $0, caseIndex: index)
                                        } })
        finding.focusRules = configuration.focusRules
        inFlight?.recordCandidate(job: job, finding.commands, caseIndex: index)   // the picture runs it
        if !finding.reproduced { shared.reopen(divergence.signature) }
        guard shared.keep(finding.signature, claimed: divergence.signature, known: known) else {
            inFlight?.clear(job: job)
            return
        }
        found(finding)
        shared.foundOne()
        inFlight?.clear(job: job)
    }

    /// The seconds a finding may shrink for, `deadline` being the campaign's end.
    func shrinkBudget(_ deadline: ContinuousClock.Instant?) -> Double {
        guard let deadline else { return shrinkSeconds }
        let left = ContinuousClock.now.duration(to: deadline).components
        let seconds = Double(left.seconds) + Double(left.attoseconds) * 1e-18
        return min(shrinkSeconds, max(minimumShrinkSeconds, seconds / 2))
    }

    /// Shrinks a failing case to a minimal one, or nil when it does not fail.
    public static func shrink(_ commands: [Command], seed: UInt64, engines: [EngineFactory]) -> Finding? {
        guard let divergence = DifferentialRunner.run(commands, engines: engines).divergence else { return nil }
        return Finding.shrinking(commands, divergence: divergence, seed: seed, profile: .small, engines: engines)
    }
}

/// The counters the campaign's threads share.
final class SharedCampaignState: Sendable {
    private struct Counters {
        var progress = CampaignProgress()
        var finishedJobs = 0
        var claimedFindings = 0
        /// Signatures whose first divergence was taken for shrinking.
        var claimed = Set<FindingSignature>()
        /// Signatures of the findings saved (after shrinking).
        var saved = Set<FindingSignature>()
    }

    private let counters = Mutex(Counters())

    /// Counts a case; returns whether its divergence opens a group that may still
    /// be shrunk (under the limit): then the caller shrinks and saves it. Counting
    /// and claiming happen under one lock, so no group is claimed twice or missed.
    func add(profile: GenerationProfile, commands: Int, divergence: Divergence?, ruleCounts: [Int]? = nil,
             findingLimit: Int = .max, known: KnownFindings = KnownFindings(), uncompared: [Int] = []) -> Bool {
        counters.withLock {
            if let ruleCounts { $0.progress.coverage.add(ruleCounts) }
            if !uncompared.isEmpty { $0.progress.coverage.addUncompared(uncompared) }
            $0.progress.cases += 1
            $0.progress.commands += commands
            $0.progress.casesByProfile[profile, default: 0] += 1
            $0.progress.commandsByProfile[profile, default: 0] += commands
            if let divergence {
                $0.progress.divergences += 1
                if $0.progress.casesToFirstDivergence == nil { $0.progress.casesToFirstDivergence = $0.progress.cases }
                let previous = $0.progress.groups[divergence.signature]
                $0.progress.groups[divergence.signature] = ((previous?.count ?? 0) + 1, previous?.profile ?? profile)
                if known.contains(divergence.signature) {
                    $0.progress.knownMet.insert(divergence.signature)
                    return false
                }
                if $0.claimedFindings < findingLimit, $0.claimed.insert(divergence.signature).inserted {
                    $0.claimedFindings += 1
                    $0.progress.claimedGroups.insert(divergence.signature)
                    return true
                }
            }
            return false
        }
    }

    /// Lets a later divergence of this signature be shrunk again (the one claimed
    /// did not reproduce: it is saved as a nondeterministic finding instead).
    func reopen(_ signature: FindingSignature) {
        counters.withLock {
            _ = $0.claimed.remove(signature)
            _ = $0.progress.claimedGroups.remove(signature)
        }
    }

    /// Whether a shrunk finding is the first with its signature (then it is saved);
    /// otherwise it is counted as merged into the one saved before.
    func keep(_ signature: FindingSignature, claimed: FindingSignature, known: KnownFindings = KnownFindings()) -> Bool {
        counters.withLock {
            if known.contains(signature) {
                // The group was known after all: its unshrunk signature too.
                $0.progress.knownMet.formUnion([signature, claimed])
                $0.claimedFindings -= 1
                return false
            }
            if $0.saved.insert(signature).inserted { return true }
            $0.progress.merged += 1
            $0.claimedFindings -= 1
            return false
        }
    }

    func finishJob() { counters.withLock { $0.finishedJobs += 1 } }

    func foundOne() { counters.withLock { $0.progress.findings += 1 } }

    func stopped(after limit: Int?) -> Bool {
        guard let limit else { return false }
        return counters.withLock { $0.progress.findings >= limit }
    }

    func runningJobs(total: Int) -> Int { counters.withLock { total - $0.finishedJobs } }

    func snapshot(elapsed: Duration) -> CampaignProgress {
        var progress = counters.withLock { $0.progress }
        let parts = elapsed.components
        progress.elapsedSeconds = Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
        return progress
    }
}
