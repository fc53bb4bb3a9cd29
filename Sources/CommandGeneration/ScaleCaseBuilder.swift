import Foundation
import Lockstep
import WindowModel

/// Builds the cases of the scale profiles (see ``GenerationProfile``) while running
/// them: a phase of commands builds or changes a big state, then a probe phase
/// (see `ScaleCaseBuilder+Probes.swift`) hits it densely, aimed at the edges the
/// builder made and at the hints the engines offer for the state they are in.
///
/// Every command goes through the generator's validator and bookkeeping, so the
/// list it leaves (``LockstepSession/commands``) is valid and replays on its own.
struct ScaleCaseBuilder {
    var generator: CommandGenerator
    var session: LockstepSession
    /// The scene the case builds in, and its size.
    var scene = mainSceneName
    var sceneSize = defaultSceneSize
    /// Frames of parked windows before they were parked, to bring them back.
    var parkedFrames: [(String, Rect)] = []
    /// Most commands a case runs.
    static let commandBudget = 12_000

    init(seed: UInt64, engines: [EngineFactory], cadence: InvariantCadence, recordRules: Bool = false) {
        var configuration = CommandGenerator.Configuration(
            length: 0, maxWindows: 4000, maxViews: 4000, maxScenes: 4, swarm: false, encodable: false)
        configuration.features = engines.sharedFeatures
        generator = CommandGenerator(seed: seed, configuration: configuration)
        session = LockstepSession(engines: engines, cadence: cadence, recordRules: recordRules)
    }

    /// Whether to go on: the run has not stopped and the budget is not spent.
    var live: Bool { !session.stopped && session.commands.count < Self.commandBudget }

    /// Validates, records and runs one command; an invalid one is skipped.
    /// Commands that need a feature the engines lack are fitted or skipped first.
    mutating func emit(_ command: Command) {
        guard live, let command = generator.fitted(command), generator.accept(command) else { return }
        session.run(command)
    }

    mutating func build(_ profile: GenerationProfile) {
        chooseScene(huge: profile == .magnitudes)
        switch profile {
        case .crowd:
            populate(count: logUniform(40, 1500))
            probe()
            for _ in 0 ..< Int.random(in: 2...4, using: &generator.random) where live {
                bulkChange()
                probe()
            }
        case .lattice:
            populateLattice()
            probe()
            bulkChange()
            probe()
        case .parked:
            populate(count: logUniform(60, 1200))
            probe()
            park(fraction: generator.random.pick([0.05, 0.2, 0.3, 0.6, 0.9]))
            probe()
            bringBack()
            probe()
            if generator.random.chance(0.5) { bulkChange(); probe() }
        case .magnitudes:
            populateMagnitudes()
            probe()
            bulkChange()
            probe()
        case .small, .long:
            preconditionFailure("\(profile) cases are not built by ScaleCaseBuilder")
        }
        session.checkInvariantsNow()
    }

    // MARK: Scenes and windows

    /// `main` most often; otherwise a new scene of an unusual size.
    mutating func chooseScene(huge: Bool) {
        guard huge || generator.random.chance(0.4) else { return }
        let sizes = [Size(4000, 3000), Size(50, 50), Size(1e9, 1e9), Size(1e12, 10), Size(0, 0),
                     Size(1366, 768), Size(0.5, 0.25), Size(0x1p53, 0x1p53)]
        sceneSize = generator.random.pick(sizes)
        scene = "s\(generator.scenes.count)"
        emit(.createScene(name: scene, size: sceneSize))
        if session.stopped || !generator.scenes.contains(scene) { scene = mainSceneName; sceneSize = defaultSceneSize }
    }

    /// A window in the case's scene; shown most of the time.
    mutating func addWindow(_ frame: Rect, level: Double = 0, root: Bool? = nil, show: Bool? = nil) {
        let name = "w\(generator.windowCount)"
        generator.windowCount += 1
        emit(.createWindow(name: name, scene: scene, frame: frame, level: level,
                           withRootView: root ?? generator.random.chance(0.7)))
        if show ?? generator.random.chance(0.85) {
            emit(generator.random.chance(0.8) ? .show(window: name) : .makeKeyAndVisible(window: name))
        }
    }

