/// A part of the semantics an engine may implement. An engine declares the
/// features it has (over the engine protocol, or in ``EngineFactory/features``);
/// the harness then never sends it a command that needs one it lacks.
///
/// The words are the protocol's (`docs/engine-protocol.md`); each feature's
/// ``commands`` and ``rules`` say what it covers.
public enum EngineFeature: String, Hashable, Sendable, CaseIterable, Comparable {
    /// Windows in `main`: create (without `root`), show, hide, release, `set W frame`,
    /// `set W hidden`, `order`, the visibility notifications.
    case windows
    /// Window levels other than 0: `level L` on `window`, `set W level`.
    case levels
    /// The key window: `makeKey`, `makeKeyAndVisible`, `keyWindow`, key notifications.
    case key
    /// Views: `root`, `view`, `remove`, `front`, `back`, and `set` on views.
    case views
    /// `set T origin X Y` (bounds origins).
    case boundsOrigin = "bounds-origin"
    /// `set T alpha A`.
    case alpha
    /// `set T interaction on|off`.
    case interaction
    /// `set W passthrough on|off`.
    case passthrough
    /// `touch ID began|moved|ended|cancelled`, and touch cancellation by other commands.
    case touches
    /// `press KEY`.
    case presses
    /// `hit X Y`: what a touch would hit.
    case hit
    /// `convert X Y from A to B`.
    case convert
    /// Scenes other than `main`: `scene NAME`.
    case scenes
    /// `set T exclusiveTouch on|off` and `set T multipleTouch on|off`.
    case touchOptions = "touch-options"
    /// `move W to SCENE`.
    case sceneMoves = "scene-moves"
    /// `set T transform A B C D TX TY`.
    case transforms
    /// `screen NAME`, `place SCENE on SCREEN`, `disconnect SCREEN`.
    case screens

    public static func < (a: EngineFeature, b: EngineFeature) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Every feature: what the built-in engines implement.
    public static let all = Set(allCases)

    /// The statements (first words of `.wls` statements) this feature adds.
    public var commands: [String] {
        switch self {
        case .windows: return ["window", "show", "hide", "release", "set W frame", "set W hidden", "order"]
        case .levels: return ["window … level L", "set W level"]
        case .key: return ["makeKey", "makeKeyAndVisible", "keyWindow"]
        case .views: return ["window … root", "view", "remove", "front", "back", "set V …"]
        case .boundsOrigin: return ["set T origin"]
        case .alpha: return ["set T alpha"]
        case .interaction: return ["set T interaction"]
        case .passthrough: return ["set W passthrough"]
        case .touches: return ["touch"]
        case .presses: return ["press"]
        case .hit: return ["hit"]
        case .convert: return ["convert"]
        case .scenes: return ["scene", "… in SCENE"]
        case .touchOptions: return ["set T exclusiveTouch", "set T multipleTouch"]
        case .sceneMoves: return ["move W to SCENE"]
        case .transforms: return ["set T transform"]
        case .screens: return ["screen", "place SCENE on SCREEN", "disconnect"]
        }
    }

    /// The SEMANTICS.md rules an engine with this feature must follow.
    public var rules: [String] {
        switch self {
        case .windows: return ["G1", "G2", "G3", "S1", "W1", "W3", "W4", "W5", "W7", "W9", "N1", "N2", "Q1"]
        case .levels: return ["W2", "W3", "W6"]
        case .key: return ["K1", "K2", "K3", "K4", "N2", "Q2"]
        case .views: return ["W8", "V1", "V2", "V3", "V4", "H3", "H4"]
        case .boundsOrigin: return ["G4"]
        case .alpha: return ["G5", "H2"]
        case .interaction: return ["H1"]
        case .passthrough: return ["T2"]
        case .touches: return ["T1", "T3", "T4", "T5"]
        case .presses: return ["K1"]
        case .hit: return ["H1", "H5", "H6", "T6"]
        case .convert: return ["Q3", "G4"]
        case .scenes: return ["S1", "S2"]
        case .touchOptions: return ["T7", "T8"]
        case .sceneMoves: return ["M1", "M2", "M3"]
        case .transforms: return ["A1", "A2", "A3", "A4", "A5"]
        case .screens: return ["D1", "D2", "D3", "D4"]
        }
    }

