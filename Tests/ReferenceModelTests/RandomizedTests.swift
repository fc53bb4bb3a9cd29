import Foundation
import ReferenceModel
import Testing
import WindowModel

/// Random valid command lists, checked after every command by ``Driver`` (the
/// model's invariants plus the driver's own), and a few cross-checks between code
/// paths. Every failure names its seed; set `REFERENCE_SEED=<seed>` to replay one.
@Suite("Randomized command lists")
struct RandomizedTests {
    static var seeds: [UInt64] {
        if let text = ProcessInfo.processInfo.environment["REFERENCE_SEED"], let seed = UInt64(text) {
            return [seed]
        }
        return Array(1...12)
    }

    @Test("random command lists keep every invariant", arguments: seeds)
    func randomLists(seed: UInt64) {
        let d = Driver()
        d.label = "seed \(seed) (replay: REFERENCE_SEED=\(seed))"
        var generator = CommandGenerator(seed: seed)
        for _ in 0..<400 {
            let command = generator.next(d.validator)
            let observed = d.apply(command)
            if case let .touchBegan(id, point, _) = command, let began = observed.first,
               !began.hasSuffix("-> none"), !began.hasSuffix("-> ignored") {
                // The hit path and the conversion path must agree bit for bit.
                let moved = d.apply(.touchMoved(id: id, to: point))
                #expect(moved.first == began.replacingOccurrences(of: " began ", with: " moved "),
                        "\(d.label): began and moved disagree")
            }
            if case let .hit(_, scene) = command, let answer = observed.first, answer != "hit -> none" {
                // A hit names a visible window of the scene.
                let window = answer.dropFirst("hit -> ".count).prefix { $0 != "/" }
                #expect(d.order(scene).contains(String(window)), "\(d.label): \(answer) not in \(d.order(scene))")
            }
        }
    }
}

/// A deterministic generator of valid commands aimed at edges: shared frames,
/// exact edges, alpha around 0.01, few names so that events hit what exists.
struct CommandGenerator {
    private var random: SeededRandom
    private var counter = 0

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    private mutating func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    private mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    private mutating func coordinate() -> Double { pick([0, 10, 50, 99.5, 100, 0.1, 0.3, -5, 150, 200]) }
    private mutating func size() -> Double { pick([0, 10, 50, 100, 0.2, 200]) }
    private mutating func rect() -> Rect { Rect(coordinate(), coordinate(), size(), size()) }
    private mutating func point() -> Point { Point(coordinate(), coordinate()) }
    private mutating func touchID() -> TouchID { TouchID(pick(["1", "2", "10", "a", "b"])) }

    mutating func next(_ validator: CommandValidator) -> Command {
        let windows = validator.liveWindows.sorted()
        let views = validator.liveViews.sorted()
        let scenes = validator.sceneNames.sorted()
        let objects = windows + views
        counter += 1
        let choice = below(windows.isEmpty ? 2 : 30)
        switch choice {
        case 0:
            return .createWindow(name: "w\(counter)", scene: pick(scenes), frame: rect(),
                                 level: pick([0, 0, 1, 1000, -1]), withRootView: below(2) == 0)
        case 1:
            return scenes.count < 3 && windows.isEmpty == false
                ? .createScene(name: "s\(counter)", size: Size(100, 100))
                : .createWindow(name: "w\(counter)", scene: mainSceneName, frame: rect(), level: 0, withRootView: true)
        case 2, 3: return .createView(name: "v\(counter)", parent: pick(objects), frame: rect())
        case 4, 5: return .show(window: pick(windows))
        case 6: return .hide(window: pick(windows))
        case 7: return below(3) == 0 ? .release(window: pick(windows)) : .makeKey(window: pick(windows))
        case 8, 9: return .makeKeyAndVisible(window: pick(windows))
        case 10: return .setFrame(target: pick(objects), frame: rect())
        case 11: return .setBoundsOrigin(target: pick(objects), origin: point())
        case 12: return .setAlpha(target: pick(objects), alpha: pick([0, 0.01, 0.01.nextDown, 0.5, 1, 2, -1]))
        case 13: return .setHidden(target: pick(objects), hidden: below(2) == 0)
        case 14: return .setInteraction(target: pick(objects), enabled: below(3) != 0)
        case 15: return .setLevel(window: pick(windows), level: pick([0, 1, 1000, -1]))
        case 16: return .setPassthrough(window: pick(windows), enabled: below(2) == 0)
        case 17:
            guard !views.isEmpty else { return .order(scene: pick(scenes)) }
            return pick([Command.remove(view: pick(views)), .bringToFront(view: pick(views)), .sendToBack(view: pick(views))])
        case 18, 19, 20: return .touchBegan(id: touchID(), at: point(), scene: pick(scenes))
        case 21, 22: return .touchMoved(id: touchID(), to: point())
        case 23: return .touchEnded(id: touchID(), at: point())
        case 24: return .touchCancelled(id: touchID())
        case 25: return .press(key: "k", scene: pick(scenes))
        case 26, 27: return .hit(at: point(), scene: pick(scenes))
        case 28: return .keyWindow(scene: pick(scenes))
        default:
            let spaces = [CoordinateSpace.screen] + objects.map(CoordinateSpace.named)
            return .convert(point: point(), from: pick(spaces), to: pick(spaces))
        }
    }
}
