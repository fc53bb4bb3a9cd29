import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The process groups of the children this process started in groups of their own
/// (engines, so a time-out kills whatever they started), which a terminal's Ctrl-C
/// does not reach: this process ends them itself when it exits, and when SIGINT,
/// SIGTERM or SIGHUP arrives while nothing else handles them (then it exits 130).
public enum ProcessGroups {
    static let capacity = 1024
    /// Group ids, 0 for a free slot: read without a lock by the signal handler.
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<pid_t> = {
        let slots = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        return slots
    }()
    private static let lock = Mutex(())

    /// Installs the exit and signal handlers (once): before the first child is started.
    public static func prepare() { _ = installed }

    public static func add(_ group: pid_t) {
        _ = installed
        lock.withLock { _ in
            if let free = (0..<capacity).first(where: { slots[$0] == 0 }) { slots[free] = group }
        }
    }

    public static func remove(_ group: pid_t) {
        lock.withLock { _ in
            if let slot = (0..<capacity).first(where: { slots[$0] == group }) { slots[slot] = 0 }
        }
    }

    /// Kills every group still registered (async-signal-safe: only `kill`).
    public static func endAll() {
        for i in 0..<capacity where slots[i] > 0 { kill(-slots[i], SIGKILL) }
    }

    private static let installed: Void = {
        atexit { ProcessGroups.endAll() }
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else { continue }
            _ = Glibc.signal(signal) { _ in
                ProcessGroups.endAll()
                _exit(130)
            }
        }
    }()
}
