import ProcessSupport
import DifferentialHarness
import EngineProtocol
import Foundation
import Testing
import WindowLabTestSupport
import WindowModel

/// The example engines in other languages (Examples/engines/): each agrees with
/// the reference on what it declares, and a copy with one planted bug is caught
/// and shrunk.
enum ExampleEngines {
    static let python = Repository.path("Examples/engines/python/engine.py")
    static let cSources = Repository.path("Examples/engines/c")
    static var hasPython: Bool { ProcessInfo.processInfo.environment["PATH"].map(has("python3")) ?? false }
    static var hasCC: Bool { ProcessInfo.processInfo.environment["PATH"].map(has("cc")) ?? false }

    static func has(_ tool: String) -> (String) -> Bool {
        { path in path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") } }
    }

    /// A temporary folder with a copy of `file` in which `original` (which must
    /// occur exactly once) is replaced by `broken`.
    static func brokenCopy(of file: String, replacing original: String, with broken: String) throws -> String {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.components(separatedBy: original).count == 2, "the planted bug's line must occur once in \(file)")
        let folder = try TemporaryFolder("windowlab-broken")
        return try folder.write((file as NSString).lastPathComponent, text.replacingOccurrences(of: original, with: broken))
    }

    /// Generated cases on the reference and `engine` until one diverges; that
    /// case shrunk, or nil when none of `seeds` diverged.
    static func firstFinding(_ engine: EngineFactory, seeds: Range<UInt64>) -> Finding? {
        let engines = [TestEngines.reference, engine]
        for seed in seeds {
            let session = GenerationProfile.small.session(seed: seed, engines: engines)
            if let divergence = session.divergence {
                return Finding.shrinking(session.commands, divergence: divergence, seed: seed, profile: .small,
                                         engines: engines, seconds: 3600)   // shrunk to the end, on any machine
            }
        }
        return nil
    }
}

@Suite("Example engines: Python", .enabled(if: ExampleEngines.hasPython, "needs python3"))
struct PythonEngineTests {
    @Test("the Python engine declares its subset and agrees with the reference on it")
    func agrees() throws {
        let engine = try ProcessEngines.factory(command: "python3 '\(ExampleEngines.python)'")
        #expect(engine.name == "pywindows")
        #expect(engine.features == [.windows, .levels, .key, .hit])
        let finding = ExampleEngines.firstFinding(engine, seeds: 0..<40)
        #expect(finding == nil, "\(finding.map { FindingFile($0, engines: [TestEngines.reference, engine]).scenarioText } ?? "")")
    }

    @Test("a copy with a closed right edge is caught and shrunk to a few commands")
    func brokenCopyIsCaught() throws {
        let broken = try ExampleEngines.brokenCopy(
            of: ExampleEngines.python,
            replacing: "        if not (self.BOUNDS_X <= px < self.BOUNDS_X + self.width):",
            with: "        if not (self.BOUNDS_X <= px <= self.BOUNDS_X + self.width):")
        defer { try? FileManager.default.removeItem(atPath: (broken as NSString).deletingLastPathComponent) }
        let engine = try ProcessEngines.factory(command: "python3 '\(broken)'")
        let finding = try #require(ExampleEngines.firstFinding(engine, seeds: 0..<200))
        #expect(finding.reproduced)
        #expect(finding.commands.count <= 5)
        #expect(finding.signature.command == "hit")
        // (A target's window, view and point are one part of a signature.)
        #expect(finding.signature.difference == .observation(.hit, .target), "\(finding.signature)")
        #expect(finding.signature.outcomes.contains(.g2MaximumEdgeOutside), "\(finding.signature)")
    }
}

@Suite("Example engines: C", .enabled(if: ExampleEngines.hasCC, "needs a C compiler (cc)"))
struct CEngineTests {
    /// Compiles the C sources in `folder` (the engine's own folder or a broken copy)
    /// into a binary there, with the command its README gives.
    static func build(_ folder: String) throws -> String {
        let binary = folder + "/cwindows-test"
        let sources = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".c") }
            .map { "'\(folder)/\($0)'" }.joined(separator: " ")
        let run = ChildProcess.run(["/bin/sh", "-c", "cc -std=c11 -O2 -Wall -Wextra -Werror -o '\(binary)' \(sources) -lm"],
                                   captureStandardError: true)
        #expect(run.outcome == .exited(0), "cc: \(run.standardErrorTail)")
        return binary
    }

    /// A copy of the C engine's sources with one line replaced.
    static func brokenCopy(replacing original: String, with broken: String) throws -> String {
        let changed = try ExampleEngines.brokenCopy(of: ExampleEngines.cSources + "/engine.c",
                                                    replacing: original, with: broken)
        let folder = (changed as NSString).deletingLastPathComponent
        for file in ["engine.h", "protocol.c"] {
            try FileManager.default.copyItem(atPath: ExampleEngines.cSources + "/" + file, toPath: folder + "/" + file)
        }
        return folder
    }

    @Test("the C engine builds without warnings, declares every feature but the issue-15 groups and agrees with the reference")
    func agrees() throws {
        let folder = try TemporaryFolder("windowlab-c")
        defer { folder.remove() }
        for file in ["engine.c", "engine.h", "protocol.c"] {
            try FileManager.default.copyItem(atPath: ExampleEngines.cSources + "/" + file, toPath: folder.file(file))
        }
        let engine = try ProcessEngines.factory(command: "'\(try Self.build(folder.path))'")
        #expect(engine.name == "cwindows")
        #expect(engine.features == EngineFeature.all.subtracting([.touchOptions, .sceneMoves, .transforms]))
        let finding = ExampleEngines.firstFinding(engine, seeds: 0..<60)
        #expect(finding == nil, "\(finding.map { FindingFile($0, engines: [TestEngines.reference, engine]).scenarioText } ?? "")")
        for profile in [GenerationProfile.crowd, .lattice] {
            let session = profile.session(seed: 3, engines: [TestEngines.reference, engine])
            #expect(session.agrees, "\(profile): \(String(describing: session.divergence))")
        }
    }

    @Test("a copy with a closed right edge is caught and shrunk to a few commands")
    func brokenCopyIsCaught() throws {
        let folder = try Self.brokenCopy(
            replacing: "    return n->bx <= x && x < n->bx + n->fw && n->by <= y && y < n->by + n->fh;",
            with: "    return n->bx <= x && x <= n->bx + n->fw && n->by <= y && y < n->by + n->fh;")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let engine = try ProcessEngines.factory(command: "'\(try Self.build(folder))'")
        let finding = try #require(ExampleEngines.firstFinding(engine, seeds: 0..<200))
        #expect(finding.reproduced)
        #expect(finding.commands.count <= 6)
        #expect(finding.divergence.aspect == "observations")
    }
}
