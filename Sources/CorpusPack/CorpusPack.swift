import CommandEncoding

/// A set of fuzz inputs stored at rest: deduplicated, sorted, zlib-compressed and
/// checksummed. libFuzzer works on directories of raw inputs; packs are only for
/// keeping and shipping corpora (see `windowlab corpus`).
///
/// Layout, version 1 (integers little-endian):
/// ```
/// offset  size  field
///      0     4  magic "WLPK"
///      4     1  pack format version (1)
///      5     1  command encoding version the pack was written with (CommandFormat.version;
///              each entry starts with its own version byte, 1, 2 or 3)
///      6     2  reserved, 0
///      8     4  entry count
///     12     4  uncompressed body size
///     16     4  compressed body size n
///     20     n  body, one zlib stream (compress2, level 9)
///   20+n     4  CRC-32 of bytes 0 ..< 20+n (the whole pack before it)
///
/// body  := entry*                 entries sorted by bytes (shorter first on a common
/// entry := u32 length, bytes,     prefix), no two equal
///          u32 CRC-32 of bytes
/// ```
/// The same set of entries always gives the same bytes: they are sorted and
/// deduplicated, and the compression level is fixed (on one zlib version; a
/// different zlib may compress differently, and every reader still reads it).
public struct CorpusPack: Hashable, Sendable {
    /// Limits that bound what a reader allocates, checked before it allocates.
    public enum Limits {
        /// The largest body (all entries with their framing), uncompressed.
        public static let maxUncompressedSize = 256 << 20
        /// The largest single entry.
        public static let maxEntrySize = 1 << 20
        /// The largest pack file read.
        public static let maxPackFileSize = maxUncompressedSize + (maxUncompressedSize >> 8) + 1024
    }

    public static let magic: [UInt8] = Array("WLPK".utf8)
    /// The pack format version this build reads and writes.
    public static let formatVersion: UInt8 = 1
    static let headerSize = 20
    static let trailerSize = 4
    /// Length and CRC around each entry.
    static let entryOverhead = 8

    /// The inputs, sorted and without duplicates.
    public private(set) var entries: [[UInt8]]
    /// The command encoding version the entries are written in.
    public let encodingVersion: UInt8

    /// A pack of `entries` (any order, duplicates allowed: they are merged).
    public init(entries: some Sequence<[UInt8]>, encodingVersion: UInt8 = CommandFormat.version) {
        self.entries = Self.canonical(entries)
        self.encodingVersion = encodingVersion
    }

    /// Sum of the entries' lengths.
    public var rawByteCount: Int { entries.reduce(0) { $0 + $1.count } }

    static func canonical(_ entries: some Sequence<[UInt8]>) -> [[UInt8]] {
        let sorted = entries.sorted { $0.lexicographicallyPrecedes($1) }
        var unique: [[UInt8]] = []
        unique.reserveCapacity(sorted.count)
        for entry in sorted where unique.last != entry { unique.append(entry) }
        return unique
    }

    /// The pack's bytes, as laid out above.
    /// - Throws: `.limitExceeded` when an entry or the body is beyond ``Limits``,
    ///   so that every pack written can be read.
    public func serialized() throws(CorpusPackError) -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(rawByteCount + entries.count * Self.entryOverhead)
        for (index, entry) in entries.enumerated() {
            guard entry.count <= Limits.maxEntrySize else {
                throw CorpusPackError(.limitExceeded, "entry \(index) is \(entry.count) bytes, over the \(Limits.maxEntrySize)-byte entry limit")
            }
            appendUInt32(UInt32(entry.count), to: &body)
            body.append(contentsOf: entry)
            appendUInt32(Zlib.crc32(entry), to: &body)
            guard body.count <= Limits.maxUncompressedSize else {
                throw CorpusPackError(.limitExceeded, "entries exceed the \(Limits.maxUncompressedSize)-byte pack body limit")
            }
        }
        guard let compressed = Zlib.compress(body) else {
            throw CorpusPackError(.io, "zlib could not compress the pack body")
        }
        var out = Self.magic
        out += [Self.formatVersion, encodingVersion, 0, 0]
        appendUInt32(UInt32(entries.count), to: &out)
        appendUInt32(UInt32(body.count), to: &out)
        appendUInt32(UInt32(compressed.count), to: &out)
        out += compressed
        appendUInt32(Zlib.crc32(out), to: &out)
        return out
    }
}

func appendUInt32(_ value: UInt32, to bytes: inout [UInt8]) {
    for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
}

func readUInt32(_ bytes: ArraySlice<UInt8>, at offset: Int) -> UInt32 {
    (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[bytes.startIndex + offset + $1]) << UInt32($1 * 8) }
}
