import CommandEncoding
import CorpusPack
import DifferentialHarness
import Foundation
import ProcessSupport
import ScenarioLanguage
import Shrinking
import WindowModel

/// Finds, groups, shrinks and saves the crashing cases of a supervised check.
struct CrashTriage {
    /// The engines of the check, given to every probe child.
    let engines: EngineSelection
    let shrinker: CrashShrinker
    /// Crashes per signature: the runtime's message when it printed one, else the signal.
    private(set) var groups: [String: Int] = [:]
    /// Writes the crash findings (no failure database: a crash does not replay in process).
    let writer: FindingWriter
    /// The crash findings saved, for the JSON report.
    var entries: [CheckResult.FindingEntry] { writer.entries }

    /// Seconds each new crash group's first crash is shrunk for.
    let shrinkSeconds: Double

    init(engines: EngineSelection, out: String, directory: String, shrinkSeconds: Double = 60) {
        self.engines = engines
        self.shrinkSeconds = shrinkSeconds
        writer = FindingWriter(directory: out, engines: [], failures: nil)
        let options = engines.arguments
        shrinker = CrashShrinker(directory: directory) { path in
            [ChildProcess.currentExecutable, "crash-probe", "--commands", path] + options
        }
    }

    /// `Fatal error: <message>` as the runtime printed it, else the signal.
    static func signature(_ outcome: ChildOutcome, _ standardError: String) -> String {
        // Debug builds print the runtime's message; -O builds trap without one.
        let line = standardError.split(separator: "\n").first {
            $0.contains("Fatal error") || $0.contains("Precondition failed") || $0.contains("Assertion failed")
        }
        return line.map { String($0).trimmingCharacters(in: .whitespaces) } ?? "\(outcome)"
    }

    /// Finds which in-flight record crashes again alone and, when its crash opens
    /// a new group (its runtime message, or its signal), shrinks it and saves it.
    /// Returns the records that crashed.
    mutating func run(_ records: [InFlightRecord]) -> [InFlightRecord] {
        var crashed: [InFlightRecord] = []
        // Interrupted, nothing more is started; a shrink under way keeps its best list and is written.
        for record in records where !Interruption.requested {
            guard let (commands, origin, name) = commands(of: record, shrinker) else { continue }
            var caseSeed: UInt64?, profile: String?
            if case let .campaignCase(_, seed, caseProfile, _, _) = record { (caseSeed, profile) = (seed, caseProfile) }
            let first = shrinker.run(commands)
            guard first.outcome.isCrash else { continue }
            crashed.append(record)
            let signature = Self.signature(first.outcome, first.standardErrorTail)
            groups[signature, default: 0] += 1
            guard groups[signature] == 1 else {
                FileHandle.standardError.write(Data("FAIL crash: \(origin): another \(signature)\n".utf8))
                continue
            }
            let minimal = shrinker.shrink(commands, seconds: shrinkSeconds)
            let last = shrinker.run(minimal)
            let file = FindingFile(crash: minimal, outcome: last.outcome.isCrash ? last.outcome : first.outcome,
                                   signature: signature, origin: origin, stem: name, originalLength: commands.count,
                                   standardErrorTail: last.outcome.isCrash ? last.standardErrorTail : first.standardErrorTail,
                                   caseSeed: caseSeed, profile: profile)
            writer.save(file, note: "\(origin), shrunk from \(commands.count) to \(minimal.count) commands")
        }
        if crashed.isEmpty && !records.isEmpty && !Interruption.requested {
            FileHandle.standardError.write(Data(("FAIL crash: none of the cases in flight crashes again alone "
                                                 + "(a nondeterministic crash)\n").utf8))
        }
        return crashed
    }

    /// The commands an in-flight record names, where they came from, and a file name.
    private func commands(of record: InFlightRecord, _ shrinker: CrashShrinker) -> ([Command], String, String)? {
        switch record {
        case .idle:
            return nil
        case let .campaignCase(index, seed, profile, focus, avoided):
            // Regenerate the case in a child that records each command before running it.
            let file = shrinker.directory + "/case-\(seed).wls"
            try? AtomicFile.makeFolder(shrinker.directory)
            _ = ChildProcess.run([ChildProcess.currentExecutable, "crash-probe", "--case-seed", String(seed),
                                  "--profile", profile, "--record", file]
                                  + (focus.isEmpty ? [] : ["--focus", focus.joined(separator: ",")])
                                  + (avoided.isEmpty ? [] : ["--avoid", avoided.joined(separator: ",")])
                                  + engines.arguments, timeout: 300, quiet: true)
            guard let scenario = try? ScenarioParser().parseFile(atPath: file) else { return nil }
            return (scenario.commands, "campaign case \(index), case seed \(seed), profile \(profile)", "crash-\(seed)")
        case let .savedFailure(path):
            guard let list = Self.commandList(path) else { return nil }
            let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            return (list, "saved failure \(path)", "crash-saved-\(stem)")
        case let .candidate(path, caseIndex):
            guard let list = Self.commandList(path) else { return nil }
            return (list, "a list tried while shrinking campaign case \(caseIndex.map(String.init) ?? "?")",
                    "crash-shrinking-case-\(caseIndex ?? 0)")
        case let .replay(ordinal, .scenario(path)):
            guard let list = Self.commandList(path) else { return nil }
            return (list, "scenario \(path)", "crash-replay-\(ordinal)")
        case let .replay(ordinal, .packEntry(pack, index)):
            guard let entries = try? CorpusFiles.readPack(pack).pack.entries, index < entries.count,
                  case let .commands(list) = CommandDecoder.decode(entries[index]) else { return nil }
            return (list, "corpus pack \(pack), entry \(index)", "crash-replay-\(ordinal)")
        case let .replay(ordinal, .regressionInput(path)):
            guard let bytes = try? CorpusFiles.readInput(path), case let .commands(list) = CommandDecoder.decode(bytes)
            else { return nil }
            return (list, "regression input \(path)", "crash-replay-\(ordinal)")
        }
    }

    /// A scenario file's commands, cut where the list stops being valid.
    private static func commandList(_ path: String) -> [Command]? {
        guard let scenario = try? ScenarioParser().parseFile(atPath: path) else { return nil }
        return Shrinker.valid(scenario.commands)
    }
}
