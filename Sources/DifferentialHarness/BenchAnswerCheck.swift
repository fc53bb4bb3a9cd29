import Lockstep
import WindowModel

/// What `windowlab bench --engine exec:CMD` checks before it times an engine: that
/// the engine answers the cases it will be timed on as the reference does (compared
/// under its declaration, as `check` compares), so that a figure never measures a
/// crash, garbage or a hang. The first problem ends the benchmark, named.
public enum BenchAnswerCheck {
    /// The first problem of `engine` on `cases` (run in lockstep with `reference`,
    /// without invariants), or nil when every case agreed.
    /// - Returns: the case's index and the divergence (a fault, a wrong answer).
    public static func firstProblem(cases: [[Command]], engine: EngineFactory,
                                    reference: EngineFactory) -> (caseIndex: Int, divergence: Divergence)? {
        for (index, commands) in cases.enumerated() {
            let run = DifferentialRunner.run(commands, engines: [reference, engine], cadence: .off)
            if let divergence = run.divergence { return (index, divergence) }
        }
        return nil
    }
}
