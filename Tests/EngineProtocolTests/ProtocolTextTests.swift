import DifferentialHarness
import ReferenceModel
import ScenarioLanguage
import Testing
import WindowModel

/// The two texts the protocol carries: statements in wire form, observations as trace lines.
@Suite("Engine protocol: wire text")
struct ProtocolTextTests {
    @Test("every generated statement's wire form parses back to the same command", arguments: 0..<20)
    func wireFormRoundTrip(seed: UInt64) throws {
        var generator = CommandGenerator(seed: seed, configuration: .init(length: 200, swarm: seed % 2 == 0))
        let commands = generator.generate()
        let text = commands.map(ScenarioPrinter.wireLine).joined(separator: "\n")
        #expect(try ScenarioParser().parse(text).commands == commands)
    }

    @Test("the wire form leaves nothing out")
    func wireFormIsExplicit() {
        #expect(ScenarioPrinter.wireLine(.createWindow(name: "a", scene: "main", frame: Rect(0, 0, 1, 1),
                                                       level: 2001, withRootView: true))
                == "window a in main frame 0 0 1 1 level 2001 root")
        #expect(ScenarioPrinter.wireLine(.createScene(name: "s", size: defaultSceneSize)) == "scene s size 1000 1000")
        #expect(ScenarioPrinter.wireLine(.order(scene: "main")) == "order main")
        #expect(ScenarioPrinter.wireLine(.hit(at: Point(-0.0, 1), scene: "main")) == "hit -0 1 in main")
    }

    @Test("every observation the reference makes reads back to the same trace line", arguments: 0..<20)
    func observationRoundTrip(seed: UInt64) throws {
        var generator = CommandGenerator(seed: seed, configuration: .init(length: 300, swarm: seed % 2 == 1))
        let system = ReferenceWindowSystem()
        var lines = 0
        for command in generator.generate() {
            for observation in system.apply(command) {
                let parsed = try ObservationParser.parse(observation.description)
                #expect(parsed.description == observation.description)
                lines += 1
            }
        }
        #expect(lines > 0)
    }

    @Test("numbers in answers may be in any form that reads back to the same Double")
    func lenientNumbers() throws {
        #expect(try ObservationParser.parse("hit ->  a/a.root at 1.0000000000000001e-1   -0.0").description
                == "hit -> a/a.root at 0.1 -0")
        #expect(try ObservationParser.parse("convert -> 0 inf").description == "convert -> 0 inf")
        #expect(try ObservationParser.parse("order main:").description == "order main:")
    }

    @Test("a line that is not an observation says why", arguments: [
        ("", "empty"), ("hello", "does not begin an observation"), ("hit -> a at 1 2", "WINDOW/VIEW"),
        ("hit -> a/b at 1 x", "not a decimal number"), ("notify a didBecomeFamous", "unknown notification"),
        ("touch 1 began -> a/b at 1", "malformed"), ("order main", "malformed"), ("press -> a b", "malformed"),
        ("keyWindow main -> a/b", "not a valid name"),
    ])
    func garbageIsRejected(line: String, reason: String) {
        #expect {
            _ = try ObservationParser.parse(line)
        } throws: { error in
            String(describing: error).contains(reason)
        }
    }
}
