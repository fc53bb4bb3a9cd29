import Foundation
import Lockstep
import WindowModel

/// The shapes of generated cases a campaign mixes. Each is engine-agnostic: it only
/// issues commands and reads what any engine answers (and, where an engine offers
/// them, its ``ProbeHints``), so it reaches the same depths in a user's engine as in
/// this project's.
public enum GenerationProfile: String, CaseIterable, Sendable, CustomStringConvertible {
    /// About 150 commands over at most 10 windows and 30 views, half of the cases
    /// with a swarm draw of command kinds: rules decided in small states.
    case small
    /// Hundreds to thousands of windows of mixed sizes, built at once, probed on
    /// every edge and on the engine's hints, then hidden, shown, raised, moved,
    /// shrunk and grown in bulk and probed again: machinery only many windows reach.
    case crowd
    /// Windows on a coarse lattice sharing edges, with stacks of identical frames
    /// (long runs at one place), probed on the lattice lines.
    case lattice
    /// Many windows, a share of them parked far off the scene and brought back,
    /// probed near the scene, near the parked ones and in between.
    case parked
    /// Thousands of commands over dozens of windows, with a swarm draw.
    case long
    /// Huge and tiny magnitudes in one scene, coordinates next to powers of two and
    /// sums that round, on scenes from a point to 1e12 wide.
    case magnitudes

    public var description: String { rawValue }

    /// Shares of cases in a mixed campaign (out of 100). Scale cases cost about a
    /// hundred small ones each, so these shares give them roughly half the time.
    var mixShare: Int {
        switch self {
        case .small: return 94
        case .crowd: return 2
        case .lattice: return 1
        case .parked: return 1
        case .long: return 1
        case .magnitudes: return 1
        }
    }

    /// The profile of a case in a mixed campaign, drawn from its seed.
    public static func mixed(caseSeed: UInt64) -> GenerationProfile {
        var random = SeededRandom(seed: caseSeed ^ 0x5CA1E)
        var roll = Int.random(in: 0..<100, using: &random)
        for profile in allCases {
            roll -= profile.mixShare
            if roll < 0 { return profile }
        }
        return .small
    }

    /// How often a case of this profile checks invariants: every command for small
    /// states, sparsely for big ones.
    public var cadence: InvariantCadence {
        self == .small ? .everyCommand : .sparse
    }
}

/// One generated case: its seed, its profile and the commands it ran (up to the
/// divergence, if any), with the lockstep run's result.
public struct GeneratedCase: Sendable {
    public var seed: UInt64
    public var profile: GenerationProfile
    public var commands: [Command]
    public var result: DifferentialResult
}

extension GenerationProfile {
    /// Generates case `seed` of this profile and runs it on `engines` in lockstep.
    /// Scale profiles look at the engines between phases (their probe hints), so
    /// generation and running go together; the commands returned replay the case
    /// on their own.
    /// - Parameter small: the configuration small cases use (a user's budget).
    /// - Parameter willRun: called with each command before the engines run it.
    /// - Parameter recordRules: count the reference's rule outcomes (``DifferentialResult/ruleCounts``).
    /// - Parameter continuing: go on past differences (see ``LockstepSession/continuesAfterDivergence``),
    ///   so that the case shows every cause it meets.
    /// - Parameter deadline: end the case, unfinished, at this instant.
    public func run(seed: UInt64, engines: [EngineFactory], invariants: Bool = true,
                    small: CommandGenerator.Configuration = .init(), recordRules: Bool = false,
                    continuing: Bool = false, deadline: ContinuousClock.Instant? = nil,
                    willRun: ((Command) -> Void)? = nil) -> GeneratedCase {
        let session = session(seed: seed, engines: engines, invariants: invariants, small: small,
                              recordRules: recordRules, continuing: continuing, deadline: deadline, willRun: willRun)
        return GeneratedCase(seed: seed, profile: self, commands: session.commands, result: session.result)
    }

    /// Generates and runs case `seed` as ``run(seed:engines:invariants:small:recordRules:willRun:)``
    /// does, and hands back the live session, so more commands can follow the state
    /// the case built (the scale fuzz target appends its input's commands to it).
    public func session(seed: UInt64, engines: [EngineFactory], invariants: Bool = true,
                        small: CommandGenerator.Configuration = .init(), recordRules: Bool = false,
                        continuing: Bool = false, deadline: ContinuousClock.Instant? = nil,
                        willRun: ((Command) -> Void)? = nil) -> LockstepSession {
        let cadence = invariants ? self.cadence : .off
        switch self {
        case .small, .long:
            var configuration = small
            var random = SeededRandom(seed: seed ^ 0x5A4A)
            if self == .long {
                configuration = .init(length: Int.random(in: 1500...4000, using: &random),
                                      maxWindows: Int.random(in: 20...80, using: &random),
                                      maxViews: 200, maxScenes: 4, swarm: true, encodable: false)
            } else if random.chance(0.5) {
                configuration.swarm = true
                configuration.encodable = false
            }
            configuration.features = configuration.features.intersection(engines.sharedFeatures)
            var generator = CommandGenerator(seed: seed, configuration: configuration)
            let generated = generator.generate()
            var session = LockstepSession(engines: engines, cadence: cadence, recordRules: recordRules)
            session.willRun = willRun
            session.continuesAfterDivergence = continuing
            session.deadline = deadline
            let commands = session.pipeline(generated)
            // (Divergences index the commands run: the case's list is the session's.)
            for (position, (_, command)) in commands.enumerated() {
                if !session.run(command, isLast: position == commands.count - 1) { break }
            }
            return session
        case .crowd, .lattice, .parked, .magnitudes:
            var builder = ScaleCaseBuilder(seed: seed, engines: engines, cadence: cadence, recordRules: recordRules)
            builder.session.continuesAfterDivergence = continuing
            builder.session.deadline = deadline
            builder.session.willRun = willRun
            builder.build(self)
            return builder.session
        }
    }
}
