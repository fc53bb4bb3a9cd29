/// An engine that stopped answering properly: it crashed, exited, hung, wrote
/// something that is not the protocol, or reported an error. The harness reports
/// a fault as a finding (with the command that caused it), never as a hang.
public struct EngineFault: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// Killed by a signal.
        case crash
        /// Exited, or closed its output, while a command was waiting for its answer.
        case exit
        /// No complete answer within the time limit.
        case hang
        /// Wrote lines that are not the protocol (or too many, or too long).
        case garbage
        /// Answered `error MESSAGE`.
        case error
        /// Could not be started, or failed the handshake.
        case start
        /// Not the engine's doing: the harness was interrupted (SIGINT, SIGTERM) while
        /// it waited for an answer, and stopped the engine. Never a finding.
        case interrupted
    }

    /// The fault of an exchange cut short because the harness was interrupted.
    public static func interrupted(statement: String? = nil) -> EngineFault {
        EngineFault(kind: .interrupted, message: "the check was interrupted; the engine was stopped", statement: statement)
    }

    public var kind: Kind
    /// What happened, in one sentence.
    public var message: String
    /// The statement being answered, in wire form, when there was one.
    public var statement: String?
    /// The last lines the engine wrote to standard error.
    public var standardErrorTail: String

    public init(kind: Kind, message: String, statement: String? = nil, standardErrorTail: String = "") {
        self.kind = kind
        self.message = message
        self.statement = statement
        self.standardErrorTail = standardErrorTail
    }

    /// The message, the statement and the tail of standard error in one line, with
    /// control and invisible characters the engine wrote shown as `U+XXXX`.
    public var description: String {
        var text = message
        if let statement { text += " (answering `\(statement)`)" }
        let tail = standardErrorTail.split(separator: "\n").suffix(5)
        if !tail.isEmpty { text += "; its standard error ends: " + tail.joined(separator: " | ") }
        return VisibleText.escaped(text, limit: 4000)
    }
}
