import CommandEncoding
import WindowModel

/// Figures about a pack for `windowlab corpus stats`.
public struct CorpusStats: Sendable {
    public var entries: Int
    /// Sum of the entries' lengths.
    public var rawBytes: Int
    /// The pack file's size.
    public var compressedBytes: Int
    /// rawBytes / compressedBytes (0 for an empty pack file).
    public var ratio: Double { compressedBytes == 0 ? 0 : Double(rawBytes) / Double(compressedBytes) }
    /// Commands over all entries, as decoded.
    public var commands: Int
    /// Entries whose first byte names another encoding version (never read as commands).
    public var unsupportedEntries: Int
    /// Rule id (`SEMANTICS.md`) -> number of entries with a command that exercises it.
    public var entriesByRule: [String: Int]

    /// Stats of `reading`, decoding every entry.
    public init(_ reading: PackReading) {
        entries = reading.pack.entries.count
        rawBytes = reading.pack.rawByteCount
        compressedBytes = reading.packSize
        commands = 0
        unsupportedEntries = 0
        entriesByRule = [:]
        for entry in reading.pack.entries {
            guard let list = CommandDecoder.decode(entry).commandList else {
                unsupportedEntries += 1
                continue
            }
            commands += list.count
            for rule in Set(list.flatMap(RuleGroups.rules)) { entriesByRule[rule, default: 0] += 1 }
        }
    }

    /// Rule ids of `SEMANTICS.md` that no entry exercises.
    public var rulesNotExercised: [String] {
        RuleGroups.allRules.filter { entriesByRule[$0] == nil }
    }
}

/// Which `SEMANTICS.md` rules a command exercises.
///
/// An approximation by command kind: a command that can reach a rule counts, whether
/// or not this particular one meets the rule's condition (a `touchBegan` counts for
/// T1 even when it hits nothing). It says which rule groups a corpus can reach at
/// all, not which it covers; coverage proper needs the engines to report the rules
/// they apply.
public enum RuleGroups {
    /// The rules of every group, in `SEMANTICS.md` order.
    public static let allRules: [String] =
        (1...5).map { "G\($0)" } + ["S1", "S2"] + (1...9).map { "W\($0)" } + (1...4).map { "K\($0)" }
        + ["N1", "N2"] + (1...4).map { "V\($0)" } + (1...6).map { "H\($0)" } + (1...6).map { "T\($0)" }
        + (1...3).map { "Q\($0)" }

    /// The rules `command` can exercise.
    public static func rules(_ command: Command) -> [String] {
        switch command {
        case .createScene: return ["S1"]
        case let .createWindow(_, scene, _, _, root):
            return ["W1", "W2", "G1", "G3"] + (root ? ["W8"] : []) + (scene == mainSceneName ? [] : ["S2"])
        case .createView: return ["V1", "G3"]
        case .show: return ["W4", "W5", "N1", "N2"]
        case .hide: return ["W5", "K4", "N1", "N2", "T5"]
        case .release: return ["W7", "K4", "N2", "T5"]
        case .makeKey: return ["K2", "K4", "N1", "N2"]
        case .makeKeyAndVisible: return ["K3", "K2", "W4", "N2"]
        case .setFrame: return ["G2", "G4", "W8", "V4"]
        case .setBoundsOrigin: return ["G4", "V4"]
        case .setAlpha: return ["G5", "H2", "V4"]
        case .setHidden: return ["W9", "H1", "H4", "V4"]
        case .setInteraction: return ["H1", "H4", "T1", "V4"]
        case .setLevel: return ["W3", "W5", "W6"]
        case .setPassthrough: return ["T2"]
        case .remove: return ["V3", "T5"]
        case .bringToFront, .sendToBack: return ["V2", "H3"]
        case .touchBegan: return ["T1", "T3", "T4", "H1", "H3", "H5", "H6", "G2", "G4"]
        case .touchMoved, .touchEnded: return ["T3", "T4", "G4"]
        case .touchCancelled: return ["T3", "T4"]
        case .press: return ["K1"]
        case .hit: return ["T6", "H1", "H3", "H5", "H6", "G2"]
        case .order: return ["Q1", "W3"]
        case .keyWindow: return ["Q2", "K1"]
        case .convert: return ["Q3", "G4"]
        case .expect, .expectNothing: return []
        }
    }
}
