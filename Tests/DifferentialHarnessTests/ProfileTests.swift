import DifferentialHarness
import Testing
import WindowLabTestSupport
import WindowModel

@Suite("Generation profiles")
struct ProfileTests {
    static let twoReferences = [TestEngines.reference, EngineFactory(name: "reference-2") { TestEngines.reference.make() }]

    @Test("each profile's case is valid and replays from its commands alone", arguments: GenerationProfile.allCases)
    func replays(profile: GenerationProfile) {
        let generated = profile.run(seed: 77, engines: Self.twoReferences)
        #expect(generated.result.divergence == nil)
        #expect(generated.commands.count == generated.result.commandsRun)
        #expect(Shrinker.valid(generated.commands) == generated.commands)
        let again = profile.run(seed: 77, engines: Self.twoReferences)
        #expect(again.commands == generated.commands, "the same seed must build the same case")
    }

    @Test("scale profiles reach hundreds of windows, parked ones and thousands of commands")
    func scale() {
        func windows(_ commands: [Command]) -> Int {
            commands.filter { if case .createWindow = $0 { return true } else { return false } }.count
        }
        let crowds = (0..<6).map { GenerationProfile.crowd.run(seed: UInt64($0), engines: [TestEngines.reference]).commands }
        #expect(crowds.map(windows).max()! >= 300)
        let long = GenerationProfile.long.run(seed: 3, engines: [TestEngines.reference]).commands
        #expect(long.count >= 1500)
        let parked = GenerationProfile.parked.run(seed: 4, engines: [TestEngines.reference]).commands
        #expect(parked.contains { if case let .setFrame(_, frame) = $0 { return abs(frame.x) >= 1e6 } else { return false } })
        let magnitudes = (0..<4).flatMap { GenerationProfile.magnitudes.run(seed: UInt64($0), engines: [TestEngines.reference]).commands }
        #expect(magnitudes.contains { $0.numbers.contains { abs($0) >= 1e15 } })
        #expect(magnitudes.contains { $0.numbers.contains { $0 != 0 && abs($0) <= 1e-300 } })
    }

    @Test("the mix draws every profile, mostly small cases")
    func mix() {
        var counts: [GenerationProfile: Int] = [:]
        for index in 0..<4000 { counts[GenerationProfile.mixed(caseSeed: SeededRandom.caseSeed(9, index)), default: 0] += 1 }
        for profile in GenerationProfile.allCases { #expect(counts[profile, default: 0] > 0, "never drawn: \(profile)") }
        #expect(counts[.small, default: 0] > 3000)
    }

    @Test("scale cases probe the coordinates an engine hints at, and the floats beside them")
    func probesHints() {
        let hinting = EngineFactory(name: "hinting") { HintingReference() }
        let commands = GenerationProfile.crowd.run(seed: 8, engines: [hinting]).commands
        let hint = HintingReference.hint
        let probed = commands.compactMap { command -> Point? in
            if case let .hit(point, _) = command { return point }
            return nil
        }
        #expect(probed.contains { $0.x == hint || $0.y == hint })
        #expect(probed.contains { $0.x == hint.nextUp || $0.y == hint.nextDown || $0.x == hint.nextDown })
    }

    @Test("swarm draws leave kinds out, differently per seed")
    func swarm() {
        func kinds(_ seed: UInt64) -> Set<String> {
            var generator = CommandGenerator(seed: seed, configuration: .init(length: 400, swarm: true))
            return Set(generator.generate().map(\.kindName))
        }
        let draws = (0..<8).map { kinds($0) }
        #expect(draws.contains { !$0.contains("hit") } || draws.contains { !$0.contains("hide") })
        #expect(Set(draws).count > 1)
    }
}
