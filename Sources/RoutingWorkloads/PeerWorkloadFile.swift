import WindowModel

/// A workload as the peer indexes of `Benchmarks/Peers/` read it: window
/// rectangles back to front, the touch points, the engine's window-level answer
/// for each point, the moves, and the answers after the moves. The format is the
/// contract between `windowlab bench --peers` and the C++ peers (see
/// `Benchmarks/Peers/README.md`); every number little-endian:
///
/// ```
/// "WLPEER01"  u32 windows W  u32 points P  u32 moves M  u32 flags (0)
/// W x { f64 minX, minY, maxX, maxY }     back to front (window i+1 in front of i)
/// P x { f64 x, y }
/// P x i32  front-most window whose rect holds the point (min <= v < max), or -1
/// M x { u32 window, u32 0, f64 minX, minY, maxX, maxY }    applied in order
/// P x i32  the same answers after every move
/// ```
public struct PeerWorkloadFile: Sendable {
    public static let magic = Array("WLPEER01".utf8)

    public struct Move: Sendable {
        public var window: UInt32
        public var rect: Rect
    }

    public var windows: [Rect] = []
    public var points: [Point] = []
    public var answersBefore: [Int32] = []
    public var moves: [Move] = []
    public var answersAfter: [Int32] = []

    public init() {}

    /// The file's bytes.
    /// - Complexity: O(W + P + M).
    public func encoded() -> [UInt8] {
        precondition(answersBefore.count == points.count && answersAfter.count == points.count)
        var out: [UInt8] = Self.magic
        out.reserveCapacity(24 + windows.count * 32 + points.count * 24 + moves.count * 40)
        for count in [windows.count, points.count, moves.count, 0] { append(UInt32(count), to: &out) }
        for r in windows { append(r, to: &out) }
        for p in points {
            append(p.x.bitPattern, to: &out)
            append(p.y.bitPattern, to: &out)
        }
        for a in answersBefore { append(UInt32(bitPattern: a), to: &out) }
        for m in moves {
            append(m.window, to: &out)
            append(UInt32(0), to: &out)
            append(m.rect, to: &out)
        }
        for a in answersAfter { append(UInt32(bitPattern: a), to: &out) }
        return out
    }

    private func append(_ r: Rect, to out: inout [UInt8]) {
        for v in [r.x, r.y, r.x + r.width, r.y + r.height] { append(v.bitPattern, to: &out) }
    }

    private func append<T: FixedWidthInteger>(_ value: T, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
    }
}
