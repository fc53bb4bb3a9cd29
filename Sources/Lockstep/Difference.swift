import Foundation
import WindowModel

/// What differed between an engine and the first engine at one command: the typed
/// half of a finding's ``FindingSignature``.
public enum Difference: Hashable, Sendable {
    /// A trace line: which kind of observation, and which part of it.
    case observation(ObservationKind, ObservationPart)
    /// The state after the command (the snapshot): which part of it.
    case state(StatePart)
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
        case .state: return "state"
        case let .invariants(engine): return "invariants of \(engine)"
        case let .fault(kind, engine): return "\(kind.rawValue) of \(engine)"
        }
    }

    /// `observations hit/view`, `state key`, `invariants of indexed`, `crash of mine`.
    public var text: String {
        switch self {
        case let .observation(kind, part): return "observations \(kind.rawValue)/\(part.rawValue)"
        case let .state(part): return "state \(part.rawValue)"
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

    private static func part(_ a: Observation.Target, _ b: Observation.Target) -> ObservationPart {
        a.window != b.window ? .window : a.view != b.view ? .view : .point
    }
}

/// What groups findings that likely share one cause: the command's kind, what
/// differed, and the rule outcomes the reference decided at that step (those that
/// say something about the case: the ordinary path of every route is left out).
///
/// Its ``text`` (`hit observations hit/view [h4OutsideParentNotReached]`) is what
/// reports print, and what a known-findings file stores; ``init(text:)`` reads it back.
public struct FindingSignature: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The command's kind (`hit`, `setFrame`), or `nondeterministic`.
    public var command: String
    /// What differed; nil for a nondeterministic divergence.
    public var difference: Difference?
    /// The reference's outcomes at that step, in raw-value order.
    public var outcomes: [RuleOutcome]

    public init(command: String, difference: Difference?, outcomes: [RuleOutcome] = []) {
        self.command = command
        self.difference = difference
        self.outcomes = outcomes.filter { !Self.ordinary.contains($0) }
    }

    /// The signature of a divergence that did not happen again on fresh engines.
    public static let nondeterministic = FindingSignature(command: "nondeterministic", difference: nil)

    /// The command kind and what differed, without the outcomes: what shrinking keeps.
    public var coarse: FindingSignature { FindingSignature(command: command, difference: difference) }

    public var text: String {
        guard let difference else { return "nondeterministic divergence" }
        let rules = outcomes.isEmpty ? "" : " [" + outcomes.map { String(describing: $0) }.joined(separator: " ") + "]"
        return "\(command) \(difference.text)\(rules)"
    }

    public var description: String { text }

    /// Reads ``text`` back; nil when it is not one.
    public init?(text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "nondeterministic divergence" { self = .nondeterministic; return }
        var body = Substring(trimmed)
        var outcomes: [RuleOutcome] = []
        if body.hasSuffix("]"), let open = body.lastIndex(of: "[") {
            for name in body[body.index(after: open)..<body.index(before: body.endIndex)].split(separator: " ") {
                guard let outcome = RuleOutcome.named(String(name)) else { return nil }
                outcomes.append(outcome)
            }
            body = body[..<open].dropLast(while: { $0 == " " })
        }
        let words = body.split(separator: " ", maxSplits: 1).map(String.init)
        guard words.count == 2, let difference = Difference(text: words[1]) else { return nil }
        self.init(command: words[0], difference: difference, outcomes: outcomes)
    }

    public static func < (a: FindingSignature, b: FindingSignature) -> Bool { a.text < b.text }

    /// Outcomes on the ordinary path of nearly every route or conversion: they say
    /// nothing about a cause, so they would only split one cause into many groups.
    static let ordinary: Set<RuleOutcome> = [
        .g2PointInside, .g2PointOutside, .g4IntoChild, .g4OutToParent,
        .h1OutsideBoundsNil, .h3SubviewAnswers, .h3NoSubviewAnswers, .h3LeafViewIsHit,
        .h5WindowItselfHit, .h5RootViewHit, .h6PointDiffersFromScreen,
        .t1FrontMostAnswers, .t1NilAnswerFallsThrough, .s1CommandInCreatedScene, .s2RoutedOutsideSceneSize,
        .q3BetweenNamedSpaces, .g1NegativeZeroUsed,
    ]
}

extension RuleOutcome {
    /// The outcome whose case name is `name` (`h2AlphaExactlyHundredth`).
    public static func named(_ name: String) -> RuleOutcome? { byName[name] }

    private static let byName: [String: RuleOutcome] = Dictionary(
        uniqueKeysWithValues: allCases.map { (String(describing: $0), $0) })
}

extension Substring {
    fileprivate func dropLast(while predicate: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}
