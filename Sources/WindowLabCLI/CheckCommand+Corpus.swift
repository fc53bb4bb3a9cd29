import CorpusPack
import DifferentialHarness
import Foundation
import WindowModel

extension Check {
    /// Replays every pack `corpus/*.wlpack` and every raw input directly in
    /// `corpus/regressions/` on all engines. (Regression inputs of the parser and
    /// corpus-reader fuzz targets live in subfolders and are replayed by the tests.)
    func replayCorpus(_ engines: [EngineFactory], _ report: inout CheckReport) throws {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []).sorted()
        for name in names where name.hasSuffix(".wlpack") {
            let path = corpus + "/" + name
            do {
                let reading = try CorpusFiles.readPack(path)
                for entry in reading.pack.entries { replay(entry, from: path, engines, &report) }
            } catch {
                report.badInput(error.description)
            }
        }
        let regressions = corpus + "/regressions"
        let inputs = ((try? FileManager.default.contentsOfDirectory(atPath: regressions)) ?? []).sorted()
        for name in inputs where !name.hasPrefix(".") && !name.hasSuffix(".md") && !name.hasSuffix(".wls") {
            let path = regressions + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                continue  // subfolders hold other targets' regressions (replayed by the tests)
            }
            do {
                replay(try CorpusFiles.readInput(path), from: path, engines, &report)
            } catch {
                report.badInput(error.description)
            }
        }
        report.note("replayed \(report.packEntries) corpus entries")
    }

    private func replay(_ entry: [UInt8], from source: String, _ engines: [EngineFactory], _ report: inout CheckReport) {
        report.packEntries += 1
        let replay = CorpusEntryReplay(entry, engines: engines)
        report.commands += replay.commands
        switch replay {
        case let .unsupportedVersion(version):
            report.badInput("\(source): an entry of encoding version \(version), this build reads another")
        case .agreed:
            break
        case let .diverged(_, divergence):
            let lines = CorpusEntryReplay.describe(divergence)
            report.fail("\(source) entry \(CorpusPack.entryName(entry)): " + lines.joined(separator: "\n"))
        }
    }
}
