import CommandEncoding
import CorpusPack
import DifferentialHarness
import Foundation
import ScenarioLanguage
import WindowModel

/// Runs `check`'s replays and campaign in a worker process and survives its
/// crashes: when an in-process engine traps (a failed precondition, an index out of
/// range, a bad access), the supervisor reads what each job was running (see
/// ``InFlightRecorder``), finds the case that crashes again alone, shrinks it in
/// fresh child processes ("still crashes"), writes it to `--out` as
/// `crash-….wls`, and restarts the worker after that case with the time left.
/// The check then exits 1.
struct CheckSupervisor {
    let check: Check
    static let maximumRestarts = 20

    /// The time the worker's campaign started, written by the worker.
    static func noteCampaignStart(_ directory: String) {
        try? String(Date().timeIntervalSince1970).write(toFile: directory + "/campaign-start", atomically: true, encoding: .utf8)
    }

    func run() -> Int32 {
        let directory = NSTemporaryDirectory() + "windowlab-in-flight-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let seed = check.seed ?? UInt64(Date().timeIntervalSince1970 * 1000)
        var status: Int32 = 0, replayFrom = 0, firstCase = 0, remaining = check.time, crashes = 0
        var triage = CrashTriage(check: check, directory: NSTemporaryDirectory() + "windowlab-crash-\(getpid())")
        var merged = CheckResult()
        // Crash triage may take as long again as the campaign, at least two minutes.
        let wallDeadline = Date().addingTimeInterval(2 * check.time + 120)
        for _ in 0 ... Self.maximumRestarts {
            guard Date() < wallDeadline else {
                note("check: stopping after \(crashes) crash(es): the time for crash triage is used up")
                break
            }
            try? FileManager.default.removeItem(atPath: directory)
            let arguments = workerArguments(seed: seed, time: (remaining * 10).rounded() / 10, directory: directory,
                                            replayFrom: replayFrom, firstCase: firstCase)
            let (outcome, _) = ChildProcess.run([ChildProcess.currentExecutable] + arguments, backtraces: false)
            collectResults(directory, into: &merged)
            guard outcome.isCrash else {
                if case let .exited(code) = outcome { status = max(status, code == 64 ? 2 : code) }
                break
            }
            crashes += 1
            status = max(status, 1)
            if let text = try? String(contentsOfFile: directory + "/campaign-start", encoding: .utf8),
               let started = Double(text) {
                remaining = max(0, remaining - (Date().timeIntervalSince1970 - started))
            }
            let records = InFlightRecorder.read(directory: directory)
            note("check: the worker process crashed (\(outcome)); finding the case that crashes "
                 + "(in flight: \(records.map { $0.joined(separator: " ") }.joined(separator: "; ")))")
            let crashed = triage.run(records)
            if check.stopOnFinding && !crashed.isEmpty { break }
            if let replay = records.first(where: { $0.first == "replay" }), crashed.isEmpty || crashed.contains(replay) {
                replayFrom = Int(replay[1]) ?? replayFrom
                continue   // go on with the replays after the crashing item
            }
            let cases = records.filter { $0.first == "case" }.compactMap { Int($0[1]) }
            replayFrom = Int.max / 2
            firstCase = (cases.max() ?? firstCase) + 1
            if remaining < 1 { break }
            note("check: restarting the campaign at case \(firstCase) with \(NumberText.format(remaining.rounded())) s left")
        }
        if check.json {
            merged.findings += triage.entries
            merged.status = max(merged.status, status)
            if crashes > 0 { merged.problems.append("\(crashes) crash(es) of the engines' process") }
            print(merged.jsonText())
        } else if crashes > 0 {
            print("check: \(crashes) crash(es) of the engines' process in \(triage.groups.count) group(s); "
                  + "crash scenarios in \(check.out)/")
            for (signature, count) in triage.groups.sorted(by: { $0.value > $1.value }) {
                FileHandle.standardError.write(Data("  \(count) x \(signature)\n".utf8))
            }
        }
        return status
    }

    /// Merges the JSON results a worker left in `directory`.
    private func collectResults(_ directory: String, into merged: inout CheckResult) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix("result-") }
        for name in names {
            guard let text = try? String(contentsOfFile: directory + "/" + name, encoding: .utf8),
                  let result = try? CheckResult.fromJSON(text) else { continue }
            merged.merge(result)
        }
    }

    private func workerArguments(seed: UInt64, time: Double, directory: String, replayFrom: Int, firstCase: Int) -> [String] {
        var arguments = ["check", "--time", String(time), "--seed", String(seed), "--jobs", String(check.jobs),
                         "--out", check.out, "--examples", check.examples, "--corpus", check.corpus,
                         "--max-findings", String(check.maxFindings), "--in-flight", directory,
                         "--replay-from", String(replayFrom), "--first-case", String(firstCase)]
        if let profile = check.profile { arguments += ["--profile", profile] }
        if !check.invariants { arguments.append("--no-invariants") }
        if check.stopOnFinding { arguments.append("--stop-on-finding") }
        if check.json { arguments.append("--json") }
        arguments += ["--failures", check.failures]
        if check.coverage { arguments.append("--coverage") }
        if let mutant = check.mutant { arguments += ["--mutant", mutant] }
        return arguments
    }

    private func note(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }
}

