import Foundation

/// Committed instruction counts per operation, one benchmark a line, and what a
/// new measurement says against them.
///
/// The file is plain text: `#` starts a comment, every other line is a benchmark's
/// name and its instructions per operation:
///
/// ```text
/// # windowlab instructions --update Benchmarks/instruction-thresholds.txt
/// route_desktop_10k 1234
/// ```
public struct InstructionThresholds: Equatable, Sendable {
    /// Instructions per operation by benchmark name.
    public var counts: [String: UInt64]
    /// The comment lines at the top (kept when the file is rewritten).
    public var header: [String]

    public init(counts: [String: UInt64] = [:], header: [String] = []) {
        self.counts = counts
        self.header = header
    }

    /// Reads the file's text; a line that is neither a comment nor `NAME COUNT` is an
    /// error naming the line.
    public init(parsing text: String, file: String) throws(ThresholdFileError) {
        counts = [:]
        header = []
        var sawEntry = false
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                if !sawEntry { header.append(String(line)) }
                continue
            }
            sawEntry = true
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count == 2, let count = UInt64(fields[1]), count > 0 else {
                throw ThresholdFileError(file: file, line: number + 1,
                                         reason: "expected `NAME COUNT` (a name and a positive whole number), found `\(line)`")
            }
            let name = String(fields[0])
            guard counts[name] == nil else {
                throw ThresholdFileError(file: file, line: number + 1, reason: "\(name) is listed twice")
            }
            counts[name] = count
        }
    }

    /// The file's text: the header, then one line per benchmark in `order` (names not
    /// in it after, sorted).
    public func text(order: [String]) -> String {
        let listed = order.filter { counts[$0] != nil }
        let rest = counts.keys.filter { !order.contains($0) }.sorted()
        let width = (listed + rest).map(\.count).max() ?? 0
        let lines = (listed + rest).map { name in
            name + String(repeating: " ", count: width - name.count + 1) + String(counts[name]!)
        }
        return (header + lines).joined(separator: "\n") + "\n"
    }

    /// What `measured` (instructions per operation) says against the committed count
    /// of `name`, with `tolerance` a fraction (0.015: 1.5%).
    public func verdict(_ name: String, measured: UInt64, tolerance: Double) -> InstructionVerdict {
        InstructionVerdict(name: name, committed: counts[name], measured: measured, tolerance: tolerance)
    }
}

/// One benchmark's measured count against its committed one.
public struct InstructionVerdict: Equatable, Sendable {
    public enum Status: String, Sendable {
        /// Within the tolerance.
        case ok
        /// More instructions than the committed count allows: a regression.
        case slower
        /// Fewer than the tolerance allows: update the thresholds so a later
        /// regression cannot hide inside the gain.
        case faster
        /// No committed count.
        case new
    }

    public var name: String
    public var committed: UInt64?
    public var measured: UInt64
    public var tolerance: Double

    /// Measured over committed (nil without a committed count).
    public var ratio: Double? { committed.map { Double(measured) / Double($0) } }

    public var status: Status {
        guard let ratio else { return .new }
        if ratio > 1 + tolerance { return .slower }
        if ratio < 1 - tolerance { return .faster }
        return .ok
    }

    /// Whether the gate fails on it (a regression, a gain not yet committed, or a
    /// benchmark the file does not list).
    public var fails: Bool { status != .ok }

    /// One line: the status, the name, both counts and the ratio.
    public var line: String {
        let word = ["ok": "ok  ", "slower": "FAIL", "faster": "FAIL", "new": "FAIL"][status.rawValue]!
        guard let committed, let ratio else {
            return "\(word) \(name): \(measured) instructions per operation, no committed count (update the thresholds)"
        }
        let percent = (ratio - 1) * 100
        let change = String(format: "%+.2f%%", percent)
        var text = "\(word) \(name): committed \(committed), measured \(measured) instructions per operation, "
            + "ratio \(String(format: "%.4f", ratio)) (\(change); tolerance ±\(String(format: "%.1f", tolerance * 100))%)"
        if status == .slower { text += ": a regression" }
        if status == .faster { text += ": faster than committed, update the thresholds" }
        return text
    }
}

/// A thresholds file that cannot be read.
public struct ThresholdFileError: Error, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var reason: String
    public var description: String { "\(file):\(line): \(reason)" }
}
