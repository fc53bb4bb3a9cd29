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
}

/// Reads the environment variables that steer randomized tests and campaigns.
public enum HarnessEnvironment {
    /// `WINDOWLAB_SEED`: replay exactly this case seed (decimal or 0x hex).
    public static var replaySeed: UInt64? {
        guard let text = getenvString("WINDOWLAB_SEED") else { return nil }
        if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
        return UInt64(text)
    }

    /// `WINDOWLAB_PROPERTY_CASES`: how many cases a property suite runs (default given).
    public static func propertyCases(default value: Int) -> Int {
        getenvString("WINDOWLAB_PROPERTY_CASES").flatMap { Int($0) }.map { max(1, $0) } ?? value
    }

    private static func getenvString(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        let text = String(cString: raw).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
