import CommandEncoding
import Testing
import WindowLabTestSupport
import WindowModel

/// Totality, validity, caps and versioning of ``CommandDecoder``.
@Suite struct CommandDecoderTests {
    /// Checks `commands` with a fresh validator (scenario limits) and counts against the caps.
    static func checkValidAndCapped(_ commands: [Command], seed: UInt64? = nil) {
        let context = Comment(rawValue: "seed \(seed.map { "0x" + String($0, radix: 16) } ?? "none") (replay: WINDOWLAB_SEED=...)")
        var validator = CommandValidator()
        var windows = 0, views = 0, scenes = 1
        for command in commands {
            do {
                try validator.validate(command)
            } catch {
                Issue.record("\(command) rejected: \(error) — \(context)")
                return
            }
            switch command {
            case let .createWindow(_, _, _, _, root): windows += 1; views += root ? 1 : 0
            case .createView: views += 1
            case .createScene: scenes += 1
            default: break
            }
            if case let .createView(name, _, _) = command {
                #expect((validator.depth(ofView: name) ?? 0) <= CommandFormat.maxViewDepth, context)
            }
        }
        #expect(commands.count <= CommandFormat.maxCommands, context)
        #expect(windows <= CommandFormat.maxWindows, context)
        #expect(views <= CommandFormat.maxViews, context)
        #expect(scenes <= CommandFormat.maxScenes, context)
    }

    @Test func randomBytesDecodeToValidBoundedLists() throws {
        for seed in SeededRandom.seeds(base: 0xDEC0DE, count: 1500) {
            let input = randomInput(seed: seed)
            let commands = try #require(CommandDecoder.decode(input).commandList, "seed 0x\(String(seed, radix: 16))")
            Self.checkValidAndCapped(commands, seed: seed)
        }
    }

    @Test func randomBytesReachUsefulLists() throws {
        // The point of the format: random bytes should mostly make non-trivial lists.
        var long = 0
        for seed in SeededRandom.seeds(base: 0x5EED, count: 200) {
            let commands = try #require(CommandDecoder.decode(randomInput(seed: seed, maxLength: 400)).commandList)
            if commands.count >= 10 { long += 1 }
        }
        #expect(long >= 100)
    }

    /// Adversarial shapes: one byte repeated, cap-busting runs, deep view chains, huge inputs.
    @Test(arguments: [UInt8](0...255))
    func repeatedByteInputs(byte: UInt8) throws {
        let commands = try #require(CommandDecoder.decode([1] + Array(repeating: byte, count: 20_000)).commandList)
        Self.checkValidAndCapped(commands)
    }

    @Test func capsHoldOnCapBustingInputs() throws {
        // createWindow with root, scene 0, four zero numbers, level 0: more than 64 of them.
        var windows: [UInt8] = [1]
        for _ in 0..<100 { windows += [0x20, 0, 0, 0, 0, 0, 0] }
        let w = try #require(CommandDecoder.decode(windows).commandList)
        #expect(w.count == CommandFormat.maxWindows)
        Self.checkValidAndCapped(w)

        // One window, then createView always under the newest view: depth stops at 16.
        var chain: [UInt8] = [1, 0, 0, 0, 0, 60, 60, 0]
        for i in 0..<40 { chain += [0x42, UInt8(max(i - 1, 0)), 0, 0, 50, 50] }  // parent: the newest view
        let c = try #require(CommandDecoder.decode(chain).commandList)
        Self.checkValidAndCapped(c)
        var validator = CommandValidator()
        var deepest = 0
        for command in c {
            try validator.validate(command)
            if case let .createView(name, _, _) = command { deepest = max(deepest, validator.depth(ofView: name) ?? 0) }
        }
        #expect(deepest == CommandFormat.maxViewDepth)
        #expect(c.count < 41)  // some were skipped at the cap

        // Queries only: the command cap ends the list.
        let queries = try #require(CommandDecoder.decode([1] + Array(repeating: 28, count: 5000)).commandList)
        #expect(queries.count == CommandFormat.maxCommands)
    }

    @Test func unsupportedVersionsAreNotReadAsCommands() {
        #expect(CommandDecoder.decode([UInt8]()) == .commands([]))
        #expect(CommandDecoder.decode([1]) == .commands([]))
        for version in [UInt8](0...255) where !CommandFormat.readableVersions.contains(version) {
            #expect(CommandDecoder.decode([version, 0x20, 0, 60, 60, 100, 100, 0]) == .unsupportedVersion(version))
        }
    }

    @Test func documentedExampleDecodes() {
        #expect(CommandDecoder.decode([1, 0x20, 0, 60, 60, 100, 100, 0]) == .commands([
            .createWindow(name: "w0", scene: "main", frame: Rect(100, 100, 300, 300), level: 0, withRootView: true),
        ]))
    }

    @Test func rawNumbersAreMadeFiniteAndSizesNonNegative() throws {
        let nan = Double.nan.bitPattern, negative = (-7.5).bitPattern
        func raw(_ bits: UInt64) -> [UInt8] { [0xFF] + (0..<8).map { UInt8(truncatingIfNeeded: bits >> ($0 * 8)) } }
        let input: [UInt8] = [1, 0, 0] + raw(nan) + raw(Double.infinity.bitPattern) + raw(negative) + raw(negative) + raw((-Double.infinity).bitPattern)
        let commands = try #require(CommandDecoder.decode(input).commandList)
        #expect(commands == [.createWindow(name: "w0", scene: "main",
                                           frame: Rect(0, .greatestFiniteMagnitude, 7.5, 7.5),
                                           level: -.greatestFiniteMagnitude, withRootView: false)])
    }

    @Test func truncatedCommandsAreDropped() throws {
        let full: [UInt8] = [1, 0x20, 0, 60, 60, 100, 100, 0]
        for cut in 1..<full.count {
            #expect(CommandDecoder.decode(full.prefix(cut)) == .commands([]))
        }
    }
}

@Suite("CommandDecoder: bodies after a prefix (the scale target's encoding)")
struct DecodeBodyTests {
    static func window(_ n: Int) -> Command {
        .createWindow(name: "w\(n)", scene: "main", frame: Rect(Double(n), 0, 10, 10), level: 0, withRootView: false)
    }

    @Test("a body's references pick among the prefix's windows, and the whole list stays valid")
    func continuesThePrefix() throws {
        let prefix = (0..<100).map(Self.window)
        // show (slot 5) of window byte 70, then hit (slot 26) at table values 0 0 in main.
        let body = try #require(CommandDecoder.decodeBody([5, 70, 26, 0, 0, 0], after: prefix))
        #expect(body == [.show(window: "w70"), .hit(at: Point(0, 0), scene: "main")])
        var validator = CommandValidator()
        for command in prefix + body { #expect(throws: Never.self) { try validator.validate(command) } }
    }

    @Test("past the format's caps the body creates no more windows; an invalid prefix decodes to nil")
    func capsAndInvalidPrefixes() {
        let prefix = (0..<100).map(Self.window)
        // createWindow (slot 0): scene 0, frame 0 0 0 0, level 0.
        #expect(CommandDecoder.decodeBody([0, 0, 0, 0, 0, 0, 0], after: prefix) == [])
        #expect(CommandDecoder.decodeBody([0, 0, 0, 0, 0, 0, 0], after: []) != [])
        #expect(CommandDecoder.decodeBody([5, 0], after: [.show(window: "nobody")]) == nil)
    }
}