    /// A view under `parent`, inside its bounds or beside them.
    mutating func addView(in parent: String) {
        guard let frame = generator.frames[parent] else { return }
        let name = "v\(generator.viewCount)"
        generator.viewCount += 1
        emit(.createView(name: name, parent: parent, frame: generator.rect(near: Rect(0, 0, frame.width, frame.height))))
    }

    /// The scene's extent on each axis, at least 1 (a 0-size scene still has windows).
    var extent: (x: Double, y: Double) { (max(sceneSize.width, 1), max(sceneSize.height, 1)) }

    mutating func level() -> Double {
        generator.random.chance(0.75) ? 0 : generator.level()
    }

    /// `n` windows of sizes around a base size, spread over the scene (a few past
    /// its edges, a few far away, full-scene, zero-size or sharing an edge with the
    /// previous one), some with views, scroll offsets, alpha or pass-through.
    mutating func populate(count n: Int) {
        let base = generator.random.pick([0.02, 0.05, 0.1, 0.3])
        for _ in 0..<n where live {
            let (ex, ey) = extent
            var frame: Rect
            switch Int.random(in: 0..<40, using: &generator.random) {
            case 0, 1: frame = Rect(0, 0, sceneSize.width, sceneSize.height)
            case 2: frame = Rect(uniform(0, ex), uniform(0, ey), 0, generator.random.chance(0.5) ? 0 : ey * base)
            case 3: frame = Rect(generator.random.pick([1e6, -1e7, 5 * ex]), uniform(0, ey), ex * base, ey * base)
            case 4...9:
                let near = generator.windows.isEmpty ? nil : generator.frames[generator.random.pick(generator.windows)]
                frame = generator.rect(near: near)
            default:
                let w = (ex * base * uniform(0.3, 2)).rounded(), h = (ey * base * uniform(0.3, 2)).rounded()
                frame = Rect(uniform(-0.1 * ex, ex).rounded(), uniform(-0.1 * ey, ey).rounded(), w, h)
            }
            addWindow(frame, level: level())
            let name = "w\(generator.windowCount - 1)"
            if generator.random.chance(0.15) {
                let parent = generator.views.last.flatMap { $0.hasPrefix(name) ? $0 : nil } ?? name
                for _ in 0 ..< Int.random(in: 1...3, using: &generator.random) { addView(in: parent) }
            }
            if generator.random.chance(0.05) { emit(.setBoundsOrigin(target: name, origin: Point(generator.offset(), generator.offset()))) }
            if generator.random.chance(0.03) { emit(.setAlpha(target: name, alpha: generator.alpha())) }
            if generator.random.chance(0.03) { emit(.setPassthrough(window: name, enabled: true)) }
        }
    }

    /// Windows on a lattice of step `s`, one or more cells each, and stacks of
    /// identical frames: shared edges everywhere, and long runs at one place.
    mutating func populateLattice() {
        let columns = Int.random(in: 3...40, using: &generator.random)
        let step = generator.random.chance(0.5) ? extent.x / Double(columns)
            : generator.random.pick([1, 7, 10, 25, 100, 0.1, 1.0 / 3.0, 0.5, 0x1p-3])
        for row in 0..<columns where live {
            for column in 0..<columns where live && generator.random.chance(0.5) {
                let wide = Double(generator.random.pick([1, 1, 1, 2, 3])), tall = Double(generator.random.pick([1, 1, 2]))
                addWindow(Rect(Double(column) * step, Double(row) * step, wide * step, tall * step),
                          level: generator.random.chance(0.8) ? 0 : level())
            }
        }
        for _ in 0 ..< Int.random(in: 1...3, using: &generator.random) where live {
            let at = Double(Int.random(in: 0..<columns, using: &generator.random)) * step
            let frame = Rect(at, at, step * Double(Int.random(in: 1...4, using: &generator.random)), step)
            let sameLevel = generator.random.chance(0.5)
            for _ in 0 ..< logUniform(20, 400) where live {
                addWindow(frame, level: sameLevel ? 0 : level(), root: generator.random.chance(0.3))
            }
        }
    }

