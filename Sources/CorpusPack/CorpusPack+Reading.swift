import CommandEncoding

/// A pack as read: its entries, and what was not canonical about it.
public struct PackReading: Sendable {
    /// The entries, sorted and deduplicated (duplicates merged).
    public var pack: CorpusPack
    /// Entries that repeated an earlier one and were merged.
    public var duplicateEntries: Int
    /// Entries that came before a smaller one (a writer never does this).
    public var outOfOrderEntries: Int
    /// The size of the pack file.
    public var packSize: Int

    /// Whether the pack is exactly as ``CorpusPack/serialized()`` writes it.
    public var isCanonical: Bool { duplicateEntries == 0 && outOfOrderEntries == 0 }

    /// Notes for a person about what was merged or reordered.
    public var notes: [String] {
        (duplicateEntries > 0 ? ["\(duplicateEntries) duplicate entries merged"] : [])
            + (outOfOrderEntries > 0 ? ["\(outOfOrderEntries) entries out of order"] : [])
    }
}

extension CorpusPack {
    /// Reads and checks a whole pack: magic, versions, limits (before allocating),
    /// sizes, the whole-pack CRC-32, the zlib stream, each entry's framing and CRC-32.
    /// Never traps, whatever the bytes.
    ///
    /// ```swift
    /// let reading = try CorpusPack.read(bytes)
    /// for entry in reading.pack.entries { _ = CommandDecoder.decode(entry) }
    /// ```
    public static func read(_ bytes: [UInt8]) throws(CorpusPackError) -> PackReading {
        let prefix = min(bytes.count, magic.count)
        guard bytes[..<prefix].elementsEqual(magic[..<prefix]) else {
            throw CorpusPackError(.wrongMagic, "not a WindowLab corpus pack (it does not start with \"WLPK\")", offset: 0)
        }
        // Versions before length: a pack of another version may have another layout.
        guard bytes.count <= 4 || bytes[4] == formatVersion else {
            throw CorpusPackError(.unsupportedPackVersion, "pack format version \(bytes[4]), this build reads \(formatVersion)", offset: 4)
        }
        guard bytes.count <= 5 || CommandFormat.readableVersions.contains(bytes[5]) else {
            let readable = CommandFormat.readableVersions
            throw CorpusPackError(.unsupportedEncodingVersion, "pack encoding version \(bytes[5]), this build reads "
                + "\(readable.lowerBound) to \(readable.upperBound)", offset: 5)
        }
        guard bytes.count >= headerSize + trailerSize else {
            throw CorpusPackError(.truncated, "truncated: \(bytes.count) bytes, shorter than the \(headerSize + trailerSize)-byte header and checksum", offset: bytes.count)
        }
        guard bytes[6] == 0, bytes[7] == 0 else {
            throw CorpusPackError(.malformed, "reserved header bytes are not zero", offset: 6)
        }
        let count = Int(readUInt32(bytes[...], at: 8))
        let bodySize = Int(readUInt32(bytes[...], at: 12))
        let compressedSize = Int(readUInt32(bytes[...], at: 16))
        // Limits first: a header claiming a gigabyte is refused before anything is allocated.
        guard bodySize <= Limits.maxUncompressedSize else {
            throw CorpusPackError(.limitExceeded, "header claims a \(bodySize)-byte body, over the \(Limits.maxUncompressedSize)-byte limit", offset: 12)
        }
        guard count <= bodySize / entryOverhead else {
            throw CorpusPackError(.limitExceeded, "header claims \(count) entries, more than a \(bodySize)-byte body can hold", offset: 8)
        }
        let expectedSize = headerSize + compressedSize + trailerSize
        guard bytes.count >= expectedSize else {
            throw CorpusPackError(.truncated, "truncated: \(bytes.count) bytes where the header says \(expectedSize)", offset: bytes.count)
        }
        guard bytes.count == expectedSize else {
            throw CorpusPackError(.malformed, "\(bytes.count - expectedSize) unexpected bytes after the checksum", offset: expectedSize)
        }
        let checksumOffset = headerSize + compressedSize
        let stored = readUInt32(bytes[...], at: checksumOffset)
        let computed = Zlib.crc32(bytes[..<checksumOffset])
        guard stored == computed else {
            throw CorpusPackError(.checksumMismatch, "pack checksum mismatch: stored \(hex(stored)), computed \(hex(computed)) (the file is damaged)", offset: checksumOffset)
        }
        let body: [UInt8]
        switch Zlib.uncompress(bytes[headerSize..<checksumOffset], size: bodySize) {
        case let .success(inflated): body = inflated
        case let .failure(.zlib(status)):
            throw CorpusPackError(.malformed, "the compressed body does not inflate to \(bodySize) bytes (zlib status \(status))", offset: headerSize)
        case let .failure(.sizeMismatch(actual)):
            throw CorpusPackError(.malformed, "the body inflates to \(actual) bytes, the header says \(bodySize)", offset: headerSize)
        case let .failure(.trailingData(consumed)):
            throw CorpusPackError(.malformed, "data after the end of the zlib stream", offset: headerSize + consumed)
        }
        var reading = try parseBody(body, count: count, encodingVersion: bytes[5])
        reading.packSize = bytes.count
        return reading
    }

    /// Splits the body into entries, checking each one's framing and CRC-32.
    /// Offsets in errors are body offsets (the body is compressed in the file).
    private static func parseBody(_ body: [UInt8], count: Int, encodingVersion: UInt8) throws(CorpusPackError) -> PackReading {
        var entries: [[UInt8]] = []
        entries.reserveCapacity(min(count, 1 << 16))  // a count is a claim until the entries are there
        var position = 0, duplicates = 0, outOfOrder = 0
        for index in 0..<count {
            guard body.count - position >= 4 else {
                throw CorpusPackError(.malformed, "entry \(index) of \(count): the body ends inside its length (body offset \(position))")
            }
            let length = Int(readUInt32(body[...], at: position))
            guard length <= Limits.maxEntrySize else {
                throw CorpusPackError(.limitExceeded, "entry \(index) claims \(length) bytes, over the \(Limits.maxEntrySize)-byte entry limit (body offset \(position))")
            }
            guard body.count - position - 4 >= length + 4 else {
                throw CorpusPackError(.malformed, "entry \(index) of \(count): the body ends inside it (body offset \(position))")
            }
            let entry = Array(body[(position + 4)..<(position + 4 + length)])
            let stored = readUInt32(body[...], at: position + 4 + length)
            guard stored == Zlib.crc32(entry) else {
                throw CorpusPackError(.checksumMismatch, "entry \(index) checksum mismatch (body offset \(position))")
            }
            if let last = entries.last {
                if last == entry { duplicates += 1 } else if entry.lexicographicallyPrecedes(last) { outOfOrder += 1 }
            }
            entries.append(entry)
            position += 4 + length + 4
        }
        guard position == body.count else {
            throw CorpusPackError(.malformed, "\(body.count - position) body bytes after the last of \(count) entries (body offset \(position))")
        }
        // Duplicates that are not adjacent (in an unsorted pack) are merged here too.
        let pack = CorpusPack(entries: entries, encodingVersion: encodingVersion)
        duplicates = entries.count - pack.entries.count
        return PackReading(pack: pack, duplicateEntries: duplicates, outOfOrderEntries: outOfOrder, packSize: 0)
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}
