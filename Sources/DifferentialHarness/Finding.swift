import Foundation
import CommandGeneration
import Lockstep
import ProcessSupport
import Shrinking
import WindowModel

/// One divergence a campaign or a property suite found, already shrunk.
public struct Finding: Sendable {
    /// The case seed: with the profile, it regenerates the unshrunk case.
    public var caseSeed: UInt64
    /// The profile that generated the case.
    public var profile: GenerationProfile = .small
    public var originalLength: Int
    /// The minimal failing command list (the whole original list when the
    /// divergence did not reproduce).
    public var commands: [Command]
    /// The divergence the minimal list shows (at its last command), or the
    /// original run's when it did not reproduce.
    public var divergence: Divergence
    /// False when running the case again did not diverge: a nondeterministic
    /// engine (state kept between instances, uninitialised memory, hash order, a
    /// clock). Still a failure: the original case is kept.
    public var reproduced = true
    /// The rules a coverage-guided case was weighted toward (empty for most cases):
    /// with the seed and profile, what regenerates the case.
    public var focusRules: [String] = []
    /// The kinds of command a steered case left out (see ``CampaignSteering``): with
    /// the seed and profile, what regenerates the case.
    public var avoidedKinds: [String] = []
    /// The command of the generated case where the divergence was (1-based): a case can
    /// show several causes, each saved under its own name.
    public var caseStep: Int?
    /// True when the time ran out before the case could be run again: neither shrunk
    /// nor known to reproduce (a campaign reports such a group by its case seed).
    public var outOfTime = false
    /// Where a finding that no campaign generated came from (`replayed from
    /// corpus/x.wlpack entry 3f2a…`); nil for a generated case.
    public var origin: String?

    public init(caseSeed: UInt64, profile: GenerationProfile = .small, originalLength: Int, commands: [Command],
                divergence: Divergence, reproduced: Bool = true) {
        self.caseSeed = caseSeed
        self.profile = profile
        self.originalLength = originalLength
        self.commands = commands
        self.divergence = divergence
        self.reproduced = reproduced
    }

    /// The group this finding stands for (see ``Divergence/signature``).
    public var signature: FindingSignature { reproduced ? divergence.signature : .nondeterministic }
}

extension Finding {
    /// Shrinks a failing case to a minimal one that shows the same cause as
    /// `divergence` (see ``FindingSignature/sameCause(_:)``), wherever the case shows
    /// it: each candidate runs past differences of other causes
    /// (``LockstepSession/continuesAfterDivergence``) and is cut after the first one
    /// of this cause. When the case does not show it again on fresh engines, the
    /// finding is a nondeterministic divergence with the original commands and
    /// divergence.
    /// - Parameters:
    ///   - seconds: the shrinking budget (the best list so far is kept).
    ///   - deadline: an instant no run may pass, whatever the budget (a campaign's end
    ///     and its grace): a run still going then counts as not failing.
    ///   - invariants: check invariants while shrinking (as the run that found it did).
    ///   - willTry: called with each list before the engines run it.
    public static func shrinking(
        _ commands: [Command], divergence: Divergence, seed: UInt64, profile: GenerationProfile,
        engines: [EngineFactory], seconds: Double = 60, deadline: ContinuousClock.Instant? = nil,
        invariants: Bool = true, willTry: (([Command]) -> Void)? = nil
    ) -> Finding {
        let cause = divergence.signature
        let decided = FindingSignature.decisive(divergence.outcomes, of: divergence.difference)
        // A candidate shows the cause when it differs the same way, keeps one of the
        // case's outcomes and decides no rule branch the case did not (see
        // ``FindingSignature/sameCause(_:)``): so shrinking neither drifts to another
        // cause nor leans on one (a zero size, an edge) that another bug needs.
        func shows(_ found: Divergence) -> Bool {
            // (An engine's fault or broken invariants are caught at a step that decided
            // whatever it decided: its outcomes are no circumstance of theirs.)
            var caughtAnywhere = found.fault != nil
            if case .invariants = found.difference { caughtAnywhere = true }
            return cause.sameCause(found.signature)
                && (caughtAnywhere || FindingSignature.decisive(found.outcomes, of: found.difference).isSubset(of: decided))
        }
        let budgetEnd = ContinuousClock.now + .milliseconds(Int64(max(0, seconds) * 1000))
        let end = deadline.map { min($0, budgetEnd) } ?? budgetEnd
        // Long cases check invariants sparsely while shrinking (each check walks
        // every window); the minimal list is checked after every command. A run goes
        // on past differences of other causes and is cut after the first that shows
        // this one; how many came before it ranks the candidate.
        var timedOut = false
        func check(_ candidate: [Command], cadence: InvariantCadence? = nil, until: ContinuousClock.Instant?)
            -> (divergence: Divergence, before: Int)?
        {
            willTry?(candidate)
            let run = DifferentialRunner.run(
                candidate, engines: engines,
                cadence: cadence ?? (!invariants ? .off : candidate.count > 256 ? .sparse : .everyCommand),
                continuesAfterDivergence: true, stopsAt: shows, deadline: until)
            timedOut = run.timedOut
            guard let last = run.divergences.last, shows(last) else { return nil }
            return (last, run.divergences.count - 1)
        }
        // Interrupted (the engines are stopped): the case is kept as it stands.
        let unshrunk = Finding(caseSeed: seed, profile: profile, originalLength: commands.count, commands: commands,
                               divergence: divergence)
        if Interruption.requested { return unshrunk }
        guard check(commands, until: deadline) != nil else {
            if Interruption.requested { return unshrunk }
            var finding = Finding(caseSeed: seed, profile: profile, originalLength: commands.count, commands: commands,
                                  divergence: divergence, reproduced: timedOut)
            finding.outOfTime = timedOut
            return finding
        }
        var lastFailure: (commands: [Command], divergence: Divergence)?
        var shrinker = Shrinker(deadline: end, ranked: { candidate in
            guard let found = check(candidate, until: end) else { return nil }
            lastFailure = (Array(candidate.prefix(found.divergence.sourceIndex + 1)), found.divergence)
            return (found.divergence.sourceIndex + 1, found.before)
        })
        // As the engines were sent it: numbers in their domain, what they lack left out,
        // so the saved scenario is exactly what ran.
        var fitting = FeatureFilter(engines: engines)
        let shrunk = shrinker.shrink(commands)
        var minimal = shrunk.compactMap { fitting.admit($0) }
        if Interruption.requested {
            // The engines are stopped: the list is kept as it stands, with the divergence it showed.
            let shown = lastFailure.flatMap { $0.commands == shrunk ? $0.divergence : nil } ?? divergence
            return Finding(caseSeed: seed, profile: profile, originalLength: commands.count, commands: minimal,
                           divergence: shown)
        }
        // Invariants checked after every command may break before the command a sparse
        // check caught it at: the minimal list ends where they break.
        let final = (check(minimal, cadence: invariants ? .everyCommand : .off, until: deadline)
            ?? check(minimal, until: deadline))?.divergence
        if let final { minimal = Array(minimal.prefix(final.sourceIndex + 1)) }
        return Finding(caseSeed: seed, profile: profile, originalLength: commands.count, commands: minimal,
                       divergence: final ?? divergence)
    }
}

extension Finding: CustomStringConvertible {
    /// One line: the group, the size and the case (not the whole command list).
    public var description: String {
        "\(signature) in \(commands.count) command(s), shrunk from \(originalLength), "
            + "case seed \(caseSeed), profile \(profile)"
    }
}
