import WindowModel

/// The difference a shrink keeps, fixed when a case is found (as Hypothesis fixes a
/// failure's "interesting origin"): the class of the statement that showed it, the kind
/// of difference there, and the rule outcomes the reference decided that can tell its
/// cause. A shrink candidate is a smaller case of the *same* difference only when
/// ``admits(_:)`` says so; one that shows another difference instead has slipped to
/// another cause (C-Reduce's "slippage"), however simpler it is.
///
/// The kinds keep apart what ``FindingSignature/grouped(_:)`` folds together for
/// counting: an engine that answers nothing where the reference answers a view is not
/// the same difference as one that answers another view, nor as one that answers the
/// right view at another point. An engine that never routes to a window that is not key
/// answers nothing; one that tests a rotated view by its bounding box answers another
/// view: shrinking a case of the second by turning `makeKeyAndVisible` into `show`
/// would make it a case of the first.
public struct CauseKey: Hashable, Sendable, CustomStringConvertible {
    /// The statement's class (see ``FindingSignature/shrinkClass``'s command classes):
    /// `hit` for a `hit` and a touch's `began`, `show` for `makeKeyAndVisible` and
    /// `set W hidden`, `hide` for `release`; any statement for broken invariants.
    public var statement: String
    /// What differed: `hit none` (an answer against none), `hit extra` (none against an
    /// answer), `hit target` (another window or view), `hit point`, `order windows`,
    /// `state key`, `crash of mine`, `invariants of indexed`, ...
    public var kind: String
    /// The reference's outcomes at the statement that tell the cause (the signature's).
    public var outcomes: Set<RuleOutcome>
    /// Every outcome at the statement that could decide the difference (before the
    /// circumstantial ones are left out): what a smaller case may not add to.
    public var decided: Set<RuleOutcome>
    /// How the other engine's answer stood to the reference's (another window in front,
    /// an ancestor view, ...), for a routed answer.
    public var relation: AnswerRelation?

    public init(_ divergence: Divergence) {
        let signature = divergence.signature
        outcomes = Set(signature.outcomes)
        relation = divergence.relation
        decided = divergence.fault == nil
            ? FindingSignature.decisive(divergence.outcomes, of: divergence.difference) : []
        let command = divergence.command.kindName
        switch divergence.difference {
        case let .invariants(engine):
            (statement, kind) = ("any", "invariants of \(engine)")
        case .fault:
            (statement, kind) = (command, divergence.difference.text)
        case let .state(part):
            (statement, kind) = (Self.statementClass(command), "state \(part.rawValue)")
        case .orderChange:
            (statement, kind) = (Self.statementClass(command), divergence.difference.text)
        case let .observation(observed, part):
            let answer = Self.answerKind(part, relation: divergence.relation)
            if command == "touchBegan", observed == .touch, let answer {
                (statement, kind) = ("hit", "hit \(answer)")
            } else {
                (statement, kind) = (Self.statementClass(command), "\(observed.rawValue) \(answer ?? part.rawValue)")
            }
        }
    }

    /// Whether `candidate`, met while shrinking a case of this key, still shows this
    /// difference: the same statement class and kind of difference; when this key names
    /// outcomes, at least one of them again, or none at all with the answer standing to
    /// the reference's as it did (the outcomes were the case's circumstances: a hidden
    /// subview beside a root view that kept its old size); and no outcome that could
    /// decide the difference that the case did not decide (a smaller case leans on
    /// nothing the larger did not: a zero size or an edge another bug needs). A candidate
    /// whose routed answer stands to the reference's otherwise (an ancestor view became
    /// a sibling behind) keeps every outcome: it has found another way to differ, and
    /// only the outcomes, all of them, still say the way is this cause's (a view hit
    /// though its alpha times its parent's is below 0.01 is not a translucent view behind
    /// a sibling hit first). Faults and broken invariants are caught where they are
    /// caught: their outcomes are not theirs.
    public func admits(_ candidate: Divergence) -> Bool {
        let other = CauseKey(candidate)
        guard other.statement == statement, other.kind == kind else { return false }
        if candidate.fault != nil { return true }
        if case .invariants = candidate.difference { return true }
        let keepsOutcomes: Bool
        if let relation, let otherRelation = other.relation, otherRelation != relation {
            keepsOutcomes = outcomes.isSubset(of: other.outcomes)
        } else {
            keepsOutcomes = outcomes.isEmpty || !outcomes.isDisjoint(with: other.outcomes)
                || (other.outcomes.isEmpty && relation != nil && other.relation == relation)
        }
        return keepsOutcomes && other.decided.isSubset(of: decided)
    }

    /// `hit: hit none [t2PassthroughRootViewDropped]`.
    public var description: String {
        let rules = outcomes.isEmpty ? "" : " [" + outcomes.map { String(describing: $0) }.sorted().joined(separator: " ") + "]"
        return "\(statement): \(kind)\(rules)"
    }

    /// A simpler statement that a shrink may put in another's place and that still
    /// shows what it showed (``Shrinker``'s `simplerKinds`).
    static func statementClass(_ command: String) -> String {
        switch command {
        case "makeKeyAndVisible", "setHidden": return "show"
        case "release": return "hide"
        default: return command
        }
    }

    /// How a routed answer (a `hit`, a touch, a press, a key window) differed: `none`
    /// (the engine answered nothing, the reference something), `extra` (the other way
    /// round), `target` (another window or view), `point` (the same view at another
    /// point); nil for the parts of other lines.
    static func answerKind(_ part: Difference.ObservationPart, relation: AnswerRelation?) -> String? {
        switch part {
        case .presence:
            guard let relation else { return "presence" }
            return relation == .nothing ? "none" : "extra"
        case .nothing: return "none"
        case .window, .view, .target, .front, .behind, .hidden, .ancestor, .descendant, .frontSibling, .backSibling:
            return relation == .nothing ? "none" : "target"
        case .point: return "point"
        default: return nil
        }
    }
}
