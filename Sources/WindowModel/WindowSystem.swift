/// A window system that can be driven by commands and observed.
///
/// The reference model, the indexed engine and a user's own engine all conform;
/// the differential harness runs the same command list on several of them and
/// compares every observation and, after every command, every ``SceneSnapshot``.
///
/// Contract:
/// - A fresh instance holds one scene, `main`, of ``defaultSceneSize``, and nothing else.
/// - Every command passed to ``apply(_:)`` has been accepted by a ``CommandValidator``
///   that saw the same commands before it (names are live, numbers are finite, sizes
///   are not negative).
/// - ``apply(_:)`` returns the command's observations in the canonical order that
///   `SEMANTICS.md` gives.
///
/// ```swift
/// let system: any WindowSystem = ReferenceWindowSystem()
/// _ = system.apply(.createWindow(name: "app", scene: "main",
///                                frame: Rect(0, 0, 100, 100), level: 0, withRootView: true))
/// _ = system.apply(.makeKeyAndVisible(window: "app"))
/// system.apply(.hit(at: Point(10, 10), scene: "main"))  // [hit -> app/app.root at 10 10]
/// ```
public protocol WindowSystem: AnyObject {
    /// A short name for reports (`reference`, `indexed`).
    var engineName: String { get }

    /// Applies one command and returns what it made happen or answered.
    func apply(_ command: Command) -> [Observation]

    /// The observable state of every scene, in the order the scenes were created.
    func snapshot() -> [SceneSnapshot]

    /// Problems with the engine's internal consistency, empty when there are none.
    /// Tests call this after every command.
    func invariantViolations() -> [String]
}

/// What can be observed of one scene between commands.
public struct SceneSnapshot: Hashable, Sendable, CustomStringConvertible {
    public var scene: String
    /// Visible windows, front to back.
    public var order: [String]
    public var keyWindow: String?
    /// The screen the scene is on (D1, D2), when the engine reports it; nil when it
    /// does not (an engine written before screens, or one behind the engine
    /// protocol, whose snapshot has no screens). ``agrees(with:)`` skips it then.
    public var screen: String?

    public init(scene: String, order: [String], keyWindow: String?, screen: String? = nil) {
        self.scene = scene
        self.order = order
        self.keyWindow = keyWindow
        self.screen = screen
    }

    /// The same observable state: scene, order and key window equal, and the screens
    /// equal when both snapshots report one.
    public func agrees(with other: SceneSnapshot) -> Bool {
        scene == other.scene && order == other.order && keyWindow == other.keyWindow
            && (screen == nil || other.screen == nil || screen == other.screen)
    }

    public var description: String {
        let onScreen = screen.map { $0 == mainScreenName ? "" : " screen \($0)" } ?? ""
        return "\(scene): order [\(order.joined(separator: " "))] key \(keyWindow ?? "none")\(onScreen)"
    }
}

extension Array where Element == SceneSnapshot {
    /// Scene by scene ``SceneSnapshot/agrees(with:)``, with as many scenes.
    public func agrees(with other: [SceneSnapshot]) -> Bool {
        count == other.count && zip(self, other).allSatisfy { $0.agrees(with: $1) }
    }
}

/// A named way to make fresh engines: what the harness, `windowlab run --engine`
/// and users' own test suites pass around.
///
/// ```swift
/// let mine = EngineFactory(name: "mine") { MyWindowSystem() }
/// ```
public struct EngineFactory: Sendable {
    public let name: String
    /// What the engine implements; the harness sends it nothing else
    /// (see ``EngineFeature`` and ``FeatureFilter``). Every feature by default.
    public let features: Set<EngineFeature>
    /// The rules the engine declares it does not follow (see ``EngineDeviation``):
    /// the harness compares everything else. None by default.
    public let deviations: Set<EngineDeviation>
    /// The numbers the engine computes with (see ``NumericDomain``); `double` by default.
    public let numbers: NumericDomain
    /// The values it can take (see ``EngineLimits``); none by default.
    public let limits: EngineLimits
    public let make: @Sendable () -> any WindowSystem

    public init(name: String, features: Set<EngineFeature> = EngineFeature.all,
                deviations: Set<EngineDeviation> = [], numbers: NumericDomain = .double, limits: EngineLimits = .none,
                make: @escaping @Sendable () -> any WindowSystem) {
        self.name = name
        self.features = features
        self.deviations = deviations
        self.numbers = numbers
        self.limits = limits
        self.make = make
    }

    /// The same engine under another name.
    public func renamed(_ name: String) -> EngineFactory {
        EngineFactory(name: name, features: features, deviations: deviations, numbers: numbers, limits: limits, make: make)
    }

    /// What the engine declares beyond its features, as protocol words
    /// (`deviates N1 K4 numbers float32 range -32768 32767`), or "" when it declares nothing.
    public var declarationWords: String {
        var words: [String] = []
        if !deviations.isEmpty { words.append("deviates " + deviations.words) }
        if numbers != .double { words.append("numbers " + numbers.rawValue) }
        if !limits.isNone { words.append(limits.words) }
        return words.joined(separator: " ")
    }
}

extension Array where Element == EngineFactory {
    /// The features every one of these engines has: what a comparison of them can use.
    public var sharedFeatures: Set<EngineFeature> {
        reduce(EngineFeature.all) { $0.intersection($1.features) }
    }

    /// Every rule any of these engines deviates from.
    public var allDeviations: Set<EngineDeviation> {
        reduce(into: []) { $0.formUnion($1.deviations) }
    }

    /// The coarsest numeric domain among these engines.
    public var sharedNumbers: NumericDomain { NumericDomain.shared(map(\.numbers)) }

    /// The values every one of these engines can take.
    public var sharedLimits: EngineLimits { EngineLimits.shared(map(\.limits)) }
}
