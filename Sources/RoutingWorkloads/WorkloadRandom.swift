#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SplitMix64: the workloads' own reproducible generator, so a seed means the same
/// scene on every machine and in every version of the standard library (whose
/// `random(in:)` algorithms are not promised to stay fixed, hence the explicit
/// conversions below).
public struct WorkloadRandom: Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

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
