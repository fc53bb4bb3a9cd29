import CommandEncoding
import DifferentialHarness
import Foundation
import Testing
import WindowLabTestSupport
import WindowModel
@testable import CorpusPack

/// The bundled corpus: reproducible, verifiable, and replayed on the engines forever.
@Suite struct CorpusReplayTests {
    static let reference = TestEngines.reference
    static let indexed = TestEngines.indexed

    /// Both engines, or only the reference while the indexed engine is still the
    /// package skeleton's stub. A stub answers nothing even to `keyWindow`, which
    /// every engine must answer (Q2), so this stops applying by itself when the
    /// engine lands; until then the replay still checks the reference's invariants.
    static var engines: [EngineFactory] {
        let probe = indexed.make().apply(.keyWindow(scene: mainSceneName))
        if probe.isEmpty {
            print("CorpusReplayTests: the indexed engine answers nothing yet; replaying on the reference only")
            return [reference]
        }
        return [reference, indexed]
    }
    static let corpus = Repository.url("corpus")
    /// The seed corpus of the current encoding version. `seed.wlpack` is the
    /// version-1 seed corpus, kept as it was written (``VersionOneReplayTests``).
    static let seedPack = corpus.appendingPathComponent("seed-v3.wlpack").path

    /// The seed corpus: decodings of random byte strings from a fixed seed, re-encoded
    /// (so every entry is canonical), keeping lists of at least 3 commands.
    static func seedEntries() -> [[UInt8]] {
        var random = SeededRandom(seed: 0x5EED_C0DE_2026)
        var entries: Set<[UInt8]> = []
        while entries.count < 300 {
            // Version 3, as the pack was made (a version-3 input's touch bytes are all plain ids).
            let input = [3] + random.bytes(Int.random(in: 8...360, using: &random))
            guard let list = CommandDecoder.decode(input).commandList, list.count >= 3,
                  let entry = try? CommandEncoder.encode(list, version: 3) else { continue }
            entries.insert(entry)
        }
        return Array(entries)
    }

    /// Regenerates `corpus/seed-v3.wlpack` when `WINDOWLAB_WRITE_SEED_CORPUS=1`; otherwise
    /// checks that the committed pack holds exactly the regenerated entries.
    @Test func seedCorpusIsReproducible() throws {
        let expected = CorpusPack(entries: Self.seedEntries(), encodingVersion: 3)
        if ProcessInfo.processInfo.environment["WINDOWLAB_WRITE_SEED_CORPUS"] == "1" {
            try CorpusFiles.writePack(expected, to: Self.seedPack)
        }
        let reading = try CorpusFiles.verify(Self.seedPack)
        #expect(reading.pack == expected)
        // Same zlib, same bytes: the pack is byte-for-byte what the writer makes.
        #expect(try FileSystem.readFile(Self.seedPack, limit: 1 << 30) == (try expected.serialized()))
    }

    /// Every fourth entry of each pack under corpus/ (its first included) and every
    /// input in corpus/regressions/, on both engines. In a debug build the whole corpus
    /// took 21 of the suite's 22 minutes on CI's two cores; every entry is replayed on
    /// both engines, in release, by `windowlab check` (CI's main job), whose replays
    /// fail it on any divergence.
    @Test func bundledCorpusReplaysWithoutDivergence() throws {
        let packs = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
            .filter { $0.hasSuffix(".wlpack") }.sorted()
        #expect(!packs.isEmpty)
        var inputs: [(String, [UInt8])] = []
        for name in packs {
            let path = Self.corpus.appendingPathComponent(name).path
            let entries = Array(try CorpusFiles.verify(path).pack.entries)
            inputs += stride(from: 0, to: entries.count, by: 4).map {
                ("\(name) \(CorpusPack.entryName(entries[$0]))", entries[$0])
            }
        }
        let regressions = Self.corpus.appendingPathComponent("regressions").path
        for name in try FileManager.default.contentsOfDirectory(atPath: regressions).sorted()
        where !name.hasPrefix(".") && !name.hasSuffix(".md") && !name.hasSuffix(".wls")
            && !FuzzRegressionTests.isDirectory(regressions + "/" + name) {
            inputs.append(("regressions/\(name)", try FileSystem.readFile(regressions + "/" + name, limit: 1 << 20)))
        }
        let engines = Self.engines
        for (label, bytes) in inputs {
            let list = try #require(CommandDecoder.decode(bytes).commandList, "\(label): another encoding version")
            let result = DifferentialRunner.run(list, engines: engines)
            #expect(result.divergence == nil, "\(label): \(result.divergence.map(\.description) ?? "")")
        }
    }

    /// The outcomes no fuzz input can decide: a disconnected screen is never connected
    /// again (each `connectScreen` names the next `dN`). (Before encoding version 4 the
    /// two T5 outcomes of spelled touch ids were out of reach too.)
    static let outcomesTheEncodingCannotCarry: Set<RuleOutcome> = [.d1ScreenConnectedAgain]

    /// The seeds every in-process fuzz target starts from: a rule outcome no entry
    /// decides is a blind spot an engine's bug can hide in for a whole campaign (an
    /// alpha of exactly 0.01 under the point was one: the C example's
    /// `BUG_ALPHA_AT_HUNDREDTH` took 10-60 s of mutation to reach, or longer).
    @Test("the bundled packs together decide every rule outcome the encoding can carry")
    func bundledPacksReachEveryCarriedOutcome() throws {
        var lists: [[Command]] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        where name.hasSuffix(".wlpack") {
            lists += CorpusStats(try CorpusFiles.readPack(Self.corpus.appendingPathComponent(name).path)).commandLists
        }
        let coverage = RuleCoverage.measure(lists, engine: TestEngines.reference)
        let missing = coverage.neverReached.filter { !Self.outcomesTheEncodingCannotCarry.contains($0) }
        #expect(missing.isEmpty, "never reached: \(missing.map { "\($0.rule) \($0.branch)" })")
        // What the encoding cannot carry stays out of reach (else the list above is stale).
        #expect(Set(coverage.neverReached) == Self.outcomesTheEncodingCannotCarry)
    }

    @Test func statsCountCommandsAndRules() throws {
        let reading = try CorpusFiles.readPack(Self.seedPack)
        let stats = CorpusStats(reading)
        #expect(stats.entries == 300)
        #expect(stats.commands > 300 * 3 - 1)
        #expect(stats.ratio > 1)
        #expect(stats.commandLists.count == 300)
        // Coverage is what the reference decides running the entries.
        let coverage = RuleCoverage.measure(stats.commandLists, engine: TestEngines.reference)
        #expect(coverage.count(.t3BeganBinds) > 0 && coverage.reached.count > 60)
    }
}
