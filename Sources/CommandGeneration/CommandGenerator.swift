import WindowModel

/// Makes random, valid command lists, weighted toward the cases where window systems
/// go wrong: shared edges, alpha around 0.01, zero sizes, deep view trees, same-level
/// reorders, key hand-over, touches crossing windows, huge and tiny coordinates, and
/// values that do not round exactly.
///
/// The same seed always gives the same list. Names follow the scheme the binary
/// encoding uses (`w0`, `v0`, `s1`, touch ids `0`…, keys `k0`…), so generated lists
/// can also be stored as fuzz inputs.
///
/// ```swift
/// var generator = CommandGenerator(seed: 42)
/// let commands = generator.generate()   // about 150 valid commands
/// ```
public struct CommandGenerator {
    /// How big the generated cases are.
    public struct Configuration: Sendable {
        public var length: Int
        public var maxWindows: Int
        public var maxViews: Int
        public var maxScenes: Int
        /// Swarm testing (Groce et al., ISSTA 2012): each generator draws its own
        /// subset of command kinds and its own weights from its seed, so some cases
        /// never hide, some never touch, some only create and reorder, and
        /// behaviours that one kind masks in a uniform mix get reached.
        public var swarm: Bool
        /// Keep to what the binary fuzz encoding can hold (touch ids `0`…`15`); when
        /// false, touch ids also take names, zero-padded digits and numbers past 64
        /// bits.
        public var encodable: Bool
        /// Rule ids (`H2`, `T5`) to weight generation toward: the kinds of command
        /// that can decide rules of their groups get four times their weight.
        /// Coverage-guided campaigns set it to the rules they reached least.
        public var focusRules: [String] = []
        /// Kinds of command (``Command/kindName``: `show`, `touchBegan`) never to
        /// draw: a campaign steers cases around the kinds that led into the groups
        /// it found (see ``CampaignSteering``), so that one dominant cause does not
        /// mask the rest. Making windows is never left out.
        public var avoidKinds: [String] = []
        /// What the engines under test implement: commands that need anything
        /// else are never generated, and windows get no root view without
        /// ``EngineFeature/views`` (see ``FeatureFilter``). Every feature by default.
        public var features: Set<EngineFeature> = EngineFeature.all

        public init(length: Int = 150, maxWindows: Int = 10, maxViews: Int = 30, maxScenes: Int = 3,
                    swarm: Bool = false, encodable: Bool = true) {
            self.length = length
            self.maxWindows = maxWindows
            self.maxViews = maxViews
            self.maxScenes = maxScenes
            self.swarm = swarm
            self.encodable = encodable
        }
    }

    public let configuration: Configuration
    var random: SeededRandom
    var validator = CommandValidator()
    /// What the generator knows of the objects it made, to aim values at them.
    /// Arrays, not dictionaries, so choices do not depend on hash order.
    var windows: [String] = []
    var views: [String] = []
    var scenes: [String] = [mainSceneName]
    /// Connected screens, `main` first; screens disconnected so far; how many
    /// `dN` names were handed out.
    var screens: [String] = [mainScreenName]
    var disconnectedScreens: [String] = []
    var screensConnected = 0
    /// Scenes placed on a screen other than `main`, and the live windows a
    /// disconnection hid (shown again first, see `strandedWindow()`).
    var sceneScreens: [String: String] = [:]
    var strandedWindows: [String] = []
    /// Whether the latest touch aimed at an optioned object was aimed at the object
    /// itself (the next one then mostly goes beside it).
    var aimedAtOptionTarget = false
    /// The window of the latest `makeKey` or `makeKeyAndVisible`, while it lives.
    var lastMadeKey: String?
    /// The scene of the latest `began`.
    var lastTouchScene = mainSceneName
    /// Where each touch begun and not yet ended is (its last point): a `moved` goes
    /// back to it at times, which posts `moved` all the same (T3).
    var touchPoints: [TouchID: Point] = [:]
    /// The scene each touch that is down began in.
    var touchScenes: [TouchID: String] = [:]
    /// The last id of another spelling than `0`…`15` this case used (a name, zero-padded
    /// digits, a number past 64 bits): once a case has one it keeps making more of its
    /// kind, so that two of them are down at once and the T5 order compares them.
    var lastUnusualTouchID: TouchID?
    var frames: [String: Rect] = [:]
    /// Parents of views and bounds origins, to aim points at views inside windows.
    var parents: [String: String] = [:]
    var boundsOrigins: [String: Point] = [:]
    /// Transforms other than the identity, by object (to aim points at their edges).
    var transforms: [String: ViewTransform] = [:]
    /// Objects given a touch option (T7, T8), most recent last: touches are aimed
    /// at them and at their siblings, so a second finger lands in the same window.
    var touchOptionTargets: [String] = []
    /// Objects whose hidden flag, alpha or interaction changed last, most recent
    /// last: points are aimed into them and their subviews.
    var recentlyChanged: [String] = []
    /// The siblings of the view brought to the front or sent to the back last: V2
    /// keeps their order, which a point where two of them overlap shows.
    var reorderedSiblings: [String] = []
    var levels: [Double] = [0]
    var windowCount = 0
    var viewCount = 0
    /// This generator's weight of each ``Kind`` (in `Kind.allCases` order): the
    /// defaults, or a swarm draw.
    var weights: [Int]
    var totalWeight: Int

