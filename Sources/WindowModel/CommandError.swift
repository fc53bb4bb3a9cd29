/// Why a command cannot be applied at its place in a command list.
public struct CommandError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, as a type: where a parser points its column follows from it
    /// and ``token``, never from the message's words.
    public enum Kind: Hashable, Sendable {
        /// A name or token that is not well formed, reserved, already used, or that
        /// names nothing live (``token`` is it, as written).
        case name
        /// A name or token over the length limit.
        case tooLong
        /// A width or height below zero.
        case negativeSize
        /// A number that is not finite.
        case notFinite
        /// Over a limit of the list (statements, objects, scenes, depth).
        case limit
        /// Anything else (an `expect` out of place, the main screen disconnected).
        case other
    }

    public var kind: Kind
    /// The offending name or token, when the error is about one.
    public var token: String?
    public var message: String

    public init(_ message: String, kind: Kind = .other, token: String? = nil) {
        self.message = message
        self.kind = kind
        self.token = token
    }
    /// The message with invisible characters shown as `U+XXXX` (see ``VisibleText``).
    public var description: String { VisibleText.escaped(message, limit: 2000) }
}
