import ArgumentParser
import WindowModel

extension ExitStatus {
    /// The status as ArgumentParser's error, to end a command with.
    var exit: ExitCode { ExitCode(rawValue) }
}
