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
            [.touchCancelled(id: TouchID(String(repeating: "1", count: CommandFormat.maxSpelledTouchLength + 1)))],
            [.touchCancelled(id: TouchID("a b"))], [.touchCancelled(id: TouchID(""))],
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

    @Test("version 4: any touch id the language spells round-trips, and only version 4 reads it so")
    func spelledTouchIDs() throws {
        let window = Command.createWindow(name: "w0", scene: "main", frame: Rect(0, 0, 100, 100), level: 0, withRootView: true)
        let long = String(repeating: "9", count: 20), padded = "000" + String(repeating: "7", count: 40)
        var x: [Command] = [window, .makeKeyAndVisible(window: "w0")]
        for id in ["03", "16", "f1", "010", "10", long, padded, "A_b.c-d", "0"] {
            x += [.touchBegan(id: TouchID(id), at: Point(1, 1), scene: "main"), .touchEnded(id: TouchID(id), at: Point(2, 2))]
        }
        x.append(.touchCancelled(id: TouchID("0003")))
        let bytes = try CommandEncoder.encode(x)
        #expect(bytes.first == 4)
        #expect(CommandDecoder.decode(bytes) == .commands(x))
        // Version 3 has no spelled ids: it refuses them, and reads 0xFF as the plain id 15.
        #expect(throws: CommandEncodingError.self) { try CommandEncoder.encode(x, version: 3) }
        let plain: [Command] = [.touchCancelled(id: TouchID(15))]  // (24: the touchCancelled slot)
        #expect(CommandDecoder.decode([3, 24, 0xFF]) == .commands(plain))
        #expect(CommandDecoder.decode([4, 24, 0xFF, 2, 0, 0, 1])
                == .commands([.touchCancelled(id: TouchID("001"))]))
        // An input that ends inside a spelled id ends there, as inside any operand.
        #expect(CommandDecoder.decode([4, 24, 0xFF, 5, 1]) == .commands([]))
    }
}
