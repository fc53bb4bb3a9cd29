import WindowModel

/// The handshake of the engine protocol (`docs/engine-protocol.md`): the harness
/// writes `hello 1`; the engine answers
/// `hello V NAME FEATURE… [deviates RULE…] [numbers DOMAIN] [range MIN MAX] [sizes MIN MAX]
/// [points screen]` and its end of answer,
/// choosing the version V it speaks: 1 ends each answer with `ok`, 2 with `ok N`
/// (N counting the requests from 1, the `hello` itself).
public struct EngineHello: Hashable, Sendable {
    /// The version the harness greets with: the first, which every engine reads.
    public static let version = 1
    /// The versions this harness speaks.
    public static let versions = 1...2
    /// Capability words an engine may list beside its features.
    public static let capabilityWords: Set<String> = ["invariants"]
    /// The words that open a section of the declaration after the features.
    static let sectionWords: Set<String> = ["deviates", "numbers", "range", "sizes", "points", "positions"]

    /// The version the engine answered with (it frames the answers: see the type's summary).
    public var version: Int
    public var name: String
    public var features: Set<EngineFeature>
    /// The engine answers `invariants` requests.
    public var answersInvariants: Bool
    /// The rules it declares it does not follow (see ``EngineDeviation``).
    public var deviations: Set<EngineDeviation>
    /// The numbers it computes with (see ``NumericDomain``).
    public var numbers: NumericDomain
    /// The values it can take (see ``EngineLimits``).
    public var limits: EngineLimits

    public init(name: String, features: Set<EngineFeature>, answersInvariants: Bool = false,
                deviations: Set<EngineDeviation> = [], numbers: NumericDomain = .double, limits: EngineLimits = .none,
                version: Int = 1) {
        self.version = version
        self.name = name
        self.features = features
        self.answersInvariants = answersInvariants
        self.deviations = deviations
        self.numbers = numbers
        self.limits = limits
    }

    /// The harness's request.
    public static var request: String { "hello \(version)" }

    /// The engine's answer line.
    public var line: String {
        var words = ["hello \(version) \(name) \(features.words)"]
        if answersInvariants { words.append("invariants") }
        if !deviations.isEmpty { words.append("deviates " + deviations.words) }
        if numbers != .double { words.append("numbers " + numbers.rawValue) }
        if !limits.isNone { words.append(limits.words) }
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
        guard let spoken = Int(words[1]), versions.contains(spoken), words[1] == String(spoken) else {
            throw bad("the engine speaks protocol version \(words[1].prefix(40)); this harness speaks 1 and 2")
        }
        guard CommandValidator.isValidName(words[2]) else { throw bad("'\(words[2])' is not a valid engine name") }
        // FEATURE… then the sections `deviates RULE…`, `numbers DOMAIN`, `range MIN MAX`,
        // `sizes MIN MAX` and `points screen`, in any order, each at most once.
        var featureWords: [String] = []
        var sections: [String: [String]] = [:]
        var section: String?
        for word in words.dropFirst(3) {
            if Self.sectionWords.contains(word) {
                guard sections[word] == nil else { throw bad("`\(word)` is declared twice") }
                sections[word] = []
                section = word
            } else if let section {
                sections[section]!.append(word)
            } else {
                featureWords.append(word)
            }
        }
        let deviationWords = sections["deviates"] ?? [], numberWords = sections["numbers"] ?? []
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
        let limits: EngineLimits
        switch EngineLimits.parse(range: sections["range"], sizes: sections["sizes"], points: sections["points"],
                                  positions: sections["positions"]) {
        case let .success(parsed): limits = parsed
        case let .failure(error): throw bad(error.description)
        }
        return EngineHello(name: words[2], features: features, answersInvariants: capabilities.contains("invariants"),
                           deviations: deviations, numbers: numbers, limits: limits, version: spoken)
    }

    /// What the engine's end of the handshake answer says about its version, when they disagree.
    /// - Parameter numbered: whether that answer ended with `ok 1` (rather than `ok`).
    public func framingMismatch(numbered: Bool) -> String? {
        switch (version, numbered) {
        case (1, true): return "the engine answered `hello 1` and ended it with `ok 1`; version 1 ends answers with `ok` "
            + "(answer `hello 2 …` to number them)"
        case (2, false): return "the engine answered `hello 2` and ended it with `ok`; version 2 ends each answer with "
            + "`ok N`, N counting the requests from 1 (the hello's is `ok 1`)"
        default: return nil
        }
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
