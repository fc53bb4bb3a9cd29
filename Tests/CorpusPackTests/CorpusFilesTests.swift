import Foundation
import Testing
import WindowLabTestSupport
@testable import CorpusPack

/// Pack, unpack and merge on real directories, including the bad ones.
@Suite struct CorpusFilesTests {
    static let inputs: [[UInt8]] = [[1, 0x20, 0, 60, 60, 100, 100, 0], [1, 28, 0], [1], [1, 28, 0]]

    @Test func packThenUnpackGivesTheSameEntries() throws {
        let source = try TemporaryFolder("windowlab-corpus"), target = try TemporaryFolder("windowlab-corpus")
        defer { source.remove(); target.remove() }
        for (i, input) in Self.inputs.enumerated() { try source.write("input-\(i)", input) }
        let packPath = target.file("all.wlpack")
        let packed = try CorpusFiles.packDirectory(source.path, to: packPath)
        #expect(packed.inputsRead == 4 && packed.entries == 3 && packed.skipped.isEmpty)

        let unpacked = try CorpusFiles.unpack(packPath, into: target.file("out/nested"))
        #expect(unpacked.filesWritten == 3)
        let names = sortedNames(in: target.file("out/nested"))
        #expect(names == Set(Self.inputs).map(CorpusPack.entryName).sorted())
        let again = try CorpusFiles.readDirectory(target.file("out/nested"))
        #expect(Set(again.entries) == Set(Self.inputs))
        // Unpacking again writes nothing new.
        #expect(try CorpusFiles.unpack(packPath, into: target.file("out/nested")).filesWritten == 0)
        #expect(try CorpusFiles.verify(packPath).pack.entries.count == 3)
    }

    @Test func mergeDeduplicatesPacksAndDirectories() throws {
        let a = try TemporaryFolder("windowlab-corpus"), b = try TemporaryFolder("windowlab-corpus")
        defer { a.remove(); b.remove() }
        try a.write("x", [1, 28, 0])
        try a.write("y", [1, 29, 0])
        try b.write("y-again", [1, 29, 0])
        try b.write("z", [1, 30, 0])
        let packA = a.file("a.wlpack")
        _ = try CorpusFiles.packDirectory(a.path, to: packA)
        // The output is one of the inputs: it is read before it is replaced.
        let summary = try CorpusFiles.merge([packA, b.path], to: packA)
        #expect(summary.entries == 3)
        #expect(try CorpusFiles.readPack(packA).pack.entries == [[1, 28, 0], [1, 29, 0], [1, 30, 0]])
    }

    @Test func mergeLeavesOutInputsOfAnotherEncodingVersion() throws {
        let dir = try TemporaryFolder("windowlab-corpus")
        defer { dir.remove() }
        try dir.write("current", [1, 28, 0])
        try dir.write("future", [7, 28, 0])  // what a fuzzer mutating byte 0 makes
        let summary = try CorpusFiles.packDirectory(dir.path, to: dir.file("out.wlpack"))
        #expect(summary.entries == 1 && summary.inputsRead == 2)
        #expect(summary.notes.contains { $0.contains("1 input(s) of another encoding version") })
        #expect(try CorpusFiles.readPack(dir.file("out.wlpack")).pack.entries == [[1, 28, 0]])
    }