/// Finds, groups, shrinks and saves the crashing cases of a supervised check.
struct CrashTriage {
    let check: Check
    let shrinker: CrashShrinker
    /// Crashes per signature: the runtime's message when it printed one, else the signal.
    private(set) var groups: [String: Int] = [:]
    /// The crash findings saved, for the JSON report.
    private(set) var entries: [CheckResult.FindingEntry] = []

    init(check: Check, directory: String) {
        self.check = check
        let options = Self.probeOptions(check)
        shrinker = CrashShrinker(directory: directory) { path in
            [ChildProcess.currentExecutable, "crash-probe", "--commands", path] + options
        }
    }

    /// The options that make a probe child's engines those of the check.
    static func probeOptions(_ check: Check) -> [String] {
        (check.mutant.map { ["--mutant", $0] } ?? []) + (check.invariants ? [] : ["--no-invariants"])
    }

    private var probeOptions: [String] { Self.probeOptions(check) }

    /// `Fatal error: <message>` as the runtime printed it, else the signal.
    static func signature(_ outcome: ChildOutcome, _ standardError: String) -> String {
        let line = standardError.split(separator: "\n").first { $0.contains("Fatal error") }
        return line.map { String($0.drop { $0 != "F" }) } ?? "\(outcome)"
    }

    /// Finds which in-flight record crashes again alone and, when its crash opens
    /// a new group (its runtime message, or its signal), shrinks it and saves it.
    /// Returns the records that crashed.
    mutating func run(_ records: [[String]]) -> [[String]] {
        var crashed: [[String]] = []
        for record in records {
            guard let (commands, origin, name) = commands(of: record, shrinker) else { continue }
            let first = shrinker.run(commands)
            guard first.outcome.isCrash else { continue }
            crashed.append(record)
            let signature = Self.signature(first.outcome, first.standardErrorTail)
            groups[signature, default: 0] += 1
            guard groups[signature] == 1 else {
                FileHandle.standardError.write(Data("FAIL crash: \(origin): another \(signature)\n".utf8))
                continue
            }
            let minimal = shrinker.shrink(commands, seconds: 60)
            let last = shrinker.run(minimal)
            let text = CrashShrinker.scenarioText(minimal, outcome: last.outcome.isCrash ? last.outcome : first.outcome,
                                                  origin: origin, originalLength: commands.count,
                                                  standardErrorTail: last.outcome.isCrash ? last.standardErrorTail : first.standardErrorTail)
            let path = "\(check.out)/\(name).wls"
            do {
                try FileManager.default.createDirectory(atPath: check.out, withIntermediateDirectories: true)
                try AtomicFile.write(Array(text.utf8), to: path)
                entries.append(CheckResult.FindingEntry(
                    kind: "crash", path: path, caseSeed: record.first == "case" ? UInt64(record[2]) : nil,
                    profile: record.first == "case" ? record[3] : nil, signature: signature,
                    commands: minimal.count, originalCommands: commands.count, scenario: text))
                FileHandle.standardError.write(Data(("FAIL crash: \(path): \(origin), shrunk from \(commands.count) "
                                                     + "to \(minimal.count) commands\n").utf8))
            } catch {
                note("error: cannot save \(path): \(error)")
            }
        }
        if crashed.isEmpty && !records.isEmpty {
            FileHandle.standardError.write(Data(("FAIL crash: none of the cases in flight crashes again alone "
                                                 + "(a nondeterministic crash)\n").utf8))
        }
        return crashed
    }

    /// The commands an in-flight record names, where they came from, and a file name.
    private func commands(of record: [String], _ shrinker: CrashShrinker) -> ([Command], String, String)? {
        switch record.first {
        case "case" where record.count >= 4:
            // Regenerate the case in a child that records each command before running it.
            let file = shrinker.directory + "/case-\(record[2]).wls"
            try? FileManager.default.createDirectory(atPath: shrinker.directory, withIntermediateDirectories: true)
            _ = ChildProcess.run([ChildProcess.currentExecutable, "crash-probe", "--case-seed", record[2],
                                  "--profile", record[3], "--record", file]
                                  + (record.count >= 6 && record[4] == "focus" ? ["--focus", record[5]] : [])
                                  + probeOptions, timeout: 300, quiet: true)
            guard let scenario = try? ScenarioParser().parseFile(atPath: file) else { return nil }
            return (scenario.commands, "campaign case \(record[1]), case seed \(record[2]), profile \(record[3])",
                    "crash-\(record[2])")
        case "replay" where record.count >= 4:
            let path = record[3]
            switch record[2] {
            case "scenario":
                guard let scenario = try? ScenarioParser().parseFile(atPath: path) else { return nil }
                return (Shrinker.valid(scenario.commands.filter { !$0.isExpectation }), "scenario \(path)", "crash-replay-\(record[1])")
            case "entry" where record.count >= 5:
                guard let index = Int(record[4]), let pack = try? CorpusFiles.readPack(path).pack,
                      index < pack.entries.count, case let .commands(list) = CommandDecoder.decode(pack.entries[index])
                else { return nil }
                return (list, "corpus pack \(path), entry \(index)", "crash-replay-\(record[1])")
            case "input":
                guard let bytes = try? CorpusFiles.readInput(path), case let .commands(list) = CommandDecoder.decode(bytes)
                else { return nil }
                return (list, "regression input \(path)", "crash-replay-\(record[1])")
            default:
                return nil
            }
        default:
            return nil
        }
    }

    private func note(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }
}
