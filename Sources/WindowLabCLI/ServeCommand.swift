import ArgumentParser
import EngineProtocol
import Foundation
import WindowModel

/// `windowlab serve --engine reference|indexed`: a built-in engine speaking the
/// engine protocol on standard input and output.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Speak the engine protocol on standard input and output (docs/engine-protocol.md).",
        discussion: """
            Puts the reference model (or the indexed engine) behind your own test runner, \
            in any language: write `hello 1`, then statements one per line; each answer is \
            its trace lines and `ok N` (N counts the requests from 1; `--protocol 1` answers \
            a bare `ok`). Ends at the end of input.

            Example:
              printf 'hello 1\\nwindow a in main frame 0 0 9 9 level 0\\nshow a\\nhit 1 1 in main\\n' \\
                | windowlab serve --engine reference
            """
    )

    @Option(help: ArgumentHelp("The engine to serve: reference or indexed.", valueName: "name"))
    var engine: String = "reference"

    /// Serves a deliberately broken indexed engine (tests of the harness); not for users.
    @Option(help: .hidden)
    var mutant: String?

    /// Answers each statement this many seconds late: a slow engine, for the tests of
    /// `check`'s time box; not for users.
    @Option(help: .hidden)
    var answerDelay: Double = 0

    @Option(help: ArgumentHelp("Declare only these features (space- or comma-separated), to try a partial engine.",
                               valueName: "words"))
    var features: String?

    @Option(help: ArgumentHelp("Declare these SEMANTICS.md rules as deviations (e.g. \"N1 K4\"), to see what the "
                               + "harness then leaves uncompared; the engine still follows them.", valueName: "rules"))
    var deviates: String?

    @Option(help: ArgumentHelp("Declare a numeric domain: double, float32 or integer (the harness then sends only "
                               + "numbers of that domain).", valueName: "domain"))
    var numbers: String?

    @Option(help: ArgumentHelp("Declare limits of the values the engine takes (\"range -32768 32767 sizes 1 65535 "
                               + "points screen\"; docs/engine-protocol.md): the harness then sends nothing outside "
                               + "them.", valueName: "words"))
    var limits: String?

    @Flag(help: ArgumentHelp("Answer `error` to any statement outside the declared --limits or --numbers, as an "
                             + "engine that cannot take it would (the harness never sends one)."))
    var enforceLimits = false

    @Option(help: ArgumentHelp("Answer `unsupported` to every statement starting with WORD (e.g. convert), to see how "
                               + "the harness counts statements an engine does not do; more words must all be in it "
                               + "too (\"touch moved\": every moved touch).", valueName: "words"))
    var unsupported: String?

    @Option(help: ArgumentHelp("Answer `unsupported` to every statement after the first N of each case (since each "
                               + "`reset`): an engine that declines the rest of each case.", valueName: "n"))
    var unsupportedAfter: Int?

    @Option(help: ArgumentHelp("Misbehave at the first statement starting with WORD, to see how the harness "
                               + "reports it: crash, exit, hang, garbage or error (e.g. crash:hit).",
                               valueName: "kind:word"))
    var fault: String?

    @Option(help: ArgumentHelp("The protocol version to answer with: 2 ends each answer with `ok N`, 1 with `ok`.",
                               valueName: "version"))
    var `protocol`: Int = 2

    func validate() throws {
        guard EngineHello.versions.contains(`protocol`) else {
            throw ValidationError("--protocol takes 1 or 2, not \(`protocol`)")
        }
        if let fault, injected(fault) == nil {
            throw ValidationError("--fault takes KIND:WORD with KIND one of crash, exit, hang, garbage, error (e.g. crash:hit)")
        }
        guard ["reference", "indexed"].contains(engine) else {
            throw ValidationError("serve takes --engine reference or --engine indexed, not '\(engine)'")
        }
        if let features, Self.words(features).isEmpty {
            throw ValidationError("--features needs at least one feature word (e.g. windows)")
        }
        if let features, case let .failure(unknown) = EngineFeature.parseList(Self.words(features)) {
            throw ValidationError("unknown feature(s) \(unknown.words.joined(separator: ", ")); known: "
                                  + EngineFeature.allCases.map(\.rawValue).joined(separator: " "))
        }
        if let features, case let .success(declared) = EngineFeature.parseList(Self.words(features)),
           let why = EngineHello.unbuildable(declared) {
            throw ValidationError(why)
        }
        if let deviates, case let .failure(unknown) = EngineDeviation.parseList(Self.words(deviates)) {
            throw ValidationError(unknown.message)
        }
        if let numbers, NumericDomain.parse(numbers) == nil {
            throw ValidationError("--numbers takes double, float32 or integer, not '\(numbers)'")
        }
        if let limits, case let .failure(error) = Self.parseLimits(limits) {
            throw ValidationError("--limits: \(error)")
        }
    }

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        let candidates = try EngineCatalog.checked(mutant: engine == "indexed" ? mutant : nil)
        var factory = engine == "reference" ? candidates[0] : candidates[1]
        if let features, case let .success(declared) = EngineFeature.parseList(Self.words(features)) {
            factory = EngineFactory(name: factory.name, features: declared, make: factory.make)
        }
        if deviates != nil || numbers != nil || limits != nil {
            let declared = deviates.flatMap { try? EngineDeviation.parseList(Self.words($0)).get() } ?? []
            factory = EngineFactory(name: factory.name, features: factory.features, deviations: declared,
                                    numbers: numbers.flatMap(NumericDomain.parse) ?? .double,
                                    limits: limits.flatMap { try? Self.parseLimits($0).get() } ?? .none, make: factory.make)
        }
        var server = ProtocolServer(engine: factory, version: `protocol`)
        server.enforcesLimits = enforceLimits
        server.unsupportedKeyword = unsupported
        server.unsupportedAfter = unsupportedAfter
        server.injectedFault = fault.flatMap(injected)
        server.answerDelay = answerDelay.isFinite ? max(0, answerDelay) : 0
        let status = server.serve()
        if status != ExitStatus.success.rawValue { throw ExitCode(status) }
    }

    private func injected(_ text: String) -> (EngineFault.Kind, String)? {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let kind = EngineFault.Kind(rawValue: parts[0]),
              ProtocolServer.injectableFaults.contains(kind), !parts[1].isEmpty else { return nil }
        return (kind, parts[1])
    }

    /// Reads `range MIN MAX`, `sizes MIN MAX`, `points screen` and `positions screen` sections, as a
    /// handshake declares them.
    static func parseLimits(_ text: String) -> Result<EngineLimits, LimitsError> {
        var sections: [String: [String]] = [:]
        var current: String?
        for word in words(text).map(String.init) {
            if ["range", "sizes", "points", "positions"].contains(word) {
                sections[word] = []
                current = word
            } else if let current {
                sections[current]!.append(word)
            } else {
                return .failure(LimitsError("expected `range`, `sizes`, `points` or `positions` before `\(word)`"))
            }
        }
        return EngineLimits.parse(range: sections["range"], sizes: sections["sizes"], points: sections["points"],
                                  positions: sections["positions"])
    }

    private static func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: { $0 == " " || $0 == "," })
    }
}
