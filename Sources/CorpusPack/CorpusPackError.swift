/// Why a pack, a corpus directory or a file operation was refused.
///
/// `description` is the message a person sees: what is wrong, where (the file and,
/// when it makes sense, the byte offset) and, for versions, what this build reads.
public struct CorpusPackError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem: tests match on this, people read ``message``.
    public enum Kind: Hashable, Sendable {
        case truncated
        case wrongMagic
        case unsupportedPackVersion
        case unsupportedEncodingVersion
        /// A count or size beyond the limits of ``CorpusPack/Limits``.
        case limitExceeded
        /// The whole-pack CRC-32 or an entry's CRC-32 does not match.
        case checksumMismatch
        /// Structurally wrong although the checksum matched (a crafted or buggy pack).
        case malformed
        /// A pack that reads but is not as a writer makes it (duplicates, unsorted).
        case notCanonical
        /// A corpus directory with no readable input.
        case noReadableInputs
        /// The file system refused an operation.
        case io
    }

    public var kind: Kind
    public var message: String
    /// Byte offset in the pack file (or, where the message says so, in the body).
    public var offset: Int?
    /// The file or directory concerned, when known.
    public var path: String?

    public init(_ kind: Kind, _ message: String, offset: Int? = nil, path: String? = nil) {
        self.kind = kind
        self.message = message
        self.offset = offset
        self.path = path
    }

    /// The same error, naming `path` when it does not name one yet.
    func at(_ path: String) -> CorpusPackError {
        var copy = self
        copy.path = copy.path ?? path
        return copy
    }

    public var description: String {
        let place = offset.map { " (at byte \($0))" } ?? ""
        return (path.map { "\($0): " } ?? "") + message + place
    }
}
