import Foundation
import Testing

/// The `windowlab` executable, run as a user runs it. It cannot be imported (it is an
/// executable target): tests start the one `swift test` built, which builds every
/// target, this one included, before it runs any test.
public enum Binary {
    /// windowlab beside the test bundle, in the build folder `swift test` used
    /// (`.build` or a `--scratch-path`); else `.build/debug/windowlab`.
    public static let windowlab: String = {
        var folders: [URL] = []
        if let runner = Bundle.main.executableURL { folders.append(runner.deletingLastPathComponent()) }
        folders += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
            .map { $0.deletingLastPathComponent() }
        let fallback = Repository.path(".build/debug/windowlab")
        return folders.map { $0.appendingPathComponent("windowlab").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? fallback
    }()

    /// Whether windowlab is there to run (suites that need it are enabled on this).
    public static var built: Bool { FileManager.default.isExecutableFile(atPath: windowlab) }

    /// Why a suite that needs windowlab did not run.
    public static let missing: Comment = "needs the windowlab executable beside the tests (swift test builds it)"

    /// The shell command of a process engine: windowlab speaking the protocol (`serve ARGUMENTS`).
    public static func serve(_ arguments: String = "") -> String { "'\(windowlab)' serve \(arguments)" }

    /// Runs windowlab in `directory` (the repository's root by default); its exit
    /// status, standard output and standard error.
    public static func run(_ arguments: [String], in directory: String? = nil) throws -> ProcessResult {
        try runProcess(windowlab, arguments, in: directory.map { URL(fileURLWithPath: $0) } ?? Repository.root)
    }
}
