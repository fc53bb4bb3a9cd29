import CommandGeneration
import DifferentialHarness
import Foundation
import ProcessSupport
import ScenarioRender
import Synchronization
import WindowModel

/// The live progress line of a campaign: rewritten in place on a terminal, one line
/// every five seconds otherwise (CI logs).
final class ProgressLine: Sendable {
    private let isTerminal = isatty(2) != 0
    private let lastLogged = Mutex(0.0)
    private let recorded = Mutex<[CheckResult.ProgressSample]>([])

    /// The counters about once a second, for the report's throughput chart.
    var samples: [CheckResult.ProgressSample] { recorded.withLock { $0 } }

    func show(_ progress: CampaignProgress) {
        recorded.withLock { samples in
            guard progress.elapsedSeconds - (samples.last?.seconds ?? -1) >= 1 else { return }
            samples.append(.init(seconds: progress.elapsedSeconds, cases: progress.cases,
                                 commands: progress.commands, divergences: progress.divergences))
        }
        if isTerminal {
            write("\r" + text(progress) + "   ")
        } else if lastLogged.withLock({ last in
            guard progress.elapsedSeconds - last >= 5 else { return false }
            last = progress.elapsedSeconds
            return true
        }) {
            write(text(progress) + "\n")
        }
    }

    func finish(_ progress: CampaignProgress) {
        write((isTerminal ? "\r" : "") + text(progress) + "\n")
    }

    private func text(_ p: CampaignProgress) -> String {
        String(format: "[%6.1fs] %d cases, %d commands (%.0f/s), %d divergences",
               p.elapsedSeconds, p.cases, p.commands, p.commandsPerSecond, p.divergences)
    }

    private func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}

/// Writes every finding file of a command: each ``FindingFile`` as `STEM.wls` in one
/// folder, atomically, with its picture `STEM.svg` beside it (drawn from the file's
/// statements), and (for findings that replay) into the failure database.
final class FindingWriter: Sendable {
    let directory: String
    let engines: [EngineFactory]
    private let savedEntries = Mutex<[CheckResult.FindingEntry]>([])
    /// For each saved scenario, its copy in the failure database.
    private let databasePaths = Mutex<[String: String]>([:])
    private let unsaved = Mutex(0)
    private let names = FindingFileNames()

    /// The saved findings, for the JSON report (one the folder could not take is
    /// listed with its failure database path).
    var entries: [CheckResult.FindingEntry] { savedEntries.withLock { $0 } }

    /// Where findings are also remembered for the next run (nil: nowhere).
    let failures: FailureDatabase?

    init(directory: String, engines: [EngineFactory], failures: FailureDatabase?) {
        self.directory = directory
        self.engines = engines
        self.failures = failures
    }

    /// Where one finding went.
    struct Saved: CustomStringConvertible {
        /// Its file in the folder; nil when the folder could not take it.
        var path: String?
        /// Its entry in the failure database; nil when it has none.
        var database: String?
        /// The folder it was meant for.
        var folder: String

        /// How a `FAIL` line says where it went (the error was printed already).
        var description: String {
            if let path { return "shrunk into \(path)" }
            if let database { return "shrunk, but \(folder)/ could not take it (the error above); kept in the failure database as \(database)" }
            return "shrunk, but NOT SAVED: neither \(folder)/ nor the failure database could take it (the errors above)"
        }
    }

    /// The paths of the findings written into the folder.
    var savedPaths: [String] { entries.map(\.path).filter { $0.hasPrefix(directory + "/") } }
    var savedCount: Int { savedPaths.count }
    /// Findings the folder could not take.
    var unsavedCount: Int { unsaved.withLock { $0 } }

    /// Saves a shrunk finding of the harness; returns its path, or nil when the
    /// scenario could not be written.
    @discardableResult
    func save(_ finding: Finding) -> Saved {
        let file = FindingFile(finding, engines: engines)
        return save(file, note: "\(finding.signature), " + (finding.origin ?? "profile \(finding.profile)") + ", "
                    + "shrunk from \(finding.originalLength) to \(finding.commands.count) commands")
    }

