import WindowModel

/// The two scene shapes of issue 5. Both put one full-scene app window at the
/// bottom of a 3840 x 2160 scene and N - 1 smaller windows above it; they differ in
/// how large the small windows get, hence how many cover a point.
public enum WorkloadKind: String, CaseIterable, Sendable, Codable {
    /// Sizes log-uniform in [16, 400): a few windows over each point, and a linear
    /// walk visits nearly every window before reaching the app window at the bottom.
    case desktop
    /// Sizes log-uniform in [16, 1200): at 10k windows about a hundred or more cover
    /// each point.
    case dense

    /// The largest window side (exclusive).
    public var maximumSide: Double { self == .desktop ? 400 : 1200 }

    /// The fixed seed of the scene (the touch points and updates use derived seeds).
    public var seed: UInt64 { self == .desktop ? 0xDE5C_0001 : 0xDE45_E002 }
}

/// The proportions every workload draws its windows with (each window
/// independently, so the realized counts vary by a few per cent around these).
public enum WorkloadShape {
    public static let sceneName = "desktop"
    public static let sceneSize = Size(3840, 2160)
    public static let minimumSide = 16.0
    /// Hidden: created, never shown (so never in any index or order).
    public static let hiddenShare = 0.08
    /// `set W interaction false` on the window.
    public static let nonInteractiveShare = 0.04
    /// `set W passthrough true`: its root view answers nil, subviews still take touches.
    public static let passthroughShare = 0.04
    /// `set W alpha 0.005`: below H2's 0.01, the window lets every touch through.
    public static let transparentShare = 0.02
    /// Levels: statusBar for this share, alert + k (k in 0...7) for the next, the
    /// rest normal.
    public static let statusBarShare = 0.05
    public static let alertShare = 0.05
    /// Subviews of each root view: 1 to 3, each with one nested child half the time.
    public static let subviewRange = 1...3
}

/// One small window's drawn attributes, before it becomes commands.
public struct WindowSpec: Sendable {
    public var name: String
    public var frame: Rect
    public var level: Double
    public var isHidden = false
    public var isInteractive = true
    public var isPassthrough = false
    public var isTransparent = false
    /// Subview frames in the root view's space, each with an optional nested child
    /// frame in the subview's space.
    public var subviews: [(frame: Rect, child: Rect?)] = []
}

/// A reproducible scene of `n` windows plus the touch points to route through it.
///
/// ```swift
/// let w = RoutingWorkload(kind: .desktop, windowCount: 10_000)
/// let (reference, indexed) = w.makeEngines()
/// indexed.hitTarget(at: w.touchPoints[0], scene: w.sceneName)
/// ```
public struct RoutingWorkload: Sendable {
    public let kind: WorkloadKind
    public let windowCount: Int
    /// Windows bottom first: the app window, then the small ones in creation order.
    public let windows: [WindowSpec]
    /// Touch points, uniform over the scene, from the seed `kind.seed ^ 0x70C4`.
    public let touchPoints: [Point]
    public var sceneName: String { WorkloadShape.sceneName }

    /// Draws the scene.
    /// - Complexity: O(windowCount + touchCount).
    public init(kind: WorkloadKind, windowCount n: Int, touchCount: Int = 4096) {
        precondition(n >= 1, "a workload needs at least the app window")
        self.kind = kind
        self.windowCount = n
        let size = WorkloadShape.sceneSize
        var random = WorkloadRandom(seed: kind.seed &+ UInt64(n))
        var windows: [WindowSpec] = [WindowSpec(name: "app", frame: Rect(0, 0, size.width, size.height),
                                                level: WindowLevel.normal)]
        windows[0].subviews = [(Rect(0, 0, size.width, 80), Rect(16, 16, 240, 48))]   // a toolbar
        windows.reserveCapacity(n)
        for i in 1..<max(n, 1) {
            windows.append(Self.drawWindow(i, kind: kind, &random))
        }
        self.windows = windows
        var touchRandom = WorkloadRandom(seed: kind.seed ^ 0x70C4)
        touchPoints = (0..<touchCount).map { _ in
            Point(touchRandom.uniform(0, size.width), touchRandom.uniform(0, size.height))
        }
    }

