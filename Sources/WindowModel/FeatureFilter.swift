/// Fits a command list to what the engines take, one command at a time: a
/// `window … root` loses its root view when views are missing; a command that
/// needs a missing feature, or that names something an earlier skip left out
/// (a view in a skipped window), is skipped; a command that would trigger a
/// steered deviation (H2, T7, T8, W8, K2, T3: see ``EngineDeviation``) is
/// skipped; every number is moved into the engines' ``NumericDomain`` and inside
/// their declared ``EngineLimits``.
///
/// ```swift
/// var filter = FeatureFilter(features: [.windows, .hit])
/// filter.admit(.createWindow(name: "a", scene: "main", frame: Rect(0, 0, 9, 9), level: 0, withRootView: true))
/// // the same window without its root view
/// filter.admit(.setAlpha(target: "a", alpha: 0))   // nil: skipped
/// ```
public struct FeatureFilter: Sendable {
    public let features: Set<EngineFeature>
    public let deviations: Set<EngineDeviation>
    public let numbers: NumericDomain
    public let limits: EngineLimits
    private var validator = CommandValidator()
    /// What was sent so far, for the limits (screens) and the steered dialects.
    private var sent = SentState()
    /// Statements skipped so far, statements sent in a changed form (a window
    /// without its root view, numbers moved into the domain or the limits), and the
    /// features that were missing.
    public private(set) var skipped = 0
    public private(set) var reduced = 0
    public private(set) var missing: Set<EngineFeature> = []
    /// Statements skipped because they would trigger a declared deviation.
    public private(set) var steered = 0
    /// Statements sent with numbers moved inside the declared limits.
    public private(set) var limited = 0

    public init(features: Set<EngineFeature>, deviations: Set<EngineDeviation> = [], numbers: NumericDomain = .double,
                limits: EngineLimits = .none) {
        self.features = features
        self.deviations = deviations
        self.numbers = numbers
        self.limits = limits
        sent.tracksPositions = limits.positionsOnScreen
    }

    /// What every one of `engines` takes: their shared features, every deviation any
    /// of them declares, their coarsest numeric domain, the limits all can take.
    public init(engines: [EngineFactory]) {
        self.init(features: engines.sharedFeatures, deviations: engines.allDeviations, numbers: engines.sharedNumbers,
                  limits: engines.sharedLimits)
    }

    /// Whether this filter lets every command through unchanged.
    public var isComplete: Bool {
        features.isSuperset(of: EngineFeature.all) && numbers == .double && limits.isNone
            && deviations.isDisjoint(with: EngineDeviation.steered)
    }

    /// The command to send in place of `command` (itself, or a changed form), or
    /// nil when it is skipped.
    public mutating func admit(_ command: Command) -> Command? {
        guard let fitted = EngineFeature.fitted(command, to: features) else { return skip(command) }
        if EngineDeviation.triggers(fitted, of: deviations) {
            steered += 1
            return nil
        }
        let inDomain = numbers.project(fitted)
        let projected = limits.project(inDomain, numbers: numbers, screen: self.sent.screenSize(for: inDomain))
        // `positions screen`: placed so that every position on the screen stays in range,
        // or not sent when its subtree is wider than the range.
        guard let sent = self.sent.placed(projected, limits, numbers, validator) else {
            steered += 1
            return nil
        }
        // (A command steered around is not sent: asked before the validator takes it in.)
        if self.sent.steers(sent, deviations, validator) {
            steered += 1
            return nil
        }
        guard (try? validator.validate(sent)) != nil else { return skip(command) }
        self.sent.note(sent, validator)
        if sent != inDomain { limited += 1 }
        if sent != command {
            reduced += 1
            if fitted != command { missing.insert(.views) }
        }
        return sent
    }

    private mutating func skip(_ command: Command) -> Command? {
        skipped += 1
        missing.formUnion(EngineFeature.required(by: command).subtracting(features))
        return nil
    }
}

/// What a ``FeatureFilter`` remembers of the commands it sent: which screen each scene
/// is on and how large each screen is (for points on the screen), where each touch
/// is and whether it may be down, and which windows may be hidden (for the dialects
/// it steers around).
struct SentState: Sendable {
    private var screenSizes: [String: Size] = [mainScreenName: defaultScreenSize]
    private var sceneScreens: [String: String] = [:]
    private var touchScenes: [TouchID: String] = [:]
    /// Touches whose `began` was sent and whose `ended` or `cancelled` was not since,
    /// with the points each may hold: a second `began` of an id holds its own point when
    /// the first hit nothing (T4) and the first's when it did not (the second is then
    /// ignored), and which it was is the engine's answer, not known here.
    private var touchPoints: [TouchID: Set<Point>] = [:]
    /// Windows known to be visible (shown since they were last hidden).
    private var visible: Set<String> = []
    /// Each window's and view's frame origin, as sent (for `positions screen`: positions
    /// on the screen are sums along the chain of parents the validator keeps). A gone
    /// name's entry stays: names are never used again in a run.
    private var origins: [String: Point] = [:]
    /// Whether to keep ``origins`` (only `positions screen` needs them).
    var tracksPositions = false

