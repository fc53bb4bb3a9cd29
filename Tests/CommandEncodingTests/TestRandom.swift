#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WindowModel

/// The tests' generator is WindowModel's SplitMix64.
typealias TestRandom = SeededRandom

/// The case seeds of a property: just `WINDOWLAB_SEED` when it is set (decimal or
/// 0x hex), so a printed seed replays its one case; otherwise `count` seeds derived
/// from `base`.
func propertySeeds(base: UInt64, count: Int) -> [UInt64] {
    if let seed = SeededRandom.replaySeed { return [seed] }
    var mixer = TestRandom(seed: base)
    return (0..<count).map { _ in mixer.next() }
}

/// A random input of the current version: the version byte, then up to `maxLength` bytes.
func randomInput(seed: UInt64, maxLength: Int = 700) -> [UInt8] {
    var random = TestRandom(seed: seed)
    return [1] + random.bytes(Int.random(in: 0...maxLength, using: &random))
}
