import Foundation
import Lockstep
import ProcessSupport
import ScenarioLanguage
import Shrinking
import WindowModel

/// Failures remembered between runs, as Hypothesis' example database does: every
/// finding is saved as a scenario file, and the next run on the same engines replays
/// the saved ones first, until they pass (then they are deleted).
///
/// One folder per set of engines (`<directory>/<engine>+<engine>/`), one `.wls` file
/// per finding: its commands only (no `expect` lines), so it replays on any engines
/// and `windowlab run --engine all FILE` shows the difference. Written atomically.
public struct FailureDatabase: Sendable {
    public var directory: String

    public init(directory: String) { self.directory = directory }

    /// `$WINDOWLAB_FAILURES`, or `.windowlab/failures` in the current directory.
    public static var standard: FailureDatabase {
        FailureDatabase(directory: HarnessEnvironment.string("WINDOWLAB_FAILURES") ?? ".windowlab/failures")
    }

    /// The folder for these engines.
    public func folder(for engines: [EngineFactory]) -> String {
        let key = engines.map { name in
            String(name.name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
        }.joined(separator: "+")
        return directory + "/" + key
    }

    /// Saves a shrunk finding, one per group: a new finding of a group replaces the
    /// group's file (a fresh seed each run would otherwise pile up files of one
    /// unfixed bug). Nondeterministic findings and crashes are not saved (they would
    /// not replay in process); returns nil for them, else the path.
    @discardableResult
    public func save(_ file: FindingFile, engines: [EngineFactory]) throws -> String? {
        guard file.kind != .nondeterministic && file.kind != .crash else { return nil }
        let folder = folder(for: engines)
        try AtomicFile.makeFolder(folder)
        // The command and what differed, readable; the outcomes as a short stable hash.
        let slug = String(file.coarseSignature.map { $0.isLetter || $0.isNumber ? $0 : "-" })
            + "-" + String(file.signature.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 },
                           radix: 16)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for old in names where old.hasPrefix(slug + "-") && old.hasSuffix(".wls") {
            try? FileManager.default.removeItem(atPath: folder + "/" + old)
        }
        let path = "\(folder)/\(slug)-\(file.caseSeed ?? 0).wls"
        try AtomicFile.write(Array(file.databaseText.utf8), to: path)
        return path
    }

    /// The saved failures for these engines, oldest name first: (path, commands).
    /// Files that no longer parse are skipped and reported in `unreadable`.
    public func load(engines: [EngineFactory]) -> (failures: [(path: String, commands: [Command])], unreadable: [String]) {
        let folder = folder(for: engines)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".wls") }.sorted()
        var failures: [(String, [Command])] = [], unreadable: [String] = []
        for name in names {
            let path = folder + "/" + name
            do {
                let scenario = try ScenarioParser().parseFile(atPath: path)
                failures.append((path, scenario.commands))
            } catch {
                unreadable.append("\(path): \(error)")
            }
        }
        return (failures, unreadable)
    }

    /// Forgets a failure that passes now.
    public func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// What replaying a failure database found.
public struct SavedFailureReplay: Sendable {
    /// Saved failures that still fail, shrunk again: one finding for each difference a
    /// file shows (a later one of another cause is a finding of its own).
    public var stillFailing: [(path: String, finding: Finding)] = []
    /// Saved failures that pass now (deleted from the database).
    public var fixed: [String] = []
    public var unreadable: [String] = []

    /// Replays every saved failure for `engines`.
    /// - Parameters:
    ///   - invariants: check invariants (every command, or every 32nd for long lists).
    ///   - willRun: called with each file's path before its commands run.
    public init(_ database: FailureDatabase, engines: [EngineFactory], invariants: Bool = true,
                willRun: ((String) -> Void)? = nil) {
        let loaded = database.load(engines: engines)
        unreadable = loaded.unreadable
        for (path, commands) in loaded.failures where !Interruption.requested {
            let valid = Shrinker.valid(commands)
            willRun?(path)
            let cadence: InvariantCadence = !invariants ? .off : valid.count > 256 ? .sparse : .everyCommand
            // On past the first difference: a later one of another cause is shrunk too.
            let divergences = DifferentialRunner.run(valid, engines: engines, cadence: cadence,
                                                     continuesAfterDivergence: true).divergences
            // Cut short by an interruption: neither failing nor fixed.
            if divergences.contains(where: { $0.fault?.kind == .interrupted }) { break }
            if !divergences.isEmpty {
                // The file is named `<group>-<case seed>.wls`.
                let stem = (path as NSString).lastPathComponent.replacingOccurrences(of: ".wls", with: "")
                let seed = stem.split(separator: "-").last.flatMap { UInt64($0) } ?? 0
                for divergence in divergences.firstOfEachSignature {
                    let commands = Array(valid.prefix(divergence.sourceIndex + 1))
                    stillFailing.append((path, Finding.shrinking(commands, divergence: divergence, seed: seed,
                                                                 profile: .small, engines: engines, seconds: 20,
                                                                 invariants: invariants)))
                }
            } else {
                database.remove(path)
                fixed.append(path)
            }
        }
    }
}
