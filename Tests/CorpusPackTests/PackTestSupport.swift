import Foundation
import WindowModel
@testable import CorpusPack

/// The tests' generator is WindowModel's SplitMix64.
typealias PackTestRandom = SeededRandom

/// A fresh empty directory, removed by `cleanup`.
struct ScratchDirectory {
    let path: String
    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("windowlab-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        path = base.path
    }
    func file(_ name: String) -> String { path + "/" + name }
    func write(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
    }
    func names() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
    func cleanup() { try? FileManager.default.removeItem(atPath: path) }
}

/// A pack laid out by hand, so tests can write what no writer would (duplicates,
/// wrong counts) with correct checksums, or override header fields.
func craftPack(entries: [[UInt8]], count: UInt32? = nil, bodySize: UInt32? = nil,
               packVersion: UInt8 = 1, encodingVersion: UInt8 = 1) -> [UInt8] {
    var body: [UInt8] = []
    for entry in entries {
        appendUInt32(UInt32(entry.count), to: &body)
        body += entry
        appendUInt32(Zlib.crc32(entry), to: &body)
    }
    let compressed = Zlib.compress(body)!
    var out = Array("WLPK".utf8) + [packVersion, encodingVersion, 0, 0]
    appendUInt32(count ?? UInt32(entries.count), to: &out)
    appendUInt32(bodySize ?? UInt32(body.count), to: &out)
    appendUInt32(UInt32(compressed.count), to: &out)
    out += compressed
    appendUInt32(Zlib.crc32(out), to: &out)
    return out
}

/// The repository root, found from this file's path (Tests/CorpusPackTests/…).
let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
