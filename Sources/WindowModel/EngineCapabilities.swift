/// An engine that can fail as a whole (one in another process). After a fault,
/// ``WindowSystem/apply(_:)`` returns no observations and the harness reports the fault.
public protocol EngineFaultReporting: AnyObject {
    /// The first fault, or nil while the engine answers properly.
    var fault: EngineFault? { get }
}

/// An engine that can answer that it does not do a statement (the protocol's
/// `unsupported REASON`, after Maelstrom's `not-supported` error): no fault, and no
/// difference. The harness counts the statement as skipped for that engine; a case
/// whose statement that changes state was not done ends there, without a finding (the
/// engines' states part), and a query not answered is not compared.
public protocol UnsupportedReporting: AnyObject {
    /// Why the engine did not do the statement it was last given, or nil when it did;
    /// asking forgets it.
    func takeUnsupported() -> String?
}

/// An engine that answers faster when it is told the commands ahead of time
/// (one in another process: one write and one read for a whole list).
///
/// The calls that follow must come in exactly this order for each command: its
/// ``WindowSystem/apply(_:)``, then ``WindowSystem/invariantViolations()`` when
/// `invariantsEvery` says so (after every `invariantsEvery`-th command and the
/// last; 0 never), then ``WindowSystem/snapshot()`` when `snapshots`. That is the
/// order ``LockstepSession`` calls them in.
public protocol PipeliningWindowSystem: WindowSystem {
    func pipeline(_ commands: [Command], snapshots: Bool, invariantsEvery: Int)
}

/// A window system that can say which visible windows of a scene would answer a
/// point (each window's own hit test, passing through included), front to back,
/// with their levels: what lets the harness tell whether order decided a routing.
public protocol RoutingCandidatesReporting: AnyObject {
    func windowsAnswering(_ point: Point, scene: String) -> [(window: String, level: Double)]
}

/// A window system that can say whether a point lies near an edge of something a hit
/// could answer: where a pixel hit model (a point hits what the unit pixel at it
/// touches, the G2 dialect) may rightly answer otherwise than G2's half-open boxes.
public protocol EdgeProximityReporting: AnyObject {
    /// Whether the square of half-side `distance` about `point` (screen coordinates)
    /// crosses an edge of a visible window of `scene`, or of a view a hit test could
    /// reach in one, or is not finite there.
    func isNearHittableEdge(_ point: Point, scene: String, within distance: Double) -> Bool
}

/// A window system that can say which rule outcomes decide whether one window
/// answers a point: what names the cause of a routing difference (the window the
/// engines disagree about, not every window a route looked at).
public protocol RoutingExplaining: AnyObject {
    func outcomes(hitTesting window: String, at point: Point) -> [RuleOutcome]?
    /// Where this system's answer to `point` and another engine's lie in one window,
    /// one view holding the other: the outcomes of the one branch that decided between
    /// them (the outer answer's subview toward the inner one, hit-tested whole), and
    /// of the conversions down to the outer one unless the other answer's point is
    /// this system's for the same view. Nil when neither holds the other.
    func outcomes(routing point: Point, answered own: Observation.Target, against other: Observation.Target)
        -> [RuleOutcome]?
}

extension RoutingExplaining {
    public func outcomes(routing point: Point, answered own: Observation.Target, against other: Observation.Target)
        -> [RuleOutcome]? { nil }
}

/// How another engine's answer stands to one's own, in one's own state: what tells
/// causes apart where the step decided nothing out of the ordinary (a root view that
/// kept its old size answers with its window, subviews asked back to front answer
/// with a sibling behind, presses sent to the front window answer with it).
public enum AnswerRelation: String, Sendable, CaseIterable {
    /// The other engine answered nothing where this one answered something.
    case nothing
    /// A window in front of this one's answer (or any visible window, where this one
    /// answered nothing), one behind it, or one that is not visible here at all.
    case front, behind, hidden
    /// In the same window: a view that contains this one's answer, one inside it, a
    /// view of a sibling branch in front of it, or behind it.
    case ancestor, descendant, frontSibling, backSibling
    /// The same view, at another point.
    case point
}

/// A window system that can say how another engine's answer stands to its own
/// (see ``AnswerRelation``). Names it does not know are `hidden`; it records nothing.
public protocol AnswerRelating: AnyObject {
    /// How `other`, another engine's target for a hit or touch in `scene`, stands to
    /// `own`, this system's; nil when the two are the same.
    func relation(of other: Observation.Target?, to own: Observation.Target?, scene: String) -> AnswerRelation?
    /// How `other`, the window another engine sent a press in `scene` to, stands to
    /// this system's state: the front-most visible window, another visible one, one
    /// that is not visible, or nothing.
    func relation(ofPressedWindow other: String?, scene: String) -> AnswerRelation
}

/// A window system that can take another engine's visible order as its own and go on
/// from there: what lets a lockstep run that goes on past an order difference compare
/// the order's later *changes* (a `makeKeyAndVisible` that should bring a window to the
/// front, a `setLevel` to the same level that should leave it where it is) instead of
/// leaving the order uncompared until the two agree again. The reference model adopts.
public protocol OrderAdopting: AnyObject {
    /// Takes `order` (front to back) as the visible order of `scene` and answers true,
    /// when it holds the same windows and never puts a window in front of one of a
    /// higher level; else changes nothing and answers false.
    func adoptVisibleOrder(_ order: [String], scene: String) -> Bool
    /// A live window's level, nil for a name that is not a live window.
    func level(ofWindow name: String) -> Double?
}

/// A window system that can say what a touch bound to a given view reports at a
/// point: what lets the harness compare an engine whose implicit grab binds later
/// touches to the first touch's view (the T1 dialect) with that view's answer.
public protocol TouchBindingReporting: AnyObject {
    /// The target a touch bound to `view` of `window` reports at `point` (the point a
    /// touch statement carries), or nil when no such view lives in that window.
    /// Records no rule outcome.
    func boundTarget(window: String, view: String, at point: Point) -> Observation.Target?
    /// Whether `view` of `window` lives and is shown: the window visible, neither the
    /// view nor an ancestor hidden (what keeps an X server's grab alive).
    func isShowing(window: String, view: String) -> Bool
}
