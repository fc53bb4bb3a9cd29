import CLibFuzzerHooks
import CommandEncoding
import CommandGeneration
import Foundation
import Shrinking
import WindowModel

/// A structure-aware mutator for fuzz inputs of the binary encoding (the project's
/// differential target, and any engine's in-process target): it decodes an input to
/// its command list, edits the list (insert a generated command, delete, duplicate
/// or swap commands, move a number onto an edge of an existing window, splice two
/// inputs), keeps it valid, and encodes it again. Where that cannot work (the input
/// decodes to nothing, or the result would not fit), it leaves the bytes to
/// libFuzzer's own mutator.
///
/// `WINDOWLAB_FUZZ_MUTATOR=bytes` turns it off (every call goes to the byte
/// mutator), so both can be measured with the same binary.
///
/// ```swift
/// @_cdecl("LLVMFuzzerCustomMutator")
/// public func mutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
///     StructureMutator.mutate(data, size: size, maxSize: maxSize, seed: seed)
/// }
/// ```
public enum StructureMutator {
    /// libFuzzer's byte mutator: `(data, size, maxSize) -> newSize`.
    public typealias ByteMutator = (UnsafeMutablePointer<UInt8>, Int, Int) -> Int

    static let bytesOnly = ProcessInfo.processInfo.environment["WINDOWLAB_FUZZ_MUTATOR"] == "bytes"

