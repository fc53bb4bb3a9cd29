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
    /// How its shrink went (nil when it was not shrunk): whether it slipped to another
    /// difference, how many candidates showed another cause instead, how long it took.
    public var shrink: ShrinkRecord?

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
    /// `divergence` (see ``CauseKey/admits(_:)``), wherever the case shows
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
    ///   - keeping: outcomes of which every candidate must show one, in place of the
    ///     divergence's own (a probe, shrunk for an outcome no group has: it shrinks to
    ///     the cause that outcome stands for, or keeps the group's beside it).
    public static func shrinking(
        _ commands: [Command], divergence: Divergence, seed: UInt64, profile: GenerationProfile,
        engines: [EngineFactory], seconds: Double = 60, deadline: ContinuousClock.Instant? = nil,
        invariants: Bool = true, willTry: (([Command]) -> Void)? = nil, keeping: Set<RuleOutcome> = []
    ) -> Finding {
        // A candidate shows the case's difference when ``CauseKey/admits(_:)`` says so:
        // the same statement class and kind of difference, one of its outcomes, and no
        // rule branch the case did not decide. Another difference met instead is another
        // cause (counted in ``ShrinkRecord/otherCausesMet``), never a smaller case of this one.
        var cause = CauseKey(divergence)
        // A probe keeps its outcome: it does not lose it for an answer that stands as it did.
        if !keeping.isEmpty { (cause.outcomes, cause.relation) = (keeping, nil) }
        func shows(_ found: Divergence) -> Bool { cause.admits(found) }
        let started = ContinuousClock.now
        var othersMet = 0
        let budgetEnd = ContinuousClock.now + .milliseconds(Int64(max(0, seconds) * 1000))
        let end = deadline.map { min($0, budgetEnd) } ?? budgetEnd
        // Long cases check invariants sparsely while shrinking (each check walks
        // every window); the minimal list is checked after every command. A run goes
        // on past differences of other causes and is cut after the first that shows
        // this one; how many came before it ranks the candidate.
        // A difference that is an engine's broken invariants is checked for after every
        // command, long list or not: a sparse check can miss an invariant broken for a
        // few commands, and call a deterministic finding nondeterministic.
        var timedOut = false
        var brokeInvariants = false
        if case .invariants = divergence.difference { brokeInvariants = true }
        func check(_ candidate: [Command], cadence: InvariantCadence? = nil, until: ContinuousClock.Instant?)
            -> (divergence: Divergence, before: Int)?
        {
            willTry?(candidate)
            let run = DifferentialRunner.run(
                candidate, engines: engines,
                cadence: cadence ?? (!invariants ? .off : candidate.count > 256 && !brokeInvariants ? .sparse : .everyCommand),
                continuesAfterDivergence: true, stopsAt: shows, deadline: until)
            timedOut = run.timedOut
            guard let last = run.divergences.last, shows(last) else {
                if !run.divergences.isEmpty { othersMet += 1 }
                return nil
            }
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
        var finding = Finding(caseSeed: seed, profile: profile, originalLength: commands.count, commands: minimal,
                              divergence: final ?? divergence)
        // (Every candidate kept showed the difference; the minimal list run again must
        // too: a list that no longer shows it, not for want of time, slipped.)
        finding.shrink = ShrinkRecord(cause: cause, slipped: final == nil && !timedOut,
                                      otherCausesMet: othersMet, candidates: shrinker.attempts,
                                      seconds: started.duration(to: .now).seconds)
        return finding
    }
}

extension Finding: CustomStringConvertible {
    /// One line: the group, the size and the case (not the whole command list).
    public var description: String {
        "\(signature) in \(commands.count) command(s), shrunk from \(originalLength), "
            + "case seed \(caseSeed), profile \(profile)"
    }
}

/// How one shrink went: what it kept, whether it kept it, what it met on the way.
public struct ShrinkRecord: Sendable, Equatable {
    /// The difference the shrink kept (see ``CauseKey``).
    public var cause: CauseKey
    /// True when the minimal case, run again on fresh engines, no longer shows ``cause``
    /// (a slip: every candidate the shrink kept showed it, so the target is never).
    public var slipped: Bool
    /// Candidates that showed another difference instead of this one: each rejected,
    /// each a sign of another cause on the way to this one.
    public var otherCausesMet: Int
    /// Candidates tried.
    public var candidates: Int
    /// Seconds the shrink took.
    public var seconds: Double
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}

extension Finding {
    /// Shrinks a shrunk finding again from its own minimal case, as a campaign shrinks a
    /// replayed finding, until a round takes nothing away (at most `rounds`): a first
    /// shrink keeps what its first case's difference named (an outcome that was only a
    /// circumstance there: a translucent view beside subviews hit in the wrong order),
    /// and the minimal case's own difference, kept in turn, lets it go. A finding that
    /// did not reproduce, or a round that slips, leaves the finding as it was.
    /// - Parameter seconds: the budget of every round together.
    public func shrunkAgain(engines: [EngineFactory], seconds: Double, rounds: Int = 3) -> Finding {
        var best = self
        let end = ContinuousClock.now + .milliseconds(Int64(max(0, min(seconds, 1e9)) * 1000))
        for _ in 0..<rounds where best.reproduced && !best.outOfTime && ContinuousClock.now < end {
            let next = Finding.shrinking(best.commands, divergence: best.divergence, seed: caseSeed, profile: profile,
                                         engines: engines, seconds: ContinuousClock.now.duration(to: end).seconds)
            guard next.reproduced, next.shrink?.slipped != true, next.commands.count < best.commands.count
                    || next.signature != best.signature else { break }
            let record = best.shrink
            best.commands = next.commands
            best.divergence = next.divergence
            best.shrink = record.map { first in
                var both = first
                both.candidates += next.shrink?.candidates ?? 0
                both.otherCausesMet += next.shrink?.otherCausesMet ?? 0
                both.seconds += next.shrink?.seconds ?? 0
                return both
            }
        }
        return best
    }
}
