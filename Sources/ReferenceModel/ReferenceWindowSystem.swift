import WindowModel

/// STUB: replaced by the real reference model. Conforms so that the package builds.
public final class ReferenceWindowSystem: WindowSystem {
    public init() {}
    public var engineName: String { "reference" }
    public func apply(_ command: Command) -> [Observation] { [] }
    public func snapshot() -> [SceneSnapshot] { [SceneSnapshot(scene: mainSceneName, order: [], keyWindow: nil)] }
    public func invariantViolations() -> [String] { [] }
}
