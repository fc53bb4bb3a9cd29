import DifferentialHarness
import ScenarioLanguage
import Testing
import WindowModel

@Suite("Scenario text round trip")
struct RoundTripTests {
    @Test("parse(print(x)) == x for generated command lists (seeded; WINDOWLAB_SEED replays one)")
    func printThenParse() throws {
        let seeds = HarnessEnvironment.replaySeed.map { [$0] }
            ?? (0..<HarnessEnvironment.propertyCases(default: 150)).map { SeededRandom.caseSeed(0x7E47, $0) }
        for seed in seeds {
            var generator = CommandGenerator(seed: seed)
            let commands = generator.generate()
            let text = ScenarioPrinter.print(commands)
            let parsed = try #require(
                try? ScenarioParser().parse(text, file: "generated.wls"),
                "seed \(seed): printed text does not parse:\n\(text)")
            #expect(parsed.commands == commands, "seed \(seed) (WINDOWLAB_SEED=\(seed)):\n\(text)")
            // Bit for bit, -0 included (== treats -0 and 0 as equal).
            let bits = { (list: [Command]) in list.flatMap { $0.numbers.map(\.bitPattern) } }
            #expect(bits(parsed.commands) == bits(commands), "seed \(seed): numbers changed in the round trip")
        }
    }
}
