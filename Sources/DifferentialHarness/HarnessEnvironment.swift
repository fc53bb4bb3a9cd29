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

    private static func getenvString(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        let text = String(cString: raw).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }
}
