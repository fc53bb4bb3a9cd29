#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic nanoseconds from `clock_gettime` (a vDSO call on Linux, about 20 ns),
/// cheaper and steadier than building `ContinuousClock.Instant`s per sample.
@inline(__always)
public func monotonicNanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return UInt64(t.tv_sec) &* 1_000_000_000 &+ UInt64(t.tv_nsec)
}

/// Summary of repeated timings of one operation.
public struct LatencySummary: Hashable, Sendable, Codable {
    public var samples: Int
    public var p50: Double
    public var p99: Double
    public var mean: Double

    public init(samples: Int, p50: Double, p99: Double, mean: Double) {
        self.samples = samples
        self.p50 = p50
        self.p99 = p99
        self.mean = mean
    }

    /// Nearest-rank percentiles of `values` (any order). Empty input gives zeros.
    /// - Complexity: O(n log n).
    public init(_ values: [Double]) {
        let sorted = values.sorted()
        self.init(samples: sorted.count, p50: Self.percentile(sorted, 50), p99: Self.percentile(sorted, 99),
                  mean: sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count))
    }

    /// The nearest-rank percentile `p` (0 < p <= 100) of ascending `sorted`: the
    /// smallest value with at least p% of the values at or below it.
    /// - Complexity: O(1).
    public static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}

/// Times single operations: each sample is one call between two clock reads, less
/// the clock's own cost (the median of empty samples, measured once).
public enum LatencySampler {
    /// The median cost of two back-to-back clock reads, in nanoseconds.
    public static let clockOverhead: Double = {
        var values: [Double] = []
        values.reserveCapacity(10_001)
        for _ in 0..<10_001 {
            let start = monotonicNanoseconds()
            let end = monotonicNanoseconds()
            values.append(Double(end &- start))
        }
        return LatencySummary.percentile(values.sorted(), 50)
    }()

    /// Runs `body(i)` for `i` in `0..<count`, or until `budgetSeconds` of wall time
    /// have passed (but at least `minimum` times), timing each call.
    /// - Returns: nanoseconds per call, overhead removed, never below zero.
    public static func sample(count: Int, minimum: Int = 100, budgetSeconds: Double = .infinity,
                              _ body: (Int) -> Void) -> [Double] {
        let overhead = clockOverhead
        var values: [Double] = []
        values.reserveCapacity(count)
        let deadline = budgetSeconds.isFinite
            ? monotonicNanoseconds() &+ UInt64(budgetSeconds * 1e9) : UInt64.max
        for i in 0..<count {
            let start = monotonicNanoseconds()
            body(i)
            let end = monotonicNanoseconds()
            values.append(max(0, Double(end &- start) - overhead))
            if i + 1 >= minimum && end > deadline { break }
        }
        return values
    }
}

/// Resident memory of this process in bytes (`/proc/self/statm`), for coarse
/// before/after differences around building a large structure; 0 where unavailable.
/// (`mallinfo2` would be finer, but `<malloc.h>` is not in the Glibc module.)
public func residentBytes() -> Int {
    #if os(Linux)
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var size = 0, resident = 0
    guard withUnsafeMutablePointer(to: &size, { sp in
        withUnsafeMutablePointer(to: &resident) { rp in fscanf_pair(file, sp, rp) }
    }) else { return 0 }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
    return 0
    #endif
}

#if os(Linux)
/// Reads two decimal numbers from `file` with plain `getc` (variadic `fscanf` is
/// not callable from Swift).
private func fscanf_pair(_ file: UnsafeMutablePointer<FILE>, _ a: UnsafeMutablePointer<Int>,
                         _ b: UnsafeMutablePointer<Int>) -> Bool {
    func number() -> Int? {
        var c = getc(file)
        while c == 32 { c = getc(file) }
        var value = 0, digits = 0
        while c >= 48 && c <= 57 {
            value = value * 10 + Int(c - 48)
            digits += 1
            c = getc(file)
        }
        return digits > 0 ? value : nil
    }
    guard let x = number(), let y = number() else { return false }
    a.pointee = x
    b.pointee = y
    return true
}
#endif
