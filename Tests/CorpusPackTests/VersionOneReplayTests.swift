import CommandEncoding
import Foundation
import ReferenceModel
import Testing
import WindowLabTestSupport
import WindowModel
@testable import CorpusPack

/// The reference model's traces of every version-1 input bundled before version 2
/// (`corpus/seed.wlpack`, `corpus/differential-v1.wlpack`, `corpus/regressions/`), as
/// one digest per source. The expected digests were computed by the build before encoding version 2
/// existed (commit fca3991): equal digests mean every version-1 input decodes to the
/// same commands and replays to the same observations and states as it did then.
/// Likewise every version-2 input bundled before version 3 (`corpus/seed-v2.wlpack`,
/// `corpus/differential-v2.wlpack`), against the build before screens (4df29d4).
@Suite struct VersionOneReplayTests {
    static let corpus = Repository.url("corpus")

    /// FNV-1a (64 bits) over every observation, then every scene's order and key
    /// window, of each entry in byte order; a line feed after each text.
    static func traceDigest(_ entries: [[UInt8]]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String) {
            for byte in text.utf8 + [10] {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        for entry in entries.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            guard let list = CommandDecoder.decode(entry).commandList else {
                mix("unsupported")
                continue
            }
            let system = ReferenceWindowSystem()
            for command in list {
                for observation in system.apply(command) { mix(observation.description) }
            }
            for scene in system.snapshot() {
                mix("\(scene.scene): \(scene.order.joined(separator: " ")) key \(scene.keyWindow ?? "none")")
            }
            mix("end \(list.count)")
        }
        return String(hash, radix: 16)
    }

    static func versionOneSources() throws -> [(name: String, entries: [[UInt8]])] {
        var sources: [(String, [[UInt8]])] = []
        // The packs as the build before version 2 wrote them: `differential.wlpack`
        // has since been regrown by fuzzing version-2 inputs (and some new version-1 ones).
        for pack in ["seed.wlpack", "differential-v1.wlpack"] {
            let entries = try CorpusFiles.verify(corpus.appendingPathComponent(pack).path).pack.entries
            sources.append((pack, entries.filter { $0.first == 1 }))
        }
        let folder = corpus.appendingPathComponent("regressions")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.count == 40 }.sorted()
        let regressions = try names.map { Array(try Data(contentsOf: folder.appendingPathComponent($0))) }
        sources.append(("regressions", regressions.filter { $0.first == 1 }))
        return sources
    }

    /// Printed by this same code on commit fca3991 (`DIGEST name count digest`).
    static let expected: [String: (count: Int, digest: String)] = [
        "seed.wlpack": (300, "a93eb039916ba918"),
        "differential-v1.wlpack": (766, "6759385bacaa3164"),
        "regressions": (0, "cbf29ce484222325"),
    ]

    /// Printed by the same digest on commit 4df29d4, over each pack's version-2 entries.
    static let expectedVersionTwo: [String: (count: Int, digest: String)] = [
        "seed-v2.wlpack": (300, "de79de25d7340bfd"),
        "differential-v2.wlpack": (1272, "2b9e72ad56b2adf2"),
    ]

    @Test func versionTwoInputsReplayAsBeforeVersionThree() throws {
        for (name, expected) in Self.expectedVersionTwo {
            let entries = try CorpusFiles.verify(Self.corpus.appendingPathComponent(name).path).pack.entries
                .filter { $0.first == 2 }
            #expect(entries.count == expected.count, "\(name): version-2 entries")
            #expect(Self.traceDigest(entries) == expected.digest, "\(name): traces changed")
        }
    }

    @Test func versionOneInputsReplayAsBeforeVersionTwo() throws {
        for (name, entries) in try Self.versionOneSources() {
            let expected = try #require(Self.expected[name], "no recorded digest for \(name)")
            #expect(entries.count == expected.count, "\(name): version-1 entries")
            #expect(Self.traceDigest(entries) == expected.digest, "\(name): traces changed")
        }
    }
}