    @Test func unreadableDirectoryEntriesAreSkippedByName() throws {
        let dir = try TemporaryFolder("windowlab-corpus")
        defer { dir.remove() }
        try dir.write("good", [1, 28, 0])
        try FileManager.default.createSymbolicLink(atPath: dir.file("dangling"), withDestinationPath: dir.file("nowhere"))
        try FileManager.default.createDirectory(atPath: dir.file("subdir"), withIntermediateDirectories: false)
        #expect(mkfifo(dir.file("fifo"), 0o644) == 0)  // reading it would block forever
        try dir.write("locked", [1, 29, 0])
        chmod(dir.file("locked"), 0)
        let runningAsRoot = geteuid() == 0  // root reads mode-000 files anyway

        let reading = try CorpusFiles.readDirectory(dir.path)
        let skipped = Dictionary(uniqueKeysWithValues: reading.skipped.map { ($0.path, $0.reason) })
        #expect(skipped[dir.file("dangling")] == "a dangling symbolic link")
        #expect(skipped[dir.file("fifo")] == "a FIFO")
        #expect(skipped[dir.file("subdir")]?.hasPrefix("a directory") == true)
        if runningAsRoot {
            #expect(Set(reading.entries) == [[1, 28, 0], [1, 29, 0]])
        } else {
            #expect(skipped[dir.file("locked")]?.contains("cannot open") == true)
            #expect(reading.entries == [[1, 28, 0]])
        }
    }

    @Test func directoryWithNothingReadableIsAnError() throws {
        let dir = try TemporaryFolder("windowlab-corpus")
        defer { dir.remove() }
        #expect(throws: CorpusPackError.self) { try CorpusFiles.readDirectory(dir.path) }
        try FileManager.default.createSymbolicLink(atPath: dir.file("dangling"), withDestinationPath: dir.file("nowhere"))
        do {
            _ = try CorpusFiles.packDirectory(dir.path, to: dir.file("out.wlpack"))
            Issue.record("packing an unreadable directory succeeded")
        } catch {
            #expect(error.kind == .noReadableInputs)
            #expect(error.description.contains("1 files skipped"))
        }
        #expect(dir.names() == ["dangling"])  // and no pack was written
    }

    @Test func failedWritesLeaveNoFileBehind() throws {
        let dir = try TemporaryFolder("windowlab-corpus")
        defer { dir.remove() }
        let pack = CorpusPack(entries: Self.inputs)
        // The destination directory is missing.
        #expect(throws: CorpusPackError.self) { try CorpusFiles.writePack(pack, to: dir.file("missing/x.wlpack")) }
        // The destination is a directory: the temporary file is written, the rename fails.
        try FileManager.default.createDirectory(atPath: dir.file("taken.wlpack"), withIntermediateDirectories: false)
        try dir.write("taken.wlpack/keep", [1])
        #expect(throws: CorpusPackError.self) { try CorpusFiles.writePack(pack, to: dir.file("taken.wlpack")) }
        #expect(dir.names() == ["taken.wlpack"])
        // An existing pack is replaced whole, never edited in place.
        try dir.write("old.wlpack", [0xAA])
        let before = try FileManager.default.attributesOfItem(atPath: dir.file("old.wlpack"))[.systemFileNumber] as? Int
        try CorpusFiles.writePack(pack, to: dir.file("old.wlpack"))
        let after = try FileManager.default.attributesOfItem(atPath: dir.file("old.wlpack"))[.systemFileNumber] as? Int
        #expect(before != after)
        #expect(try CorpusFiles.readPack(dir.file("old.wlpack")).pack == pack)
        #expect(dir.names() == ["old.wlpack", "taken.wlpack"])
    }

    @Test func damagedPackFilesNameThePath() throws {
        let dir = try TemporaryFolder("windowlab-corpus")
        defer { dir.remove() }
        try dir.write("bad.wlpack", Array("WLPK".utf8) + [1, 1])
        do {
            _ = try CorpusFiles.verify(dir.file("bad.wlpack"))
            Issue.record("a truncated pack verified")
        } catch {
            #expect(error.kind == .truncated)
            #expect(error.description.hasPrefix(dir.file("bad.wlpack") + ": truncated"))
        }
        try dir.write("dup.wlpack", craftPack(entries: [[1], [1]]))
        #expect(throws: CorpusPackError.self) { try CorpusFiles.verify(dir.file("dup.wlpack")) }
        #expect(try CorpusFiles.readPack(dir.file("dup.wlpack")).duplicateEntries == 1)
    }
}
