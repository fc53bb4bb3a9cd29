import DifferentialHarness
import EngineProtocol
import Foundation
import Testing
import WindowLabTestSupport
import WindowModel

/// The Rust example engine (Examples/engines/rust/), written the way real engines
/// are: no notifications, no key history, Float geometry, conversion through the
/// nearest common ancestor, each declared. Clean as it is; each planted bug, in
/// what it does follow, is caught and shrunk past its deviations.
enum RustEngine {
    static let source = Repository.path("Examples/engines/rust/main.rs")
    static let rustc = ["/usr/bin/rustc", NSHomeDirectory() + "/.cargo/bin/rustc"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Builds the engine (with the planted bug `bug`, when given) into a temporary folder.
    static func build(bug: String? = nil) throws -> String {
        let output = TemporaryFolder.unusedPath("rwindows-\(bug ?? "clean")")
        let run = try runProcess(rustc!, ["--edition", "2021", "-O", "-o", output, source]
                                 + (bug.map { ["--cfg", "bug=\"\($0)\""] } ?? []))
        #expect(run.status == 0, "rustc failed for \(bug ?? "the clean engine"): \(run.errors)")
        return output
    }
}

@Suite("The Rust example engine", .enabled(if: Binary.built && RustEngine.rustc != nil, "needs rustc (apt-get install -y rustc)"))
struct RustEngineTests {
    @Test("it declares its deviations and float32 numbers, and agrees with the reference past them")
    func cleanEngineAgrees() throws {
        let binary = try RustEngine.build()
        defer { try? FileManager.default.removeItem(atPath: binary) }
        let engine = try ProcessEngines.factory(command: binary)
        #expect(engine.deviations == [.n1, .n2, .k4, .q3])
        #expect(engine.numbers == .float32)
        let result = PropertySuite(reference: TestEngines.reference, candidates: [engine], cases: 300, deterministic: true,
                                   failures: nil).run()
        #expect(result.finding == nil, "\(result.report ?? "")")
    }

    @Test("in its X11 dialect it declares integer numbers, 16-bit limits and the dialects, answers unsupported, and agrees past them")
    func x11DialectAgrees() throws {
        let binary = try RustEngine.build()
        defer { try? FileManager.default.removeItem(atPath: binary) }
        let engine = try ProcessEngines.factory(command: binary + " --x11")
        #expect(engine.deviations == [.n1, .n2, .w8, .k1, .k2, .k4, .t4, .q3])
        #expect(engine.numbers == .integer)
        #expect(engine.limits == EngineLimits(coordinates: -32768...32767, sizes: 1...65535, pointsOnScreen: true))
        // A conversion out of 16 bits is declined; the case goes on, and nothing differs.
        let commands: [Command] = [
            .createWindow(name: "w", scene: mainSceneName, frame: Rect(-32768, 0, 10, 10), level: 0, withRootView: true),
            .convert(point: Point(0, 0), from: .screen, to: .named("w")),
            .makeKeyAndVisible(window: "w"), .hit(at: Point(0, 5), scene: mainSceneName),
        ]
        let run = DifferentialRunner.run(commands, engines: [TestEngines.reference, engine])
        #expect(run.divergence == nil, "\(run.divergence.map(\.summary) ?? "")")
        #expect(run.unsupported.byKind == ["convert": 1])
        #expect(run.commandsRun == commands.count)
        let result = PropertySuite(reference: TestEngines.reference, candidates: [engine], cases: 300, deterministic: true,
                                   failures: nil).run()
        #expect(result.finding == nil, "\(result.report ?? "")")
    }

    /// Eight of its planted bugs (`mutants.sh --list` has them all), one per rule group.
    static let bugs = ["max-edge-in", "origin-flipped", "transform-about-origin", "hidden-subview-hit",
                       "passthrough-all", "moved-rehits", "press-front-window", "show-at-back"]

    @Test("a planted bug is caught and shrunk, and the finding is about the bug, not a deviation", arguments: bugs)
    func plantedBugIsCaught(bug: String) throws {
        let binary = try RustEngine.build(bug: bug)
        defer { try? FileManager.default.removeItem(atPath: binary) }
        let engine = try ProcessEngines.factory(command: binary)
        var suite = PropertySuite(reference: TestEngines.reference, candidates: [engine], cases: 600, deterministic: true,
                                  profile: .small, failures: nil)
        suite.shrinkSeconds = 3600   // shrunk to the end, on any machine
        let result = suite.run()
        let finding = try #require(result.finding, "\(bug) survived \(result.casesRun) cases")
        #expect(finding.reproduced)
        #expect(finding.commands.count <= 14, "\(result.report ?? "")")
        let difference = finding.signature.difference
        #expect(difference != .observation(.notify, .missing) && difference != .observation(.notify, .extra)
                && difference != .state(.key), "\(bug): \(finding.signature)")
    }
}
