import Foundation
@testable import CorpusPack

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
