import WindowModel

/// STUB: replaced by the real indexed engine. Conforms so that the package builds.
public final class IndexedWindowSystem: WindowSystem {
    public init() {}
    package init(mutation: IndexedEngineMutation?) {}
    public var engineName: String { "indexed" }
    public func apply(_ command: Command) -> [Observation] { [] }
    public func snapshot() -> [SceneSnapshot] { [SceneSnapshot(scene: mainSceneName, order: [], keyWindow: nil)] }
    public func invariantViolations() -> [String] { [] }
}
