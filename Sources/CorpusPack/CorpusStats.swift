import CommandEncoding
import WindowModel

/// Figures about a pack for `windowlab corpus stats`.
public struct CorpusStats: Sendable {
    public var entries: Int
    /// Sum of the entries' lengths.
    public var rawBytes: Int
    /// The pack file's size.
    public var compressedBytes: Int
    /// rawBytes / compressedBytes (0 for an empty pack file).
    public var ratio: Double { compressedBytes == 0 ? 0 : Double(rawBytes) / Double(compressedBytes) }
    /// Commands over all entries, as decoded.
    public var commands: Int
    /// Entries whose first byte names another encoding version (never read as commands).
    public var unsupportedEntries: Int
    /// The entries' command lists, decoded (entries of another version left out):
    /// what rule coverage is measured on (see `windowlab corpus stats`).
    public var commandLists: [[Command]]

    /// Stats of `reading`, decoding every entry.
    public init(_ reading: PackReading) {
        entries = reading.pack.entries.count
        rawBytes = reading.pack.rawByteCount
        compressedBytes = reading.packSize
        commands = 0
        unsupportedEntries = 0
        commandLists = []
        for entry in reading.pack.entries {
            guard let list = CommandDecoder.decode(entry).commandList else {
                unsupportedEntries += 1
                continue
            }
            commands += list.count
            commandLists.append(list)
        }
    }
}