    private static func drawWindow(_ i: Int, kind: WorkloadKind, _ random: inout WorkloadRandom) -> WindowSpec {
        let size = WorkloadShape.sceneSize
        let w = random.logUniform(WorkloadShape.minimumSide, kind.maximumSide)
        let h = random.logUniform(WorkloadShape.minimumSide, kind.maximumSide)
        // Origins keep at least a quarter of the window on screen.
        let x = random.uniform(-w / 4, size.width - 3 * w / 4).rounded()
        let y = random.uniform(-h / 4, size.height - 3 * h / 4).rounded()
        let levelDraw = random.unit()
        let level: Double
        if levelDraw < WorkloadShape.statusBarShare {
            level = WindowLevel.statusBar
        } else if levelDraw < WorkloadShape.statusBarShare + WorkloadShape.alertShare {
            level = WindowLevel.alert + Double(random.index(8))
        } else {
            level = WindowLevel.normal
        }
        var spec = WindowSpec(name: "w\(i)", frame: Rect(x, y, w.rounded(), h.rounded()), level: level)
        spec.isHidden = random.chance(WorkloadShape.hiddenShare)
        spec.isInteractive = !random.chance(WorkloadShape.nonInteractiveShare)
        spec.isPassthrough = random.chance(WorkloadShape.passthroughShare)
        spec.isTransparent = random.chance(WorkloadShape.transparentShare)
        let range = WorkloadShape.subviewRange
        let count = range.lowerBound + random.index(range.count)
        for _ in 0..<count {
            let sw = (spec.frame.width * random.uniform(0.2, 0.7)).rounded()
            let sh = (spec.frame.height * random.uniform(0.2, 0.7)).rounded()
            let frame = Rect((random.uniform(0, spec.frame.width - sw)).rounded(),
                             (random.uniform(0, spec.frame.height - sh)).rounded(), sw, sh)
            let child = random.chance(0.5) ? Rect(0, 0, (sw / 2).rounded(), (sh / 2).rounded()) : nil
            spec.subviews.append((frame, child))
        }
        return spec
    }

    /// The commands that build the scene: every window created hidden with its
    /// final level, views and attributes set, then the visible ones shown bottom
    /// first. Showing is the only O(n) step in the reference model, so this is the
    /// fewest commands for the order: each window is shown exactly once.
    /// - Complexity: O(windowCount) commands.
    public func commands() -> [Command] {
        let scene = sceneName
        var out: [Command] = [.createScene(name: scene, size: WorkloadShape.sceneSize)]
        out.reserveCapacity(windows.count * 6 + 1)
        for spec in windows {
            out.append(.createWindow(name: spec.name, scene: scene, frame: spec.frame, level: spec.level,
                                     withRootView: true))
            let root = spec.name + ".root"
            for (j, subview) in spec.subviews.enumerated() {
                let name = "\(spec.name).v\(j)"
                out.append(.createView(name: name, parent: root, frame: subview.frame))
                if let child = subview.child { out.append(.createView(name: name + ".c", parent: name, frame: child)) }
            }
            if !spec.isInteractive { out.append(.setInteraction(target: spec.name, enabled: false)) }
            if spec.isPassthrough { out.append(.setPassthrough(window: spec.name, enabled: true)) }
            if spec.isTransparent { out.append(.setAlpha(target: spec.name, alpha: 0.005)) }
        }
        for spec in windows where !spec.isHidden {
            out.append(.show(window: spec.name))
        }
        return out
    }

    /// Names of the windows that end up visible, bottom first in creation order.
    public var visibleWindowNames: [String] { windows.filter { !$0.isHidden }.map(\.name) }
}
