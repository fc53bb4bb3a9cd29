import Foundation
import WindowModel

/// What differed between an engine and the first engine at one command: the typed
/// half of a finding's ``FindingSignature``.
public enum Difference: Hashable, Sendable {
    /// A trace line: which kind of observation, and which part of it.
    case observation(ObservationKind, ObservationPart)
    /// The state after the command (the snapshot): which part of it.
    case state(StatePart)
    /// A scene's order, already different from the first engine's, changed otherwise
    /// than the first engine changes it from the other's order (see
    /// ``LockstepSession/continuesAfterDivergence``): where the other engine left the
    /// statement's window within its level tells such changes apart.
    case orderChange(OrderPlacement)
    /// An engine's own invariants broke.
    case invariants(engine: String)
    /// An engine stopped answering (crash, hang, garbage…).
    case fault(EngineFault.Kind, engine: String)

    /// The kinds of trace line, as traces spell their first word.
    public enum ObservationKind: String, Hashable, Sendable, CaseIterable {
        case touch, press, hit, notify, order, keyWindow, convert

        public init(_ observation: Observation) {
            switch observation {
            case .touchBegan, .touchMoved, .touchEnded, .touchCancelled, .touchIgnored: self = .touch
            case .press: self = .press
            case .hit: self = .hit
            case .notify: self = .notify
            case .order: self = .order
            case .keyWindow: self = .keyWindow
            case .convert: self = .convert
            }
        }
    }

    /// The part of a trace line that differed.
    public enum ObservationPart: String, Hashable, Sendable, CaseIterable {
        /// The first engine has the line, the other has nothing there.
        case missing
        /// The other engine has a line where the first has none.
        case extra
        /// Lines of different kinds, or of different touch phases.
        case line
        /// `none` on one side, a target on the other.
        case presence
        /// The window (a target's, a notification's, a key window, a press).
        case window
        /// The view of a target (the window agrees).
        case view
        /// The point (window and view agree).
        case point
        /// The notification (the window agrees).
        case notification
        /// The windows of an `order` line.
        case windows
        /// In a signature: the target as a whole, its window, its view or its point
        /// (`presence`, `window`, `view` and `point` of a `hit` or touch line), which of
        /// them shows being a matter of the case, not of the cause.
        case target
        /// In a signature whose step decided nothing out of the ordinary: how the other
        /// engine's answer (a target, a pressed window) stands to the first engine's
        /// (see ``AnswerRelation``): `point` serves as the same view at another point.
        case nothing, front, behind, hidden, ancestor, descendant, frontSibling, backSibling
        /// The same line but for the sign of a zero (`0` against `-0`): G1's matter,
        /// whichever command showed it.
        case signedZero

        /// The part that spells `relation`.
        public init(_ relation: AnswerRelation) {
            self = relation == .point ? .point : Self(rawValue: relation.rawValue)!
        }
    }

    /// Where an engine left the window of a statement (`show`, `makeKeyAndVisible`,
    /// `set W level`, ...) in its order, among the visible windows of the window's
    /// level: at their front, at their back, between two of them, alone at its level,
    /// not in the order; `other` for a statement about no one window.
    public enum OrderPlacement: String, Hashable, Sendable, CaseIterable {
        case front, back, between, alone, absent, other
    }

    /// The part of a snapshot that differed.
    public enum StatePart: String, Hashable, Sendable, CaseIterable {
        case scenes, order, key, screen
    }

    /// The aspect in the coarse words of `--json` and older reports: `observations`,
    /// `state`, `invariants of ENGINE`, `crash of ENGINE`.
    public var aspect: String {
        switch self {
        case .observation: return "observations"
        case .state, .orderChange: return "state"
        case let .invariants(engine): return "invariants of \(engine)"
        case let .fault(kind, engine): return "\(kind.rawValue) of \(engine)"
        }
    }

    /// `observations hit/view`, `state key`, `invariants of indexed`, `crash of mine`.
    public var text: String {
        switch self {
        case let .observation(kind, part): return "observations \(kind.rawValue)/\(part.rawValue)"
        case let .state(part): return "state \(part.rawValue)"
        case let .orderChange(placement): return "state order/\(placement.rawValue)"
        case .invariants, .fault: return aspect
        }
    }

    /// Reads ``text`` back.
    public init?(text: String) {
        let words = text.split(separator: " ", maxSplits: 1).map(String.init)
        guard words.count == 2 else { return nil }
        switch words[0] {
        case "observations":
            let parts = words[1].split(separator: "/").map(String.init)
            guard parts.count == 2, let kind = ObservationKind(rawValue: parts[0]),
                  let part = ObservationPart(rawValue: parts[1]) else { return nil }
            self = .observation(kind, part)
        case "state":
            if words[1].hasPrefix("order/") {
                guard let placement = OrderPlacement(rawValue: String(words[1].dropFirst(6))) else { return nil }
                self = .orderChange(placement)
                return
            }
            guard let part = StatePart(rawValue: words[1]) else { return nil }
            self = .state(part)
        case "invariants":
            guard words[1].hasPrefix("of "), words[1].count > 3 else { return nil }
            self = .invariants(engine: String(words[1].dropFirst(3)))
        default:
            guard let kind = EngineFault.Kind(rawValue: words[0]), words[1].hasPrefix("of "), words[1].count > 3
            else { return nil }
            self = .fault(kind, engine: String(words[1].dropFirst(3)))
        }
    }

    /// Where two observations of the same position first differ.
    static func between(expected: Observation, got: Observation) -> ObservationPart {
        if Self.unsigned(expected.description) == Self.unsigned(got.description) { return .signedZero }
        switch (expected, got) {
        case let (.touchBegan(_, a), .touchBegan(_, b)), let (.hit(a), .hit(b)):
            guard let a, let b else { return .presence }
            return part(a, b)
        case let (.touchMoved(_, a), .touchMoved(_, b)), let (.touchEnded(_, a), .touchEnded(_, b)):
            return part(a, b)
        case let (.touchCancelled(_, w1, v1), .touchCancelled(_, w2, v2)):
            return w1 != w2 ? .window : v1 != v2 ? .view : .line
        case let (.press(a), .press(b)), let (.keyWindow(_, a), .keyWindow(_, b)):
            return (a == nil) != (b == nil) ? .presence : .window
        case let (.notify(w1, _), .notify(w2, _)):
            return w1 != w2 ? .window : .notification
        case (.order, .order): return .windows
        case (.convert, .convert): return .point
        default: return .line
        }
    }

    /// A trace line with every `-0` written `0`.
    private static func unsigned(_ line: String) -> String {
        line.split(separator: " ", omittingEmptySubsequences: false).map { $0 == "-0" ? "0" : $0 }.joined(separator: " ")
    }

    private static func part(_ a: Observation.Target, _ b: Observation.Target) -> ObservationPart {
        a.window != b.window ? .window : a.view != b.view ? .view : .point
    }
}
