import ProcessSupport
import Foundation
import ScenarioLanguage
import WindowModel

/// Shrinks a command list on which an in-process engine crashes, with "still
/// crashes" as the property, each candidate run in a fresh child process (the
/// supervisor itself never runs the engines, so it survives every candidate).
public struct CrashShrinker {
    /// The child's command line for a scenario file of commands; the child runs
    /// them on the engines and exits normally unless they crash.
    public let probeArguments: (String) -> [String]
    /// Where candidate files are written.
    public let directory: String
    /// Seconds each child may take before it counts as a hang (not a crash).
    public var timeout: Double = 60

    public init(directory: String, probeArguments: @escaping (String) -> [String]) {
        self.directory = directory
        self.probeArguments = probeArguments
    }

    /// How a fresh child ends on `commands`, and the tail of its standard error.
    /// Nothing is started once this process is told to stop: then the outcome is SIGINT's.
    public func run(_ commands: [Command]) -> (outcome: ChildOutcome, standardErrorTail: String) {
        guard !Interruption.requested else { return (.signalled(SIGINT), "") }
        let path = directory + "/candidate-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).wls"
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            try AtomicFile.makeFolder(directory)
            try AtomicFile.write(Array(ScenarioPrinter.print(commands).utf8), to: path)
        } catch {
            return (.exited(127), "cannot write \(path): \(error)")
        }
        return ChildProcess.run(probeArguments(path), timeout: timeout, captureStandardError: true, quiet: true)
    }

    /// The smallest list reachable from `commands` (which must crash) that still
    /// crashes, within `seconds`.
    public func shrink(_ commands: [Command], seconds: Double) -> [Command] {
        var shrinker = Shrinker(deadline: .now + .milliseconds(Int64(seconds * 1000))) { candidate in
            self.run(candidate).outcome.isCrash ? candidate.count : nil
        }
        return shrinker.shrink(commands)
    }
}
