import CommandEncoding
import CorpusPack
import DifferentialHarness
import Foundation
import WindowModel

extension Check {
    /// Replays every pack `corpus/*.wlpack` and every raw input in `corpus/regressions/`
    /// on all engines.
    func replayCorpus(_ engines: [EngineFactory], _ report: inout CheckReport) throws {
        let folder = URL(fileURLWithPath: corpus)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []).sorted()
        for name in names where name.hasSuffix(".wlpack") {
            let path = folder.appendingPathComponent(name).path
            do {
                let reading = try CorpusPack.read(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
                for entry in reading.pack.entries { replay(entry, from: path, engines, &report) }
            } catch {
                report.badInput("\(path): \(error)")
            }
        }
        let regressions = folder.appendingPathComponent("regressions")
        let inputs = ((try? FileManager.default.contentsOfDirectory(atPath: regressions.path)) ?? []).sorted()
        for name in inputs where !name.hasPrefix(".") && !name.hasSuffix(".md") && !name.hasSuffix(".wls") {
            let path = regressions.appendingPathComponent(name).path
            guard let bytes = FileManager.default.contents(atPath: path) else {
                report.badInput("\(path): cannot be read")
                continue
            }
            replay(Array(bytes), from: path, engines, &report)
        }
        report.note("replayed \(report.packEntries) corpus entries")
    }

    private func replay(_ entry: [UInt8], from source: String, _ engines: [EngineFactory], _ report: inout CheckReport) {
        report.packEntries += 1
        guard let commands = CommandDecoder.decode(entry).commandList else {
            report.badInput("\(source): an entry of another encoding version")
            return
        }
        let result = DifferentialRunner.run(commands, engines: engines)
        report.commands += result.commandsRun
        if let divergence = result.divergence {
            report.fail("\(source): entry of \(entry.count) bytes diverges: \(divergence)")
        }
    }
}