    /// Saves `file` as `STEM.wls` in the folder (and its picture when its engines can
    /// run it here), printing `note` after its path; says where it went.
    @discardableResult
    func save(_ file: FindingFile, note: String) -> Saved {
        let path = names.reserve(directory: directory, stem: file.stem)
        var saved = Saved(folder: directory)
        // The failure database first and on its own: a finding the folder cannot take is still kept.
        do {
            saved.database = try failures?.save(file, engines: engines)
            if let database = saved.database { databasePaths.withLock { $0[path] = database } }
        } catch {
            FileHandle.standardError.write(Data(("error: cannot save the finding into the failure database "
                                                 + "\(failures?.directory ?? ""): \(OutputPath.reason(error))\n").utf8))
        }
        do {
            try Self.writeScenario(file, to: path)
        } catch {
            FileHandle.standardError.write(Data("error: cannot save the finding \(file.stem): \(error)\n".utf8))
            unsaved.withLock { $0 += 1 }
            if let database = saved.database { savedEntries.withLock { $0.append(file.entry(path: database)) } }
            return saved
        }
        saved.path = path
        savedEntries.withLock { $0.append(file.entry(path: path)) }
        let label = file.kind == .crash ? "FAIL crash" : "finding"
        FileHandle.standardError.write(Data("\(label): \(path): \(note)\n".utf8))
        // The scenario is the finding; a missing picture is worth a warning (a crash has none: its engines crash
        // here; an interrupted check has stopped its engines).
        if file.kind != .crash && !Interruption.requested {
            do {
                try Self.writePicture(file, besides: path, engines: engines)
            } catch {
                FileHandle.standardError.write(Data("warning: no picture for \(path): \(OutputPath.reason(error))\n".utf8))
            }
        }
        return saved
    }

    /// Removes a saved finding that a more general group of the same run superseded,
    /// or a simpler scenario of its group replaced: its scenario, its picture, its
    /// entry and its copy in the failure database.
    /// - Parameter path: where it went (``Saved/path``, or its database entry when the
    ///   folder could not take it).
    func forget(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
        if path.hasSuffix(".wls") { try? FileManager.default.removeItem(atPath: String(path.dropLast(4)) + ".svg") }
        if let saved = databasePaths.withLock({ $0.removeValue(forKey: path) }) { failures?.remove(saved) }
        savedEntries.withLock { $0.removeAll { $0.path == path } }
        let note = "superseded: \(path) (a simpler scenario of its cause, or a more general group, was found later)\n"
        FileHandle.standardError.write(Data(note.utf8))
    }

    /// Writes the finding's scenario atomically as `path`, making its folder.
    static func writeScenario(_ file: FindingFile, to path: String) throws(FileWriteError) {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try AtomicFile.makeFolder(folder) }
        try AtomicFile.write(Array(file.scenarioText.utf8), to: path)
    }

    /// Writes the finding's picture, at the step where the engines first differ,
    /// beside the scenario `path` (`.svg` for `.wls`).
    static func writePicture(_ file: FindingFile, besides path: String, engines: [EngineFactory]) throws {
        let svg = try ScenarioRenderer.render(scenario: file.scenario, engines: engines)
        let base = path.hasSuffix(".wls") ? String(path.dropLast(4)) : path
        try AtomicFile.write(Array(svg.utf8), to: base + ".svg")
    }
}

/// The lines `check` prints about a campaign's profiles and divergence groups.
enum CampaignSummary {
    /// One line: cases and commands per profile.
    static func profileLines(_ totals: CampaignProgress) -> String {
        "profiles: " + GenerationProfile.allCases.compactMap { profile in
            guard let cases = totals.casesByProfile[profile] else { return nil }
            return "\(profile) \(cases) cases / \(totals.commandsByProfile[profile] ?? 0) commands"
        }.joined(separator: ", ")
    }

    /// One line per group, the largest first (new groups, then known ones met): at most
    /// `limit`, then one line saying how many more there are (all are in check.json and
    /// report.html). Each says how to replay it: its saved scenario, or its case seed.
    static func groupLines(_ totals: CampaignProgress, limit: Int = 40) -> [String] {
        let sorted = totals.groups.filter { $0.status != .known || $0.cases > 0 }
            .sorted { ($0.status != .known ? 1 : 0, $0.cases, $1.signature) > ($1.status != .known ? 1 : 0, $1.cases, $0.signature) }
        let lines = sorted.prefix(limit).map { group -> String in
            let counted = group.attributed > 0 ? ", \(group.attributed) of its divergences counted by their outcomes" : ""
            let shrinking = group.shrinkSeconds > 0 ? String(format: ", %.1f s shrinking", group.shrinkSeconds) : ""
            let fault = group.fault.map { "; \($0)" } ?? ""
            let head = "\(group.cases) x \(group.signature) (\(group.profile) profile\(counted)\(shrinking)\(fault))"
            switch group.status {
            case .shrunk: return head + (group.path.map { ": \($0)" } ?? ": shrunk, not saved")
            case .known: return head + ": known"
            case .unshrunk: return head + ": NOT SHRUNK, \(group.replayHint)"
            case .nondeterministic: return head + (group.path.map { ": \($0)" } ?? "")
            case .harnessError: return head + ": HARNESS ERROR (see above)"
            }
        }
        return lines + (sorted.count > limit ? ["and \(sorted.count - limit) more group(s): check.json and report.html list all"] : [])
    }
}
