import DifferentialHarness
import Foundation
import ProcessSupport
import WindowModel

/// Runs `check`'s replays and campaign in a worker process and survives its
/// crashes: when an in-process engine traps (a failed precondition, an index out of
/// range, a bad access), the supervisor reads what each job was running (see
/// ``InFlightRecorder``), finds the case that crashes again alone, shrinks it in
/// fresh child processes ("still crashes"), writes it to `--out` as
/// `crash-….wls`, and restarts the worker after that case with the time left.
/// The check then exits 1.
struct CheckSupervisor {
    let options: CheckOptions
    /// Seconds each crash is shrunk for.
    var crashShrinkSeconds = 60.0
    static let maximumRestarts = 20

    /// The time the worker's run started (its --time counts from there), written by the
    /// worker as its campaign starts.
    static func noteRunStart(_ directory: String, at started: Date) {
        try? String(started.timeIntervalSince1970).write(toFile: directory + "/run-start", atomically: true, encoding: .utf8)
    }

    func run() -> Int32 {
        // A known-findings file that cannot be read is bad input, said once, before any work.
        guard let known = try? options.loadKnown() else { return ExitStatus.badInput.rawValue }
        do {
            try options.makeOutputFolders()
        } catch {
            note("error: \(error)")
            return ExitStatus.usage.rawValue
        }
        // An interruption is passed on to the worker, which stops at its next step and
        // leaves what it found; then the report is written as for any other end.
        ChildProcess.forwardInterruptions()
        let directory = NSTemporaryDirectory() + "windowlab-in-flight-\(getpid())"
        let crashDirectory = NSTemporaryDirectory() + "windowlab-crash-\(getpid())"
        defer {
            try? FileManager.default.removeItem(atPath: directory)
            try? FileManager.default.removeItem(atPath: crashDirectory)
        }
        let seed = options.seed ?? UInt64(Date().timeIntervalSince1970 * 1000)
        var status: Int32 = 0, crashes = 0, interrupted = false
        var resume = Resume(remaining: options.time)
        var triage = CrashTriage(engines: options.selection, out: options.out, directory: crashDirectory,
                                 shrinkSeconds: crashShrinkSeconds)
        var merged = CheckResult()
        // Crash triage may take as long again as the campaign, at least two minutes (or a shrink's time).
        let wallDeadline = Date().addingTimeInterval(2 * options.time + max(120, crashShrinkSeconds))
        for _ in 0 ... Self.maximumRestarts {
            if Interruption.requested { interrupted = true; break }
            guard Date() < wallDeadline else {
                note("check: stopping after \(crashes) crash(es): the time for crash triage is used up")
                break
            }
            try? FileManager.default.removeItem(atPath: directory)
            let (outcome, _) = ChildProcess.run([ChildProcess.currentExecutable]
                                                + workerArguments(seed: seed, resume: resume, directory: directory))
            collectResults(directory, into: &merged)
            if Interruption.requested || outcome.isInterruption || outcome == .exited(ExitStatus.interrupted.rawValue) {
                interrupted = true
                break
            }
            guard outcome.isCrash else {
                if case let .exited(code) = outcome {
                    if ExitStatus(rawValue: code) == nil || code == ExitStatus.interrupted.rawValue {
                        note("error: the check's worker process ended with \(outcome)")
                    }
                    status = max(status, code <= ExitStatus.badInput.rawValue ? code : ExitStatus.badInput.rawValue)
                } else {
                    status = max(status, ExitStatus.badInput.rawValue)
                    note("error: the check's worker process \(outcome)")
                }
                break
            }
            crashes += 1
            status = max(status, ExitStatus.failed.rawValue)
            if let text = try? String(contentsOfFile: directory + "/run-start", encoding: .utf8),
               let started = Double(text) {
                resume.remaining = max(0, resume.remaining - (Date().timeIntervalSince1970 - started))
            }
            let records = InFlightRecorder.read(directory: directory)
            note("check: the worker process crashed (\(outcome)); finding what crashes "
                 + "(in flight: \(records.map(\.description).joined(separator: "; ")))")
            let crashed = triage.run(records)
            if Interruption.requested { interrupted = true; break }
            if options.stopOnFinding && !crashed.isEmpty { break }
            resume.advance(past: records)
            if resume.inCampaign && resume.remaining < 1 { break }
            if resume.inCampaign {
                note("check: restarting the campaign at case \(resume.firstCase) with "
                     + "\(NumberText.format(resume.remaining.rounded())) s left")
            }
        }
        merged.findings += triage.entries
        if interrupted {
            note("check: interrupted; what was found is in \(options.out)/"
                 + (options.failures == "none" ? "" : " and \(options.failures)/"))
            (merged.interrupted, status) = (true, ExitStatus.interrupted.rawValue)
        }
        merged.status = max(merged.status, status)
        merged.seed = merged.seed ?? seed
        if crashes > 0 { merged.problems.append("\(crashes) crash(es) of the engines' process") }
        // The engines are started again only when the report has scenarios to step
        // through (this run's findings, or earlier ones in --out); otherwise the
        // workers' record of them names them.
        let scenarios = ((try? FileManager.default.contentsOfDirectory(atPath: options.out)) ?? []).filter { $0.hasSuffix(".wls") }
        // (Interrupted, no engine process is started again: those run in another process are described.)
        let inProcess = !options.selection.engineOptions.specs.contains { $0.hasPrefix("exec:") }
        let reported: [EngineFactory]? = merged.findings.isEmpty && scenarios.isEmpty || (interrupted && !inProcess)
            ? merged.engines.map(EngineCatalog.described) : try? options.selection.resolve()
        // An output that cannot be written fails the check (exit 2), said in plain words.
        let written = reported.map { options.writeReport(merged, engines: $0) } ?? true
        if !written || options.writeKnown.map({ CheckOptions.saveKnown($0, result: merged, previous: known) }) == false {
            status = max(status, ExitStatus.badInput.rawValue)
            merged.status = max(merged.status, status)
        }
        if options.json {
            print(merged.jsonText())
        } else if crashes > 0 {
            print("check: \(crashes) crash(es) of the engines' process in \(triage.groups.count) group(s); "
                  + "crash scenarios in \(options.out)/")
            for (signature, count) in triage.groups.sorted(by: { $0.value > $1.value }) {
                FileHandle.standardError.write(Data("  \(count) x \(signature)\n".utf8))
            }
        }
        return status
    }

