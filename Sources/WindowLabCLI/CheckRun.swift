import ArgumentParser
import CommandGeneration
import DifferentialHarness
import Foundation
import ProcessSupport
import ScenarioLanguage
import WindowModel

/// One check's replays and campaign, in this process: the worker process of a
/// supervised `check` (`check-worker`, with a ``WorkerPosition``), or
/// `check --no-supervisor` (without one).
struct CheckRun {
    let options: CheckOptions
    /// Where a worker starts and records; nil when no supervisor is watching.
    let position: WorkerPosition?

    private var inFlight: String? { position?.inFlight }
    private var replayFrom: Int { position?.replayFrom ?? 0 }
    private var firstCase: Int { position?.firstCase ?? 0 }
    private var skipSavedFailures: Bool { position?.skipSavedFailures ?? false }

    /// When the run started: `--time` counts from here, replays included.
    private let started = (ContinuousClock.now, Date())

    init(options: CheckOptions, position: WorkerPosition?) {
        self.options = options
        self.position = position
    }

    /// The instant the replays and the campaign must end by: `--time` after the start
    /// (nil for `--time 0`, which replays everything and runs no campaign).
    var deadline: ContinuousClock.Instant? {
        options.time > 0 ? started.0 + .milliseconds(Int64(options.time * 1000)) : nil
    }

