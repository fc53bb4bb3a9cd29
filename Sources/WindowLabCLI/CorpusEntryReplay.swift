import CommandEncoding
import DifferentialHarness
import Lockstep
import WindowModel

/// What one corpus entry did when replayed on every engine.
enum CorpusEntryReplay {
    case unsupportedVersion(UInt8)
    case agreed(commands: Int)
    /// The commands run, the divergence, and the commands as sent (fitted to the engines).
    case diverged(commands: Int, Divergence, sent: [Command])

    /// Decodes `entry` and runs it on `engines` in lockstep. The one replay loop
    /// `corpus replay` and `check` share.
    init(_ entry: [UInt8], engines: [EngineFactory]) {
        switch CommandDecoder.decode(entry) {
        case let .unsupportedVersion(version):
            self = .unsupportedVersion(version)
        case let .commands(list):
            let result = DifferentialRunner.run(list, engines: engines)
            if let divergence = result.divergence {
                var fitting = FeatureFilter(engines: engines)
                self = .diverged(commands: result.commandsRun, divergence, sent: list.compactMap { fitting.admit($0) })
            } else {
                self = .agreed(commands: result.commandsRun)
            }
        }
    }

    var commands: Int {
        switch self {
        case .unsupportedVersion: return 0
        case let .agreed(commands), let .diverged(commands, _, _): return commands
        }
    }

    /// The divergence as lines for a person: the summary, then each engine's observations.
    static func describe(_ divergence: Divergence) -> [String] {
        ["\(divergence)"] + divergence.observations.map { engine, lines in
            "  \(engine): " + (lines.isEmpty ? "(nothing)" : lines.joined(separator: "; "))
        }
    }
}
