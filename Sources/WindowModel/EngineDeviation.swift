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
/// - **steered**: the statements that would trigger the rule are not sent (H2, T7, T8,
///   W8, K2, T3).
///
/// One is compared with what the rule says instead: T1's later touches with the answer
/// of a touch bound to the grab's view.
///
/// The dialects of real systems are among them: an X server's one pointer with its
/// implicit grab (T1), a press on nothing that still holds the button (T4), a hidden
/// window that cannot take focus (K2), presses to the window under the pointer when
/// nothing has focus (K1), child windows that do not follow their parent's size (W8);
/// a browser's hit test by the pixel under the point (G2) and its silence on a move
/// to the point a touch already holds (T3).
public enum EngineDeviation: String, Hashable, Sendable, CaseIterable, Comparable {
    /// A pixel hit model: a point hits what the unit pixel at it touches, so a box is
    /// hit from up to one unit outside its edges: a `hit` at a point less than one unit
    /// from an edge of a visible window or view is not compared, nor is a touch that
    /// `began` there (unpinned for the rest of the case).
    case g2 = "G2"
    /// No window notifications at all: `notify` lines are not compared.
    case n1 = "N1"
    /// Notifications in another order within one statement: compared as a set.
    case n2 = "N2"
    /// Another order within a level (or none): `order` is not compared, and a hit or
    /// a touch's `began` that more than one window of one level would answer is not
    /// compared (the touch is unpinned for the rest of the case); a disconnection's
    /// notifications, posted front to back, are compared as a set.
    case w4 = "W4"
    /// The root view does not follow its window's size: `set W frame` of a window whose
    /// root view lives is not sent.
    case w8 = "W8"
    /// With no key window, presses go elsewhere (the window under the pointer): a press
    /// the first engine sends nowhere is not compared.
    case k1 = "K1"
    /// A hidden window cannot become key: `makeKey` of a window that may be hidden is
    /// not sent.
    case k2 = "K2"
    /// No key succession: after the key window changes by anything but `makeKey` or
    /// `makeKeyAndVisible`, the scene's key window, its presses and its key
    /// notifications are not compared until one of those pins it again.
    case k4 = "K4"
    /// One pointer with an implicit grab: a touch begun while another may be down (its
    /// `began` sent and neither its `ended` nor its `cancelled`) goes to the view the
    /// first of them was bound to, as do its later phases: compared with what a touch
    /// bound to that view reports (as the reference binds the first touch and converts
    /// the point). The grab ends without a cancellation when its view stops showing:
    /// every touch that may be down is unpinned, for the rest of the case, and the next
    /// touch begun is compared by its hit (a grab of its own).
    case t1 = "T1"
    /// A move to the point a touch already holds posts nothing: such a `moved` is not sent.
    case t3 = "T3"
    /// A press on nothing still holds its touch id: a touch whose `began` the first
    /// engine answers `-> none` is unpinned for the rest of the case.
    case t4 = "T4"
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
        case .g2: return "hits and touches less than one unit from an edge of a visible window or view are not compared"
        case .w8: return "set frame of a window whose root view lives is not sent"
        case .k1: return "a press the reference sends nowhere is not compared"
        case .k2: return "makeKey of a window that may be hidden is not sent"
        case .t1: return "a touch begun while another may be down is compared with the answer of the grab's view; when that view stops showing, the touches that may be down are not compared afterwards"
        case .t3: return "a touch's moved to the point it already holds is not sent"
        case .t4: return "a touch whose began hits nothing is not compared afterwards"
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
    /// `notify` (N1, N2), `order` (W4), `keyWindow` and `press` (K4), `convert` (Q3), and
    /// every touch line under G2, T1, T4 and T5 (after a cancellation the engine does not
    /// post, T5, its touch is not compared: the lockstep run knows which touch, an `expect`
    /// line alone does not). `check` replays scenario files beside the reference, which
    /// still compares the pinned touches; `windowlab run` on such an engine alone checks
    /// none of its touch lines.
    public static func relaxes(expectation text: String, _ deviations: Set<EngineDeviation>) -> Bool {
        guard !deviations.isEmpty else { return false }
        let word = text.prefix { $0 != " " }
        switch word {
        case "notify": return !deviations.isDisjoint(with: [.n1, .n2])
        case "order": return deviations.contains(.w4)
        case "keyWindow": return deviations.contains(.k4)
        case "press": return deviations.contains(.k4) || (deviations.contains(.k1) && text.hasSuffix("-> none"))
        case "hit": return deviations.contains(.g2)
        case "convert": return deviations.contains(.q3)
        case "touch":
            return !deviations.isDisjoint(with: [.g2, .t1, .t4, .t5])
        default: return false
        }
    }
}

extension Set where Element == EngineDeviation {
    /// The rule ids, in SEMANTICS.md order (`N1 K4`).
    public var words: String { sorted().map(\.rawValue).joined(separator: " ") }
}
