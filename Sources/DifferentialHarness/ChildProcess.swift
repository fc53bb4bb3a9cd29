import Foundation

/// How a child process ended.
public enum ChildOutcome: Equatable, Sendable, CustomStringConvertible {
    case exited(Int32)
    /// Killed by a signal (a trap is SIGILL or SIGTRAP, a bad access SIGSEGV or SIGBUS).
    case signalled(Int32)
    /// Still running at the time limit (then killed).
    case timedOut

    /// Whether this is a crash: a signal, or an exit status no WindowLab command uses.
    public var isCrash: Bool {
        switch self {
        case .signalled: return true
        case let .exited(status): return ![0, 1, 2, 64].contains(status)
        case .timedOut: return false
        }
    }

    public var description: String {
        switch self {
        case let .exited(status): return "exit status \(status)"
        case let .signalled(signal): return "signal \(signal)" + (Self.signalNames[signal].map { " (\($0))" } ?? "")
        case .timedOut: return "timed out"
        }
    }

    static let signalNames: [Int32: String] = [4: "SIGILL, a Swift trap", 5: "SIGTRAP, a trap", 6: "SIGABRT",
                                               7: "SIGBUS", 8: "SIGFPE", 11: "SIGSEGV", 9: "SIGKILL"]
}

/// Runs a child process and waits for it, with a time limit.
public enum ChildProcess {
    /// This executable's path (for re-running the same build as a child).
    public static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Runs `arguments[0]` with the rest as arguments. Standard output and error go
    /// where this process's go unless `captureStandardError` (then the last
    /// `tailBytes` of it are returned). Crash backtraces are turned off in the child
    /// (`SWIFT_BACKTRACE=enable=no`) unless `backtraces` is set, so a probe that
    /// crashes ends at once.
    public static func run(_ arguments: [String], timeout: Double? = nil, captureStandardError: Bool = false,
                           quiet: Bool = false, backtraces: Bool = false, tailBytes: Int = 2000)
        -> (outcome: ChildOutcome, standardErrorTail: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        if !backtraces { environment["SWIFT_BACKTRACE"] = "enable=no" }
        process.environment = environment
        let errors = Pipe()
        if captureStandardError { process.standardError = errors }
        if quiet {
            process.standardOutput = FileHandle.nullDevice
            if !captureStandardError { process.standardError = FileHandle.nullDevice }
        }
        let collected = CollectedTail(limit: tailBytes)
        if captureStandardError {
            errors.fileHandleForReading.readabilityHandler = { handle in collected.append(handle.availableData) }
        }
        do {
            try process.run()
        } catch {
            return (.exited(127), "cannot start \(arguments[0]): \(error)")
        }
        var timedOut = false
        if let timeout {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(2_000) }
            if process.isRunning {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
            }
        }
        process.waitUntilExit()
        if captureStandardError {
            errors.fileHandleForReading.readabilityHandler = nil
            collected.append(errors.fileHandleForReading.readDataToEndOfFile())
        }
        if timedOut { return (.timedOut, collected.text) }
        let outcome: ChildOutcome = process.terminationReason == .uncaughtSignal
            ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
        return (outcome, collected.text)
    }
}

/// The last bytes of a stream, collected from a reader thread.
private final class CollectedTail: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    func append(_ data: Data) {
        lock.lock()
        bytes += data
        if bytes.count > limit { bytes.removeFirst(bytes.count - limit) }
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
