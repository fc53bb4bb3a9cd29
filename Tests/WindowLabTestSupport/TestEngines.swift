import IndexedEngine
import IndexedEngineMutants
import ReferenceModel
import WindowModel

/// The two engines of this package as the tests pass them around.
public enum TestEngines {
    /// The reference model, the oracle.
    public static let reference = EngineFactory(name: "reference") { ReferenceWindowSystem() }
    /// The indexed engine.
    public static let indexed = EngineFactory(name: "indexed") { IndexedWindowSystem() }

    /// The indexed engine with one decision wrong (a built-in mutant), named `indexed-<mutation>`.
    package static func mutant(_ mutation: IndexedEngineMutation) -> EngineFactory {
        EngineFactory(name: "indexed-\(mutation.rawValue)") { mutation.engine() }
    }

    /// The indexed engine with each of `mutations` wrong at once, named `name`.
    package static func mutants(_ mutations: Set<IndexedEngineMutation>, name: String = "indexed-many") -> EngineFactory {
        EngineFactory(name: name) { IndexedEngineMutation.engine(mutations) }
    }
}

/// An engine that is `base` with what goes in or what comes out rewritten: a test's
/// stand-in for an engine that differs in one respect (blind to hits, a conversion
/// off, no notifications, numbers stored as `Float`).
public final class RewritingEngine: WindowSystem {
    public let base: any WindowSystem
    private let name: String?
    private let store: (Command) -> Command
    private let rewrite: ([Observation]) -> [Observation]

    private init(_ base: any WindowSystem, name: String?, store: @escaping (Command) -> Command,
                 rewrite: @escaping ([Observation]) -> [Observation]) {
        self.base = base
        self.name = name
        self.store = store
        self.rewrite = rewrite
    }

    /// `base` with every answer rewritten by `rewrite`; named `name`, or as `base` is.
    public convenience init(_ base: any WindowSystem, name: String? = nil,
                            _ rewrite: @escaping ([Observation]) -> [Observation]) {
        self.init(base, name: name, store: { $0 }, rewrite: rewrite)
    }

    /// `base` seeing every command as `store` changes it (its answers unchanged).
    public static func storing(_ base: any WindowSystem, _ store: @escaping (Command) -> Command) -> RewritingEngine {
        RewritingEngine(base, name: nil, store: store, rewrite: { $0 })
    }

    public var engineName: String { name ?? base.engineName }
    public func apply(_ command: Command) -> [Observation] { rewrite(base.apply(store(command))) }
    public func snapshot() -> [SceneSnapshot] { base.snapshot() }
    public func invariantViolations() -> [String] { base.invariantViolations() }
}
