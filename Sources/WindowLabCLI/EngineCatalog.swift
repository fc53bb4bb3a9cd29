import IndexedEngine
import ReferenceModel
import WindowModel

/// The engines `--engine` can name. `all` means every one of them.
enum EngineCatalog {
    static let engines: [EngineFactory] = [
        EngineFactory(name: "reference") { ReferenceWindowSystem() },
        EngineFactory(name: "indexed") { IndexedWindowSystem() },
    ]

    static var names: [String] { engines.map(\.name) + ["all"] }

    /// The engines a `--engine` value selects, or nil when it names none.
    static func select(_ name: String) -> [EngineFactory]? {
        if name == "all" { return engines }
        return engines.first { $0.name == name }.map { [$0] }
    }
}
