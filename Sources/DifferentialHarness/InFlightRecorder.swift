import Foundation
import ScenarioLanguage
import WindowModel

/// What a worker is running right now, one slot per job, kept where a supervising
/// process can read it after the worker crashed: each slot is a small file
/// overwritten in place (one `pwrite` per case, no allocation, no sync: the
/// kernel keeps the page when the process dies).
///
/// A record is one line of tab-separated words (paths may hold spaces), for example
/// `case 812 1730048855 crowd` (case index, case seed, profile) or
/// `replay 3 scenario Examples/hud.wls`.
public final class InFlightRecorder: @unchecked Sendable {
    /// The folder holding `job-0`, `job-1`, …
    public let directory: String
    /// One open descriptor per job; each job writes only its own (hence unchecked Sendable).
    private let descriptors: [Int32]
    static let slotSize = 4096

    /// Opens (creating) a slot per job in `directory`.
    public init(directory: String, jobs: Int) throws {
        self.directory = directory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        descriptors = try (0..<max(1, jobs)).map { job in
            let fd = open(directory + "/job-\(job)", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: directory]) }
            return fd
        }
    }

    deinit { descriptors.forEach { close($0) } }

    /// Records what `job` starts now (words without newlines), replacing its previous record.
    public func record(job: Int, _ words: [String]) {
        var line = Array((words.joined(separator: "\t") + "\n").utf8.prefix(Self.slotSize - 1))
        line += [UInt8](repeating: 0x20, count: Self.slotSize - line.count)   // pad over the old record
        _ = line.withUnsafeBytes { pwrite(descriptors[job % descriptors.count], $0.baseAddress, $0.count, 0) }
    }

    /// Records that `job` is about to run `commands` (a shrinking candidate): the
    /// list goes to `job-N.candidate.wls` beside the slot, and the slot names it.
    /// `context` (for example `case 812`) is kept in the record after the path.
    public func recordCandidate(job: Int, _ commands: [Command], context: [String] = []) {
        let path = directory + "/job-\(job).candidate.wls"
        guard (try? AtomicFile.write(Array(ScenarioPrinter.print(commands).utf8), to: path)) != nil else { return }
        record(job: job, ["candidate", path] + context)
    }

    /// Marks a job idle.
    public func clear(job: Int) { record(job: job, ["idle"]) }

    /// The records left in `directory`, one word list per job that was not idle.
    public static func read(directory: String) -> [[String]] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasPrefix("job-") && !$0.hasSuffix(".wls") }.sorted()
        return names.compactMap { name in
            guard let text = try? String(contentsOfFile: directory + "/" + name, encoding: .utf8) else { return nil }
            let line = text.split(separator: "\n").first ?? ""
            let words = line.split(separator: "\t").map(String.init)
            return words.isEmpty || words == ["idle"] ? nil : words
        }
    }
}
