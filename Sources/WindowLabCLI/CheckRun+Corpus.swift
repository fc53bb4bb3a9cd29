import CorpusPack
import DifferentialHarness
import Foundation
import ProcessSupport
import WindowModel

extension CheckRun {
    /// Replays every pack `corpus/*.wlpack` and every raw input directly in
    /// `corpus/regressions/` on all engines. (Regression inputs of the parser and
    /// corpus-reader fuzz targets live in subfolders and are replayed by the tests.)
    /// - Returns: whether `--time` ran out before every entry was replayed (the check
    ///   has then failed as not finished).
    @discardableResult
    func replayCorpus(_ engines: [EngineFactory], _ report: inout CheckReport, _ cursor: inout ReplayCursor,
                      _ diverged: inout ReplayFindings) throws -> Bool {
        guard options.corpus != "none" else { return false }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: options.corpus)) ?? []).sorted()
        var unfinished = UnfinishedReplay()
        for name in names where name.hasSuffix(".wlpack") {
            let path = options.corpus + "/" + name
            do {
                let reading = try CorpusFiles.readPack(path)
                for (index, entry) in reading.pack.entries.enumerated() where !diverged.gaveUp && !Interruption.requested
                    && cursor.next(.packEntry(pack: path, index: index)) {
                    // --time bounds the replays too: what is left is counted, not compared.
                    if let deadline, ContinuousClock.now >= deadline {
                        unfinished.add("\(path) entry \(CorpusPack.entryName(entry))")
                        continue
                    }
                    replay(entry, from: "\(path) entry \(CorpusPack.entryName(entry))", engines, &report, &diverged)
                }
            } catch {
                report.badInput(error.description)
            }
        }
        let regressions = options.corpus + "/regressions"
        let inputs = ((try? FileManager.default.contentsOfDirectory(atPath: regressions)) ?? []).sorted()
        for name in inputs where !name.hasPrefix(".") && !name.hasSuffix(".md") && !name.hasSuffix(".wls") {
            let path = regressions + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                continue  // subfolders hold other targets' regressions (replayed by the tests)
            }
            guard !diverged.gaveUp, !Interruption.requested, cursor.next(.regressionInput(path: path)) else { continue }
            if let deadline, ContinuousClock.now >= deadline {
                unfinished.add(path)
                continue
            }
            do {
                replay(try CorpusFiles.readInput(path), from: path, engines, &report, &diverged)
            } catch {
                report.badInput(error.description)
            }
        }
        report.note("replayed \(report.packEntries) corpus entries")
        if let first = unfinished.first {
            report.fail("not finished: \(unfinished.count) corpus entries not replayed when --time "
                        + "\(NumberText.format(options.time)) s ran out, from \(first) on: they were not compared "
                        + "(give --time more, or --corpus none)")
        }
        return unfinished.first != nil
    }

    private func replay(_ entry: [UInt8], from source: String, _ engines: [EngineFactory], _ report: inout CheckReport,
                        _ diverged: inout ReplayFindings) {
        report.packEntries += 1
        let replay = CorpusEntryReplay(entry, engines: engines)
        report.commands += replay.commands
        report.result.unsupported.merge(replay.unsupported)
        switch replay {
        case let .unsupportedVersion(version):
            report.badInput("\(source): an entry of encoding version \(version), this build reads another")
        case .agreed:
            diverged.agreed()
        case let .diverged(_, divergences, sent, _):
            diverged.add(source: source, commands: sent, divergences: divergences)
        }
    }
}

/// The corpus items a check's --time left unreplayed: how many, and the first.
struct UnfinishedReplay {
    private(set) var count = 0
    private(set) var first: String?

    mutating func add(_ source: String) {
        count += 1
        if first == nil { first = source }
    }
}

/// Numbers the replayed items (scenario files, pack entries, regression inputs) in
/// order and records each before it runs, so a supervisor can name the one that
/// crashed and a restarted worker can go on after it.
struct ReplayCursor {
    let recorder: InFlightRecorder?
    /// Items numbered up to this one are skipped (they ran before a crash).
    let startAfter: Int
    private(set) var ordinal = 0

    init(recorder: InFlightRecorder?, startAfter: Int) {
        self.recorder = recorder
        self.startAfter = startAfter
    }

    /// Numbers the next item; false when it is to be skipped, else records it.
    mutating func next(_ item: InFlightRecord.ReplayItem) -> Bool {
        ordinal += 1
        guard ordinal > startAfter else { return false }
        recorder?.record(job: 0, .replay(ordinal: ordinal, item: item))
        return true
    }
}
