import CommandEncoding
import Testing
import WindowModel
@testable import CorpusPack

/// The pack format: round trip, determinism, and every way a pack can be bad.
@Suite struct CorpusPackFormatTests {
    static let sample: [[UInt8]] = [[1, 0x20, 0, 60, 60, 100, 100, 0], [1], [], [1, 28, 0], [2, 9, 9], [1, 0x20, 0, 60, 60, 100, 100, 0, 26, 80, 80, 0]]

    static func error(_ bytes: [UInt8]) -> CorpusPackError? {
        do {
            _ = try CorpusPack.read(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func roundTrip() throws {
        let pack = CorpusPack(entries: Self.sample)
        let reading = try CorpusPack.read(try pack.serialized())
        #expect(reading.pack == pack)
        #expect(reading.isCanonical)
        #expect(Set(reading.pack.entries) == Set(Self.sample))
        #expect(try CorpusPack.read(try CorpusPack(entries: []).serialized()).pack.entries.isEmpty)
    }

    @Test func sameEntriesInAnyOrderGiveIdenticalBytes() throws {
        let bytes = try CorpusPack(entries: Self.sample).serialized()
        var random = SeededRandom(seed: 7)
        for _ in 0..<20 {
            let shuffled = (Self.sample + Self.sample.prefix(2)).shuffled(using: &random)
            #expect(try CorpusPack(entries: shuffled).serialized() == bytes)
        }
    }

    @Test func truncationAtEveryOffsetIsAnError() throws {
        let bytes = try CorpusPack(entries: Self.sample).serialized()
        for cut in 0..<bytes.count {
            let problem = try #require(Self.error(Array(bytes.prefix(cut))), "cut at \(cut)")
            #expect(problem.kind == .truncated, "cut at \(cut): \(problem)")
        }
    }

    @Test func everySingleByteFlipIsDetected() throws {
        let bytes = try CorpusPack(entries: Self.sample).serialized()
        for offset in bytes.indices {
            for mask: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = bytes
                damaged[offset] ^= mask
                #expect(Self.error(damaged) != nil, "flip \(mask) at \(offset) went unnoticed")
            }
        }
    }

    @Test func wrongMagicAndVersionsAreNamed() throws {
        var bytes = try CorpusPack(entries: Self.sample).serialized()
        bytes[0] = UInt8(ascii: "X")
        #expect(Self.error(bytes)?.kind == .wrongMagic)
        #expect(Self.error(Array("PK\u{3}\u{4}".utf8))?.kind == .wrongMagic)

        let futurePack = craftPack(entries: Self.sample, packVersion: 2)
        #expect(Self.error(futurePack)?.message == "pack format version 2, this build reads 1")
        #expect(Self.error(futurePack)?.offset == 4)
        // A short file of another version is named as such, not as truncated.
        #expect(Self.error(Array("WLPK".utf8) + [2])?.kind == .unsupportedPackVersion)
        let futureEncoding = craftPack(entries: Self.sample, encodingVersion: 5)
        #expect(Self.error(futureEncoding)?.kind == .unsupportedEncodingVersion)
        #expect(Self.error(futureEncoding)?.message == "pack encoding version 5, this build reads 1 to 4")
        // A pack written before version 2 (header 1) is still read.
        #expect(Self.error(craftPack(entries: Self.sample, encodingVersion: 1)) == nil)
    }

    @Test func gigabyteClaimIsRefusedBeforeAllocating() throws {
        // Only a header: if the reader trusted the size it would allocate 1 GiB (and then
        // fail on the missing body). The limit check comes first and names the field.
        let header = craftPack(entries: [], bodySize: 1 << 30)
        let problem = try #require(Self.error(header))
        #expect(problem.kind == .limitExceeded)
        #expect(problem.offset == 12)
        let tooMany = craftPack(entries: [[1]], count: 1_000_000)
        #expect(Self.error(tooMany)?.kind == .limitExceeded)
        let entry = [UInt8](repeating: 1, count: 20)  // room in the body for the claimed count
        #expect(Self.error(craftPack(entries: [entry], count: 2))?.kind == .malformed)
        #expect(Self.error(craftPack(entries: [[1], [2]], count: 1))?.kind == .malformed)
    }

    @Test func oversizedEntriesAreRefusedOnBothSides() {
        let big = [UInt8](repeating: 1, count: CorpusPack.Limits.maxEntrySize + 1)
        #expect(throws: CorpusPackError.self) { try CorpusPack(entries: [big]).serialized() }
        #expect(Self.error(craftPack(entries: [big]))?.kind == .limitExceeded)
    }

    @Test func duplicateAndUnsortedEntriesAreMergedAndReported() throws {
        let reading = try CorpusPack.read(craftPack(entries: [[1, 2], [1, 2], [1], [1, 2]]))
        #expect(reading.pack.entries == [[1], [1, 2]])
        #expect(reading.duplicateEntries == 2)
        #expect(reading.outOfOrderEntries == 1)
        #expect(!reading.isCanonical)
    }

    /// Random corruptions of a valid pack are always rejected (a changed byte breaks a
    /// CRC, a length or the zlib stream), and random bytes after the magic never trap.
    /// `WINDOWLAB_SEED` replays one seed.
    @Test(arguments: SeededRandom.seeds(default: [0xBAD, 0xBAD2]))
    func corruptionsAreRejectedAndNeverTrap(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let valid = try CorpusPack(entries: Self.sample).serialized()
        for round in 0..<1000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if bytes != valid {
                #expect(Self.error(bytes) != nil, "seed \(seed), round \(round): a corrupted pack was accepted")
            }
            _ = Self.error(Array("WLPK".utf8) + random.bytes(Int.random(in: 0...64, using: &random)))
        }
    }

    @Test func entryNamesAreSHA1() {
        #expect(CorpusPack.entryName([]) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(CorpusPack.entryName(Array("abc".utf8)) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(CorpusPack.entryName(Array(repeating: UInt8(ascii: "a"), count: 1000))
            == "291e9a6c66994949b57ba5e650361e98fc36b1ba")
    }
}
