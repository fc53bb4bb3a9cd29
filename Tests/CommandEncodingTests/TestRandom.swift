#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SplitMix64, local to the tests so they depend on nothing but the encoding.
struct TestRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) }
    }
}

/// The case seeds of a property: just `WINDOWLAB_SEED` when it is set (decimal or
/// 0x hex), so a printed seed replays its one case; otherwise `count` seeds derived
/// from `base`.
func propertySeeds(base: UInt64, count: Int) -> [UInt64] {
    if let raw = getenv("WINDOWLAB_SEED") {
        let text = String(cString: raw)
        if let seed = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text) {
            return [seed]
        }
    }
    var mixer = TestRandom(seed: base)
    return (0..<count).map { _ in mixer.next() }
}

/// A random input of the current version: the version byte, then up to `maxLength` bytes.
func randomInput(seed: UInt64, maxLength: Int = 700) -> [UInt8] {
    var random = TestRandom(seed: seed)
    return [1] + random.bytes(Int.random(in: 0...maxLength, using: &random))
}
