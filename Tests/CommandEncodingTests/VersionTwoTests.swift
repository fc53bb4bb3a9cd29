import CommandEncoding
import Testing
import WindowLabTestSupport
import WindowModel

/// Encoding version 2: the new commands behind the extension slot, and version 1
/// read exactly as before.
@Suite struct VersionTwoTests {
    static let setup: [Command] = [
        .createScene(name: "s1", size: Size(500, 500)),
        .createWindow(name: "w0", scene: "main", frame: Rect(0, 0, 100, 100), level: 0, withRootView: true),
        .createView(name: "v0", parent: "w0.root", frame: Rect(1, 2, 3, 4)),
    ]

    @Test func newCommandsRoundTrip() throws {
        let x = Self.setup + [
            .setExclusiveTouch(target: "v0", enabled: true),
            .setMultipleTouch(target: "w0", enabled: false),
            .setTransform(target: "v0", transform: ViewTransform(0.8660254037844387, 0.5, -0.5, -0.0, 1e300, 5)),
            .setTransform(target: "w0", transform: .identity),
            .moveWindow(window: "w0", scene: "s1"),
            .hit(at: Point(5, 5), scene: "s1"),
        ]
        let bytes = try CommandEncoder.encode(x)
        #expect(bytes.first == CommandFormat.version)
        #expect(CommandDecoder.decode(bytes) == .commands(x))
        // Version 2 picked the same four kinds by the same bytes: the input read as
        // version 2 means the same.
        #expect(CommandDecoder.decode([2] + bytes.dropFirst()) == .commands(x))
    }

    @Test func versionOneHasNoExtensionSlot() {
        // Slot 27 then slot 31: in version 1 a `hit` and a `makeKeyAndVisible`.
        let body: [UInt8] = [0x00, 0, 60, 60, 100, 100, 0, 27, 5, 5, 0, 31, 0]
        let one = CommandDecoder.decode([1] + body).commandList ?? []
        #expect(one.count == 3)
        #expect(one.dropFirst().first == .hit(at: Point(1, 1), scene: "main"))
        #expect(one.last == .makeKeyAndVisible(window: "w0"))
        // In version 2 the same slots open the extension: 27, 5 is setMultipleTouch (5 % 4 == 1) of
        // window 5 % 1; then 0, 31 ... reads on as other commands, never as a hit.
        let two = CommandDecoder.decode([2] + body).commandList ?? []
        #expect(!two.contains { if case .hit = $0 { return true } else { return false } })
        #expect(two.contains(.setMultipleTouch(target: "w0", enabled: false)))
    }

    @Test func versionOneInputsNeverDecodeToNewCommands() {
        for seed in SeededRandom.seeds(base: 0x0_1D, count: 800) {
            var input = randomInput(seed: seed)
            guard !input.isEmpty else { continue }
            input[0] = 1
            for command in CommandDecoder.decode(input).commandList ?? [] {
                switch command {
                case .setExclusiveTouch, .setMultipleTouch, .setTransform, .moveWindow:
                    Issue.record("version 1 decoded a version-2 command \(command) (seed \(seed))")
                default: break
                }
            }
        }
    }

    @Test func versionTwoRandomBytesReachEveryNewKind() {
        var seen: Set<String> = []
        for seed in SeededRandom.seeds(base: 0x2_2D, count: 800) {
            var input = randomInput(seed: seed)
            guard !input.isEmpty else { continue }
            input[0] = 2
            for command in CommandDecoder.decode(input).commandList ?? [] {
                switch command {
                case .setExclusiveTouch: seen.insert("exclusive")
                case .setMultipleTouch: seen.insert("multiple")
                case .setTransform: seen.insert("transform")
                case .moveWindow: seen.insert("move")
                default: break
                }
            }
        }
        #expect(seen == ["exclusive", "multiple", "transform", "move"])
    }
}
