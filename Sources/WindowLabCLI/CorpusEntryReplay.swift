import CommandEncoding
import DifferentialHarness
import WindowModel

/// What one corpus entry did when replayed on every engine.
enum CorpusEntryReplay {
    case unsupportedVersion(UInt8)
    case agreed(commands: Int)
    case diverged(commands: Int, Divergence)

    /// Decodes `entry` and runs it on `engines` in lockstep. The one replay loop
    /// `corpus replay` and `check` share.
    init(_ entry: [UInt8], engines: [EngineFactory]) {
        switch CommandDecoder.decode(entry) {
        case let .unsupportedVersion(version):
            self = .unsupportedVersion(version)
        case let .commands(list):
            let result = DifferentialRunner.run(list, engines: engines)
            if let divergence = result.divergence {
                self = .diverged(commands: result.commandsRun, divergence)
            } else {
                self = .agreed(commands: result.commandsRun)
            }
        }
    }

    var commands: Int {
        switch self {
        case .unsupportedVersion: return 0
        case let .agreed(commands), let .diverged(commands, _): return commands
        }
    }

    /// The divergence as lines for a person: the summary, then each engine's observations.
    static func describe(_ divergence: Divergence) -> [String] {
        ["\(divergence)"] + divergence.observations.map { engine, lines in
            "  \(engine): " + (lines.isEmpty ? "(nothing)" : lines.joined(separator: "; "))
        }
    }
}