    /// The size of the screen the command's point is on (its scene's, or its touch's scene's).
    func screenSize(for command: Command) -> Size? {
        let scene: String?
        switch command {
        case let .hit(_, s), let .touchBegan(_, _, s): scene = s
        case let .touchMoved(id, _), let .touchEnded(id, _): scene = touchScenes[id] ?? mainSceneName
        default: return nil
        }
        return scene.flatMap { sceneScreens[$0] }.flatMap { screenSizes[$0] } ?? screenSizes[mainScreenName]
    }

    /// Whether `command` would trigger a dialect steered around: a root view's window
    /// resized (W8), a window that may be hidden made key (K2), a touch moved to where
    /// it is (T3).
    func steers(_ command: Command, _ deviations: Set<EngineDeviation>, _ validator: CommandValidator) -> Bool {
        guard !deviations.isDisjoint(with: [.w8, .k2, .t3]) else { return false }
        switch command {
        case let .setFrame(target, _):
            return deviations.contains(.w8) && validator.isLiveWindow(target) && validator.isLiveView(target + ".root")
        case let .makeKey(window):
            return deviations.contains(.k2) && !visible.contains(window)
        case let .touchMoved(id, point):
            return deviations.contains(.t3) && touchPoints[id]?.contains(point) == true
        default:
            return false
        }
    }

    /// Takes in a command that is sent.
    mutating func note(_ command: Command, _ validator: CommandValidator) {
        switch command {
        case let .connectScreen(name, size): screenSizes[name] = size
        case let .placeScene(scene, screen): sceneScreens[scene] = screen
        case let .disconnectScreen(name):
            // D3: its scenes go back to the main screen, and their windows are hidden.
            sceneScreens = sceneScreens.filter { $0.value != name }
            visible = []
        case let .touchBegan(id, point, scene):
            touchScenes[id] = scene
            touchPoints[id, default: []].insert(point)
        case let .touchMoved(id, point):
            if touchPoints[id] != nil { touchPoints[id] = [point] }
        case let .touchEnded(id, _), let .touchCancelled(id):
            touchPoints[id] = nil
        case let .show(window), let .makeKeyAndVisible(window): visible.insert(window)
        case let .setHidden(target, hidden) where validator.isLiveWindow(target) || visible.contains(target):
            if hidden { visible.remove(target) } else { visible.insert(target) }
        case let .hide(window), let .release(window): visible.remove(window)
        default: break
        }
        guard tracksPositions else { return }
        switch command {
        case let .createWindow(name, _, frame, _, root):
            origins[name] = Point(frame.x, frame.y)
            if root { origins[name + ".root"] = Point(0, 0) }
        case let .createView(name, _, frame), let .setFrame(name, frame): origins[name] = Point(frame.x, frame.y)
        default: break
        }
    }

    /// Where `name` stands on the screen: its frame's origin plus its ancestors'.
    private func onScreen(_ name: String, _ validator: CommandValidator) -> Point {
        var (x, y, each) = (0.0, 0.0, Optional(name))
        while let current = each, let origin = origins[current] {
            (x, y, each) = (x + origin.x, y + origin.y, validator.parent(ofView: current))
        }
        return Point(x, y)
    }

    /// With `positions screen` (``EngineLimits/positionsOnScreen``): a new view's or a
    /// frame's origin clamped so that every position on the screen it changes (its
    /// own, and its subtree's) lies in the range; nil when the subtree is wider than
    /// the range, so that no origin would do. Any other command as it is.
    /// - Complexity: O(s · d) for a frame change, s the views below it and d their depth.
    func placed(_ command: Command, _ limits: EngineLimits, _ numbers: NumericDomain,
                _ validator: CommandValidator) -> Command? {
        guard limits.positionsOnScreen, let range = limits.coordinates else { return command }
        let name: String, frame: Rect, base: Point
        var newParent: String?
        switch command {
        case let .createView(view, parent, box):
            (name, frame, base, newParent) = (view, box, onScreen(parent, validator), parent)
        case let .setFrame(target, box) where origins[target] != nil:
            (name, frame, base) = (target, box, validator.parent(ofView: target).map { onScreen($0, validator) } ?? Point(0, 0))
        default: return command
        }
        // The subtree's offsets from its top's origin (a new view has no subtree).
        var (lowX, lowY, highX, highY) = (0.0, 0.0, 0.0, 0.0)
        if origins[name] != nil {
            let top = onScreen(name, validator)
            var below = validator.subviews(of: name)
            while let each = below.popLast() {
                below += validator.subviews(of: each)
                let at = onScreen(each, validator)
                (lowX, highX) = (min(lowX, at.x - top.x), max(highX, at.x - top.x))
                (lowY, highY) = (min(lowY, at.y - top.y), max(highY, at.y - top.y))
            }
        }
        let xLow = range.lowerBound - base.x - lowX, xHigh = range.upperBound - base.x - highX
        let yLow = range.lowerBound - base.y - lowY, yHigh = range.upperBound - base.y - highY
        guard xLow <= xHigh, yLow <= yHigh else { return nil }
        let x = EngineLimits.clamp(frame.x, into: xLow...xHigh, step: numbers.step)
        let y = EngineLimits.clamp(frame.y, into: yLow...yHigh, step: numbers.step)
        guard xLow <= x, x <= xHigh, yLow <= y, y <= yHigh else { return nil }   // no grid point fits
        let moved = Rect(x, y, frame.width, frame.height)
        if let newParent { return .createView(name: name, parent: newParent, frame: moved) }
        return .setFrame(target: name, frame: moved)
    }
}
