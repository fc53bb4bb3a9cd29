import CommandEncoding
import DifferentialHarness
import Lockstep
import WindowModel

/// What one corpus entry did when replayed on every engine.
enum CorpusEntryReplay {
    case unsupportedVersion(UInt8)
    /// The commands run, and the statements an engine answered `unsupported`.
    case agreed(commands: Int, unsupported: UnsupportedStatements)
    /// The commands run, the divergence, the commands as sent (fitted to the engines),
    /// and the statements an engine answered `unsupported`.
    case diverged(commands: Int, [Divergence], sent: [Command], unsupported: UnsupportedStatements)

    /// Decodes `entry` and runs it on `engines` in lockstep. The one replay loop
    /// `corpus replay` and `check` share.
    init(_ entry: [UInt8], engines: [EngineFactory]) {
        switch CommandDecoder.decode(entry) {
        case let .unsupportedVersion(version):
            self = .unsupportedVersion(version)
        case let .commands(list):
            // On past the first difference: each later one is a candidate group too.
            let result = DifferentialRunner.run(list, engines: engines, cadence: .everyCommand,
                                                continuesAfterDivergence: true)
            if !result.divergences.isEmpty {
                var fitting = FeatureFilter(engines: engines)
                self = .diverged(commands: result.commandsRun, result.divergences, sent: list.compactMap { fitting.admit($0) },
                                 unsupported: result.unsupported)
            } else {
                self = .agreed(commands: result.commandsRun, unsupported: result.unsupported)
            }
        }
    }

    var commands: Int {
        switch self {
        case .unsupportedVersion: return 0
        case let .agreed(commands, _), let .diverged(commands, _, _, _): return commands
        }
    }

    var unsupported: UnsupportedStatements {
        switch self {
        case .unsupportedVersion: return .init()
        case let .agreed(_, unsupported), let .diverged(_, _, _, unsupported): return unsupported
        }
    }

    /// The divergence as lines for a person: the summary, then each engine's observations.
    static func describe(_ divergence: Divergence) -> [String] {
        ["\(divergence)"] + divergence.observations.map { engine, lines in
            "  \(engine): " + (lines.isEmpty ? "(nothing)" : lines.joined(separator: "; "))
        }
    }
}
