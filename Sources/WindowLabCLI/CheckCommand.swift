import ArgumentParser
import CampaignReport
import DifferentialHarness
import Foundation
import IndexedEngine
import ScenarioLanguage
import WindowModel

/// `windowlab check`: the main job. Replays the bundled scenarios and corpus on every
/// engine, then runs a time-boxed differential campaign.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check every engine against the reference: replay scenarios and corpus, then fuzz for a while.",
        discussion: """
            1. Runs every .wls file under --examples (and corpus/regressions) on all engines: \
            expectations must hold and the engines must agree.
            2. Replays every corpus pack (*.wlpack) and regression input under --corpus.
            3. Runs a differential campaign for --time seconds on --jobs threads: generated \
            command lists run on every engine in lockstep; each divergence is shrunk to a \
            minimal scenario and written to --out as divergence-SEED.wls (with an SVG).

            A live progress line shows cases, commands per second and divergences. Exit \
            status 0 when everything agreed, 1 when anything diverged or an expectation \
            failed, 2 on bad input (an unreadable scenario or pack).

            Examples:
              windowlab check --time 60
              windowlab check --time 600 --jobs 2 --seed 42 --out findings
            """
    )

    // Unconditional, so that `--time -5` is read as a value (and refused as negative)
    // rather than as an unknown option.
    @Option(parsing: .unconditional, help: "Seconds of differential campaign after the replays.")
    var time: Double = 60

    /// `--engine` (the reference is always checked first; default: reference and
    /// indexed) and `--engine-timeout`.
    @OptionGroup var engineOptions: EngineOptions

    @Option(help: "Campaign seed (default: from the clock, printed so the run can be repeated).")
    var seed: UInt64?

    @Option(help: "Campaign threads, one per core unless given.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("Where shrunk divergences are written.", valueName: "dir"))
    var out: String = "windowlab-findings"

    @Option(help: ArgumentHelp("Scenario files to replay (a folder of .wls files; \"none\" skips them).",
                               valueName: "dir"))
    var examples: String = "Examples"

    @Option(help: ArgumentHelp("The corpus folder: *.wlpack packs and regressions/ (\"none\" skips it).",
                               valueName: "dir"))
    var corpus: String = "corpus"

    @Option(help: "Most divergences to shrink and save (one per group of the same signature).")
    var maxFindings: Int = 10

    @Option(help: ArgumentHelp(
        "Generate only this profile: \(GenerationProfile.allCases.map(\.rawValue).joined(separator: ", ")) "
            + "(default: a mix of all; see docs/main-job.md).", valueName: "name"))
    var profile: String?

    @Flag(inversion: .prefixedNo, help: "Check every engine's invariants during the campaign (release builds too).")
    var invariants = true

    @Flag(help: "End the campaign as soon as one divergence is shrunk and saved (for bisecting and measuring).")
    var stopOnFinding = false

    @Flag(help: "Run the engines in this process, unsupervised: a crash ends the whole check.")
    var noSupervisor = false

    @Option(help: ArgumentHelp(
        "The failure database: every finding is saved here and replayed first by the next check until it passes "
            + "(\"none\" turns it off).", valueName: "dir"))
    var failures: String = ".windowlab/failures"

    @Flag(help: "Print one JSON document on standard output instead of the summary (see docs/check-json.md).")
    var json = false

    @Flag(help: "Print the campaign's rule-outcome coverage as a table (on standard error).")
    var coverage = false

    @Option(help: ArgumentHelp(
        "A known-findings file (docs/known-findings.md): its groups are run past and reported as met again or "
            + "gone; only new groups fail the check.", valueName: "file"))
    var known: String?

    @Option(help: ArgumentHelp(
        "Write the groups this run found (and the --known ones that still reproduce) to this known-findings file.",
        valueName: "file"))
    var writeKnown: String?

    /// Runs the campaign against one of the deliberately broken engines (see
    /// `scripts/mutants/run.sh`); not for users.
    @Option(help: .hidden)
    var mutant: String?

    // Set by the supervisor for its worker process (see CheckSupervisor).
    @Option(help: .hidden) var inFlight: String?
    @Option(help: .hidden) var replayFrom = 0
    @Option(help: .hidden) var firstCase = 0
    @Flag(help: .hidden) var skipSavedFailures = false

    func validate() throws {
        if mutant != nil && !engineOptions.specs.isEmpty {
            throw ValidationError("--mutant and --engine cannot be combined")
        }
        // A folder given by name must exist; the defaults may be missing (outside the repository).
        for (option, folder, standard) in [("--examples", examples, "Examples"), ("--corpus", corpus, "corpus")]
            where folder != standard && folder != "none" && !Self.isFolder(folder) {
            throw ValidationError("\(option): no folder '\(folder)' (give a folder, or \"none\" to skip)")
        }
        guard time.isFinite, time >= 0, time <= 31_536_000 else {
            throw ValidationError("--time must be a number of seconds from 0 to 31536000 (a year)")
        }
        guard jobs >= 1, jobs <= 256 else { throw ValidationError("--jobs must be between 1 and 256") }
        guard maxFindings >= 0 else { throw ValidationError("--max-findings cannot be negative") }
        // Where findings go is checked before any work, so that none is lost at the end.
        try OutputPath.validateFolder(out, option: "--out")
        if failures != "none" { try OutputPath.validateFolder(failures, option: "--failures") }
        if let writeKnown { try OutputPath.validate(writeKnown, option: "--write-known") }
        if let profile, GenerationProfile(rawValue: profile) == nil {
            throw ValidationError("unknown profile '\(profile)'; choose one of: "
                                  + GenerationProfile.allCases.map(\.rawValue).joined(separator: ", "))
        }
    }

    /// The engines checked: the reference first, then those `--engine` names
    /// (or the built-in indexed engine, or a mutant of it).
    func engines() throws -> [EngineFactory] {
        if mutant != nil || engineOptions.specs.isEmpty { return try EngineCatalog.checked(mutant: mutant) }
        return try engineOptions.resolve()
    }

    func run() throws {
        // The engines run in a worker process that a supervisor restarts after a
        // crash (see CheckSupervisor); --no-supervisor runs them here.
        if inFlight == nil && !noSupervisor {
            let status = CheckSupervisor(check: self).run()
            if status != 0 { throw ExitCode(status) }
            return
        }
        let engines = try engines()
        let knownGroups = try loadKnown()
        for note in [EngineCatalog.featureNote(engines), EngineCatalog.deviationNote(engines)].compactMap({ $0 }) {
            FileHandle.standardError.write(Data((note + "\n").utf8))
        }
        let recorder = try inFlight.map { try InFlightRecorder(directory: $0, jobs: jobs) }
        var report = CheckReport()
        report.result.engines = engines.map(RunResult.Engine.init)
        var replay = ReplayCursor(recorder: recorder, startAfter: replayFrom)
        var diverged = ReplayFindings()
        if replayFrom == 0 && firstCase == 0 { replayKnown(knownGroups, engines, &report) }
        replayScenarios(engines, &report, &replay, &diverged)
        try replayCorpus(engines, &report, &replay, &diverged)
        reportReplayFindings(diverged, engines, knownGroups, &report)
        if !skipSavedFailures { replaySavedFailures(engines, knownGroups, &report, recorder) }
        recorder?.clear(job: 0)
        runCampaign(engines, knownGroups, &report, recorder)
        // (A worker restarted after a crash may rightly have nothing left; the first one may not.)
        if report.scenarios == 0 && report.packEntries == 0 && report.result.cases == 0
            && replayFrom == 0 && firstCase == 0 {
            report.badInput("nothing was checked: no scenario files, no corpus entries and no campaign (--time 0)")
        }
        if let inFlight {
            // The supervisor merges the workers' results, prints and writes the report.
            try? AtomicFile.write(Array(report.result.jsonText().utf8), to: inFlight + "/result-\(getpid()).json")
            if !json { report.printSummary() }
        } else {
            if json { print(report.result.jsonText()) } else { report.printSummary() }
            writeReport(report.result, engines: engines)
            if let writeKnown { Self.writeKnown(writeKnown, result: report.result, previous: knownGroups) }
        }
        if report.status != 0 { throw ExitCode(report.status) }
    }

    /// Writes `check.json` and `report.html` (see `windowlab report`) into --out.
    func writeReport(_ result: CheckResult, engines: [EngineFactory]) {
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            try AtomicFile.write(Array(result.jsonText().utf8), to: out + "/check.json")
            let page = ReportPage(input: try ReportInput.read(out), engines: engines).html()
            try AtomicFile.write(Array(page.utf8), to: out + "/report.html")
            FileHandle.standardError.write(Data("report: \(out)/report.html\n".utf8))
        } catch {
            FileHandle.standardError.write(Data("note: no report written into \(out): \(error)\n".utf8))
        }
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Says so when a default folder is missing (a check run outside the repository).
    private func noteMissingFolders(_ report: CheckReport) {
        for (option, folder, what) in [("--examples", examples, "scenario files"), ("--corpus", corpus, "corpus entries")]
            where folder != "none" && !Self.isFolder(folder) {
            report.note("note: no folder '\(folder)' in \(FileManager.default.currentDirectoryPath): no \(what) "
                        + "replayed (run from the WindowLab repository, or give \(option) DIR, or \(option) none)")
        }
    }

    private func replayScenarios(_ engines: [EngineFactory], _ report: inout CheckReport, _ replay: inout ReplayCursor,
                                 _ diverged: inout ReplayFindings) {
        noteMissingFolders(report)
        let folders = [examples == "none" ? nil : examples, corpus == "none" ? nil : corpus + "/regressions"]
        let files = ScenarioFiles.list(in: folders.compactMap { $0 })
        for file in files {
            if diverged.gaveUp { break }
            guard replay.next(.scenario(path: file)) else { continue }
            do {
                let scenario = try ScenarioParser().parseFile(atPath: file)
                let check = ScenarioCheck(scenario, engines: engines)
                report.scenarios += 1
                report.commands += scenario.statements.count
                report.result.skippedStatements += check.skippedStatements
                for problem in check.expectationProblems { report.fail(problem) }
                if let divergence = check.divergenceInSent, let statement = check.divergence {
                    diverged.add(source: "\(file):\(scenario.statements[statement.commandIndex].line)",
                                 commands: check.commandsSent, divergence: divergence)
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
        if diverged.gaveUp {
            report.fail("replays stopped after \(ReplayFindings.faultLimit) replayed items in a row ended in an engine "
                        + "fault (each costs up to --engine-timeout); the rest were not replayed")
        }
        guard !diverged.groups.isEmpty else { return }
        report.note("replays: \(diverged.count) replayed item(s) diverge in \(diverged.groups.count) group(s); "
                    + "shrinking the first of each")
        let writer = FindingWriter(directory: out, engines: engines, failures: nil)
        var shrunk = 0
        for group in diverged.groups {
            // A known group is not shrunk again; the others up to --max-findings are.
            var finding: Finding?
            if !known.contains(group.signature), shrunk < max(1, maxFindings) {
                finding = diverged.finding(for: group, engines: engines, invariants: invariants)
                shrunk += 1
            }
            if known.contains(group.signature) || finding.map({ known.contains($0.signature) }) == true {
                report.result.knownMet.append((finding?.signature ?? group.signature).text)
                report.note("replay: \(group.count) x \(group.signature): known")
                continue
            }
            let saved = finding.map { "; shrunk into " + writer.save($0) } ?? ""
            report.fail("replay: \(group.count) x \(finding?.signature ?? group.signature), first at \(group.firstSource)\(saved)")
        }
        report.result.findings += writer.entries
    }

    /// The failure database, or nil when turned off.
    var failureDatabase: FailureDatabase? { failures == "none" ? nil : FailureDatabase(directory: failures) }

    /// Replays what earlier checks on these engines saved: each still failing one
    /// is a failure (shrunk again into --out); each passing one is forgotten.
    private func replaySavedFailures(_ engines: [EngineFactory], _ known: KnownFindings, _ report: inout CheckReport,
                                     _ recorder: InFlightRecorder?) {
        guard let database = failureDatabase else { return }
        let replay = SavedFailureReplay(database, engines: engines, invariants: invariants) { path in
            recorder?.record(job: 0, .savedFailure(path: path))
        }
        for problem in replay.unreadable { report.note("note: unreadable saved failure \(problem)") }
        for path in replay.fixed { report.note("saved failure passes now, forgotten: \(path)") }
        let writer = FindingWriter(directory: out, engines: engines, failures: nil)
        for (path, finding) in replay.stillFailing {
            if known.contains(finding.signature) {
                report.result.knownMet.append(finding.signature.text)
                continue
            }
            writer.save(finding)
            report.fail("saved failure still fails: \(path) (\(finding.signature))")
        }
        report.result.findings += writer.entries
        let total = replay.fixed.count + replay.stillFailing.count
        if total > 0 { report.note("replayed \(total) saved failure(s) from \(database.folder(for: engines))") }
    }

    private func runCampaign(_ engines: [EngineFactory], _ known: KnownFindings, _ report: inout CheckReport,
                             _ recorder: InFlightRecorder?) {
        guard time > 0 else { return }
        let seed = self.seed ?? UInt64(Date().timeIntervalSince1970 * 1000)
        if let inFlight { CheckSupervisor.noteCampaignStart(inFlight) }
        let pinned = profile.flatMap(GenerationProfile.init(rawValue:))
        report.note("campaign: seed \(seed)" + (firstCase > 0 ? " from case \(firstCase)" : "") + ", \(jobs) job(s), \(NumberText.format(time)) s, profile "
                    + (pinned?.rawValue ?? "mix") + ", invariants " + (invariants ? "checked" : "not checked")
                    + " (repeat with --seed \(seed)" + (pinned.map { " --profile \($0)" } ?? "") + ")")
        var campaign = DifferentialCampaign(
            seed: seed, seconds: time, jobs: jobs, engines: engines, profile: pinned,
            checkInvariants: invariants, maxFindings: maxFindings)
        campaign.stopAfterFindings = stopOnFinding ? 1 : nil
        campaign.firstCase = firstCase
        campaign.inFlight = recorder
        campaign.known = known
        let writer = FindingWriter(directory: out, engines: engines, failures: failureDatabase)
        let line = ProgressLine()
        let totals = campaign.run(progress: { line.show($0) }, found: { writer.save($0) })
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
        if coverage { report.note(totals.coverage.table) }
        if let first = totals.casesToFirstDivergence { report.note("first divergence after \(first) case(s)") }
        report.result.knownMet += totals.knownMet.map(\.text)
        // Groups no run shrank are new unless a known group fails the same way.
        let unshrunk = totals.unshrunkGroups.filter { !known.contains($0, shrunk: false) }
        report.result.unshrunkGroups += totals.unshrunkGroups.count
        if !totals.newGroups(known: known).isEmpty || writer.savedCount > 0 {
            report.fail("campaign: \(totals.divergences) diverging case(s) in \(totals.groups.count) group(s); "
                        + "\(writer.savedCount) new, shrunk into \(out)/"
                        + (unshrunk.isEmpty ? "" : "; \(unshrunk.count) not shrunk (over --max-findings or out of time)")
                        + (totals.knownMet.isEmpty ? "" : "; \(totals.knownMet.count) known")
                        + (totals.merged > 0 ? "; \(totals.merged) shrunk to a group saved already" : ""))
            for line in CampaignSummary.groupLines(totals) { report.note("  " + line) }
            for path in writer.savedPaths { report.note("  \(path)") }
        } else if totals.divergences > 0 {
            report.note("campaign: \(totals.divergences) diverging case(s) in \(totals.groups.count) group(s), all known")
        }
    }
}

/// What `check` found, and its exit status: a ``CheckResult`` filled as it goes,
/// with each problem also printed at once.
struct CheckReport {
    var result = CheckResult()
    var failures: Int { result.problems.count }
    var status: Int32 { result.status }
    var scenarios: Int {
        get { result.scenarioFiles }
        set { result.scenarioFiles = newValue }
    }
    var packEntries: Int {
        get { result.corpusEntries }
        set { result.corpusEntries = newValue }
    }
    var commands: Int {
        get { result.commands }
        set { result.commands = newValue }
    }

    mutating func fail(_ message: String) {
        result.status = max(result.status, 1)
        result.problems.append(message)
        FileHandle.standardError.write(Data(("FAIL " + message + "\n").utf8))
    }

    mutating func badInput(_ message: String) {
        result.status = 2
        result.problems.append(message)
        FileHandle.standardError.write(Data(("error: " + message + "\n").utf8))
    }

    func note(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    func printSummary() {
        let verdict = failures == 0 ? "clean" : "\(failures) problem(s)"
        print("check: \(result.scenarioFiles) scenario files, \(result.corpusEntries) corpus entries, "
              + "\(result.cases) generated cases, \(result.commands) commands: \(verdict)")
    }
}
