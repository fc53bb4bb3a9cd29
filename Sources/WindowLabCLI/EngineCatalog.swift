import ArgumentParser
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

    /// Every engine, or the reference and one deliberately broken indexed engine
    /// (`--mutant`, for measuring the harness; see scripts/mutants/run.sh).
    static func checked(mutant: String?) throws -> [EngineFactory] {
        guard let mutant else { return engines }
        guard let mutation = IndexedEngineMutation(rawValue: mutant) else {
            throw ValidationError("unknown mutant '\(mutant)'")
        }
        return [engines[0], EngineFactory(name: "indexed-\(mutant)") { IndexedWindowSystem(mutation: mutation) }]
    }

    /// The engines a `--engine` value selects, or nil when it names none.
    static func select(_ name: String) -> [EngineFactory]? {
        if name == "all" { return engines }
        return engines.first { $0.name == name }.map { [$0] }
    }
}
