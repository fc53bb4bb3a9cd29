import Foundation

/// Where an input stands in this process's run, for reports, and what the run did
/// (libFuzzer calls from one thread; a lock keeps other callers consistent).
enum FuzzClock {
    nonisolated(unsafe) private static var first: ContinuousClock.Instant?
    nonisolated(unsafe) private static var inputs = 0
    nonisolated(unsafe) private static var commands = 0
    private static let lock = NSLock()

    static func begin() -> (number: Int, seconds: Double) {
        lock.lock()
        defer { lock.unlock() }
        let now = ContinuousClock.now
        if first == nil {
            first = now
            if ProcessInfo.processInfo.environment["WINDOWLAB_FUZZ_STATS"] == "1" { atexit { FuzzClock.printStats() } }
        }
        inputs += 1
        return (inputs, seconds(since: first!, now))
    }

    static func ran(commands count: Int) {
        lock.lock()
        commands += count
        lock.unlock()
    }

    /// `windowlab: N inputs, M commands in T s (R commands/s)` on standard error.
    static func printStats() {
        lock.lock()
        defer { lock.unlock() }
        let elapsed = first.map { seconds(since: $0, .now) } ?? 0
        let rate = elapsed > 0 ? Int((Double(commands) / elapsed).rounded()) : 0
        FileHandle.standardError.write(Data(("windowlab: \(inputs) inputs, \(commands) commands in \(format3(elapsed)) s "
                                             + "(\(rate) commands/s)\n").utf8))
    }

    private static func seconds(since start: ContinuousClock.Instant, _ now: ContinuousClock.Instant) -> Double {
        let elapsed = now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// A name for an input (FNV-1a, 64 bits, in hex): the same input, the same file.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
