import WindowModel

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

    /// - Parameters:
    ///   - outcomes: the reference's outcomes at the step; those on the ordinary path
    ///     and those of rules that cannot decide what differed are left out.
    ///   - relation: how the other engine's answer stood to the reference's (a `hit`,
    ///     a touch, a press): what tells the cause when no outcome is left to.
    public init(command: String, difference: Difference?, outcomes: [RuleOutcome] = [],
                relation: AnswerRelation? = nil) {
        self.command = command
        let relevant = difference.map(Self.relevantRules)
        let excluded = difference.map(Self.situational) ?? []
        var kept = outcomes.map(Self.phaseless).filter { outcome in
            !Self.ordinary.contains(outcome) && !excluded.contains(outcome.rule)
                && (relevant.map { $0.contains(outcome.rule.first!) } ?? true)
        }
        kept = kept.enumerated().filter { !kept.prefix($0.offset).contains($0.element) }.map(\.element)
        // Which route a conversion took (Q3), how a level was named (W2), that `set
        // hidden` stood for show or hide (W9) on a window or a view (V4), what shape a
        // removed view had (V3), and how a number was stored (G1, G5) only describe the
        // case when another rule's outcome says what was decided there.
        if kept.contains(where: { !Self.circumstantial.contains($0.rule) }) {
            kept.removeAll { Self.circumstantial.contains($0.rule) }
        }
        // A zero's sign is G1's (-0 is a value of its own) wherever it shows; what else the
        // step decided stays beside it: an engine that leaves a point unconverted shows
        // it as a sign where the conversion moves nothing, and as a point elsewhere.
        if case .observation(_, .signedZero)? = difference, !kept.contains(.g1NegativeZeroUsed) {
            kept.insert(.g1NegativeZeroUsed, at: 0)
        }
        self.outcomes = kept
        if kept.isEmpty, let relation, case let .observation(kind, _)? = difference {
            self.difference = .observation(kind, Difference.ObservationPart(relation))
        } else {
            self.difference = difference.map(Self.grouped)
        }
    }

    /// An outcome with the touch's phase left out: T3 delivers a `moved` and an `ended`
    /// to the bound view alike, and T4 ignores either of an inactive touch alike; the
    /// phase is the command's, not the cause's.
    static func phaseless(_ outcome: RuleOutcome) -> RuleOutcome {
        switch outcome {
        case .t3EndedToBoundView: return .t3MovedToBoundView
        case .t4EndedInactiveIgnored, .t4CancelledInactiveIgnored: return .t4MovedInactiveIgnored
        default: return outcome
        }
    }

    /// Rules whose every outcome describes the situation a command met rather than
    /// what it decided: a press goes to the key window in each of K1's branches (key
    /// visible, hidden or absent); how the answer was wrong tells its cause instead.
    static func situational(_ difference: Difference) -> Set<String> {
        if case .observation(.press, _) = difference { return ["K1"] }
        return []
    }

    /// Rules whose outcomes say where a case happened rather than what was decided,
    /// when other rules' outcomes stand beside them.
    static let circumstantial: Set<String> = ["Q3", "W2", "W9", "V3", "V4", "G1", "G5"]

    /// What differed, as groups compare it: a `hit` or touch line's target, window and
    /// view are one part (``Difference/ObservationPart/target``): which of them shows is
    /// a matter of the case, not of the cause. The right view at another point is a
    /// difference of its own (see ``CauseKey``): no shrink turns one into the other.
    static func grouped(_ difference: Difference) -> Difference {
        guard case let .observation(kind, part) = difference, kind == .hit || kind == .touch,
              [.presence, .window, .view].contains(part) else { return difference }
        return .observation(kind, .target)
    }

    /// The rule groups (SEMANTICS.md's letters) whose outcomes can decide what differed:
    /// a step decides many rules, and one that cannot have made the difference would
    /// only split a cause into groups (a notification rule beside a changed order).
    static func relevantRules(_ difference: Difference) -> Set<Character> {
        switch difference {
        case .state(.order), .orderChange, .observation(.order, _): return ["W", "M", "D", "Q"]
        case .state(.key), .observation(.keyWindow, _): return ["K", "W", "M", "D", "Q"]
        case .state: return ["S", "M", "D", "W"]
        case .observation(.notify, _): return ["N", "K", "W", "M", "D"]
        case .observation(.press, _): return ["K", "M", "D"]
        case .observation(.convert, _): return ["Q", "G", "A", "V", "H"]
        case .observation(.hit, _): return ["G", "H", "V", "A", "T", "S"]
        case .observation(.touch, _): return ["G", "H", "V", "A", "T", "S", "W", "M", "D"]
        case .invariants, .fault: return Set("GSWKNVHTQAMD")
        }
    }

    /// The signature of a divergence that did not happen again on fresh engines.
    public static let nondeterministic = FindingSignature(command: "nondeterministic", difference: nil)

    /// The command kind and what differed, without the outcomes.
    public var coarse: FindingSignature { FindingSignature(command: command, difference: difference) }

    /// What shrinking keeps while it looks for a simpler case of one cause: what
    /// differed and the class of the command, where a simpler command of a class may
    /// stand for another (`hit` for a touch's `began` whose target or point differs;
    /// `show` for `makeKeyAndVisible` and `set W hidden off`; `hide` for `release`).
    public var shrinkClass: String {
        guard let difference else { return command }
        // Invariants are checked sparsely in long cases: the command that caught a
        // broken one is where a check fell, not what broke it.
        if case .invariants = difference { return difference.text }
        var shown = difference
        // How the answer stood to the reference's is part of the target.
        if case let .observation(observed, part) = difference, Self.answerParts.contains(part) {
            shown = .observation(observed, .target)
        }
        let kind: String
        if command == "touchBegan", case .observation(.touch, .target) = shown {
            (kind, shown) = ("hit", .observation(.hit, .target))
        } else {
            kind = CauseKey.statementClass(command)
        }
        return kind + " " + shown.text
    }

    /// The parts a `hit` or touch line's target can differ in, and the relations that
    /// stand for them in a signature without outcomes.
    static let answerParts: Set<Difference.ObservationPart> = [
        .presence, .window, .view, .point, .target, .nothing, .front, .behind, .hidden, .ancestor, .descendant,
        .frontSibling, .backSibling,
    ]

    /// Whether a divergence with signature `other`, met while shrinking a case of this
    /// one, still shows the same cause: the same ``shrinkClass``, and, when both name
    /// outcomes, at least one in common (so that shrinking cannot drift to another
    /// cause that differs the same way for a reason of its own; it may still lose the
    /// outcomes that were only the case's circumstances).
    public func sameCause(_ other: FindingSignature) -> Bool {
        if case .invariants? = difference { return other.shrinkClass == shrinkClass }
        return other.shrinkClass == shrinkClass
            && (outcomes.isEmpty || other.outcomes.isEmpty || !Set(outcomes).isDisjoint(with: other.outcomes))
    }

    /// The outcomes of `outcomes` that can decide `difference` (not on every route's
    /// ordinary path, of a relevant rule), before circumstantial ones are left out:
    /// what a shrink may not add to (a simpler case decides no rule branch the case it
    /// came from did not; one that does has likely met another cause).
    public static func decisive(_ outcomes: [RuleOutcome], of difference: Difference) -> Set<RuleOutcome> {
        let relevant = relevantRules(difference)
        return Set(outcomes.filter { !ordinary.contains($0) && relevant.contains($0.rule.first!) })
    }

    /// Whether this signature is a case of `group` met in a richer context: every one
    /// of `group`'s outcomes (at least one) among this one's, whatever the command and
    /// what differed (a bounds origin added where it should be subtracted shows in
    /// hits, touches and conversions alike, each deciding G4's branch). What a
    /// campaign counts into a group without shrinking the case, and what merges a
    /// shrunk case into a group.
    ///
    /// Notifications are the exception: one that is missing and one that names another
    /// window are two decisions (no successor made key where the reference hands key
    /// over, against the wrong successor), whatever outcomes they share.
    public func isRicherCase(of group: FindingSignature) -> Bool {
        guard !group.outcomes.isEmpty, let difference, let other = group.difference else { return false }
        if case let .observation(.notify, part) = difference, case let .observation(.notify, groupPart) = other,
           part != groupPart {
            return false
        }
        return Set(group.outcomes).isSubset(of: outcomes)
    }

    /// Whether a shrunk case with this signature shows the cause of `group`, a group
    /// shrunk before: a richer case of it, or one of the same ``shrinkClass`` that
    /// shares an outcome with it. Minimal cases of one cause can differ in how they set
    /// up what the cause needs (a pass-through window's root view made unhittable by
    /// an alpha of 0 in one, by a singular transform in another): the outcome they
    /// share is the cause, the others its circumstances.
    public func showsCause(of group: FindingSignature) -> Bool {
        isRicherCase(of: group)
            || (shrinkClass == group.shrinkClass && !Set(outcomes).isDisjoint(with: group.outcomes))
    }

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
    /// nothing about a cause, so they would only split one cause into many groups. (A
    /// point on a minimum edge is inside as every point past it is: an engine that gets
    /// that edge wrong answers nothing there, which the relation says.)
    static let ordinary: Set<RuleOutcome> = [
        .g2PointInside, .g2PointOutside, .g4IntoChild, .g4OutToParent,
        .g2MinimumEdgeInside,
        .h1OutsideBoundsNil, .h3SubviewAnswers, .h3NoSubviewAnswers, .h3LeafViewIsHit,
        .h5WindowItselfHit, .h5RootViewHit, .h6PointDiffersFromScreen,
        .t1FrontMostAnswers, .t1NilAnswerFallsThrough, .s1CommandInCreatedScene, .s2RoutedOutsideSceneSize,
        .q3BetweenNamedSpaces, .g1NegativeZeroUsed,
    ]
}

extension Array where Element == Divergence {
    /// The first divergence of each signature, in the order met: a cause met again later
    /// in a run adds nothing.
    public var firstOfEachSignature: [Divergence] {
        var seen = Set<FindingSignature>()
        return filter { seen.insert($0.signature).inserted }
    }
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
