/// Coordinates an engine's own internals treat specially, offered to the harness so
/// that it probes them: cell borders, split lines, the edges of an indexed region.
///
/// Optional. The campaign already probes every edge, midpoint and corner of the
/// windows and views it made; an engine that conforms adds the places only it knows
/// about, where an off-by-one in its own machinery would show. An engine that does
/// not conform loses nothing. Hints only steer which points are probed: what a probe
/// must answer is still decided by the reference model.
///
/// ```swift
/// extension MyWindowSystem: ProbeHinting {
///     func probeHints(scene: String) -> ProbeHints {
///         ProbeHints(xs: myTree.splitLines(scene), ys: [])
///     }
/// }
/// ```
public protocol ProbeHinting: AnyObject {
    /// Screen coordinates in `scene` worth probing; they may be many, the harness
    /// samples them. Must not change the engine's state.
    func probeHints(scene: String) -> ProbeHints
}

/// Special coordinates on each axis of a scene's screen space (finite values only
/// are used; others are dropped by the harness).
public struct ProbeHints: Hashable, Sendable {
    public var xs: [Double]
    public var ys: [Double]

    public init(xs: [Double] = [], ys: [Double] = []) {
        self.xs = xs
        self.ys = ys
    }

    public static let none = ProbeHints()
}
