import CommandGeneration
import Foundation
import WindowModel

/// Reads the environment variables that steer randomized tests and campaigns.
public enum HarnessEnvironment {
    /// `WINDOWLAB_SEED`: replay exactly this case seed (decimal or 0x hex).
    public static var replaySeed: UInt64? { SeededRandom.replaySeed }

    /// `WINDOWLAB_PROPERTY_CASES`: how many cases a property suite runs (default given).
    public static func propertyCases(default value: Int) -> Int {
        getenvString("WINDOWLAB_PROPERTY_CASES").flatMap { Int($0) }.map { max(1, $0) } ?? value
    }

    /// `WINDOWLAB_RUN_SEED`: the seed of a whole property-suite run (decimal or 0x hex).
    public static var runSeed: UInt64? { string("WINDOWLAB_RUN_SEED").flatMap(parseSeed) }

    /// `WINDOWLAB_PROFILE`: the one generation profile a property suite runs.
    public static var profile: GenerationProfile? { string("WINDOWLAB_PROFILE").flatMap(GenerationProfile.init(rawValue:)) }

    /// A seed written in decimal or `0x` hex.
    public static func parseSeed(_ text: String) -> UInt64? {
        text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    }

    /// A variable's trimmed value, nil when unset or blank.
    public static func string(_ name: String) -> String? { getenvString(name) }

    private static func getenvString(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        let text = String(cString: raw).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }
}