    /// A mix of ordinary windows and ones at huge, tiny and power-of-two edges.
    mutating func populateMagnitudes() {
        let origins: [Double] = [0, 1e-300, .leastNonzeroMagnitude, 1e15, 0x1p53, 0x1p53 - 1, 0x1p52 + 0.5, 1e300,
                                 -1e300, 0.1 + 0.2, 0.7, 1e16 + 2, -0.0, 0x1p-1022]
        let sizes: [Double] = [0, .leastNonzeroMagnitude, 1e-300, 1e-7, 1, 3, 0.1, 1e15, 1e300, 1.7e308, 0x1p53]
        for _ in 0 ..< logUniform(30, 400) where live {
            if generator.random.chance(0.4) {
                addWindow(generator.rect(near: nil), level: level())
                continue
            }
            func coordinate(_ g: inout CommandGenerator) -> Double {
                if g.random.chance(0.5) { return g.random.pick(origins) }
                let power = Double(sign: g.random.chance(0.2) ? .minus : .plus,
                                   exponent: Int.random(in: -20...60, using: &g.random), significand: 1)
                return g.random.pick([power, power.nextUp, power.nextDown])
            }
            addWindow(Rect(coordinate(&generator), coordinate(&generator),
                           generator.random.pick(sizes), generator.random.pick(sizes)), level: level())
        }
    }

    // MARK: Bulk changes

    /// One or two changes to many windows at once.
    mutating func bulkChange() {
        for _ in 0 ..< Int.random(in: 1...2, using: &generator.random) where live {
            let share = uniform(0.1, 0.9)   // how many of the windows this change touches
            let windows = generator.windows.filter { _ in generator.random.chance(share) }
            switch Int.random(in: 0..<14, using: &generator.random) {
            case 0: for w in windows { emit(.hide(window: w)) }
            case 1: for w in windows { emit(.show(window: w)) }
            case 2: for w in windows.prefix(200) { emit(.makeKeyAndVisible(window: w)) }
            case 3: for w in windows { emit(.setLevel(window: w, level: level())) }
            case 4:
                let (dx, dy) = (uniform(-0.5, 0.5) * extent.x, uniform(-0.5, 0.5) * extent.y)
                reframe(windows) { Rect($0.x + dx, $0.y + dy, $0.width, $0.height) }
            case 5: reframe(windows) { Rect($0.x, $0.y, $0.width / 4, $0.height / 4) }
            case 6: reframe(windows) { Rect($0.x, $0.y, $0.width * 3, $0.height * 3) }
            case 7, 8:
                // Gather: many windows crowd into a small patch, in random order (long
                // runs in a few cells, entries inserted between older and newer ones,
                // runs that outgrow their room).
                let (cx, cy) = (uniform(0, extent.x), uniform(0, extent.y))
                let spread = generator.random.pick([0.0, 0.01, 0.05, 0.1])
                for w in windows.shuffled(using: &generator.random) where live {
                    guard let frame = generator.frames[w] else { continue }
                    let x = (cx + uniform(0, spread * extent.x)).rounded(), y = (cy + uniform(0, spread * extent.y)).rounded()
                    emit(.setFrame(target: w, frame: Rect(x, y, frame.width, frame.height)))
                }
            case 9:
                // Turn, scale or shear many windows: boxes that are bounding boxes of
                // parallelograms (A2), some the whole plane (ill-conditioned, A5).
                for w in windows where live { emit(.setTransform(target: w, transform: generator.transform())) }
            case 10: moveAwayAndBack(windows)
            case 11: disconnectAndComeBack(windows)
            case 12: levelLadder(windows)
            default:
                for w in windows.prefix(windows.count / 2) { emit(.release(window: w)) }
                populate(count: generator.windows.count + 32)
            }
        }
    }

