import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// glibc's `pipe2`, which Swift's Glibc module does not export (it is a GNU extension).
@_silgen_name("pipe2")
private func pipe2(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32

/// Starting a child process: the one `posix_spawn` call under the engine protocol's
/// processes and the crash supervisor's children.
public enum Spawn {
    /// Where one of the child's standard streams goes.
    public enum Stream {
        case inherit
        case devNull
        /// Duplicated onto the stream in the child (and closed there).
        case descriptor(Int32)
    }

    /// A pipe whose ends are closed on exec: a process another thread spawns meanwhile
    /// must not inherit them, or an end would never read as closed.
    public static func pipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        return pipe2(&fds, O_CLOEXEC) == 0 ? (fds[0], fds[1]) : nil
    }

    /// Starts `arguments[0]` (a path) with the rest as arguments and returns its pid,
    /// or the `errno` of the failure.
    /// - Parameters:
    ///   - newGroup: a process group of its own (then `kill(-pid, …)` ends whatever it started).
    ///   - closeInChild: descriptors the child must not keep (the other ends of its pipes).
    public static func start(_ arguments: [String], input: Stream = .inherit, output: Stream = .inherit,
                             errors: Stream = .inherit, newGroup: Bool, closeInChild: [Int32] = [],
                             environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Result<pid_t, SpawnError>
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, target) in [(input, Int32(0)), (output, 1), (errors, 2)] {
            switch stream {
            case .inherit: break
            case .devNull: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case let .descriptor(fd): posix_spawn_file_actions_adddup2(&actions, fd, target)
            }
        }
        for fd in closeInChild { posix_spawn_file_actions_addclose(&actions, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Every child starts with no signal blocked, whatever is held back here (the
        // spawn runs with interruptions deferred, below): one that inherited SIGINT and
        // SIGTERM blocked could not be stopped.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK)
        if newGroup {
            ProcessGroups.prepare()
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        // A group of its own is out of reach of a terminal's Ctrl-C: an interruption
        // is held back until the group is registered, so the handler can end it.
        return InterruptionGuard.deferringInterruptions { () -> Result<pid_t, SpawnError> in
            var pid: pid_t = 0
            let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
            guard spawned == 0 else { return .failure(SpawnError(code: spawned, path: arguments[0])) }
            if newGroup { ProcessGroups.add(pid) }
            return .success(pid)
        }
    }
}

/// Why a child could not be started.
public struct SpawnError: Error, CustomStringConvertible {
    public var code: Int32
    public var path: String
    public var description: String { "cannot start \(path): \(String(cString: strerror(code)))" }
}

/// How a process ended, read from `waitpid`'s status, with the one table of signal
/// names every report uses.
public enum ExitReport {
    /// WIFSIGNALED / WTERMSIG, spelled out (they are macros in C): the signal, or nil.
    public static func signal(_ status: Int32) -> Int32? {
        let signal = status & 0x7F
        return signal != 0 && signal != 0x7F ? signal : nil
    }

    /// WEXITSTATUS.
    public static func code(_ status: Int32) -> Int32 { (status >> 8) & 0xFF }

    /// `signal 11 (SIGSEGV)`.
    public static func signalName(_ signal: Int32) -> String {
        "signal \(signal)" + (names[signal].map { " (\($0))" } ?? "")
    }

    static let names: [Int32: String] = [
        1: "SIGHUP", 2: "SIGINT", 4: "SIGILL, a Swift trap", 5: "SIGTRAP, a trap", 6: "SIGABRT", 7: "SIGBUS",
        8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV", 13: "SIGPIPE", 15: "SIGTERM",
    ]
}
