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
    /// Shrinks a failing case to a minimal one. When the case does not diverge
    /// again on fresh engines, the finding is a nondeterministic divergence with
    /// the original commands and divergence.
    /// - Parameter seconds: the shrinking budget (the best list so far is kept).
    /// - Parameters:
    ///   - invariants: check invariants while shrinking (as the run that found it did).
    ///   - willTry: called with each list before the engines run it.
    public static func shrinking(
        _ commands: [Command], divergence: Divergence, seed: UInt64, profile: GenerationProfile,
        engines: [EngineFactory], seconds: Double = 60, invariants: Bool = true,
        willTry: (([Command]) -> Void)? = nil
    ) -> Finding {
        // Long cases check invariants sparsely while shrinking (each check walks
        // every window); the minimal list is checked after every command.
        func check(_ candidate: [Command]) -> DifferentialResult {
            willTry?(candidate)
            return DifferentialRunner.run(candidate, engines: engines,
                                          cadence: !invariants ? .off : candidate.count > 256 ? .sparse : .everyCommand)
        }
        guard check(commands).divergence != nil else {
            return Finding(caseSeed: seed, profile: profile, originalLength: commands.count, commands: commands,
                           divergence: divergence, reproduced: false)
        }
        // A candidate counts only while it fails the same way (the same command kind and
        // the same difference), so shrinking never drifts from one cause to another.
        let cause = divergence.signature.coarse
        var lastFailure: (commands: [Command], divergence: Divergence)?
        var shrinker = Shrinker(deadline: .now + .milliseconds(Int64(seconds * 1000))) { candidate in
            guard let found = check(candidate).divergence, found.signature.coarse == cause else { return nil }
            lastFailure = (Array(candidate.prefix(found.commandIndex + 1)), found)
            return found.commandIndex + 1
        }
        // As the engines were sent it: numbers in their domain, what they lack left out,
        // so the saved scenario is exactly what ran.
        var fitting = FeatureFilter(engines: engines)
        let shrunk = shrinker.shrink(commands)
        let minimal = shrunk.compactMap { fitting.admit($0) }
        if Interruption.requested {
            // The engines are stopped: the list is kept as it stands, with the divergence it showed.
            let shown = lastFailure.flatMap { $0.commands == shrunk ? $0.divergence : nil } ?? divergence
            return Finding(caseSeed: seed, profile: profile, originalLength: commands.count, commands: minimal,
                           divergence: shown)
        }
        willTry?(minimal)
        let final = DifferentialRunner.run(minimal, engines: engines, checkInvariants: invariants).divergence
            ?? check(minimal).divergence
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
