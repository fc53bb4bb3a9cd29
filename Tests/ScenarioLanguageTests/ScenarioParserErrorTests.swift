import Foundation
import Testing
import WindowModel
@testable import ScenarioLanguage

/// The error parsing `text` gives, or nil (a test then fails on the nil).
func parseError(_ text: String, limits: CommandLimits = .scenario) -> ScenarioError? {
    parseError(bytes: Array(text.utf8), limits: limits)
}

func parseError(bytes: [UInt8], limits: CommandLimits = .scenario) -> ScenarioError? {
    do {
        _ = try ScenarioParser(limits: limits).parse(bytes: bytes, file: "bad.wls")
        return nil
    } catch {
        return error
    }
}

/// Asserts that `error` is at `line`:`column` and its reason contains `reason`.
func expectError(
    _ error: ScenarioError?, _ line: Int, _ column: Int, _ reason: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let error else {
        Issue.record("parsed without an error; expected \(line):\(column) \(reason)", sourceLocation: sourceLocation)
        return
    }
    #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
    #expect(error.column == column, "\(error)", sourceLocation: sourceLocation)
    #expect(error.reason.contains(reason), "\(error)", sourceLocation: sourceLocation)
}

@Suite("ScenarioParser: bad input")
struct ScenarioParserErrorTests {
    static let window = "window w frame 0 0 100 100 root\n"

    @Test("description is compiler style")
    func description() {
        let error = ScenarioError(file: "a.wls", line: 12, column: 7, reason: "unknown window 'hud'")
        #expect(error.description == "a.wls:12:7: error: unknown window 'hud'")
        #expect(parseError("\n  bogus")?.description == "bad.wls:2:3: error: unknown statement 'bogus'")
    }

    @Test("unknown statement, property and phase")
    func unknownWords() {
        expectError(parseError(Self.window + "  shwo w"), 2, 3, "unknown statement 'shwo'")
        expectError(parseError("Show w"), 1, 1, "did you mean 'show'?")
        expectError(parseError(Self.window + "set w color red"), 2, 7, "unknown property 'color'")
        expectError(parseError("touch 1 pressed 1 1"), 1, 9, "unknown touch phase 'pressed'")
        expectError(parseError(Self.window + "set w hidden maybe"), 2, 14, "hidden must be on or off")
        expectError(parseError(Self.window + "set w level loud"), 2, 13, "level must be a finite number")
        expectError(parseError(Self.window + "set w level alert+"), 2, 13, "level must be a finite number")
    }

    @Test("wrong arity: missing arguments point past the end, extra ones at themselves")
    func arity() {
        expectError(parseError("show"), 1, 5, "missing window name")
        expectError(parseError(Self.window + "show w w"), 2, 8, "unexpected 'w'")
        expectError(parseError("window w frame 0 0 1"), 1, 21, "missing height")
        expectError(parseError("window w 0 0 1 1"), 1, 10, "expected 'frame', got '0'")
        expectError(parseError("window w frame 0 0 1 1 root root"), 1, 29, "unexpected 'root'")
        expectError(parseError("hit 1 2 in"), 1, 11, "missing scene name")
        expectError(parseError("order main extra"), 1, 12, "unexpected 'extra'")
        expectError(parseError(Self.window + "convert 1 2 from w"), 2, 19, "missing 'to'")
    }

    @Test("G1: non-finite and non-decimal numbers")
    func nonFinite() {
        for bad in ["nan", "inf", "-inf", "0x10", "1e999", "1,5", "1.2.3", "e3", "1e"] {
            expectError(parseError("hit \(bad) 0"), 1, 5, "x must be a finite number, got '\(bad)'")
        }
        expectError(parseError("window w frame 0 0 10 NaN"), 1, 23, "height must be a finite number")
        expectError(parseError(Self.window + "set w alpha infinity"), 2, 13, "alpha must be a finite number")
        expectError(parseError(Self.window + "set w level alert+1e999"), 2, 13, "level must be a finite number")
    }

    @Test("G3: negative sizes point at the negative number")
    func negativeSize() {
        expectError(parseError("window w frame 0 0 -1 5"), 1, 20, "cannot be negative")
        expectError(parseError("scene s size 5 -2"), 1, 16, "cannot be negative")
        expectError(parseError(Self.window + "set w frame 0 0 1 -0.5"), 2, 19, "cannot be negative")
    }

    @Test("unknown, released and duplicate names")
    func names() {
        expectError(parseError(Self.window + "show hud"), 2, 6, "unknown window 'hud'")
        expectError(parseError(Self.window + "view v in w frame 0 0 1 1\nmakeKey v"), 3, 9, "'v' is a view, not a window")
        expectError(parseError("hit 1 2 in car"), 1, 12, "unknown scene 'car'")
        expectError(parseError(Self.window + "convert 1 2 from w to nowhere"), 2, 23, "unknown window or view 'nowhere'")
        expectError(parseError(Self.window + "release w\nshow w"), 3, 6, "'w' no longer exists")
        expectError(parseError(Self.window + "remove w.root\nset w.root alpha 1"), 3, 5, "'w.root' no longer exists")
        expectError(parseError(Self.window + "view w in w.root frame 0 0 1 1"), 2, 6, "'w' is already defined")
        expectError(parseError(Self.window + "view a.root in w frame 0 0 1 1\nwindow a frame 0 0 1 1 root"),
                    3, 8, "'a.root' is already defined")
        expectError(parseError("window screen frame 0 0 1 1"), 1, 8, "reserved for the screen")
        expectError(parseError("window 9w frame 0 0 1 1"), 1, 8, "not a valid name")
    }