    /// W2-W3 at scale: up to 64 windows take new levels one after another, each one
    /// past all the levels before it, or halfway between the last one and where the
    /// ladder started. So many levels crowd into one gap, where an engine that hands
    /// out order codes between neighbouring levels runs out of room and renumbers.
    mutating func levelLadder(_ windows: [String]) {
        let start = generator.random.pick([0.0, WindowLevel.normal, WindowLevel.statusBar, WindowLevel.alert, -1e6])
        let step = generator.random.pick([1.0, 0.5, 1e-6, 1e6])
        let shape = Int.random(in: 0..<3, using: &generator.random)
        for (i, w) in windows.prefix(64).enumerated() where live {
            let rung = Double(i + 1)
            switch shape {
            case 0: emit(.setLevel(window: w, level: start + rung * step))
            case 1: emit(.setLevel(window: w, level: start - rung * step))
            default: emit(.setLevel(window: w, level: start + step * Double(sign: .plus, exponent: -(i + 1), significand: 1)))
            }
        }
    }

    /// M1-M3 at scale: many windows leave the case's scene for another (made if
    /// need be) and most come back, in another order, so they re-enter the grid at
    /// the front of their levels.
    mutating func moveAwayAndBack(_ windows: [String]) {
        var elsewhere = generator.scenes.first { $0 != scene }
        if elsewhere == nil, generator.scenes.count < 4 {
            let name = "s\(generator.scenes.count)"
            emit(.createScene(name: name, size: defaultSceneSize))
            elsewhere = generator.scenes.contains(name) ? name : nil
        }
        guard let elsewhere else { return }
        for w in windows where live { emit(.moveWindow(window: w, scene: elsewhere)) }
        for w in windows.reversed() where live && generator.random.chance(0.8) { emit(.moveWindow(window: w, scene: scene)) }
    }

    /// D2-D3 at scale: the case's scene goes to another screen with touches down
    /// and a key window, the screen is disconnected (every visible window hidden at
    /// once, the index emptied), and some windows are shown again into it.
    mutating func disconnectAndComeBack(_ windows: [String]) {
        var screen = generator.screens.dropFirst().first
        if screen == nil {
            let name = generator.disconnectedScreens.first ?? "d\(generator.screensConnected + 1)"
            emit(.connectScreen(name: name, size: Size(extent.x, extent.y)))
            screen = generator.screens.contains(name) ? name : nil
        }
        guard let screen else { return }
        emit(.placeScene(scene: scene, screen: screen))
        if let w = generator.windows.last { emit(.makeKey(window: w)) }
        for id in 0 ..< Int.random(in: 0...3, using: &generator.random) {
            emit(.touchBegan(id: TouchID(id), at: Point(uniform(0, extent.x), uniform(0, extent.y)), scene: scene))
        }
        emit(.disconnectScreen(name: screen))
        for w in windows where live && generator.random.chance(0.7) { emit(.show(window: w)) }
    }

    mutating func reframe(_ windows: [String], _ change: (Rect) -> Rect) {
        for w in windows {
            guard let frame = generator.frames[w] else { continue }
            let new = change(frame)
            if new.x.isFinite, new.y.isFinite, new.width.isFinite, new.height.isFinite {
                emit(.setFrame(target: w, frame: new))
            }
        }
    }

    /// Moves a share of the windows far off the scene (remembering where they were).
    mutating func park(fraction: Double) {
        let far = generator.random.pick([1e6, -1e7, 1e12, 20 * extent.x])
        for w in generator.windows where live && generator.random.chance(fraction) {
            guard let frame = generator.frames[w] else { continue }
            parkedFrames.append((w, frame))
            emit(.setFrame(target: w, frame: Rect(frame.x + far, frame.y, frame.width, frame.height)))
        }
    }

    /// Brings most parked windows back where they were.
    mutating func bringBack() {
        for (w, frame) in parkedFrames where live && generator.random.chance(0.9) {
            emit(.setFrame(target: w, frame: frame))
        }
        parkedFrames.removeAll()
    }

    // MARK: Numbers

    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + Double.random(in: 0...1, using: &generator.random) * (high - low)
    }

    /// An integer in `low...high`, uniform in its logarithm (small counts as often
    /// as large ones).
    mutating func logUniform(_ low: Int, _ high: Int) -> Int {
        let t = Double.random(in: 0...1, using: &generator.random)
        return min(high, Int(Double(low) * exp(t * log(Double(high) / Double(low)))))
    }
}