    /// The features `command` needs. A `window … root` needs ``views``; a level
    /// other than 0 needs ``levels``.
    public static func required(by command: Command) -> Set<EngineFeature> {
        switch command {
        case .createScene: return [.scenes]
        case let .createWindow(_, _, _, level, root):
            var needed: Set<EngineFeature> = [.windows]
            if level.bitPattern != 0 { needed.insert(.levels) }
            if root { needed.insert(.views) }
            return needed
        case .createView, .remove, .bringToFront, .sendToBack: return [.views]
        case .show, .hide, .release, .setFrame, .setHidden, .order: return [.windows]
        case .makeKey, .makeKeyAndVisible, .keyWindow: return [.key]
        case .setBoundsOrigin: return [.boundsOrigin]
        case .setAlpha: return [.alpha]
        case .setInteraction: return [.interaction]
        case .setLevel: return [.levels]
        case .setPassthrough: return [.passthrough]
        case .touchBegan, .touchMoved, .touchEnded, .touchCancelled: return [.touches]
        case .press: return [.presses]
        case .hit: return [.hit]
        case .convert: return [.convert]
        case .setExclusiveTouch, .setMultipleTouch: return [.touchOptions]
        case .moveWindow: return [.sceneMoves]
        case .setTransform: return [.transforms]
        case .connectScreen: return [.screens]
        case let .placeScene(scene, _): return scene == mainSceneName ? [.screens] : [.screens, .scenes]
        case .disconnectScreen: return [.screens]
        }
    }

    /// `command` as an engine with `features` can take it: a `window … root` without
    /// its root view when views are missing; nil when it needs a missing feature.
    /// (Whether its names are still live is the caller's to check.)
    public static func fitted(_ command: Command, to features: Set<EngineFeature>) -> Command? {
        var command = command
        if case let .createWindow(name, scene, frame, level, true) = command, !features.contains(.views) {
            command = .createWindow(name: name, scene: scene, frame: frame, level: level, withRootView: false)
        }
        return required(by: command).isSubset(of: features) ? command : nil
    }

    /// Parses a space-separated list of feature words (`all` means every one).
    /// Returns the unknown words instead when there are any.
    public static func parseList<S: Sequence>(_ words: S) -> Result<Set<EngineFeature>, UnknownFeatures>
        where S.Element: StringProtocol
    {
        let (features, unknown) = readWords(words) { word in
            word == "all" ? all : EngineFeature(rawValue: word).map { [$0] }
        }
        return unknown.isEmpty ? .success(features) : .failure(UnknownFeatures(words: unknown))
    }

    /// Feature words that are not in this version's list.
    public struct UnknownFeatures: Error, Hashable, Sendable {
        public var words: [String]
    }
}

extension Set where Element == EngineFeature {
    /// The features as words, in the documented order (`windows levels key`).
    public var words: String { sorted().map(\.rawValue).joined(separator: " ") }
}

extension EngineDeviation {
    /// The deviations the harness steers around by not sending what triggers them
    /// (statelessly here; W8, K2 and T3 by what was sent before, in
    /// ``FeatureFilter``).
    public static let steered: Set<EngineDeviation> = [.h2, .t7, .t8, .w8, .k2, .t3]

    /// Whether `command` triggers one of `deviations` that is steered around: an
    /// alpha of at most 0.01 once clamped (H2: wherever an engine puts its threshold,
    /// at 0.01 or nowhere, no alpha above it decides a hit), a touch option (T7, T8).
    public static func triggers(_ command: Command, of deviations: Set<EngineDeviation>) -> Bool {
        guard !deviations.isDisjoint(with: steered) else { return false }
        switch command {
        case let .setAlpha(_, alpha): return deviations.contains(.h2) && min(max(alpha, 0), 1) <= 0.01
        case .setMultipleTouch: return deviations.contains(.t7)
        case .setExclusiveTouch: return deviations.contains(.t8)
        default: return false
        }
    }
}

/// Reads a list of declaration words (features, deviations): the union of what
/// `meaning` gives each word, and the words it knows nothing of (nil), in order.
func readWords<S: Sequence, T: Hashable>(_ words: S, _ meaning: (String) -> Set<T>?) -> (Set<T>, unknown: [String])
    where S.Element: StringProtocol
{
    var known: Set<T> = [], unknown: [String] = []
    for word in words.map({ String($0) }) {
        if let values = meaning(word) { known.formUnion(values) } else { unknown.append(word) }
    }
    return (known, unknown)
}
