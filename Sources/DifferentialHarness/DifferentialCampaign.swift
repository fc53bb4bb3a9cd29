import Foundation
import Synchronization
import WindowModel

/// One divergence a campaign found, already shrunk.
public struct Finding: Sendable {
    /// The case seed: `WINDOWLAB_SEED=<seed>` replays the unshrunk case.
    public var caseSeed: UInt64
    public var originalLength: Int
    /// The minimal failing command list.
    public var commands: [Command]
    /// The divergence the minimal list shows (at its last command).
    public var divergence: Divergence
}

/// Counters a campaign reports while it runs and when it ends.
public struct CampaignProgress: Sendable {
    public var cases = 0
    public var commands = 0
    public var divergences = 0
    public var elapsedSeconds = 0.0

    public var commandsPerSecond: Double { elapsedSeconds > 0 ? Double(commands) / elapsedSeconds : 0 }
}

/// A time-boxed differential campaign: generate cases from a seed, run each on every
/// engine, shrink every divergence.
///
/// Jobs run on their own threads; job `j` runs cases `j, j + jobs, j + 2·jobs, …`, so
/// a case's seed depends only on the campaign seed and the case index.
public struct DifferentialCampaign: Sendable {
    public var seed: UInt64
    public var seconds: Double
    public var jobs: Int
    public var engines: [EngineFactory]
    public var generator: CommandGenerator.Configuration
    /// Stop shrinking and saving after this many findings (the campaign goes on counting).
    public var maxFindings: Int

    public init(
        seed: UInt64, seconds: Double, jobs: Int, engines: [EngineFactory],
        generator: CommandGenerator.Configuration = .init(), maxFindings: Int = 10
    ) {
        self.seed = seed
        self.seconds = seconds
        self.jobs = max(1, jobs)
        self.engines = engines
        self.generator = generator
        self.maxFindings = maxFindings
    }

    /// Runs until the time is up. `progress` is called about twice a second from the
    /// calling thread; `found` is called once per saved finding, from a job thread.
    public func run(
        progress: (CampaignProgress) -> Void, found: @escaping @Sendable (Finding) -> Void
    ) -> CampaignProgress {
        let shared = SharedCampaignState()
        let start = ContinuousClock.now
        let deadline = start + .milliseconds(Int64(seconds * 1000))
        let threads = (0..<jobs).map { job in
            Thread { [self] in
                var index = job
                while ContinuousClock.now < deadline {
                    runCase(index, shared, found)
                    index += jobs
                }
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

    /// Generates, runs and (on divergence) shrinks case `index`.
    func runCase(_ index: Int, _ shared: SharedCampaignState, _ found: @Sendable (Finding) -> Void) {
        let caseSeed = SeededRandom.caseSeed(seed, index)
        var generator = CommandGenerator(seed: caseSeed, configuration: generator)
        let commands = generator.generate()
        let result = DifferentialRunner.run(commands, engines: engines)
        shared.add(commands: result.commandsRun, diverged: result.divergence != nil)
        guard result.divergence != nil, shared.claimFinding(limit: maxFindings) else { return }
        if let finding = Self.shrink(commands, seed: caseSeed, engines: engines) { found(finding) }
    }

    /// Shrinks a failing case to a minimal one, or nil when it does not fail.
    public static func shrink(_ commands: [Command], seed: UInt64, engines: [EngineFactory]) -> Finding? {
        var shrinker = Shrinker { candidate in
            DifferentialRunner.run(candidate, engines: engines).divergence.map { $0.commandIndex + 1 }
        }
        let minimal = shrinker.shrink(commands)
        guard let divergence = DifferentialRunner.run(minimal, engines: engines).divergence else { return nil }
        return Finding(caseSeed: seed, originalLength: commands.count, commands: minimal, divergence: divergence)
    }
}

/// The counters the campaign's threads share.
final class SharedCampaignState: Sendable {
    private struct Counters {
        var progress = CampaignProgress()
        var finishedJobs = 0
        var claimedFindings = 0
    }

    private let counters = Mutex(Counters())

    func add(commands: Int, diverged: Bool) {
        counters.withLock {
            $0.progress.cases += 1
            $0.progress.commands += commands
            if diverged { $0.progress.divergences += 1 }
        }
    }

    func claimFinding(limit: Int) -> Bool {
        counters.withLock {
            guard $0.claimedFindings < limit else { return false }
            $0.claimedFindings += 1
            return true
        }
    }

    func finishJob() { counters.withLock { $0.finishedJobs += 1 } }

    func runningJobs(total: Int) -> Int { counters.withLock { total - $0.finishedJobs } }

    func snapshot(elapsed: Duration) -> CampaignProgress {
        var progress = counters.withLock { $0.progress }
        let parts = elapsed.components
        progress.elapsedSeconds = Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
        return progress
    }
}
