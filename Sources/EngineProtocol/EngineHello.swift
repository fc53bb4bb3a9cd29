import WindowModel

/// The handshake of the engine protocol (`docs/engine-protocol.md`): the harness
/// writes `hello 1`; the engine answers `hello 1 NAME FEATURE…` and `ok`.
public struct EngineHello: Hashable, Sendable {
    /// The protocol version this harness speaks.
    public static let version = 1
    /// Capability words an engine may list beside its features.
    public static let capabilityWords: Set<String> = ["invariants"]

    public var name: String
    public var features: Set<EngineFeature>
    /// The engine answers `invariants` requests.
    public var answersInvariants: Bool

    public init(name: String, features: Set<EngineFeature>, answersInvariants: Bool = false) {
        self.name = name
        self.features = features
        self.answersInvariants = answersInvariants
    }

    /// The harness's request.
    public static var request: String { "hello \(version)" }

    /// The engine's answer line.
    public var line: String {
        "hello \(Self.version) \(name) \(features.words)" + (answersInvariants ? " invariants" : "")
    }

    /// Reads an engine's answer to `hello 1`.
    public static func parse(_ lines: [String]) throws(EngineFault) -> EngineHello {
        func bad(_ why: String) -> EngineFault {
            EngineFault(kind: .start, message: "the handshake failed: \(why)", statement: request)
        }
        guard lines.count == 1 else {
            throw bad("expected one line `hello \(version) NAME FEATURE…` before `ok`, got \(lines.count)")
        }
        let words = lines[0].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard words.count >= 3, words[0] == "hello" else {
            throw bad("expected `hello \(version) NAME FEATURE…`, got `\(lines[0].prefix(200))`")
        }
        guard words[1] == String(version) else {
            throw bad("the engine speaks protocol version \(words[1]); this harness speaks \(version)")
        }
        guard CommandValidator.isValidName(words[2]) else { throw bad("'\(words[2])' is not a valid engine name") }
        let rest = words.dropFirst(3)
        let capabilities = rest.filter { capabilityWords.contains($0) }
        switch EngineFeature.parseList(rest.filter { !capabilityWords.contains($0) }) {
        case let .success(features):
            guard !features.isEmpty else { throw bad("the engine declares no features (at least `windows`)") }
            return EngineHello(name: words[2], features: features, answersInvariants: capabilities.contains("invariants"))
        case let .failure(unknown):
            throw bad("unknown feature(s) \(unknown.words.joined(separator: ", ")); version \(version) knows: "
                      + EngineFeature.allCases.map(\.rawValue).joined(separator: " "))
        }
    }
}
