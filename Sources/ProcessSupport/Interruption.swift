import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Whether someone asked this process to stop (SIGINT, SIGTERM or SIGHUP), for
/// work that stops at its next step instead of dying mid-way: a campaign between
/// cases, a shrinker between candidates, replays between items, an engine's
/// answer being waited for. What was found before is then written out whole.
///
/// ```swift
/// Interruption.observe()                        // once, before any child is started
/// for item in items where !Interruption.requested { run(item) }
/// if Interruption.requested { writeWhatWasFound(); exit(130) }
/// ```
public enum Interruption {
    private static let flag = Atomic<Int32>(0)

    /// Whether SIGINT, SIGTERM or SIGHUP arrived after ``observe()`` (or ``request()`` was called).
    public static var requested: Bool { flag.load(ordering: .relaxed) != 0 }

    /// Marks this process as interrupted (async-signal-safe: one atomic store).
    public static func request() { flag.store(1, ordering: .relaxed) }

    /// From now on SIGINT, SIGTERM and SIGHUP do not end this process: they set
    /// ``requested`` and are passed on to the child ``ChildProcess`` is waiting for
    /// (which stops). The process then stops at its next step, writes what it found
    /// and exits 130 itself; its engines' process groups end with it (``ProcessGroups``).
    public static func observe() {
        // The handler must not be the first to touch a lazily made global (that takes a lock).
        _ = (requested, ChildProcess.currentChild)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            _ = Glibc.signal(signal) { received in
                Interruption.request()
                let child = ChildProcess.currentChild
                if child > 0 { kill(child, received) }
            }
        }
    }
}
