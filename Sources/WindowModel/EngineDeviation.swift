/// A rule of SEMANTICS.md that an engine declares it does not follow.
///
/// Real engines differ from the model somewhere: no notifications, no key history,
/// their own order within a level, no touch cancellation. An engine declares these
/// beside its features (`hello 1 NAME FEATURE… deviates N1 K4`, or
/// ``EngineFactory/deviations``); the harness then stops comparing what the rule
/// alone decides and keeps every later step comparable, so that everything else the
/// engine does is still checked. SEMANTICS.md ("Declared deviations") says, rule by
/// rule, what each one relaxes; ``relaxation`` is that text in short.
///
/// Three ways keep a run comparable past a deviation:
/// - **masked**: an observation the rule alone produces is not compared (N1, N2, Q3);
/// - **unpinned**: where the rule decided state, the part it decided is not compared
///   until a command pins it again (K4: the key window until `makeKey`; T5 and W4: a
///   touch whose binding the rule decided, for the rest of the case);
/// - **steered**: the statements that would trigger the rule are not sent (H2, T7, T8).
public enum EngineDeviation: String, Hashable, Sendable, CaseIterable, Comparable {
    /// No window notifications at all: `notify` lines are not compared.
    case n1 = "N1"
    /// Notifications in another order within one statement: compared as a set.
    case n2 = "N2"
    /// Another order within a level (or none): `order` is not compared, and a hit or
    /// a touch's `began` that more than one window of one level would answer is not
    /// compared (the touch is unpinned for the rest of the case); a disconnection's
    /// notifications, posted front to back, are compared as a set.
    case w4 = "W4"
    /// No key succession: after the key window changes by anything but `makeKey` or
    /// `makeKeyAndVisible`, the scene's key window, its presses and its key
    /// notifications are not compared until one of those pins it again.
    case k4 = "K4"
    /// No touch cancellation by other statements: a cancellation the reference posts
    /// for a hide, release, remove, move, place or disconnect is not compared, and that
    /// touch id is unpinned for the rest of the case.
    case t5 = "T5"
    /// Alpha gates hits otherwise (or not at all): `set T alpha A` whose clamped value
    /// is at most 0.01 is not sent.
    case h2 = "H2"
    /// No multiple-touch option: `set T multipleTouch` is not sent.
    case t7 = "T7"
    /// No exclusive-touch option: `set T exclusiveTouch` is not sent.
    case t8 = "T8"
    /// Converts by another route (through the nearest common ancestor): `convert`
    /// answers are compared within a relative tolerance (``convertTolerance``).
    case q3 = "Q3"

    public static func < (a: EngineDeviation, b: EngineDeviation) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Relative tolerance of `convert` answers under ``q3``: two coordinates agree when
    /// `|a - b| <= convertTolerance * max(1, |a|, |b|)`.
    public static let convertTolerance = 1.0 / 1_048_576   // 2^-20

    /// How the harness keeps a run comparable past this deviation, in a few words.
    public var relaxation: String {
        switch self {
        case .n1: return "notify lines are not compared"
        case .n2: return "notify lines of one statement are compared as a set"
        case .w4: return "order is not compared; hits and touches more than one window of a level would take are not compared"
        case .k4: return "after a key change by hide, release, move or disconnect, the scene's key window, presses and key notifications are not compared until makeKey or makeKeyAndVisible"
        case .t5: return "cancellations by other statements are not compared; the touch is not compared afterwards"
        case .h2: return "set alpha of at most 0.01 is not sent"
        case .t7: return "set multipleTouch is not sent"
        case .t8: return "set exclusiveTouch is not sent"
        case .q3: return "convert answers are compared within a relative 2^-20; those the reference answers with inf or nan are not compared"
        }
    }

    /// Parses rule ids (`N1 K4`). Returns the words that are not declarable instead
    /// when there are any.
    public static func parseList<S: Sequence>(_ words: S) -> Result<Set<EngineDeviation>, UnknownDeviations>
        where S.Element: StringProtocol
    {
        let (deviations, unknown) = readWords(words) { EngineDeviation(rawValue: $0.uppercased()).map { [$0] } }
        return unknown.isEmpty ? .success(deviations) : .failure(UnknownDeviations(words: unknown))
    }

    /// Rule ids that cannot be declared (unknown, or a rule with no relaxation).
    public struct UnknownDeviations: Error, Hashable, Sendable {
        public var words: [String]

        /// "unknown deviation(s) X; declarable: N1 N2 …".
        public var message: String {
            "rule(s) \(words.joined(separator: ", ")) cannot be declared as deviations; declarable: "
                + EngineDeviation.allCases.map(\.rawValue).joined(separator: " ")
        }
    }
}

extension EngineDeviation {
    /// Whether an `expect` line's text (a trace line) states what one of `deviations`
    /// relaxes, so that it is not checked against a deviating engine's own trace:
    /// `notify` (N1, N2), `order` (W4), `keyWindow` and `press` (K4), a cancellation (T5),
    /// `convert` (Q3).
    public static func relaxes(expectation text: String, _ deviations: Set<EngineDeviation>) -> Bool {
        guard !deviations.isEmpty else { return false }
        let word = text.prefix { $0 != " " }
        switch word {
        case "notify": return !deviations.isDisjoint(with: [.n1, .n2])
        case "order": return deviations.contains(.w4)
        case "keyWindow", "press": return deviations.contains(.k4)
        case "convert": return deviations.contains(.q3)
        case "touch": return deviations.contains(.t5) && text.contains(" cancelled ")
        default: return false
        }
    }
}

extension Set where Element == EngineDeviation {
    /// The rule ids, in SEMANTICS.md order (`N1 K4`).
    public var words: String { sorted().map(\.rawValue).joined(separator: " ") }
}