    @Test("released name, from a fixture file")
    func releasedFixture() throws {
        let url = try #require(Bundle.module.url(forResource: "Scenarios", withExtension: nil))
        let path = url.appendingPathComponent("released-name.wls").path
        #expect(throws: ScenarioError.self) { try ScenarioParser().parseFile(atPath: path) }
        do {
            _ = try ScenarioParser().parseFile(atPath: path)
        } catch {
            expectError(error, 5, 8, "'hud.root' no longer exists")
            #expect(error.file == path)
        }
    }

    @Test("expect before any statement, and empty expect")
    func expectPlacement() {
        expectError(parseError("# comment\n\n  expect nothing"), 3, 3, "'expect' has no statement before it")
        expectError(parseError("expect order main:"), 1, 1, "'expect' has no statement before it")
        expectError(parseError("order\nexpect   # only a comment"), 2, 1, "'expect' needs an observation")
    }

    @Test("binary garbage and NUL bytes are reported at the first bad byte")
    func binary() throws {
        expectError(parseError(bytes: Array("order\nhit 1 2 ".utf8) + [0xC3, 0x28]), 2, 9, "invalid UTF-8")
        expectError(parseError(bytes: Array("order # caf".utf8) + [0xE9]), 1, 12, "invalid UTF-8")
        expectError(parseError(bytes: Array("order # ".utf8) + [0xED, 0xA0, 0x80]), 1, 9, "invalid UTF-8")
        expectError(parseError(bytes: Array("order\nor".utf8) + [0] + Array("der".utf8)), 2, 3, "NUL byte")
        expectError(parseError(bytes: [0x6F, 0x1B, 0x5B]), 1, 2, "control character 0x1B")
        // Valid multi-byte UTF-8 in comments is fine.
        #expect(parseError("order # café ✓ 🪟") == nil)

        let url = try #require(Bundle.module.url(forResource: "Scenarios", withExtension: nil))
        let bytes = try [UInt8](Data(contentsOf: url.appendingPathComponent("binary-garbage.wls")))
        expectError(parseError(bytes: bytes), 3, 1, "invalid UTF-8 (byte 0x89)")
    }

    @Test("random bytes never crash and always give a located error or a scenario")
    func randomBytes() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<64 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(UInt8(truncatingIfNeeded: state >> 56))
            }
            if let error = parseError(bytes: bytes) {
                #expect(error.line >= 1 && error.column >= 1 && !error.reason.isEmpty)
            }
        }
    }

    @Test("a 100 MB file is refused by its size, before it is read")
    func hugeFile() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("windowlab-huge-\(UInt64.random(in: 0...UInt64.max)).wls").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 100_000_000)  // sparse: no 100 MB written
        try handle.close()
        do {
            _ = try ScenarioParser().parseFile(atPath: path)
            Issue.record("a 100 MB file parsed")
        } catch {
            expectError(error, 1, 1, "file is larger than 16 MiB (100000000 bytes)")
        }
        // In memory the same limit holds.
        expectError(parseError(bytes: [UInt8](repeating: 0x20, count: ScenarioParser.maxFileBytes + 1)),
                    1, 1, "file is larger than 16 MiB")
    }

    @Test("missing files and directories are errors, not crashes")
    func unreadable() {
        #expect(throws: ScenarioError.self) { try ScenarioParser().parseFile(atPath: "/nonexistent/x.wls") }
        do {
            _ = try ScenarioParser().parseFile(atPath: FileManager.default.temporaryDirectory.path)
            Issue.record("a directory parsed")
        } catch {
            expectError(error, 1, 1, "it is a directory")
        }
    }

    @Test("lines longer than 4096 bytes are refused")
    func longLine() {
        let long = "# " + String(repeating: "x", count: 5000)
        expectError(parseError("order\n" + long), 2, 4097, "line is longer than 4096 bytes")
        #expect(parseError("# " + String(repeating: "x", count: 4094)) == nil)
    }

    @Test("limits: statements, objects, depth, name length")
    func limits() {
        let small = CommandLimits(maxCommands: 3, maxObjects: 2, maxScenes: 2, maxViewDepth: 2, maxNameLength: 8)
        expectError(parseError("order\norder\norder\norder", limits: small), 4, 1, "more than 3 statements")
        expectError(parseError("window a frame 0 0 1 1\nwindow b frame 0 0 1 1 root", limits: small),
                    2, 1, "more than 2 windows and views")
        let shallow = CommandLimits(maxCommands: 10, maxObjects: 10, maxScenes: 2, maxViewDepth: 2, maxNameLength: 8)
        expectError(parseError("window a frame 0 0 1 1\nview b in a frame 0 0 1 1\nview c in b frame 0 0 1 1"
                               + "\nview d in c frame 0 0 1 1", limits: shallow), 4, 6, "nested deeper than 2")
        expectError(parseError("window abcdefghi frame 0 0 1 1", limits: small), 1, 8, "longer than 8 bytes")
        expectError(parseError("scene s\nscene t", limits: small), 2, 1, "more than 2 scenes")
        let longName = String(repeating: "n", count: 129)
        expectError(parseError("window \(longName) frame 0 0 1 1"), 1, 8, "longer than 128 bytes")
    }
}
