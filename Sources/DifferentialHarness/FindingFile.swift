import Lockstep
import ProcessSupport
import ScenarioLanguage
import WindowModel

/// A finding as it is saved: one value built in the harness from a shrunk
/// ``Finding`` or a crash, holding everything a finding file says (the header
/// facts, the minimal commands, the first engine's observations as `expect` lines).
/// Every finding file (divergence, fault, nondeterministic, replay and crash
/// scenarios, the failure database's entries, the `--json` entry) is written from
/// it, and pictures are drawn from its statements, never from re-parsed text.
public struct FindingFile: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case divergence, fault, nondeterministic, crash
        /// A replayed scenario file or corpus entry that diverged (the first of its group, shrunk).
        case replay
    }

    public let kind: Kind
    /// The minimal commands, without expectations.
    public let commands: [Command]
    /// The commands with the first engine's observations after the diverging one
    /// and the final queries (a crash file has none: its engines cannot be asked).
    public let statements: [Statement]
    /// The comment lines above the statements, without their `# `.
    public let header: [String]
    public let caseSeed: UInt64?
    public let profile: String?
    /// The group's signature (``FindingSignature/text``), or the crash's message.
    public let signature: String
    /// The signature without the outcomes (``FindingSignature/coarse``): the command and what differed.
    public let coarseSignature: String
    public let originalLength: Int

    /// The file's name without `.wls`: `KIND-SEED` (a crash names its own).
    public let stem: String

    /// The scenario file: `windowlab run FILE` passes on the first engine and
    /// `windowlab run --engine all FILE` shows the difference.
    public var scenarioText: String {
        header.map { "# " + $0 }.joined(separator: "\n") + "\n" + ScenarioPrinter.print(statements)
    }

    /// The statements as ``scenarioText`` numbers them, for a picture.
    public var scenario: Scenario {
        Scenario(file: stem + ".wls", statements: statements.enumerated().map { index, statement in
            Scenario.Statement(statement, line: header.count + index + 1, column: 1)
        })
    }

    /// The failure database's entry: the commands only, so it replays on any engines.
    public var databaseText: String {
        "# windowlab failure database: replayed first by the next run on these engines, until it passes\n"
            + "# " + VisibleText.escaped("case seed \(caseSeed.map(String.init) ?? "-"), profile \(profile ?? "-"), "
                                         + "group \(signature)", limit: 900) + "\n"
            + ScenarioPrinter.print(commands)
    }

    /// The `--json` entry for the file saved at `path`.
    public func entry(path: String) -> CheckResult.FindingEntry {
        CheckResult.FindingEntry(kind: kind.rawValue, path: path, caseSeed: caseSeed, profile: profile,
                                 signature: signature, commands: commands.count, originalCommands: originalLength,
                                 scenario: scenarioText)
    }
}

extension FindingFile {
    /// A shrunk finding, with the first engine's answers at the diverging command
    /// and at an `order` and `keyWindow` query per scene written as `expect` lines.
    /// - Parameter origin: where the case came from, for the header; by default the
    ///   finding's own origin, or its case seed and how to regenerate it.
    public init(_ finding: Finding, engines: [EngineFactory], origin: String? = nil) {
        let commands = finding.commands
        let scenes = commands.compactMap { command -> String? in
            if case let .createScene(name, _) = command { return name }
            return nil
        }
        let queries = ([mainSceneName] + scenes).flatMap { [Command.order(scene: $0), .keyWindow(scene: $0)] }
        let run = DifferentialRunner.run(commands + queries, engines: Array(engines.prefix(1)), checkInvariants: false)
        var statements: [Statement] = commands.dropLast().map(Statement.command)
        for (offset, command) in ([commands[commands.count - 1]] + queries).enumerated() {
            statements.append(.command(command))
            let observed = run.trace[commands.count - 1 + offset]
            let expected: [Expectation] = observed.isEmpty ? [.nothing] : observed.map { .observation($0.description) }
            statements += expected.map(Statement.expectation)
        }
        let kind: Kind = !finding.reproduced ? .nondeterministic : finding.origin != nil ? .replay
            : finding.divergence.fault != nil ? .fault : .divergence
        var group = CampaignGroup(signature: finding.signature, status: .shrunk, profile: finding.profile)
        (group.caseSeed, group.focus, group.avoided) = (finding.caseSeed, finding.focusRules, finding.avoidedKinds)
        let regenerate = String(group.replayHint.dropLast()) + " regenerates it in a PropertySuite test)"
        let first = switch kind {
        case .nondeterministic: "windowlab: NONDETERMINISTIC: the engines disagreed once on this case and agreed when it "
            + "ran again on fresh engines (state kept between instances, hash order, a clock?). Not shrunk."
        case .fault, .replay:
            // A replayed item is either: it failed as a fault does, or it diverged.
            if let fault = finding.divergence.fault {
                "windowlab: an engine failed (\(fault.kind.rawValue)) at the last statement before the final queries."
            } else {
                "windowlab: engines disagree at the last statement before the final queries."
            }
        default: "windowlab: engines disagree at the last statement before the final queries."
        }
        // What engines wrote (a garbage line, the tail of standard error) may hold colour
        // escapes, NULs or any length: shown visibly and cut, so the file always parses.
        var header = [
            first,
            VisibleText.escaped(origin ?? finding.origin ?? regenerate),
            "group: \(finding.signature); shrunk from \(finding.originalLength) to \(commands.count) commands",
            VisibleText.escaped(finding.divergence.summary, limit: 900),
        ]
        for (engine, lines) in finding.divergence.observations {
            header.append("  \(engine): " + VisibleText.escaped(lines.isEmpty ? "(nothing)" : lines.joined(separator: "; "),
                                                                 limit: 900))
        }
        header.append("The expect lines are \(engines.first?.name ?? "the first engine")'s answers.")
        self.init(kind: kind, commands: commands, statements: statements, header: header, caseSeed: finding.caseSeed,
                  profile: finding.profile.rawValue, signature: finding.signature.text,
                  coarseSignature: finding.signature.coarse.text, originalLength: finding.originalLength,
                  stem: "\(kind.rawValue)-\(finding.caseSeed)" + (finding.caseStep.map { "-\($0)" } ?? ""))
    }

    /// A crash: the commands that still crash in a fresh process, how it crashed and
    /// what the process said last (no `expect` lines: the engines cannot be asked here).
    public init(crash commands: [Command], outcome: ChildOutcome, signature: String, origin: String, stem: String,
                originalLength: Int, standardErrorTail: String, caseSeed: UInt64? = nil, profile: String? = nil) {
        var header = [
            "windowlab: CRASH: an engine crashed (\(outcome)) running these commands in a fresh process.",
            VisibleText.escaped(origin, limit: 900),
            "shrunk from \(originalLength) to \(commands.count) commands (\"still crashes\" in fresh child processes)",
            "replay: windowlab run --engine all THIS-FILE",
        ]
        let tail = standardErrorTail.split(separator: "\n").suffix(6)
        if !tail.isEmpty { header.append("the crashing process said:") }
        header += tail.map { "  " + VisibleText.escaped(String($0), limit: 900) }
        self.init(kind: .crash, commands: commands, statements: commands.map(Statement.command), header: header, caseSeed: caseSeed,
                  profile: profile, signature: signature, coarseSignature: signature, originalLength: originalLength,
                  stem: stem)
    }
}
