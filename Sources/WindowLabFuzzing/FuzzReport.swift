import DifferentialHarness
import Lockstep
import ScenarioLanguage
import WindowModel

/// What an in-process fuzz target prints when an engine differs from the reference
/// on an input: the input's commands cut after the one that differs, as a scenario
/// file with the reference's answers as `expect` lines (so `windowlab run --engine
/// exec:YOUR-ENGINE FILE` shows the difference), and, when shrinking is on, the
/// same difference shrunk in process.
public struct FuzzReport: Sendable {
    /// The engine that differed, by the name it declared.
    public let engine: String
    /// The first difference, or in a keep-going run the first of a cause not recorded
    /// yet (``Divergence/sourceIndex`` indexes ``decoded``).
    public let divergence: Divergence
    /// How many commands the input decoded to.
    public let decoded: Int
    /// The commands the engines ran, up to and including the one that differs, as
    /// they were sent (fitted to the engine's features and numbers).
    public let cut: [Command]
    /// The scenario file of ``cut``: comment lines, the commands, the reference's answers.
    public let cutScenario: String
    /// The scenario file of the shrunk difference, when it was shrunk.
    public let shrunkScenario: String?
    /// The shrunk difference's group, when it was shrunk and still showed it.
    public let shrunkSignature: FindingSignature?
    /// Where the input stood in this process's run (1-based), and the seconds since
    /// the process's first input: what time-to-bug measurements read.
    public let inputNumber: Int
    public let secondsSinceFirstInput: Double
    /// The differences the run went on past (``EngineFuzzer/check(_:passing:)``):
    /// their signatures, in the order met.
    public let passedSignatures: [FindingSignature]

    /// Whether ``divergence`` is itself one the run went on past (every difference of the
    /// input was of a recorded cause): it was not shrunk.
    public var showsAPassedCause: Bool { passedSignatures.contains(divergence.signature) }

    /// The best scenario file: the shrunk one when there is one, else the cut one.
    public var scenario: String { shrunkScenario ?? cutScenario }

    /// Everything, as the fuzz target prints it before it aborts.
    public var text: String {
        var text = cutScenario
        if let shrunkScenario {
            text += "# ---- the same difference, shrunk in process (WINDOWLAB_FUZZ_SHRINK=0 skips this) ----\n"
            text += shrunkScenario
        }
        return text
    }

    init(engines: [EngineFactory], divergence: Divergence, decoded: Int, cut: [Command], shrunk: Finding?,
         inputNumber: Int, secondsSinceFirstInput: Double, passed: [FindingSignature] = [], keptGoing: Bool = false) {
        engine = engines.count > 1 ? engines[1].name : engines[0].name
        self.divergence = divergence
        self.decoded = decoded
        self.cut = cut
        self.inputNumber = inputNumber
        self.secondsSinceFirstInput = secondsSinceFirstInput
        passedSignatures = passed
        let reference = Array(engines.prefix(1))
        var cutFinding = Finding(caseSeed: 0, originalLength: decoded, commands: cut, divergence: divergence)
        cutFinding.origin = "a fuzz input"
        var header = [
            "windowlab: \(engine) differs from \(reference[0].name == "reference" ? "the reference" : reference[0].name) on a fuzz input (in-process oracle): found at input "
                + "\(inputNumber) of this process, \(format3(secondsSinceFirstInput)) s after its first.",
            VisibleText.escaped("command \(divergence.sourceIndex + 1) of the \(decoded) the input decodes to: "
                                + divergence.summary, limit: 900),
        ]
        if !passed.isEmpty, !passed.contains(divergence.signature) {
            header.append("Before it the input showed \(passed.count) difference(s) of causes this run recorded "
                          + "(WINDOWLAB_FUZZ_KEEP_GOING=1 goes on past them).")
        }
        for (name, lines) in divergence.observations {
            header.append("  \(name): " + VisibleText.escaped(lines.isEmpty ? "(nothing)" : lines.joined(separator: "; "),
                                                               limit: 900))
        }
        if let declared = engines.dropFirst().first, !declared.declarationWords.isEmpty {
            header.append("\(engine) declares \(declared.declarationWords): compared as `windowlab check` compares it.")
        }
        header += [
            "The input's commands as the engines ran them, cut after the one that differs (not shrunk); the expect "
                + "lines are \(reference[0].name)'s answers.",
            "Replay: windowlab run --engine exec:YOUR-ENGINE THIS-FILE",
            Self.shrinkHint(keptGoing: keptGoing, shrunk: shrunk != nil),
        ]
        cutScenario = Self.scenario(header: header, statements: FindingFile(cutFinding, engines: reference).statements)
        shrunkSignature = shrunk.flatMap { $0.reproduced ? $0.signature : nil }
        shrunkScenario = shrunk.map { finding in
            let file = FindingFile(finding, engines: reference, origin: "shrunk in process from a fuzz input")
            return file.scenarioText
        }
    }

    /// How to have the cut scenario shrunk: from the crash input libFuzzer writes when the
    /// run aborts; a keep-going run aborts at nothing, so it writes none.
    static func shrinkHint(keptGoing: Bool, shrunk: Bool) -> String {
        guard keptGoing else { return "Shrink: windowlab corpus shrink CRASH-INPUT --engine exec:YOUR-ENGINE -o finding.wls" }
        return shrunk ? "Shrink: shrunk in process below (a keep-going run writes no crash input)"
            : "Shrink: run again with WINDOWLAB_FUZZ_SHRINK above 0 (a keep-going run writes no crash input)"
    }

    static func scenario(header: [String], statements: [Statement]) -> String {
        header.map { "# " + $0 + "\n" }.joined() + ScenarioPrinter.print(statements)
    }
}

/// Seconds with three decimals, without Foundation's formatting.
func format3(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds >= 0 else { return "0.000" }
    let millis = Int((seconds * 1000).rounded())
    let fraction = String(millis % 1000)
    return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
}
