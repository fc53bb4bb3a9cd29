import CommandGeneration
import Lockstep
import Synchronization
import WindowModel

/// The counters a campaign's threads share (the groups live in the ``CauseLedger``).
final class SharedCampaignState: Sendable {
    private struct Counters {
        var progress = CampaignProgress()
        var finishedJobs = 0
    }

    private let counters = Mutex(Counters())

    /// Counts a case: its profile, commands, divergences and rule outcomes.
    func add(profile: GenerationProfile, commands: Int, divergences: Int, ruleCounts: [Int]? = nil,
             uncompared: [Int] = [], steered: Bool = false, unsupported: UnsupportedStatements = .init()) {
        counters.withLock {
            if !unsupported.isEmpty || !unsupported.ledger.isEmpty { $0.progress.unsupported.merge(unsupported) }
            if let ruleCounts { $0.progress.coverage.add(ruleCounts) }
            if !uncompared.isEmpty { $0.progress.coverage.addUncompared(uncompared) }
            $0.progress.cases += 1
            $0.progress.commands += commands
            $0.progress.casesByProfile[profile, default: 0] += 1
            $0.progress.commandsByProfile[profile, default: 0] += commands
            if steered { $0.progress.steeredCases += 1 }
            guard divergences > 0 else { return }
            $0.progress.divergences += 1
            $0.progress.differences += divergences
            if $0.progress.casesToFirstDivergence == nil { $0.progress.casesToFirstDivergence = $0.progress.cases }
        }
    }

    func harnessError(_ text: String) { counters.withLock { $0.progress.harnessErrors.append(text) } }

    func finishJob() { counters.withLock { $0.finishedJobs += 1 } }

    func foundOne() { counters.withLock { $0.progress.findings += 1 } }

    func stopped(after limit: Int?) -> Bool {
        guard let limit else { return false }
        return counters.withLock { $0.progress.findings >= limit }
    }

    func runningJobs(total: Int) -> Int { counters.withLock { total - $0.finishedJobs } }

    /// The counters now, with the ledger's groups.
    func snapshot(elapsed: Duration, _ ledger: CauseLedger, final: Bool = false) -> CampaignProgress {
        var progress = counters.withLock { $0.progress }
        (progress.groups, progress.merged, progress.shrinks) = ledger.snapshot(final: final)
        let parts = elapsed.components
        progress.elapsedSeconds = Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
        return progress
    }
}
