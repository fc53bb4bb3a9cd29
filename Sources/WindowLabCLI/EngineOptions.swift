import ArgumentParser
import Foundation
import WindowModel

/// `--engine` and `--engine-timeout`, declared and checked once for every command
/// that runs engines (`@OptionGroup var engines: EngineOptions`).
struct EngineOptions: ParsableArguments {
    @Option(name: .customLong("engine"),
            help: ArgumentHelp(EngineCatalog.help + " The reference model is always first; default: reference "
                               + "and indexed.", valueName: "name"))
    var specs: [String] = []

    @Option(name: .customLong("engine-timeout"), parsing: .unconditional,
            help: ArgumentHelp("Seconds an exec: engine has to answer one statement before it counts as hung.",
                               valueName: "seconds"))
    var timeout: Double = 5

    func validate() throws {
        try EngineCatalog.validate(specs)
        guard timeout.isFinite, timeout > 0 else {
            throw ValidationError("--engine-timeout must be a positive number of seconds")
        }
    }

    /// The engines named, the reference first (both built-in engines when none is
    /// named); exits 2 with the reason when an exec: engine cannot be started.
    func resolve() throws -> [EngineFactory] {
        guard !specs.isEmpty else { return EngineCatalog.engines }
        do {
            return try EngineCatalog.resolve(specs, timeout: timeout, withReference: true)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode(2)
        }
    }
}
