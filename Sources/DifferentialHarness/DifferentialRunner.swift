import WindowModel

/// The first place where engines disagree about a command list.
public struct Divergence: Sendable, CustomStringConvertible {
    /// Index into the command list of the command after which they disagreed.
    public var commandIndex: Int
    public var command: Command
    /// What went wrong, in one sentence (which engines, which observation or state).
    public var summary: String
    /// Each engine's observations for that command, as trace text, by engine name,
    /// in the order the engines were given.
    public var observations: [(engine: String, lines: [String])]

    public var description: String { "command \(commandIndex + 1): \(summary)" }
}

/// The outcome of running one command list on several engines in lockstep.
public struct DifferentialResult: Sendable {
    /// The first engine's observations, one array per command run.
    public var trace: [[Observation]]
    /// The first divergence, or nil when every engine agreed on everything.
    public var divergence: Divergence?
    /// How many commands ran before the run stopped (all of them when clean).
    public var commandsRun: Int
}

/// Runs command lists on several engines side by side.
///
/// After every command it compares each engine's observations (as trace text,
/// so coordinates compare bit for bit) and snapshots (visible order and key window
/// per scene) with the first engine's, and asks every engine for invariant
/// violations. It stops at the first difference.
public enum DifferentialRunner {
    /// Runs `commands` (already validated) on a fresh instance of each engine.
    public static func run(
        _ commands: [Command], engines: [EngineFactory], checkInvariants: Bool = true
    ) -> DifferentialResult {
        let systems = engines.map { $0.make() }
        var trace: [[Observation]] = []
        trace.reserveCapacity(commands.count)
        for (index, command) in commands.enumerated() {
            let results = systems.map { $0.apply(command) }
            trace.append(results[0])
            if let summary = firstDifference(results, systems, engines, checkInvariants) {
                let divergence = Divergence(
                    commandIndex: index, command: command, summary: summary,
                    observations: zip(engines, results).map { ($0.name, $1.map(\.description)) })
                return DifferentialResult(trace: trace, divergence: divergence, commandsRun: index + 1)
            }
        }
        return DifferentialResult(trace: trace, divergence: nil, commandsRun: commands.count)
    }

    private static func firstDifference(
        _ results: [[Observation]], _ systems: [any WindowSystem], _ engines: [EngineFactory],
        _ checkInvariants: Bool
    ) -> String? {
        if checkInvariants {
            for (engine, system) in zip(engines, systems) {
                if let problem = system.invariantViolations().first {
                    return "\(engine.name) broke an invariant: \(problem)"
                }
            }
        }
        let expected = results[0].map(\.description)
        let baseline = systems[0].snapshot()
        for i in 1..<max(1, systems.count) {
            let got = results[i].map(\.description)
            if got != expected {
                return "\(engines[i].name) observed [\(got.joined(separator: "; "))] "
                    + "where \(engines[0].name) observed [\(expected.joined(separator: "; "))]"
            }
            let state = systems[i].snapshot()
            if state != baseline {
                return "\(engines[i].name) state \(state.map(\.description).joined(separator: "; ")) "
                    + "where \(engines[0].name) state \(baseline.map(\.description).joined(separator: "; "))"
            }
        }
        return nil
    }
}