    /// libFuzzer's own byte mutator (`LLVMFuzzerMutate`) when the program is linked
    /// with libFuzzer; else a change of one byte (so programs without libFuzzer link).
    public static func libFuzzerBytes(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int {
        windowlab_libfuzzer_mutate(data, size, maxSize)
    }

    /// `LLVMFuzzerCustomMutator`: mutates `data[0..<size]` in place, returns the new size.
    /// - Parameters:
    ///   - features: what the engine under test implements: inserted commands need
    ///     nothing else (a command it lacks would only be skipped).
    ///   - bytes: the byte mutator to fall back on (libFuzzer's by default).
    public static func mutate(_ data: UnsafeMutablePointer<UInt8>, size: Int, maxSize: Int, seed: UInt32,
                              features: Set<EngineFeature> = EngineFeature.all,
                              bytes: ByteMutator = libFuzzerBytes) -> Int {
        var random = SeededRandom(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15)
        guard !bytesOnly, random.chance(0.6),
              let list = CommandDecoder.decode(UnsafeBufferPointer(start: data, count: size)).commandList
        else { return bytes(data, size, maxSize) }
        let mutated = mutated(list, features: features, &random)
        guard let encoded = try? CommandEncoder.encode(mutated), encoded.count <= maxSize, encoded.count > 1 else {
            return bytes(data, size, maxSize)
        }
        encoded.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: encoded.count) }
        return encoded.count
    }

    /// `LLVMFuzzerCustomCrossOver`: the commands of one input up to a point, then
    /// the other's from a point, made valid; 0 when nothing useful comes out.
    public static func crossOver(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>,
                                 out: UnsafeMutablePointer<UInt8>, maxSize: Int, seed: UInt32) -> Int {
        var random = SeededRandom(seed: UInt64(seed) &* 0xD1B5_4A32_D192_ED03)
        guard let first = CommandDecoder.decode(a).commandList, let second = CommandDecoder.decode(b).commandList
        else { return 0 }
        let cutA = Int.random(in: 0...first.count, using: &random), cutB = Int.random(in: 0...second.count, using: &random)
        let spliced = CanonicalNames.renamed(Shrinker.valid(Array(first.prefix(cutA)) + Array(second.suffix(from: cutB))))
        guard let encoded = try? CommandEncoder.encode(spliced), encoded.count <= maxSize, encoded.count > 1 else { return 0 }
        encoded.withUnsafeBufferPointer { out.update(from: $0.baseAddress!, count: encoded.count) }
        return encoded.count
    }

    /// One to three structural edits of `list`, made valid (commands that name what
    /// an edit removed are dropped) and renamed to the encoding's canonical names.
    static func mutated(_ list: [Command], features: Set<EngineFeature> = EngineFeature.all,
                        _ random: inout SeededRandom) -> [Command] {
        var list = list
        for _ in 0 ..< Int.random(in: 1...3, using: &random) {
            let at = list.isEmpty ? 0 : Int.random(in: 0..<list.count, using: &random)
            switch Int.random(in: 0..<7, using: &random) {
            case 6 where list.contains(where: { Self.touchID(of: $0) != nil }):
                list = respelled(list, &random)
            case 0:   // insert a command a generator would make, from a state like this one
                var configuration = CommandGenerator.Configuration(length: 40)
                configuration.features = features
                var generator = CommandGenerator(seed: random.next(), configuration: configuration)
                let donor = generator.generate()
                if !donor.isEmpty {
                    list.insert(donor[Int.random(in: 0..<donor.count, using: &random)], at: min(at, list.count))
                }
            case 1 where !list.isEmpty:
                list.removeSubrange(at ..< min(list.count, at + Int.random(in: 1...4, using: &random)))
            case 2 where !list.isEmpty:
                let run = Array(list[at ..< min(list.count, at + Int.random(in: 1...4, using: &random))])
                list.insert(contentsOf: run, at: Int.random(in: 0...list.count, using: &random))
            case 3 where list.count > 1:
                list.swapAt(at, Int.random(in: 0..<list.count, using: &random))
            default:   // 4, 5, and the cases above when the list is too short
                if !list.isEmpty { list[at] = ontoAnEdge(list[at], list, &random) }
            }
        }
        return CanonicalNames.renamed(Shrinker.valid(list))
    }

    /// The list with one of its touch ids spelled otherwise everywhere it occurs: padded
    /// or unpadded, a digit more, past 64 bits, a name (the T5 order compares ids as
    /// numbers, then as text: an engine that parses ids as machine integers, or compares
    /// them as text only, misorders these).
    static func respelled(_ list: [Command], _ random: inout SeededRandom) -> [Command] {
        let ids = list.compactMap(touchID(of:))
        guard let old = ids.isEmpty ? nil : random.pick(ids) else { return list }
        let new = TouchID(random.pick(CommandGenerator.relatives(of: old.text) + ["f" + old.text, "00" + old.text]))
        return list.map { command in
            switch command {
            case let .touchBegan(id, point, scene) where id == old: return .touchBegan(id: new, at: point, scene: scene)
            case let .touchMoved(id, point) where id == old: return .touchMoved(id: new, to: point)
            case let .touchEnded(id, point) where id == old: return .touchEnded(id: new, at: point)
            case let .touchCancelled(id) where id == old: return .touchCancelled(id: new)
            default: return command
            }
        }
    }

    static func touchID(of command: Command) -> TouchID? {
        switch command {
        case let .touchBegan(id, _, _), let .touchMoved(id, _), let .touchEnded(id, _), let .touchCancelled(id): return id
        default: return nil
        }
    }

    /// The command with one of its numbers replaced by an edge (or the float beside
    /// an edge) of a frame the list already holds.
    static func ontoAnEdge(_ command: Command, _ list: [Command], _ random: inout SeededRandom) -> Command {
        var numbers = command.numbers
        guard !numbers.isEmpty else { return command }
        let frames = list.compactMap { command -> Rect? in
            switch command {
            case let .createWindow(_, _, frame, _, _), let .createView(_, _, frame), let .setFrame(_, frame): return frame
            default: return nil
            }
        }
        guard !frames.isEmpty else { return command }
        let f = random.pick(frames)
        let edges = [f.x, f.y, f.x + f.width, f.y + f.height, (f.x + f.width).nextDown, (f.y + f.height).nextDown,
                     f.x.nextDown, f.y.nextDown, f.x + f.width / 2].filter(\.isFinite)
        numbers[Int.random(in: 0..<numbers.count, using: &random)] = random.pick(edges)
        return command.replacingNumbers(numbers)
    }
}
