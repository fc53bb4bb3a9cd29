import WindowModel

/// The handshake of the engine protocol (`docs/engine-protocol.md`): the harness
/// writes `hello 1`; the engine answers
/// `hello 1 NAME FEATURE… [deviates RULE…] [numbers DOMAIN]` and `ok`.
public struct EngineHello: Hashable, Sendable {
    /// The protocol version this harness speaks.
    public static let version = 1
    /// Capability words an engine may list beside its features.
    public static let capabilityWords: Set<String> = ["invariants"]

    public var name: String
    public var features: Set<EngineFeature>
    /// The engine answers `invariants` requests.
    public var answersInvariants: Bool
    /// The rules it declares it does not follow (see ``EngineDeviation``).
    public var deviations: Set<EngineDeviation>
    /// The numbers it computes with (see ``NumericDomain``).
    public var numbers: NumericDomain

    public init(name: String, features: Set<EngineFeature>, answersInvariants: Bool = false,
                deviations: Set<EngineDeviation> = [], numbers: NumericDomain = .double) {
        self.name = name
        self.features = features
        self.answersInvariants = answersInvariants
        self.deviations = deviations
        self.numbers = numbers
    }

    /// The harness's request.
    public static var request: String { "hello \(version)" }

    /// The engine's answer line.
    public var line: String {
        var words = ["hello \(Self.version) \(name) \(features.words)"]
        if answersInvariants { words.append("invariants") }
        if !deviations.isEmpty { words.append("deviates " + deviations.words) }
        if numbers != .double { words.append("numbers " + numbers.rawValue) }
        return words.joined(separator: " ")
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
        // FEATURE… [deviates RULE…] [numbers DOMAIN], the two sections in either order.
        var featureWords: [String] = [], deviationWords: [String] = [], numberWords: [String] = []
        var section = 0
        for word in words.dropFirst(3) {
            switch word {
            case "deviates": section = 1
            case "numbers": section = 2
            default:
                if section == 0 { featureWords.append(word) }
                else if section == 1 { deviationWords.append(word) }
                else { numberWords.append(word) }
            }
        }
        let capabilities = featureWords.filter { capabilityWords.contains($0) }
        let features: Set<EngineFeature>
        switch EngineFeature.parseList(featureWords.filter { !capabilityWords.contains($0) }) {
        case let .success(parsed): features = parsed
        case let .failure(unknown):
            throw bad("unknown feature(s) \(unknown.words.joined(separator: ", ")); version \(version) knows: "
                      + EngineFeature.allCases.map(\.rawValue).joined(separator: " "))
        }
        if let missing = Self.unbuildable(features) { throw bad(missing) }
        let deviations: Set<EngineDeviation>
        switch EngineDeviation.parseList(deviationWords) {
        case let .success(parsed): deviations = parsed
        case let .failure(unknown): throw bad(unknown.message)
        }
        if words.contains("deviates"), deviations.isEmpty { throw bad("`deviates` names no rule") }
        var numbers = NumericDomain.double
        if words.contains("numbers") {
            guard numberWords.count == 1, let domain = NumericDomain.parse(numberWords[0]) else {
                throw bad("`numbers` takes one of \(NumericDomain.allCases.map(\.rawValue).joined(separator: ", ")), "
                          + "got `\(numberWords.joined(separator: " "))`")
            }
            numbers = domain
        }
        return EngineHello(name: words[2], features: features, answersInvariants: capabilities.contains("invariants"),
                           deviations: deviations, numbers: numbers)
    }

    /// Why nothing can be checked with `features`, or nil when something can: every
    /// case starts by creating a window, which needs `windows`.
    public static func unbuildable(_ features: Set<EngineFeature>) -> String? {
        guard !features.isEmpty else { return "the engine declares no features (at least `windows`)" }
        guard features.contains(.windows) else {
            return "the features `\(features.words)` build nothing: every statement acts on a window, and "
                + "creating one needs `windows` (add it, with what the engine has: `windows \(features.words)`)"
        }
        return nil
    }
}
