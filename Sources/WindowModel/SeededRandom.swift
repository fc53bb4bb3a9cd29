import Foundation

/// A small, fast, reproducible random number generator (SplitMix64).
///
/// Every random choice in WindowLab comes from one of these, seeded explicitly, so a
/// printed seed replays the exact same test case on any machine.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed of case `index` of a run started with `seed`: cases are independent,
    /// so any one of them replays alone from its own seed.
    public static func caseSeed(_ seed: UInt64, _ index: Int) -> UInt64 {
        var mixer = SeededRandom(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        return mixer.next()
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// A uniformly chosen element; `items` must not be empty.
    public mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }

    /// `count` random bytes.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) }
    }

    /// The seed `WINDOWLAB_SEED` names (decimal or `0x` hex), if it is set: randomized
    /// tests run just that case, so a printed seed replays its failure.
    public static var replaySeed: UInt64? {
        guard let raw = getenv("WINDOWLAB_SEED") else { return nil }
        let text = String(cString: raw).trimmingCharacters(in: .whitespaces)
        return text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    }

    /// The seeds a randomized test runs: the replay seed alone when set, else `defaults`.
    public static func seeds(default defaults: [UInt64]) -> [UInt64] {
        replaySeed.map { [$0] } ?? defaults
    }
}
