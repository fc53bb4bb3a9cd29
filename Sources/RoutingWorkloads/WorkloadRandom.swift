#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WindowModel

/// The workloads' reproducible draws, on WindowModel's SplitMix64 bits, so a seed means the same
/// scene on every machine and in every version of the standard library (whose
/// `random(in:)` algorithms are not promised to stay fixed, hence the explicit
/// conversions below).
public struct WorkloadRandom: Sendable {
    private var bits: SeededRandom

    public init(seed: UInt64) { bits = SeededRandom(seed: seed) }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 { bits.next() }

    /// Uniform in `[0, 1)`, from the top 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in `[low, high)`.
    public mutating func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }

    /// Uniform in `0..<count` (`count > 0`); the modulo bias is below 2^-40 here.
    public mutating func index(_ count: Int) -> Int { Int(next() % UInt64(count)) }

    /// Log-uniform in `[low, high)`: as many windows between 16 and 32 as between
    /// 200 and 400.
    public mutating func logUniform(_ low: Double, _ high: Double) -> Double {
        low * exp(unit() * log(high / low))
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }
}

/// Base-10 logarithm and power for the chart (the C library's, through Glibc).
func chartLog10(_ v: Double) -> Double { log10(v) }
func chartExp10(_ e: Double) -> Double { pow(10, e) }
