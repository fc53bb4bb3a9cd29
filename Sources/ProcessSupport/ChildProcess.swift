import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How a child process ended.
public enum ChildOutcome: Equatable, Sendable, CustomStringConvertible {
    case exited(Int32)
    /// Killed by a signal (a trap is SIGILL or SIGTRAP, a bad access SIGSEGV or SIGBUS).
    case signalled(Int32)
    /// Still running at the time limit (then killed).
    case timedOut

    /// Whether this is a crash: killed by a signal other than an interruption
    /// (SIGINT, SIGTERM, SIGHUP: someone stopped it). An exit status, whatever it
    /// is, is the process's own word, not a crash.
    public var isCrash: Bool {
        if case let .signalled(signal) = self { return ![SIGINT, SIGTERM, SIGHUP].contains(signal) }
        return false
    }

    /// Whether someone stopped the process (SIGINT, SIGTERM, SIGHUP).
    public var isInterruption: Bool {
        if case let .signalled(signal) = self { return [SIGINT, SIGTERM, SIGHUP].contains(signal) }
        return false
    }

    public var description: String {
        switch self {
        case let .exited(status): return "exit status \(status)"
        case let .signalled(signal): return ExitReport.signalName(signal)
        case .timedOut: return "timed out"
        }
    }
}

/// Runs a child process and waits for it, with a time limit. Built on
/// `posix_spawn` and `waitpid` (Foundation's `Process` on Linux waits for the
/// child's own children too, so a killed child that left one running would hang
/// it).
public enum ChildProcess {
    /// The child being waited for, for the signal forwarder (0 when none).
    nonisolated(unsafe) static var currentChild: pid_t = 0
    /// Whether this process got SIGINT, SIGTERM or SIGHUP after ``forwardInterruptions()``
    /// (the same as ``Interruption/requested``).
    public static var interrupted: Bool { Interruption.requested }

    /// From now on SIGINT, SIGTERM and SIGHUP do not end this process: they are
    /// passed on to the child being waited for (which stops), and ``interrupted``
    /// is set, so a supervisor can clean up and stop instead of dying with its
    /// children still running (see ``Interruption/observe()``).
    public static func forwardInterruptions() { Interruption.observe() }

    /// This executable's path (for re-running the same build as a child).
    public static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Runs `arguments[0]` (a path) with the rest as arguments. Standard output and
    /// error go where this process's go unless `quiet` (then to /dev/null) or
    /// `captureStandardError` (then the last `tailBytes` of it are returned). Crash
    /// backtraces are turned off in the child (`SWIFT_BACKTRACE=enable=no`) unless
    /// `backtraces` is set, so a probe that crashes ends at once.
    public static func run(_ arguments: [String], timeout: Double? = nil, captureStandardError: Bool = false,
                           quiet: Bool = false, backtraces: Bool = false, tailBytes: Int = 2000)
        -> (outcome: ChildOutcome, standardErrorTail: String)
    {
        var environment = ProcessInfo.processInfo.environment
        if !backtraces { environment["SWIFT_BACKTRACE"] = "enable=no" }
        var pipe: (read: Int32, write: Int32) = (-1, -1)
        if captureStandardError {
            guard let made = Spawn.pipe() else { return (.exited(127), "cannot make a pipe") }
            pipe = made
        }
        // A child with a time limit gets a process group of its own, so a time-out
        // kills whatever it started too; one without stays in ours, so Ctrl-C reaches it.
        let started = Spawn.start(arguments, output: quiet ? .devNull : .inherit,
                                  errors: captureStandardError ? .descriptor(pipe.write) : quiet ? .devNull : .inherit,
                                  newGroup: timeout != nil, closeInChild: captureStandardError ? [pipe.read] : [],
                                  environment: environment)
        if captureStandardError { close(pipe.write) }
        guard case let .success(pid) = started else {
            if captureStandardError { close(pipe.read) }
            if case let .failure(error) = started { return (.exited(127), error.description) }
            return (.exited(127), "cannot start \(arguments[0])")
        }
        defer { if timeout != nil { ProcessGroups.remove(pid) } }
        currentChild = pid
        defer { currentChild = 0 }
        // An interruption that came while the child was being started was passed on to
        // no one: pass it on now.
        if Interruption.requested { kill(pid, SIGINT) }
        var tail: [UInt8] = []
        if captureStandardError { _ = fcntl(pipe.read, F_SETFL, fcntl(pipe.read, F_GETFL) | O_NONBLOCK) }
        func drain() {
            guard captureStandardError else { return }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(pipe.read, &buffer, buffer.count)
                guard n > 0 else { break }
                tail += buffer[0..<n]
                if tail.count > tailBytes { tail.removeFirst(tail.count - tailBytes) }
            }
        }
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        var status: Int32 = 0
        var timedOut = false
        while true {
            drain()
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { break }
            if done < 0 && errno != EINTR {
                return (.exited(127), "lost the child process: \(String(cString: strerror(errno)))")
            }
            if let deadline, Date() >= deadline {
                timedOut = true
                kill(-pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                break
            }
            usleep(1_000)
        }
        drain()
        if captureStandardError { close(pipe.read) }
        let text = String(decoding: tail, as: UTF8.self)
        if timedOut { return (.timedOut, text) }
        if let signal = ExitReport.signal(status) { return (.signalled(signal), text) }
        return (.exited(ExitReport.code(status)), text)
    }
}
