import WindowModel

// What names the cause of a difference the session found: the reference's outcomes at
// that step (for a routing, those of the window in question alone), and how the other
// engine's answer stood to the reference's (see ``AnswerRelation``).
extension LockstepSession {
    /// The reference's outcomes that name the cause of `difference`: for a routing
    /// (`hit`, `began`) whose target differs (or its point's sign of zero), those of hit-testing the window in
    /// question alone (every other window the route looked at is incidental): the
    /// reference's when the other engine answered nothing or a window behind it (it
    /// missed the reference's), else the other engine's (it answered one it should
    /// not have); else everything the step decided, but N2's order where the engines'
    /// `notify` lines are not the same lines in another order (then the order did not
    /// decide what differed: which window became key did).
    func causeOutcomes(_ command: Command, _ difference: Difference, relation: AnswerRelation?,
                       results: [[Observation]]) -> [RuleOutcome]
    {
        if case .observation(_, let part) = difference, [.presence, .window, .view, .point, .signedZero].contains(part),
           let point = command.routedPoint, let explaining = systems[0] as? any RoutingExplaining,
           let window = (relation == .behind || relation == .nothing ? nil : differingLines.got?.target??.window)
               ?? differingLines.expected?.target??.window,
           let outcomes = explaining.outcomes(hitTesting: window, at: point) {
            // Two answers in one window, one inside the other: the branch between them
            // decided it (what both passed alike, the views above and the siblings in
            // front, is the case's, not the cause's).
            if relation == .ancestor || relation == .descendant,
               case let own?? = differingLines.expected?.target, case let other?? = differingLines.got?.target,
               let branch = explaining.outcomes(routing: point, answered: own, against: other) {
                return branch
            }
            // A window behind the reference's that the reference would not answer at all
            // (the point on its maximum edge, its interaction off) did not only miss the
            // front one: its own outcomes say why it answered (an order another bug got
            // wrong put it in front, in the engine).
            if relation == .behind, let other = differingLines.got?.target??.window, let scene = command.routedScene,
               let candidates = systems[0] as? any RoutingCandidatesReporting,
               !candidates.windowsAnswering(point, scene: scene).contains(where: { $0.window == other }),
               let own = explaining.outcomes(hitTesting: other, at: point) {
                return outcomes + own
            }
            return outcomes
        }
        let outcomes = ruleRecorder?.currentStepOutcomes ?? []
        if case .observation(.notify, _) = difference, let reference = results.first {
            let posted = Self.notifications(reference)
            if results.dropFirst().contains(where: { Self.notifications($0) != posted }) {
                return outcomes.filter { $0.rule != "N2" }
            }
        }
        return outcomes
    }

    /// A step's `notify` lines, as a multiset (their order left out).
    static func notifications(_ lines: [Observation]) -> [String: Int] {
        lines.reduce(into: [:]) { counts, line in
            if case .notify = line { counts[line.description, default: 0] += 1 }
        }
    }

    /// How the differing engine's answer stands to the first engine's, for a `hit`,
    /// touch or press line that differs in its target or window (see ``AnswerRelation``).
    func answerRelation(_ command: Command, _ difference: Difference) -> AnswerRelation? {
        guard case let .observation(_, part) = difference, [.presence, .window, .view, .point].contains(part),
              let relating = systems[0] as? any AnswerRelating else { return nil }
        let (expected, got) = differingLines
        if case let .press(own)? = expected, case let .press(other)? = got, own != other,
           case let .press(_, scene) = command {
            return relating.relation(ofPressedWindow: other, scene: scene)
        }
        guard let own = expected?.target, let other = got?.target else { return nil }
        let window = own?.window ?? other?.window ?? ""
        let scene = command.routedScene ?? comparison.tracker.scene(of: window)
        return relating.relation(of: other, to: own, scene: scene)
    }
}

extension Observation {
    /// A `hit` or touch line's target: `.some(nil)` for `-> none`, nil for every other line.
    var target: Target?? {
        switch self {
        case let .hit(target), let .touchBegan(_, target): return .some(target)
        case let .touchMoved(_, target), let .touchEnded(_, target): return .some(target)
        default: return nil
        }
    }
}

extension Command {
    /// The point a `hit` or a touch's `began` routes.
    var routedPoint: Point? {
        switch self {
        case let .hit(at, _), let .touchBegan(_, at, _): return at
        default: return nil
        }
    }

    /// The window whose place in its scene's order the command decides (`show`, `hide`,
    /// `makeKeyAndVisible`, `set W level`, `set W hidden`, `release`, `move`), nil for others.
    var orderSubject: String? {
        switch self {
        case let .show(w), let .hide(w), let .makeKeyAndVisible(w), let .makeKey(w), let .release(w),
             let .setLevel(w, _), let .moveWindow(w, _), let .setHidden(w, _):
            return w
        default: return nil
        }
    }

    /// The scene a `hit`, a touch's `began` or a press is in.
    var routedScene: String? {
        switch self {
        case let .hit(_, scene), let .touchBegan(_, _, scene), let .press(_, scene): return scene
        default: return nil
        }
    }
}
