#if canImport(Glibc)
import Glibc
#endif

/// Runs a short critical section (writing a temporary file and renaming it into
/// place) with SIGINT, SIGTERM and SIGHUP held back: one that arrives meanwhile is
/// delivered when the section ends, so an interruption never leaves a temporary
/// file behind or a half-written one in place.
public enum InterruptionGuard {
    public static func deferringInterruptions<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }
}
