import ArgumentParser
import DifferentialHarness
import EngineProtocol
import IndexedEngine
import IndexedEngineMutants
import ReferenceModel
import WindowModel

/// The engines `--engine` can name: `reference`, `indexed`, `all` (both), or
/// `exec:CMD`, an engine in another process that speaks the engine protocol
/// (docs/engine-protocol.md).
enum EngineCatalog {
    static let engines: [EngineFactory] = [
        EngineFactory(name: "reference") { ReferenceWindowSystem() },
        EngineFactory(name: "indexed") { IndexedWindowSystem() },
    ]

    static var names: [String] { engines.map(\.name) + ["all", "exec:CMD"] }

    static let help = "An engine: reference, indexed, all, or exec:CMD (a program speaking the engine "
        + "protocol, see docs/engine-protocol.md). Repeatable."

    /// Every engine, or the reference and one deliberately broken indexed engine
    /// (`--mutant NAME`, or `NAME,NAME,…` for one with several bugs at once; for
    /// measuring the harness, see scripts/mutants/run.sh).
    static func checked(mutant: String?) throws -> [EngineFactory] {
        guard let mutant else { return engines }
        var mutations = Set<IndexedEngineMutation>()
        for name in mutant.split(separator: ",", omittingEmptySubsequences: false) {
            guard let mutation = IndexedEngineMutation(rawValue: String(name)) else {
                throw ValidationError("unknown mutant '\(name)'")
            }
            mutations.insert(mutation)
        }
        let chosen = mutations
        return [engines[0], EngineFactory(name: "indexed-" + (chosen.count == 1 ? mutant : "many")) {
            IndexedEngineMutation.engine(chosen)
        }]
    }

    /// Checks the spelling of `--engine` values without starting anything.
    static func validate(_ specs: [String]) throws {
        for spec in specs where select(spec) == nil {
            if spec.hasPrefix("exec:") {
                throw ValidationError("'--engine exec:' needs a command, e.g. --engine exec:\"./my-engine\"")
            }
            throw ValidationError("unknown engine '\(spec)'; choose one of: \(names.joined(separator: ", "))")
        }
    }

    /// The engines a `--engine` value selects, or nil when it names none
    /// (`exec:` values select a placeholder; ``resolve(_:timeout:)`` starts them).
    static func select(_ name: String) -> [EngineFactory]? {
        if name == "all" { return engines }
        if name.hasPrefix("exec:") { return name.count > 5 ? [] : nil }
        return engines.first { $0.name == name }.map { [$0] }
    }

    /// The engines `--engine` values name, in order, external ones started and
    /// greeted. Names that repeat get `-2`, `-3`.
    /// - Parameter withReference: put the reference model first when no value names it.
    static func resolve(_ specs: [String], timeout: Double, startTimeout: Double = ProcessEngines.defaultStartTimeout,
                        withReference: Bool = false) throws -> [EngineFactory] {
        var chosen: [EngineFactory] = []
        if withReference && !specs.contains("reference") && !specs.contains("all") { chosen.append(engines[0]) }
        for spec in specs {
            if spec.hasPrefix("exec:") {
                do {
                    chosen.append(try ProcessEngines.factory(command: String(spec.dropFirst(5)), timeout: timeout,
                                                             startTimeout: startTimeout))
                } catch {
                    throw EngineStartError(fault: error)
                }
            } else {
                chosen += select(spec) ?? []
            }
        }
        var seen: [String: Int] = [:]
        return chosen.map { engine in
            seen[engine.name, default: 0] += 1
            let count = seen[engine.name]!
            guard count > 1 else { return engine }
            return engine.renamed("\(engine.name)-\(count)")
        }
    }

    /// An engine as a worker recorded it (name, features, declarations), for a report
    /// with nothing to run: a system made of it answers nothing.
    static func described(_ engine: RunResult.Engine) -> EngineFactory {
        EngineFactory(name: engine.name, features: (try? EngineFeature.parseList(engine.features).get()) ?? [],
                      deviations: (try? EngineDeviation.parseList(engine.deviations).get()) ?? [],
                      numbers: NumericDomain.parse(engine.numbers) ?? .double) { NotRunning(name: engine.name) }
    }

    /// The stand-in system of a ``described(_:)`` engine.
    final class NotRunning: WindowSystem {
        let engineName: String
        init(name: String) { engineName = name }
        func apply(_ command: Command) -> [Observation] { [] }
        func snapshot() -> [SceneSnapshot] { [] }
        func invariantViolations() -> [String] { [] }
    }

    /// A one-line description of partial engines, or nil when every one has every feature.
    static func featureNote(_ engines: [EngineFactory]) -> String? {
        let partial = engines.filter { $0.features != EngineFeature.all }
        guard !partial.isEmpty else { return nil }
        return partial.map { "\($0.name) implements: \($0.features.words)" }.joined(separator: "; ")
            + "; statements that need anything else are skipped"
    }

    /// What engines declared they do differently and what the harness relaxes for
    /// each (SEMANTICS.md, "Declared deviations"), a line each; nil when none declared.
    static func deviationNote(_ engines: [EngineFactory]) -> String? {
        let declaring = engines.filter { !$0.declarationWords.isEmpty }
        guard !declaring.isEmpty else { return nil }
        return declaring.map { engine in
            (["\(engine.name) declares: \(engine.declarationWords) (SEMANTICS.md, \"Declared deviations\")"]
                + engine.deviations.sorted().map { "  \($0.rawValue): \($0.relaxation)" }
                + (engine.numbers == .double ? [] : ["  numbers \(engine.numbers.rawValue): every number sent is moved into the domain"])
                + (engine.limits.isNone ? [] : ["  \(engine.limits.words): every number sent is clamped inside"]))
                .joined(separator: "\n")
        }.joined(separator: "\n")
    }
}

/// An external engine that could not be started: exit status 2 with its reason.
struct EngineStartError: Error, CustomStringConvertible {
    var fault: EngineFault
    var description: String { "error: engine: \(fault)" }
}
