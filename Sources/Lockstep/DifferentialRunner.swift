import Foundation
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
    /// What differed.
    public var difference: Difference
    /// The rule outcomes the first engine (the reference) decided at that command,
    /// when it reports them.
    public var outcomes: [RuleOutcome] = []
    /// Where the command stands in the list the caller gave (``commandIndex`` counts
    /// only the commands the engines were sent; a list for engines that lack some
    /// features holds others too): what cuts a list after its diverging command.
    public var sourceIndex: Int
    /// How the differing engine's answer stood to the first engine's, for a `hit`,
    /// touch or press line (see ``AnswerRelation``).
    public var relation: AnswerRelation?
    /// The engine fault this is, when an engine stopped answering rather than disagreed.
    public var fault: EngineFault? = nil

    public init(commandIndex: Int, command: Command, summary: String,
                observations: [(engine: String, lines: [String])], difference: Difference,
                outcomes: [RuleOutcome] = []) {
        self.commandIndex = commandIndex
        sourceIndex = commandIndex
        self.command = command
        self.summary = summary
        self.observations = observations
        self.difference = difference
        self.outcomes = outcomes
    }

    public var description: String { "command \(commandIndex + 1): \(summary)" }

    /// What differed in the coarse words of `--json`: `observations`, `state`,
    /// `invariants of ENGINE`, `crash of ENGINE` (see ``Difference/aspect``).
    public var aspect: String { difference.aspect }

    /// What groups divergences that are likely one cause: the command's kind, what
    /// differed and the reference's outcomes at that step
    /// (`hit observations hit/view [h4OutsideParentNotReached]`).
    public var signature: FindingSignature {
        FindingSignature(command: command.kindName, difference: difference, outcomes: fault == nil ? outcomes : [],
                         relation: fault == nil ? relation : nil)
    }
}

/// The outcome of running one command list on several engines in lockstep.
public struct DifferentialResult: Sendable {
    /// The first engine's observations, one array per command run.
    public var trace: [[Observation]]
    /// The first divergence, or nil when every engine agreed on everything.
    public var divergence: Divergence?
    /// Every divergence, when the run went on after the first (else the first alone).
    public var divergences: [Divergence] = []
    /// How many commands ran before the run stopped (all of them when clean).
    public var commandsRun: Int
    /// The rule outcomes the first engine decided, when it was asked to record them.
    public var ruleCounts: [Int]? = nil
    /// Of those, the decisions at steps a declared deviation left partly uncompared.
    public var uncomparedRuleCounts: [Int] = []
    /// Whether the run ended at its deadline, unfinished.
    public var timedOut = false
    /// The statements an engine answered `unsupported`, and whether one of them ended
    /// the run (see ``UnsupportedStatements``).
    public var unsupported = UnsupportedStatements()
    public var endedUnsupported = false
    /// The commands (indices among those run) the first engine answered `unsupported`.
    public var declinedByFirst: Set<Int> = []
}

/// Runs command lists on several engines side by side.
///
/// After every command it compares each engine's observations (as trace text,
/// so coordinates compare bit for bit) and snapshots (visible order and key window
/// per scene) with the first engine's, and asks every engine for invariant
/// violations. It stops at the first difference. See ``LockstepSession``.
public enum DifferentialRunner {
    /// Runs `commands` (already validated) on a fresh instance of each engine.
    public static func run(
        _ commands: [Command], engines: [EngineFactory], checkInvariants: Bool = true
    ) -> DifferentialResult {
        run(commands, engines: engines, cadence: checkInvariants ? .everyCommand : .off)
    }

    /// Runs `commands` checking invariants at the given cadence (and after the last).
    /// - Parameters:
    ///   - continuesAfterDivergence: go on past differences (see
    ///     ``LockstepSession/continuesAfterDivergence``), ending at the first one
    ///     `stopsAt` chooses.
    ///   - deadline: end the run, unfinished, at this instant.
    public static func run(
        _ commands: [Command], engines: [EngineFactory], cadence: InvariantCadence,
        recordRules: Bool = false, willRun: ((Command) -> Void)? = nil, continuesAfterDivergence: Bool = false,
        stopsAt: ((Divergence) -> Bool)? = nil, deadline: ContinuousClock.Instant? = nil
    ) -> DifferentialResult {
        var session = LockstepSession(engines: engines, cadence: cadence, recordRules: recordRules)
        session.willRun = willRun
        session.continuesAfterDivergence = continuesAfterDivergence
        session.stopsAt = stopsAt
        session.deadline = deadline
        let fitted = session.pipeline(commands)
        for (position, (index, command)) in fitted.enumerated() {
            if !session.run(command, isLast: position == fitted.count - 1, sourceIndex: index) { break }
        }
        return session.result
    }
}

extension LockstepSession {
    /// The run so far as a ``DifferentialResult``.
    public var result: DifferentialResult {
        DifferentialResult(trace: trace, divergence: divergence, divergences: divergences, commandsRun: commands.count,
                           ruleCounts: ruleCounts, uncomparedRuleCounts: uncomparedRuleCounts, timedOut: timedOut,
                           unsupported: unsupportedWithCutOff, endedUnsupported: endedUnsupported,
                           declinedByFirst: declinedByFirst)
    }
}
