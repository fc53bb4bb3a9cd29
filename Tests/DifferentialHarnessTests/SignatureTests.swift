import DifferentialHarness
import ScenarioLanguage
import Testing
import WindowLabTestSupport
import WindowModel

@Suite("Finding signatures")
struct SignatureTests {
    static let examples: [FindingSignature] = [
        FindingSignature(command: "hit", difference: .observation(.hit, .view),
                         outcomes: [.h2AlphaExactlyHundredth, .a3HitThroughTransform]),
        FindingSignature(command: "setFrame", difference: .state(.order)),
        FindingSignature(command: "show", difference: .invariants(engine: "indexed-2")),
        FindingSignature(command: "convert", difference: .fault(.crash, engine: "my engine")),
        FindingSignature(command: "show", difference: .observation(.notify, .missing)),
        .nondeterministic,
    ]

    @Test("a signature's text reads back to the same signature", arguments: examples)
    func roundTrip(signature: FindingSignature) {
        #expect(FindingSignature(text: signature.text) == signature)
    }

    @Test("the text names the command, what differed and the reference's outcomes")
    func text() {
        #expect(Self.examples[0].text == "hit observations hit/view [h2AlphaExactlyHundredth a3HitThroughTransform]")
        #expect(Self.examples[1].text == "setFrame state order")
        #expect(Self.examples[3].text == "convert crash of my engine")
    }

    @Test("outcomes on every route's ordinary path are left out, so they split no group")
    func ordinaryOutcomesLeftOut() {
        let signature = FindingSignature(command: "hit", difference: .observation(.hit, .point),
                                         outcomes: [.g2PointInside, .t1FrontMostAnswers, .g4IntoChildThroughBoundsOrigin])
        #expect(signature.outcomes == [.g4IntoChildThroughBoundsOrigin])
        #expect(signature.coarse == FindingSignature(command: "hit", difference: .observation(.hit, .point)))
    }

    @Test("text that is not a signature reads as nil", arguments: ["", "hit", "hit observations hit/nose", "hit state [zzz]"])
    func rejects(text: String) {
        #expect(FindingSignature(text: text) == nil)
    }

    @Test("a finding whose engine wrote colour escapes, a NUL and a very long line still saves as a scenario that parses")
    func hostileEngineTextParses() throws {
        let commands: [Command] = [
            .createWindow(name: "w", scene: mainSceneName, frame: Rect(0, 0, 9, 9), level: 0, withRootView: false),
            .show(window: "w"),
        ]
        var divergence = Divergence(
            commandIndex: 1, command: commands[1],
            summary: "mine failed: garbage `\u{1B}[31mpanic\u{1B}[0m\u{0}` " + String(repeating: "é", count: 5000),
            observations: [("reference", ["notify w didBecomeVisible"]), ("mine", ["\u{1B}[1mbold\u{7}"])],
            difference: .fault(.garbage, engine: "mine"))
        divergence.fault = EngineFault(kind: .garbage, message: "wrote \u{1B}[31m")
        let finding = Finding(caseSeed: 1, originalLength: 2, commands: commands, divergence: divergence)
        let file = FindingFile(finding, engines: [TestEngines.reference])
        let text = file.scenarioText
        #expect(text.contains("U+001B[31mpanic"))
        let parsed = try ScenarioParser().parse(text, file: "fault-1.wls")
        #expect(Array(parsed.commands.prefix(2)) == commands)
        // The picture is drawn from the file's own statements: the same, on the same lines, as the text reads back.
        #expect(file.scenario.contents == parsed.contents)
        #expect(file.scenario.statements.map(\.line) == parsed.statements.map(\.line))
        #expect(file.kind == .fault && file.stem == "fault-1")
    }
}
