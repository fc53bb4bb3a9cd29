import Foundation
import ProcessSupport

/// Counts the instructions of a program's ``CountedRegion`` with valgrind's callgrind.
public struct Callgrind: Sendable {
    /// The valgrind executable.
    public var valgrind: String

    /// Finds valgrind on `PATH` (or takes `path`); nil when there is none.
    public init?(path: String? = nil) {
        if let path {
            guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
            valgrind = path
            return
        }
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let found = folders.map({ "\($0)/valgrind" }).first(where: FileManager.default.isExecutableFile)
        else { return nil }
        valgrind = found
    }

    /// The instructions `arguments` (a program and its arguments) executed inside its
    /// counted region, with Swift's hashing seeded the same every run and the same
    /// small environment (so the stack is laid out the same: where a copy starts can
    /// change how many instructions it takes). Give the program a path of the same
    /// length every run for the same reason. So run, the same build counts the same
    /// to the instruction (docs/benchmarks.md).
    /// `waiting` is called about every `heartbeat` seconds while the program runs, with
    /// the seconds so far (a callgrind run is some 50 times slower than the program).
    public func countRegion(of arguments: [String], heartbeat: Double = 10,
                            waiting: (Double) -> Void = { _ in }) throws(CallgrindError) -> UInt64 {
        let folder = NSTemporaryDirectory() + "windowlab-callgrind-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else {
            throw CallgrindError(program: arguments, reason: "cannot make the temporary folder \(folder)")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outFile = folder + "/callgrind.out"
        let logFile = folder + "/valgrind.log"
        // The same few variables every run, whatever this process has: the environment
        // is on the program's stack too (see ``countRegion(of:heartbeat:waiting:)``).
        let environment = ["SWIFT_DETERMINISTIC_HASHING": "1", "SWIFT_BACKTRACE": "enable=no", "LC_ALL": "C",
                           "PATH": "/usr/bin:/bin"]
        let command = [valgrind, "--tool=callgrind", "--collect-atstart=no",
                       "--toggle-collect=\(CountedRegion.symbol)", "--callgrind-out-file=\(outFile)",
                       "--log-file=\(logFile)"] + arguments
        let started = Spawn.start(command, output: .devNull, newGroup: false, environment: environment)
        guard case let .success(pid) = started else {
            if case let .failure(error) = started { throw CallgrindError(program: arguments, reason: error.description) }
            throw CallgrindError(program: arguments, reason: "cannot start \(valgrind)")
        }
        let start = Date()
        var nextBeat = heartbeat
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) != pid {
            if Interruption.requested {
                // Interrupted: valgrind (and the program it runs inside itself) ends now,
                // so nothing outlives this process and its folder is removed.
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw CallgrindError(program: arguments, reason: "interrupted")
            }
            usleep(20_000)
            let elapsed = Date().timeIntervalSince(start)
            if elapsed >= nextBeat {
                waiting(elapsed)
                nextBeat += heartbeat
            }
        }
        let log = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
        if let signal = ExitReport.signal(status) {
            throw CallgrindError(program: arguments, reason: "valgrind ended by \(ExitReport.signalName(signal))")
        }
        let code = ExitReport.code(status)
        guard code == 0 else {
            let tail = log.split(separator: "\n").suffix(8).joined(separator: "\n")
            throw CallgrindError(program: arguments, reason: "exited \(code)" + (tail.isEmpty ? "" : ":\n\(tail)"))
        }
        guard let text = try? String(contentsOfFile: outFile, encoding: .utf8) else {
            throw CallgrindError(program: arguments, reason: "callgrind wrote no profile to \(outFile)")
        }
        guard let total = Self.total(profile: text) else {
            throw CallgrindError(program: arguments, reason: "the profile \(outFile) has no `totals:` or `summary:` line")
        }
        guard total > 0 else {
            throw CallgrindError(program: arguments, reason: "no instructions were counted: the program never "
                + "entered \(CountedRegion.symbol) (see CountedRegion)")
        }
        return total
    }

    /// A copy of the program at `path` without its debug information, in `folder`
    /// (`objcopy --strip-debug`): valgrind 3.19 gives up on the DWARF 5 that Swift 6.3
    /// writes ("Possibly corrupted debuginfo file"); the code, its symbols and so its
    /// instruction counts are the same.
    public static func strippedCopy(of path: String, in folder: String) throws(CallgrindError) -> String {
        let copy = folder + "/" + (path.split(separator: "/").last.map(String.init) ?? "program")
        let objcopy = ["/usr/bin/objcopy", "/bin/objcopy"].first(where: FileManager.default.isExecutableFile)
        guard let objcopy else {
            throw CallgrindError(program: [path], reason: "objcopy is not installed (apt-get install -y binutils); "
                + "it removes the debug information valgrind cannot read")
        }
        let (outcome, errors) = ChildProcess.run([objcopy, "--strip-debug", path, copy], captureStandardError: true)
        guard outcome == .exited(0) else {
            throw CallgrindError(program: [path], reason: "objcopy --strip-debug \(path) failed (\(outcome)): \(errors)")
        }
        return copy
    }

    /// The first event count of a callgrind profile's `totals:` line (or its `summary:`
    /// line): instructions executed, with the default events.
    public static func total(profile: String) -> UInt64? {
        var summary: UInt64?
        for line in profile.split(separator: "\n") {
            for key in ["totals:", "summary:"] where line.hasPrefix(key) {
                let value = line.dropFirst(key.count).split(separator: " ").first.flatMap { UInt64($0) }
                if key == "totals:", let value { return value }
                summary = summary ?? value
            }
        }
        return summary
    }
}

/// A callgrind run that did not give a count.
public struct CallgrindError: Error, CustomStringConvertible {
    public var program: [String]
    public var reason: String
    public init(program: [String], reason: String) {
        self.program = program
        self.reason = reason
    }

    public var description: String { "cannot count the instructions of `\(program.joined(separator: " "))`: \(reason)" }
}