    /// Where a restarted worker picks up after a crash.
    struct Resume {
        var remaining: Double
        /// Replayed items up to this one are skipped.
        var replayFrom = 0
        var skipSavedFailures = false
        var firstCase = 0
        /// Whether the worker had reached the campaign.
        var inCampaign = false

        /// Moves past whatever was in flight when the worker crashed.
        mutating func advance(past records: [InFlightRecord]) {
            // The order of a worker: saved failures, replays, the campaign.
            for case let .replay(ordinal, _) in records {
                (replayFrom, skipSavedFailures) = (ordinal, true)   // go on with the replays after it
                return
            }
            if records.contains(where: { if case .savedFailure = $0 { true } else { false } }) {
                skipSavedFailures = true   // then the replays, from the first
                return
            }
            // Campaign cases, or shrinking candidates of a case.
            let cases = records.compactMap { record -> Int? in
                switch record {
                case let .campaignCase(index, _, _, _, _): index
                case let .candidate(_, caseIndex): caseIndex
                default: nil
                }
            }
            inCampaign = true
            replayFrom = Int.max / 2
            skipSavedFailures = true
            firstCase = (cases.max() ?? firstCase - 1) + 1
        }
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

    /// The worker's command line: the user's options, and where to pick up.
    private func workerArguments(seed: UInt64, resume: Resume, directory: String) -> [String] {
        var position = WorkerPosition()
        (position.inFlight, position.replayFrom) = (directory, resume.replayFrom)
        (position.firstCase, position.skipSavedFailures) = (resume.firstCase, resume.skipSavedFailures)
        // `--time 0` means "replay everything, no campaign": a bounded check's worker never gets it,
        // however little time is left (a rounding to 0 once let `--time 0.01` replay the whole corpus).
        let time = options.time > 0 ? max(0.001, (resume.remaining * 1000).rounded() / 1000) : 0
        return ["check-worker"] + options.arguments(time: time, seed: seed)
            + position.arguments
    }

    private func note(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }
}
