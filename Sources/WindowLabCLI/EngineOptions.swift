import ArgumentParser
import EngineProtocol
import Foundation
import ProcessSupport
import WindowModel

/// `--engine` and `--engine-timeout`, declared and checked once for every command
/// that runs engines (`@OptionGroup var engines: EngineOptions`).
struct EngineOptions: ParsableArguments {
    @Option(name: .customLong("engine"),
            help: ArgumentHelp(EngineCatalog.help + " (The command's help says its default and whether the "
                               + "reference comes first.)", valueName: "name"))
    var specs: [String] = []

    @Option(name: .customLong("engine-timeout"), parsing: .unconditional,
            help: ArgumentHelp("Seconds an exec: engine has to answer one statement before it counts as hung.",
                               valueName: "seconds"))
    var timeout: Double = ProcessEngines.defaultTimeout

    @Option(name: .customLong("engine-start-timeout"), parsing: .unconditional,
            help: ArgumentHelp("Seconds an exec: engine has to start and answer the handshake (each process of it).",
                               valueName: "seconds"))
    var startTimeout: Double = ProcessEngines.defaultStartTimeout

    func validate() throws {
        try EngineCatalog.validate(specs)
        guard timeout.isFinite, timeout > 0 else {
            throw ValidationError("--engine-timeout must be a positive number of seconds")
        }
        guard startTimeout.isFinite, startTimeout > 0 else {
            throw ValidationError("--engine-start-timeout must be a positive number of seconds")
        }
    }

    /// The engines named (`default` when none is), the reference first when
    /// `withReference`; exits 2 with the reason when an exec: engine cannot be started.
    func resolve(default fallback: [String] = ["all"], withReference: Bool = true) throws -> [EngineFactory] {
        do {
            return try EngineCatalog.resolve(specs.isEmpty ? fallback : specs, timeout: timeout,
                                             startTimeout: startTimeout, withReference: withReference)
        } catch {
            // An engine stopped while it was started because this process was interrupted: not bad input.
            if Interruption.requested { throw ExitStatus.interrupted.exit }
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitStatus.badInput.exit
        }
    }

    /// The options as arguments, for a child process to get the same engines.
    var arguments: [String] {
        specs.map { "--engine=\($0)" } + ["--engine-timeout=\(timeout)", "--engine-start-timeout=\(startTimeout)"]
    }
}
