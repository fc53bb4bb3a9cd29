import CommandEncoding

/// A file in a corpus directory that was not taken as an input, and why.
public struct SkippedFile: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "skipped \(path): \(reason)" }
}

/// The inputs of a libFuzzer-style corpus directory (one file per input).
public struct DirectoryReading: Sendable {
    public var entries: [[UInt8]]
    public var skipped: [SkippedFile]
}

/// What a pack, unpack or merge did.
public struct CorpusWriteSummary: Sendable {
    /// Entries in the result, after deduplication.
    public var entries: Int
    /// Inputs read (before deduplication).
    public var inputsRead: Int
    /// Files written (unpack: files that were not already there).
    public var filesWritten: Int
    public var skipped: [SkippedFile]
    /// Notes about packs read (merged duplicates, unsorted entries).
    public var notes: [String]
}

/// The operations behind `windowlab corpus`, usable from tests and tools.
///
/// Every write goes to a temporary file in the destination directory and is renamed
/// into place; a pack is never rewritten in place, so an interrupted or failed
/// command leaves the old file (or none), never a partial one.
public enum CorpusFiles {
    /// One raw input (a libFuzzer crash file, a regression entry): a regular file of
    /// at most ``CorpusPack/Limits/maxEntrySize`` bytes, checked before reading (a FIFO
    /// or device is refused, never waited on).
    public static func readInput(_ path: String) throws(CorpusPackError) -> [UInt8] {
        try FileSystem.readFile(path, limit: CorpusPack.Limits.maxEntrySize)
    }

    /// Reads and checks the pack at `path`.
    public static func readPack(_ path: String) throws(CorpusPackError) -> PackReading {
        let bytes = try FileSystem.readFile(path, limit: CorpusPack.Limits.maxPackFileSize)
        do {
            return try CorpusPack.read(bytes)
        } catch {
            throw error.at(path)
        }
    }

    /// Reads every regular file directly in `directory` as one input. Subdirectories,
    /// FIFOs, dangling links, unreadable files and files over the entry limit are
    /// skipped, each with a reason.
    /// - Throws: `.noReadableInputs` when nothing could be read.
    public static func readDirectory(_ directory: String) throws(CorpusPackError) -> DirectoryReading {
        var reading = DirectoryReading(entries: [], skipped: [])
        for name in try FileSystem.listDirectory(directory) {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            switch FileSystem.kind(path) {
            case .regular:
                do {
                    reading.entries.append(try FileSystem.readFile(path, limit: CorpusPack.Limits.maxEntrySize))
                } catch {
                    reading.skipped.append(SkippedFile(path: path, reason: error.message))
                }
            case .directory:
                reading.skipped.append(SkippedFile(path: path, reason: "a directory (corpus directories are flat)"))
            case let .other(what):
                reading.skipped.append(SkippedFile(path: path, reason: what))
            case .missing:
                let why = FileSystem.isSymlink(path) ? "a dangling symbolic link" : "vanished while reading"
                reading.skipped.append(SkippedFile(path: path, reason: why))
            }
        }
        guard !reading.entries.isEmpty else {
            let detail = reading.skipped.isEmpty ? "it is empty" : "\(reading.skipped.count) files skipped"
            throw CorpusPackError(.noReadableInputs, "no readable inputs (\(detail))", path: directory)
        }
        return reading
    }

    /// Writes `pack` to `path` (atomically).
    public static func writePack(_ pack: CorpusPack, to path: String) throws(CorpusPackError) {
        do {
            try FileSystem.writeAtomically(try pack.serialized(), to: path)
        } catch {
            throw error.at(path)
        }
    }

    /// `windowlab corpus pack DIR -o PACK`.
    public static func packDirectory(_ directory: String, to path: String) throws(CorpusPackError) -> CorpusWriteSummary {
        try merge([directory], to: path)
    }

    /// `windowlab corpus merge INPUT... -o PACK`: packs and directories into one
    /// deduplicated pack of the current encoding version (inputs of another version
    /// are left out, with a note). Everything is read before anything is written, so the
    /// output may be one of the inputs.
    public static func merge(_ inputs: [String], to path: String) throws(CorpusPackError) -> CorpusWriteSummary {
        var all: [[UInt8]] = []
        var skipped: [SkippedFile] = []
        var notes: [String] = []
        for input in inputs {
            switch FileSystem.kind(input) {
            case .directory:
                let reading = try readDirectory(input)
                all += reading.entries
                skipped += reading.skipped
            case .regular:
                let reading = try readPack(input)
                all += reading.pack.entries
                notes += reading.notes.map { "\(input): \($0)" }
            case .missing:
                throw CorpusPackError(.io, "no such file or directory", path: input)
            case let .other(what):
                throw CorpusPackError(.io, "\(what), neither a pack nor a directory", path: input)
            }
        }
        // A pack holds entries this build decodes (each entry starts with its own
        // version byte: version-1 entries keep their meaning); an input of another
        // version (libFuzzer mutates the version byte too) is left out, and said so.
        let current = all.filter { CommandDecoder.decode($0).commandList != nil }
        if current.count < all.count {
            notes.append("left out \(all.count - current.count) input(s) of another encoding version "
                + "(this pack holds versions \(CommandFormat.readableVersions.lowerBound) to \(CommandFormat.version))")
        }
        let pack = CorpusPack(entries: current)
        try writePack(pack, to: path)
        return CorpusWriteSummary(entries: pack.entries.count, inputsRead: all.count, filesWritten: 1,
                                  skipped: skipped, notes: notes)
    }

    /// `windowlab corpus unpack PACK -o DIR`: one file per entry, named by its SHA-1
    /// as libFuzzer names inputs. The directory is created if missing; files already
    /// there are kept (a file's name is its content's hash).
    public static func unpack(_ packPath: String, into directory: String) throws(CorpusPackError) -> CorpusWriteSummary {
        let reading = try readPack(packPath)
        try FileSystem.makeDirectories(directory)
        var written = 0
        for entry in reading.pack.entries {
            let path = directory + "/" + CorpusPack.entryName(entry)
            if case .regular = FileSystem.kind(path),
               (try? FileSystem.readFile(path, limit: CorpusPack.Limits.maxEntrySize)) == entry {
                continue
            }
            try FileSystem.writeAtomically(entry, to: path)
            written += 1
        }
        return CorpusWriteSummary(entries: reading.pack.entries.count, inputsRead: reading.pack.entries.count,
                                  filesWritten: written, skipped: [], notes: reading.notes)
    }

    /// `windowlab corpus verify PACK`: reads everything and checks it is canonical.
    /// - Throws: any read error, or `.notCanonical` for merged duplicates or unsorted
    ///   entries (which no writer produces).
    public static func verify(_ path: String) throws(CorpusPackError) -> PackReading {
        let reading = try readPack(path)
        guard reading.isCanonical else {
            throw CorpusPackError(.notCanonical, "not canonical: " + reading.notes.joined(separator: ", "), path: path)
        }
        return reading
    }
}
