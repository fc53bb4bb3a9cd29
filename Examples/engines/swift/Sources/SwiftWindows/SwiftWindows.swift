import WindowModel

/// swindows as the harness takes it: its name, the features it implements (the
/// harness sends nothing else) and a way to make a fresh instance.
public enum SwiftWindows {
    /// `hello 2 swindows windows levels key hit`, over the protocol.
    public static let factory = EngineFactory(name: "swindows", features: [.windows, .levels, .key, .hit]) {
        SwiftWindowSystem()
    }
}