    /// Replays and fuzzes; throws the exit status when anything failed. A worker
    /// leaves its result in its in-flight folder for the supervisor to merge, print
    /// and report; an unsupervised run prints and reports it itself.
    func run() throws {
        // SIGINT and SIGTERM stop the work at its next step; what was found is still written.
        Interruption.observe()
        let engines = try options.selection.resolve()
        let knownGroups = try options.loadKnown()
        if position == nil { try options.makeOutputFolders() }   // (a supervisor made them before its worker)
        for note in [EngineCatalog.featureNote(engines), EngineCatalog.deviationNote(engines)].compactMap({ $0 }) {
            FileHandle.standardError.write(Data((note + "\n").utf8))
        }
        let recorder = try inFlight.map { try InFlightRecorder(directory: $0, jobs: options.jobs) }
        var report = CheckReport { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        report.result.engines = engines.map(RunResult.Engine.init)
        var replay = ReplayCursor(recorder: recorder, startAfter: replayFrom)
        var diverged = ReplayFindings()
        let known = options.activeKnown(knownGroups, engines, &report, announce: replayFrom == 0 && firstCase == 0)
        // What earlier checks saved comes first: a replay finding this check saves is not met again.
        let savedReplayed = !skipSavedFailures && !Interruption.requested
            ? replaySavedFailures(engines, known, &report, recorder) : 0
        replayScenarios(engines, &report, &replay, &diverged)
        let corpusCutShort = try replayCorpus(engines, &report, &replay, &diverged)
        reportReplayFindings(diverged, engines, known, &report)
        recorder?.clear(job: 0)
        if !Interruption.requested { runCampaign(engines, known, &report, recorder) }
        // (A worker restarted after a crash may rightly have nothing left; the first one may not.
        // A corpus that --time cut before its first entry has already failed as not finished.)
        if report.scenarios == 0 && !corpusCutShort && report.packEntries == 0 && report.result.cases == 0 && savedReplayed == 0
            && replayFrom == 0 && firstCase == 0 && !Interruption.requested {
            report.badInput("nothing was checked: no saved failures, scenario files or corpus entries, and no campaign ("
                            + (options.time > 0 ? "--time \(NumberText.format(options.time)) s left it none)" : "--time 0)"))
        }
        noteUnsupported(&report)
        if Interruption.requested { report.interrupted() }
        if let inFlight {
            // The supervisor merges the workers' results, prints and writes the report.
            try? AtomicFile.write(Array(report.result.jsonText().utf8), to: inFlight + "/result-\(getpid()).json")
            if !options.json { print(report.summary) }
        } else {
            // An output that cannot be written fails the check (exit 2), said in plain words.
            let written = options.writeReport(report.result, engines: engines)
            if !written || options.writeKnown.map({ CheckOptions.saveKnown($0, result: report.result, previous: knownGroups) }) == false {
                report.result.status = max(report.result.status, ExitStatus.badInput.rawValue)
            }
            if options.json { print(report.result.jsonText()) } else { print(report.summary) }
        }
        if report.status != ExitStatus.success.rawValue { throw ExitCode(report.status) }
    }

    /// Says how much was compared (by family of statements: declined, cut off by a
    /// decline, masked, steered around by declarations) and how many statements an engine
    /// answered `unsupported`, and fails the check when that left too little compared:
    /// an engine cannot pass by declining (docs/engine-protocol.md, "unsupported").
    private func noteUnsupported(_ report: inout CheckReport) {
        let unsupported = report.result.unsupported
        if !unsupported.ledger.isEmpty { report.note("compared: " + unsupported.ledger.summary) }
        guard !unsupported.isEmpty else { return }
        report.note("unsupported: " + unsupported.summary)
        for shortfall in report.result.comparedTooLittle {
            report.fail("compared too little: " + shortfall + "; a declined statement is not an agreement, so the "
                        + "check fails (docs/engine-protocol.md, \"unsupported\")")
        }
    }

    /// Says so when a default folder is missing (a check run outside the repository).
    private func noteMissingFolders(_ report: CheckReport) {
        for (option, folder, what) in [("--examples", options.examples, "scenario files"), ("--corpus", options.corpus, "corpus entries")]
            where folder != "none" && !CheckOptions.isFolder(folder) {
            report.note("note: no folder '\(folder)' in \(FileManager.default.currentDirectoryPath): no \(what) "
                        + "replayed (run from the WindowLab repository, or give \(option) DIR, or \(option) none)")
        }
    }

    private func replayScenarios(_ engines: [EngineFactory], _ report: inout CheckReport, _ replay: inout ReplayCursor,
                                 _ diverged: inout ReplayFindings) {
        noteMissingFolders(report)
        let folders = [options.examples == "none" ? nil : options.examples, options.corpus == "none" ? nil : options.corpus + "/regressions"]
        let files = ScenarioFiles.list(in: folders.compactMap { $0 })
        for file in files {
            if diverged.gaveUp || Interruption.requested { break }
            guard replay.next(.scenario(path: file)) else { continue }
            do {
                let scenario = try ScenarioParser().parseFile(atPath: file)
                // On past the first difference: each later one is a candidate group too.
                let check = ScenarioCheck(scenario, engines: engines, allDifferences: true)
                if Interruption.requested { break }   // cut short: its engines were stopped
                report.scenarios += 1
                report.commands += scenario.commands.count
                report.result.skippedStatements += check.skippedStatements
                report.result.unsupported.merge(check.unsupported)
                for problem in check.expectationProblems { report.fail(problem) }
                if !check.divergencesInSent.isEmpty, let inFile = check.divergence {
                    // (The divergence as the file numbers it: its index is the statement's.)
                    diverged.add(source: "\(file):\(scenario.statements[inFile.commandIndex].line)",
                                 commands: check.commandsSent, divergences: check.divergencesInSent)
                } else {
                    diverged.agreed()
                }
            } catch {
                report.badInput(error.description)
            }
        }
        report.note("replayed \(report.scenarios) scenario files on \(engines.map(\.name).joined(separator: ", "))"
                    + (report.result.skippedStatements > 0
                       ? "; skipped \(report.result.skippedStatements) statement(s) an engine lacks features for" : ""))
    }

    /// Each group of replayed items that diverged: its first item shrunk and saved into
    /// --out (`replay-N.wls`, with its picture), and one line.
    private func reportReplayFindings(_ diverged: ReplayFindings, _ engines: [EngineFactory],
                                      _ known: KnownFindings, _ report: inout CheckReport) {
        if let reason = diverged.stopReason {
            report.fail("replays stopped after \(reason) (each costs up to --engine-timeout); the rest were not replayed")
        }
        guard !diverged.groups.isEmpty else { return }
        report.note("replays: \(diverged.count) difference(s) of replayed items in \(diverged.groups.count) group(s); "
                    + "shrinking the first of each")
        // Into the failure database too, like the campaign's: one that --out cannot take is kept there.
        let writer = FindingWriter(directory: options.out, engines: engines, failures: options.failureDatabase)
        let causes = diverged.causes(engines: engines, invariants: options.selection.invariants, known: known,
                                     limit: max(1, options.maxFindings ?? .max))
        report.result.shrinks.merge(ReplayFindings.tally(causes))
        for cause in causes {
            if cause.known {
                report.result.knownMet.append(cause.signature.text)
                report.note("replay: \(cause.count) x \(cause.signature): known")
                continue
            }
            let saved = cause.finding.map { "; " + writer.save($0).description } ?? ""
            report.fail("replay: \(cause.count) x \(cause.signature), first at \(cause.firstSource)\(saved)")
        }
        report.result.findings += writer.entries
    }

    /// Replays what earlier checks on these engines saved: each still failing one
    /// is a failure (shrunk again into --out); each passing one is forgotten. Returns how many were replayed.
    private func replaySavedFailures(_ engines: [EngineFactory], _ known: KnownFindings, _ report: inout CheckReport,
                                     _ recorder: InFlightRecorder?) -> Int {
        guard let database = options.failureDatabase else { return 0 }
        let replay = SavedFailureReplay(database, engines: engines, invariants: options.selection.invariants) { path in
            recorder?.record(job: 0, .savedFailure(path: path))
        }
        for problem in replay.unreadable { report.note("note: unreadable saved failure \(problem)") }
        for path in replay.fixed { report.note("saved failure passes now, forgotten: \(path)") }
        let writer = FindingWriter(directory: options.out, engines: engines, failures: nil)
        for (path, finding) in replay.stillFailing {
            report.result.shrinks.add(finding.shrink)
            if known.contains(finding.signature) {
                report.result.knownMet.append(finding.signature.text)
                continue
            }
            let saved = writer.save(finding)
            report.fail("saved failure still fails: \(path) (\(finding.signature))"
                        + (saved.path == nil ? "; \(options.out)/ could not take its new shrink (the error above)" : ""))
        }
        report.result.findings += writer.entries
        let total = replay.fixed.count + Set(replay.stillFailing.map(\.path)).count
        if total > 0 { report.note("replayed \(total) saved failure(s) from \(database.folder(for: engines))") }
        return total
    }

    private func runCampaign(_ engines: [EngineFactory], _ known: KnownFindings, _ report: inout CheckReport,
                             _ recorder: InFlightRecorder?) {
        guard let deadline else { return }
        let seed = options.seed ?? UInt64(Date().timeIntervalSince1970 * 1000)
        // The campaign has what the replays left of --time.
        let left = ContinuousClock.now.duration(to: deadline).components
        let seconds = max(0, Double(left.seconds) + Double(left.attoseconds) * 1e-18)
        guard seconds >= 0.05 else {
            report.note("campaign: not run: the replays took all of --time \(NumberText.format(options.time)) s "
                        + "(give --time more, or leave out what is replayed: --corpus none, --examples none)")
            return
        }
        if let inFlight { CheckSupervisor.noteRunStart(inFlight, at: started.1) }
        let pinned = options.profile.flatMap(GenerationProfile.init(rawValue:))
        report.note("campaign: seed \(seed)" + (firstCase > 0 ? " from case \(firstCase)" : "") + ", \(options.jobs) job(s), "
                    + (seconds < options.time - 0.05 ? "\(NumberText.format((seconds * 10).rounded() / 10)) s left of --time \(NumberText.format(options.time))"
                       : "\(NumberText.format(options.time)) s") + ", profile "
                    + (pinned?.rawValue ?? "mix") + ", invariants " + (options.selection.invariants ? "checked" : "not checked")
                    + " (repeat with --seed \(seed)" + (pinned.map { " --profile \($0)" } ?? "") + ")")
        var campaign = DifferentialCampaign(
            seed: seed, seconds: seconds, jobs: options.jobs, engines: engines, profile: pinned,
            checkInvariants: options.selection.invariants, maxFindings: options.maxFindings)
        campaign.stopAfterFindings = options.stopOnFinding ? 1 : nil
        campaign.firstCase = firstCase
        campaign.caseLimit = options.cases.map { max(0, $0 - firstCase) }
        campaign.inFlight = recorder
        campaign.known = known.entries.map(\.signature)
        let writer = FindingWriter(directory: options.out, engines: engines, failures: options.failureDatabase)
        let line = ProgressLine()
        // (Where a finding went names it, should a later group supersede it: its file, or
        // its database entry when --out could not take it.)
        let totals = campaign.run(progress: { line.show($0) }, found: { finding in
            let saved = writer.save(finding)
            return saved.path ?? saved.database
        }, forget: { writer.forget($0) })
        line.finish(totals)
        report.result.progress = line.samples + [.init(seconds: totals.elapsedSeconds, cases: totals.cases,
                                                      commands: totals.commands, divergences: totals.divergences)]
        report.note(CampaignSummary.profileLines(totals))
        report.result.seed = seed
        report.result.add(totals)
        report.result.findings += writer.entries
        report.note(totals.coverage.summary)
        let never = totals.coverage.neverReached
        if !never.isEmpty && engines.sharedFeatures != EngineFeature.all {
            // A partial engine cannot reach the outcomes of the features it lacks: no list of noise.
            report.note("  \(never.count) outcome(s) not reached; most need features "
                        + "\(EngineFeature.all.subtracting(engines.sharedFeatures).words) (--coverage lists all)")
        } else if !never.isEmpty {
            report.note("  never reached: " + never.prefix(12).map { "\($0.rule) \($0.branch)" }.joined(separator: "; ")
                        + (never.count > 12 ? "; and \(never.count - 12) more (--coverage lists all)" : ""))
        }
        if options.coverage { report.note(totals.coverage.table) }
        if let first = totals.casesToFirstDivergence { report.note("first divergence after \(first) case(s)") }
        report.result.knownMet += totals.knownMet.map(\.text)
        for error in totals.harnessErrors { report.fail(error) }
        let new = totals.newGroups
        if !new.isEmpty {
            let unshrunk = totals.unshrunkGroups.count
            report.fail("campaign: \(totals.divergences) diverging case(s) in \(new.count) group(s); "
                        + "\(writer.savedCount) shrunk into \(options.out)/"
                        + (writer.unsavedCount == 0 ? "" : "; \(writer.unsavedCount) that \(options.out)/ could not take (the errors above)")
                        + (unshrunk == 0 ? "" : "; \(unshrunk) not shrunk ("
                           + (options.maxFindings.map { "over --max-findings \($0), or " } ?? "") + "out of time"
                           + (Interruption.requested ? ", or interrupted" : "") + "): each has its case seed")
                        + (totals.knownMet.isEmpty ? "" : "; \(totals.knownMet.count) known group(s) met")
                        + (totals.merged > 0 ? "; \(totals.merged) shrunk case(s) merged into a group of their signature" : ""))
            for line in CampaignSummary.groupLines(totals) { report.note("  " + line) }
            if new.count > 1 { report.note(OneBugTwoGroups.note(
                count: new.count, noun: "group", section: OneBugTwoGroups.checkSection)) }
        } else if totals.divergences > 0 {
            report.note("campaign: \(totals.divergences) diverging case(s), all in \(totals.knownMet.count) known group(s)")
        }
        if totals.shrinks.shrinks > 0 { report.note(totals.shrinks.summary) }
        if totals.steeredCases > 0 {
            report.note("steering: \(totals.steeredCases) small case(s) left out kinds of command that led into "
                        + "divergences before (docs/main-job.md)")
        }
    }
}
