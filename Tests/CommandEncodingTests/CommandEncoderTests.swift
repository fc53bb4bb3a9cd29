import CommandEncoding
import Testing
import WindowLabTestSupport
import WindowModel

/// `decode(encode(x)) == x` and the limits of the encodable subset.
@Suite struct CommandEncoderTests {
    @Test func roundTripOfDecodedRandomBytes() throws {
        for seed in SeededRandom.seeds(base: 0xE2C0DE, count: 1500) {
            let note = Comment(rawValue: "seed 0x\(String(seed, radix: 16)) (replay: WINDOWLAB_SEED=0x\(String(seed, radix: 16)))")
            let x = try #require(CommandDecoder.decode(randomInput(seed: seed)).commandList, note)
            let bytes: [UInt8]
            do {
                bytes = try CommandEncoder.encode(x)
            } catch {
                Issue.record("a decoded list did not encode: \(error) — \(note)")
                continue
            }
            #expect(CommandDecoder.decode(bytes) == .commands(x), note)
            // The encoder's bytes are canonical: re-encoding their decoding gives them back.
            #expect(try CommandEncoder.encode(x) == bytes, note)
        }
    }

    @Test func handWrittenListRoundTrips() throws {
        let x: [Command] = [
            .createScene(name: "s1", size: Size(320, 480.25)),
            .createWindow(name: "w0", scene: "main", frame: Rect(-0.0, Double.leastNonzeroMagnitude * 3, 1000.0.nextDown, 0), level: 2001, withRootView: true),
            .createWindow(name: "w1", scene: "s1", frame: Rect(0.1 + 0.2, -3, .leastNonzeroMagnitude, 7), level: -.greatestFiniteMagnitude, withRootView: false),
            .createView(name: "v0", parent: "w1", frame: Rect(1, 2, 3, 4)),
            .createView(name: "v1", parent: "w0.root", frame: Rect(10, 20, 30, 40)),
            .makeKeyAndVisible(window: "w1"), .show(window: "w0"), .makeKey(window: "w0"),
            .setFrame(target: "v1", frame: Rect(5, 5, 995, 1070)),
            .setBoundsOrigin(target: "w0", origin: Point(-0.0, 0.01.nextUp)),
            .setAlpha(target: "v0", alpha: 0.01.nextDown), .setHidden(target: "w0.root", hidden: true),
            .setInteraction(target: "w1", enabled: false), .setLevel(window: "w1", level: 1e300),
            .setPassthrough(window: "w0", enabled: true), .bringToFront(view: "v1"), .sendToBack(view: "v0"),
            .touchBegan(id: TouchID(15), at: Point(50, 50), scene: "s1"), .touchMoved(id: TouchID(15), to: Point(51, 52)),
            .touchEnded(id: TouchID(15), at: Point(1, 1)), .touchCancelled(id: TouchID(0)),
            .press(key: "k7", scene: "main"), .hit(at: Point(999.999, 0), scene: "main"),
            .order(scene: "s1"), .keyWindow(scene: "main"),
            .convert(point: Point(3, 4), from: .named("v1"), to: .screen),
            .convert(point: Point(3, 4), from: .screen, to: .named("w1")),
            .remove(view: "w0.root"), .hide(window: "w1"), .release(window: "w1"),
            .createWindow(name: "w2", scene: "main", frame: Rect(0, 0, 1, 1), level: 0, withRootView: true),
            .createView(name: "v2", parent: "w2", frame: Rect(0, 0, 1, 1)),
        ]
        let bytes = try CommandEncoder.encode(x)
        #expect(CommandDecoder.decode(bytes) == .commands(x))
    }

    @Test func everyFiniteDoubleRoundTrips() throws {
        var random = SeededRandom(seed: 0xF10A7)
        for _ in 0..<2000 {
            let value = Double(bitPattern: random.next())
            guard value.isFinite else { continue }
            let x: [Command] = [.hit(at: Point(value, -value), scene: "main")]
            let decoded = CommandDecoder.decode(try CommandEncoder.encode(x))
            guard case let .commands(list) = decoded, list.count == 1, case let .hit(point, _) = list[0] else {
                Issue.record("no hit decoded for \(value)")
                continue
            }
            #expect(point.x.bitPattern == value.bitPattern && point.y.bitPattern == (-value).bitPattern)
        }
    }

    @Test func listsOutsideTheSubsetAreRefused() {
        let window = Command.createWindow(name: "w0", scene: "main", frame: Rect(0, 0, 1, 1), level: 0, withRootView: false)
        let refused: [[Command]] = [
            [.createWindow(name: "app", scene: "main", frame: Rect(0, 0, 1, 1), level: 0, withRootView: false)],
            [.createScene(name: "s2", size: Size(1, 1))],
            [window, .createView(name: "v1", parent: "w0", frame: Rect(0, 0, 1, 1))],
            [.touchCancelled(id: TouchID("03"))], [.touchCancelled(id: TouchID(16))], [.touchCancelled(id: TouchID("f1"))],
            [.press(key: "k8", scene: "main")],
            [.show(window: "w0")],  // not valid: no such window
            [.hit(at: Point(.nan, 0), scene: "main")],
            Array(repeating: .order(scene: "main"), count: CommandFormat.maxCommands + 1),
            (0...CommandFormat.maxWindows).map {
                .createWindow(name: "w\($0)", scene: "main", frame: Rect(0, 0, 1, 1), level: 0, withRootView: false)
            },
        ]
        for list in refused {
            #expect(throws: CommandEncodingError.self) { try CommandEncoder.encode(list) }
        }
    }
}
