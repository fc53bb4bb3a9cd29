import Foundation

/// A line on standard error every few seconds while a long step runs, so that a
/// benchmark at a large N (the reference model's O(n^2) build, a peer run) never
/// goes quiet for minutes.
public enum Heartbeat {
    /// Runs `body`; while it runs, writes `... still LABEL (N s)` to standard error
    /// every `interval` seconds.
    public static func during<T>(_ label: String, every interval: Double = 10, _ body: () throws -> T) rethrows -> T {
        let finished = DispatchSemaphore(value: 0)
        let stopped = DispatchSemaphore(value: 0)
        let thread = Thread {
            var seconds = 0.0
            while finished.wait(timeout: .now() + interval) == .timedOut {
                seconds += interval
                FileHandle.standardError.write(Data("   ... still \(label) (\(Int(seconds)) s)\n".utf8))
            }
            stopped.signal()
        }
        thread.start()
        defer {
            finished.signal()
            stopped.wait()
        }
        return try body()
    }
}
