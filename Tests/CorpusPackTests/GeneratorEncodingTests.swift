import CommandEncoding
import DifferentialHarness
import Testing
import WindowModel

/// The generator and the binary encoding share one naming scheme, so generated
/// lists can be stored as fuzz inputs and read back unchanged.
@Suite struct GeneratorEncodingTests {
    @Test func generatedListsRoundTripThroughTheEncoding() throws {
        for index in 0..<200 {
            let seed = SeededRandom.caseSeed(0xC0FFEE, index)
            var generator = CommandGenerator(seed: seed)
            let list = generator.generate()
            let note = Comment(rawValue: "generator seed 0x\(String(seed, radix: 16))")
            do {
                let bytes = try CommandEncoder.encode(list)
                #expect(CommandDecoder.decode(bytes) == .commands(list), note)
            } catch {
                Issue.record("not encodable: \(error) — \(note)")
            }
        }
    }
}
