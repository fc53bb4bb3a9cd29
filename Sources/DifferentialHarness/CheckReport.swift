import Foundation
import WindowModel

/// Builds the ``CheckResult`` of one check as it goes: each problem raises the
/// status and is told to `log` at once (with notes on the way), so a long check
/// says what it finds while it runs. The caller chooses the format of the result.
public struct CheckReport {
    public var result = CheckResult()
    /// Where problems and notes are told (`check` passes standard error).
    public let log: @Sendable (String) -> Void

    public init(log: @escaping @Sendable (String) -> Void) {
        self.log = log
    }

    public var failures: Int { result.problems.count }
    public var status: Int32 { result.status }
    public var scenarios: Int {
        get { result.scenarioFiles }
        set { result.scenarioFiles = newValue }
    }
    public var packEntries: Int {
        get { result.corpusEntries }
        set { result.corpusEntries = newValue }
    }
    public var commands: Int {
        get { result.commands }
        set { result.commands = newValue }
    }

    /// A divergence, a failed expectation, a crash: status at least ``ExitStatus/failed``.
    public mutating func fail(_ message: String) {
        result.status = max(result.status, ExitStatus.failed.rawValue)
        result.problems.append(message)
        log("FAIL " + message)
    }

    /// An unreadable or invalid input: status ``ExitStatus/badInput``.
    public mutating func badInput(_ message: String) {
        result.status = ExitStatus.badInput.rawValue
        result.problems.append(message)
        log("error: " + message)
    }

    /// The check was interrupted (SIGINT, SIGTERM) and stopped early: status
    /// ``ExitStatus/interrupted``, whatever was found.
    public mutating func interrupted() {
        result.interrupted = true
        result.status = ExitStatus.interrupted.rawValue
        log("check: interrupted: stopped early")
    }

    public func note(_ message: String) {
        log(message)
    }

    /// The one-line summary: what was checked, and clean or how many problems.
    public var summary: String {
        let verdict = result.interrupted ? "interrupted, \(failures) problem(s) so far"
            : failures == 0 ? "clean" : "\(failures) problem(s)"
        return "check: \(result.scenarioFiles) scenario files, \(result.corpusEntries) corpus entries, "
            + "\(result.cases) generated cases, \(result.commands) commands: \(verdict)"
    }
}