    public init(seed: UInt64, configuration: Configuration = Configuration()) {
        self.configuration = configuration
        random = SeededRandom(seed: seed)
        weights = Kind.allCases.map(\.weight)
        if configuration.swarm { weights = Self.swarmWeights(&random) }
        let groups = Set(configuration.focusRules.compactMap(\.first))
        if !groups.isEmpty {
            weights = zip(Kind.allCases, weights).map { kind, weight in kind.ruleGroups.isDisjoint(with: groups) ? weight : weight * 4 }
        }
        if !configuration.avoidKinds.isEmpty {
            let avoided = Set(configuration.avoidKinds)
            weights = zip(Kind.allCases, weights).map { kind, weight in
                kind != .window && avoided.contains(kind.commandKind) ? 0 : weight
            }
        }
        totalWeight = weights.reduce(0, +)
    }

    /// The kinds this generator draws (all of them unless it is a swarm draw).
    var enabledKinds: [Kind] { zip(Kind.allCases, weights).filter { $0.1 > 0 }.map(\.0) }

    /// One command list of about `configuration.length` commands, every one valid.
    public mutating func generate() -> [Command] {
        var commands: [Command] = []
        commands.reserveCapacity(configuration.length)
        // An unlucky pick (e.g. a name made twice) is drawn again; a partial
        // engine's generator may run out of things it can say, so tries are bounded.
        var tries = 0
        while commands.count < configuration.length && tries < configuration.length * 50 {
            tries += 1
            if let command = fitted(nextCommand()), accept(command) { commands.append(command) }
        }
        return commands
    }

    /// `command` fitted to ``Configuration/features`` (see ``EngineFeature/fitted(_:to:)``).
    func fitted(_ command: Command) -> Command? {
        configuration.features.isSuperset(of: EngineFeature.all) ? command
            : EngineFeature.fitted(command, to: configuration.features)
    }

    /// Validates `command` against everything accepted so far and, when valid,
    /// records what it did; false (and nothing recorded) when it is invalid.
    mutating func accept(_ command: Command) -> Bool {
        do {
            try validator.validate(command)
        } catch {
            return false
        }
        note(command)
        return true
    }

    /// Keeps the generator's own lists in step with what the command did.
    private mutating func note(_ command: Command) {
        switch command {
        case let .createScene(name, _):
            scenes.append(name)
        case let .connectScreen(name, _):
            screens.append(name)
            if !disconnectedScreens.contains(name) { screensConnected += 1 }
        case let .placeScene(scene, screen):
            sceneScreens[scene] = screen
        case let .touchBegan(id, point, scene):
            lastTouchScene = scene
            if touchPoints[id] == nil { (touchPoints[id], touchScenes[id]) = (point, scene) }
        case let .touchMoved(id, point):
            if touchPoints[id] != nil { touchPoints[id] = point }
        case let .touchEnded(id, _), let .touchCancelled(id):
            (touchPoints[id], touchScenes[id]) = (nil, nil)
        case let .makeKey(w), let .makeKeyAndVisible(w):
            lastMadeKey = w
        case let .disconnectScreen(name):
            let leaving = Set(sceneScreens.filter { $0.value == name }.keys)
            strandedWindows += windows.filter { leaving.contains(validator.scene(ofWindow: $0) ?? "") }
            sceneScreens = sceneScreens.filter { $0.value != name }
            screens.removeAll { $0 == name }
            if !disconnectedScreens.contains(name) { disconnectedScreens.append(name) }
        case let .createWindow(name, _, frame, level, withRootView):
            windows.append(name)
            frames[name] = frame
            levels.append(level)
            if withRootView {
                views.append(name + ".root")
                frames[name + ".root"] = Rect(0, 0, frame.width, frame.height)
                parents[name + ".root"] = name
            }
        case let .createView(name, parent, frame):
            views.append(name)
            frames[name] = frame
            parents[name] = parent
        case let .setBoundsOrigin(target, origin):
            boundsOrigins[target] = origin
        case let .setTransform(target, transform):
            transforms[target] = transform == .identity ? nil : transform
        case let .setExclusiveTouch(target, _), let .setMultipleTouch(target, _):
            touchOptionTargets = Array((touchOptionTargets + [target]).suffix(8))
        case let .setHidden(target, _), let .setAlpha(target, _), let .setInteraction(target, _):
            recentlyChanged = Array((recentlyChanged + [target]).suffix(8))
        case let .bringToFront(view), let .sendToBack(view):
            reorderedSiblings = views.filter { $0 != view && parents[$0] != nil && parents[$0] == parents[view] }
        case let .setFrame(target, frame):
            frames[target] = frame
        case let .setLevel(_, level):
            levels.append(level)
        case .release, .remove:
            windows.removeAll { !validator.isLiveWindow($0) }
            views.removeAll { !validator.isLiveView($0) }
            touchOptionTargets.removeAll { !validator.isLiveWindow($0) && !validator.isLiveView($0) }
            recentlyChanged.removeAll { !validator.isLiveWindow($0) && !validator.isLiveView($0) }
            reorderedSiblings.removeAll { !validator.isLiveView($0) }
            strandedWindows.removeAll { !validator.isLiveWindow($0) }
            if let key = lastMadeKey, !validator.isLiveWindow(key) { lastMadeKey = nil }
        default:
            break
        }
    }
}
