import CLibFuzzerHooks
import CommandEncoding
import DifferentialHarness
import Testing
import WindowLabFuzzing
import WindowLabTestSupport
import WindowModel

/// The structure-aware mutator that every in-process target shares: inputs stay
/// inputs, within the size asked, the engine's features kept, the same seed the same edit.
@Suite("Structure-aware mutation")
struct StructureMutatorTests {
    /// Encoded generated lists of the given features.
    static func inputs(features: Set<EngineFeature> = EngineFeature.all, count: Int) -> [[UInt8]] {
        SeededRandom.seeds(base: 0x36_3A7E, count: count).compactMap { seed in
            var configuration = CommandGenerator.Configuration(length: 60)
            configuration.features = features
            var generator = CommandGenerator(seed: seed, configuration: configuration)
            return try? CommandEncoder.encode(generator.generate())
        }
    }

    /// Mutates a copy of `bytes` in a buffer of `maxSize`, with a byte mutator that changes nothing.
    static func mutate(_ bytes: [UInt8], maxSize: Int, seed: UInt32, features: Set<EngineFeature> = EngineFeature.all)
        -> [UInt8]
    {
        var buffer = bytes + [UInt8](repeating: 0, count: max(0, maxSize - bytes.count))
        let size = buffer.withUnsafeMutableBufferPointer { pointer in
            StructureMutator.mutate(pointer.baseAddress!, size: bytes.count, maxSize: maxSize, seed: seed,
                                    features: features, bytes: { _, size, _ in size })
        }
        return Array(buffer.prefix(size))
    }

    @Test("a structural edit gives an input of the current version, within the size, that decodes to commands")
    func editsStayInputs() {
        var edited = 0
        for (index, input) in Self.inputs(count: 40).enumerated() {
            for seed in UInt32(0)..<8 {
                let maxSize = input.count + 64
                let output = Self.mutate(input, maxSize: maxSize, seed: seed &+ UInt32(index) &* 101)
                #expect(output.count <= maxSize)
                #expect(CommandDecoder.decode(output).commandList != nil)
                if output != input { edited += 1 }
            }
        }
        #expect(edited > 40 * 8 / 3)   // six calls in ten edit the list; most edits change it
    }

    @Test("inserted commands need only the engine's features")
    func featuresKept() {
        let features: Set<EngineFeature> = [.windows, .levels, .key, .hit]
        for (index, input) in Self.inputs(features: features, count: 30).enumerated() {
            for seed in UInt32(0)..<8 {
                let output = Self.mutate(input, maxSize: 4096, seed: seed &+ UInt32(index) &* 37, features: features)
                for command in CommandDecoder.decode(output).commandList ?? [] {
                    #expect(EngineFeature.required(by: command).isSubset(of: features), "\(command)")
                }
            }
        }
    }

    @Test("mutation respells touch ids (padded, longer than 64 bits, named) in inputs that had only plain ones")
    func touchIDsRespelled() {
        var spellings: Set<String> = []
        for (index, input) in Self.inputs(count: 40).enumerated() {
            for seed in UInt32(0)..<20 {
                let output = Self.mutate(input, maxSize: 4096, seed: seed &+ UInt32(index) &* 101)
                for command in CommandDecoder.decode(output).commandList ?? [] {
                    if case let .touchBegan(id, _, _) = command, Int(id.text).map({ String($0) != id.text }) ?? true {
                        spellings.insert(id.text)
                    }
                }
            }
        }
        // Ids no plain byte spells reach the engine in process: zero-padded and past 64 bits at least.
        #expect(spellings.contains { $0.hasPrefix("0") && $0.count > 1 }, "\(spellings.sorted())")
        #expect(spellings.contains { $0.count >= 20 }, "\(spellings.sorted())")
    }

    @Test("the same seed makes the same edit")
    func deterministic() {
        for input in Self.inputs(count: 10) {
            #expect(Self.mutate(input, maxSize: 4096, seed: 7) == Self.mutate(input, maxSize: 4096, seed: 7))
        }
    }

    @Test("a crossover splices two inputs into one that decodes, within the size")
    func crossOver() {
        let inputs = Self.inputs(count: 12)
        var spliced = 0
        for (first, second) in zip(inputs, inputs.dropFirst()) {
            var out = [UInt8](repeating: 0, count: 2048)
            let size = first.withUnsafeBufferPointer { a in
                second.withUnsafeBufferPointer { b in
                    out.withUnsafeMutableBufferPointer { StructureMutator.crossOver(a, b, out: $0.baseAddress!, maxSize: 2048, seed: 3) }
                }
            }
            #expect(size <= 2048)
            if size > 0 {
                spliced += 1
                #expect(CommandDecoder.decode(out.prefix(size)).commandList != nil)
            }
        }
        #expect(spliced > 0)
    }

    @Test("without libFuzzer linked, the byte fallback still changes the input")
    func byteFallback() {
        #expect(windowlab_libfuzzer_linked() == 0)
        var bytes: [UInt8] = [3, 0x20, 0, 60, 60]
        let size = bytes.withUnsafeMutableBufferPointer { StructureMutator.libFuzzerBytes($0.baseAddress!, 5, 5) }
        #expect(size == 5 && bytes != [3, 0x20, 0, 60, 60])
        var empty: [UInt8] = [0]
        #expect(empty.withUnsafeMutableBufferPointer { StructureMutator.libFuzzerBytes($0.baseAddress!, 0, 1) } == 1)
    }
}
