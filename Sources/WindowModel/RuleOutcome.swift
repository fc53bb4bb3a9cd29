/// One decision of SEMANTICS.md as the reference model takes it: a rule and one of
/// its branches (`H2`, "alpha exactly 0.01: hittable"). The reference model reports
/// each decision it takes to a ``RuleRecorder`` when it is given one, so a run can say
/// which rules and branches it exercised, and which it never reached.
///
/// The raw value indexes ``RuleRecorder/counts``.
public enum RuleOutcome: Int, CaseIterable, Sendable {
    // The cases are listed in SEMANTICS.md order, one line per rule; see `catalogue`.
    case g1NegativeZeroUsed, g1SubnormalUsed, g1HugeMagnitudeUsed
    case g2PointInside, g2MinimumEdgeInside, g2MaximumEdgeOutside, g2ZeroSizeContainsNothing, g2PointOutside
    case g3ZeroSizeAccepted
    case g4IntoChild, g4IntoChildThroughBoundsOrigin, g4OutToParent, g4OutToParentThroughBoundsOrigin
    case g5AlphaAboveOneStoredAsOne, g5AlphaBelowZeroStoredAsZero, g5AlphaWithinRangeAsGiven
    case s1SceneCreated, s1CommandInCreatedScene
    case s2RoutedOutsideSceneSize
    case w1WindowCreatedHidden
    case w2LevelNormal, w2LevelStatusBar, w2LevelAlert, w2LevelOther
    case w3HigherLevelInFront
    case w4ShownFrontOfLevel, w4MakeKeyAndVisibleOnVisibleFront, w4LevelChangeOfVisibleFront,
         w4ShowOfVisibleNoReorder
    case w5HiddenLevelChangeKept
    case w6SameLevelNoReorder, w6NegativeZeroSameLevel
    case w7ReleaseVisibleAsHide, w7ReleaseHidden
    case w8RootViewResized, w8ResizedWithoutRootView
    case w9HiddenOnHides, w9HiddenOffShows
    case k1PressToKeyWindow, k1PressNoKeyWindow, k1PressToHiddenKeyWindow
    case k2KeyChanges, k2MakeKeyOfKeyNothing, k2HiddenWindowMadeKey
    case k3ShowsHiddenWindow, k3OnVisibleWindow
    case k4SuccessorFromHistory, k4NoSuccessorNoKey, k4HistoryEntriesSkipped, k4NonKeyLeavesKeyUnchanged,
         k4HidingHiddenKeyNothing
    case n1NoChangeNothingPosted
    case n2CancellationsFirst, n2ResignKeyBeforeHidden, n2VisibleBeforeKeyHandOver, n2ResignThenBecomeKey
    case v1ViewAddedAtFront
    case v2ToFront, v2ToBack
    case v3RemovedWithSubtree, v3LeafRemoved, v3RootViewRemoved
    case v4SetOnView, v4SetOnWindow
    case h1HiddenNil, h1InteractionOffNil, h1AlphaBelowHundredthNil, h1OutsideBoundsNil
    case h2AlphaExactlyHundredth, h2AlphaBetweenZeroAndHundredth, h2TranslucentHittable
    case h3SubviewAnswers, h3NoSubviewAnswers, h3LeafViewIsHit
    case h4OutsideParentNotReached, h4AncestorRemovesSubtree, h4AlphaNotMultiplied
    case h5WindowItselfHit, h5RootViewHit
    case h6PointDiffersFromScreen
    case t1FrontMostAnswers, t1NilAnswerFallsThrough, t1NoWindowAnswers, t1InteractionOffWindowPassed
    case t2RootHitBecomesNil, t2KeepsNonRootHit, t2WithoutRootKeepsHit
    case t3BeganBinds, t3MovedToBoundView, t3EndedToBoundView, t3CancelledEndsTouch
    case t4BeganHitsNothing, t4MovedInactiveIgnored, t4EndedInactiveIgnored, t4CancelledInactiveIgnored,
         t4BeganActiveIgnored
    case t5CancelledByHide, t5CancelledByRelease, t5CancelledByRemovingView, t5CancelledByRemovingAncestor,
         t5SeveralInIdOrder, t5DigitAndNameIds, t5EqualDigitValuesAsText
    case t6HitAnswered, t6HitNone
    case t7SecondTouchWithheld, t7SingleTouchViewTakesFirst, t7MultipleTouchViewTakesAnother
    case t8ExclusiveTrackingBlocksOther, t8ExclusiveWaitsForOthers, t8ExclusiveAloneBinds,
         t8OtherWindowDoesNotCount
    case q1OrderEmpty, q1OrderNonEmpty
    case q2KeyWindowSome, q2KeyWindowNone
    case q3BetweenNamedSpaces, q3FromScreen, q3ToScreen, q3ScreenToScreen, q3HiddenConverted
    case a1TransformSet, a1IdentitySetBack
    case a2FrameSetUnderTransform
    case a3IntoTransformed, a3HitThroughTransform
    case a4OutOfTransformed
    case a5SingularUnhittable, a5SingularConverted
    case m1SameSceneNothing, m1VisibleToFrontOfLevel, m1HiddenStaysHidden
    case m2KeyWindowResignsWithSuccessor, m2KeyWindowResignsNoSuccessor, m2NonKeyNoKeyChange
    case m3TouchesCancelled
    case d1ScreenConnected, d1ScreenConnectedAgain
    case d2SameScreenNothing, d2PlacedOnAnotherScreen, d2TouchesCancelled
    case d3WithoutScenesSilent, d3VisibleWindowsHidden, d3KeyWindowResigns, d3HiddenKeyWindowResigns,
         d3KeyHistoryEmptied, d3TouchesCancelled, d3ScenesToMainScreen
    case d4ConvertAcrossScreens

    /// The rule id, `H2`.
    public var rule: String { Self.catalogue[rawValue].rule }
    /// The branch, in a few words: `alpha exactly 0.01: hittable`.
    public var branch: String { Self.catalogue[rawValue].branch }

    /// `(rule, branch)` for each case, in raw-value order.
    static let catalogue: [(rule: String, branch: String)] = [
        // G1
        ("G1", "a -0 used as a value"),
        ("G1", "a subnormal number used"),
        ("G1", "a magnitude >= 1e300 used"),
        // G2
        ("G2", "point inside"),
        ("G2", "point on a minimum edge: inside"),
        ("G2", "point on a maximum edge: outside"),
        ("G2", "zero width or height: contains nothing"),
        ("G2", "point outside"),
        // G3
        ("G3", "zero width or height accepted"),
        // G4
        ("G4", "point into a child (bounds origin 0 0)"),
        ("G4", "point into a child through a non-zero bounds origin"),
        ("G4", "point out to a parent (bounds origin 0 0)"),
        ("G4", "point out to a parent through a non-zero bounds origin"),
        // G5
        ("G5", "alpha above 1 stored as 1"),
        ("G5", "alpha below 0 stored as 0"),
        ("G5", "alpha within [0, 1] stored as given"),
        // S1
        ("S1", "a scene created"),
        ("S1", "a command in a created scene (not main)"),
        // S2
        ("S2", "a touch or hit outside the scene's size still routed"),
        // W1
        ("W1", "a window created hidden"),
        // W2
        ("W2", "level normal (0)"),
        ("W2", "level statusBar (1000)"),
        ("W2", "level alert (2000)"),
        ("W2", "another number as a level"),
        // W3
        ("W3", "a higher level in front of a lower one"),
        // W4
        ("W4", "shown: front of its level"),
        ("W4", "makeKeyAndVisible on a visible window: front of its level"),
        ("W4", "level change of a visible window: front of its new level"),
        ("W4", "show of a visible window: no reorder"),
        // W5
        ("W5", "level change of a hidden window kept for later"),
        // W6
        ("W6", "level set to its current value: no reorder"),
        ("W6", "-0 and 0 the same level"),
        // W7
        ("W7", "release of a visible window (as hide)"),
        ("W7", "release of a hidden window"),
        // W8
        ("W8", "root view resized with its window"),
        ("W8", "resized window without a root view"),
        // W9
        ("W9", "set hidden on: hide"),
        ("W9", "set hidden off: show"),
        // K1
        ("K1", "press to the (visible) key window"),
        ("K1", "press with no key window: none"),
        ("K1", "press to a hidden key window"),
        // K2
        ("K2", "key changes: old resigns, new becomes key"),
        ("K2", "makeKey of the key window: nothing"),
        ("K2", "makeKey of a hidden window"),
        // K3
        ("K3", "shows a hidden window"),
        ("K3", "on a visible window"),
        // K4
        ("K4", "successor taken from the history"),
        ("K4", "no successor: no key window"),
        ("K4", "history entries skipped (hidden)"),
        ("K4", "hiding or releasing a non-key window: key unchanged"),
        ("K4", "hiding a hidden key window: nothing"),
        // N1
        ("N1", "no real change: nothing posted"),
        // N2
        ("N2", "cancellations before visibility notifications"),
        ("N2", "didResignKey before didBecomeHidden"),
        ("N2", "didBecomeVisible before the key hand-over"),
        ("N2", "key hand-over: resign then become key"),
        // V1
        ("V1", "a view added at the front"),
        // V2
        ("V2", "front: to the end of the subviews"),
        ("V2", "back: to the start of the subviews"),
        // V3
        ("V3", "a view removed with its subtree"),
        ("V3", "a leaf view removed"),
        ("V3", "a root view removed"),
        // V4
        ("V4", "set on a view"),
        ("V4", "set on a window"),
        // H1
        ("H1", "hidden: nil"),
        ("H1", "interaction off: nil"),
        ("H1", "alpha below 0.01: nil"),
        ("H1", "point outside bounds: nil"),
        // H2
        ("H2", "alpha exactly 0.01: hittable"),
        ("H2", "alpha in (0, 0.01): not hittable"),
        ("H2", "alpha in (0.01, 1): translucent, still hittable"),
        // H3
        ("H3", "a subview answers"),
        ("H3", "no subview answers: the view itself"),
        ("H3", "no subviews: the view itself"),
        // H4
        ("H4", "a subview's part outside its parent not reached"),
        ("H4", "an ancestor (hidden, disabled or transparent) removes its subtree"),
        ("H4", "hittable though its alpha times its ancestors' is below 0.01"),
        // H5
        ("H5", "the window itself is the hit"),
        ("H5", "the root view is the hit"),
        // H6
        ("H6", "the reported point differs from the screen point"),
        // T1
        ("T1", "the front-most window answers"),
        ("T1", "a window answered nil, one further down answers"),
        ("T1", "no window answers"),
        ("T1", "a window with interaction off is passed though it holds the point"),
        // T2
        ("T2", "pass-through: root hit becomes nil"),
        ("T2", "pass-through keeps a non-root hit"),
        ("T2", "pass-through without a root view keeps every hit"),
        // T3
        ("T3", "began binds the touch"),
        ("T3", "moved to the bound view"),
        ("T3", "ended to the bound view"),
        ("T3", "cancelled ends the touch"),
        // T4
        ("T4", "began hits nothing: none"),
        ("T4", "moved of an inactive id: ignored"),
        ("T4", "ended of an inactive id: ignored"),
        ("T4", "cancelled of an inactive id: ignored"),
        ("T4", "began of an active id: ignored"),
        // T5
        ("T5", "cancelled by hiding its window"),
        ("T5", "cancelled by releasing its window"),
        ("T5", "cancelled by removing its view"),
        ("T5", "cancelled by removing an ancestor view"),
        ("T5", "several cancelled in id order"),
        ("T5", "digit and name ids in one command"),
        ("T5", "digit ids of equal value ordered as text"),
        // T6
        ("T6", "hit query answered"),
        ("T6", "hit: none"),
        // T7
        ("T7", "multipleTouch off: a second touch on the view is withheld"),
        ("T7", "multipleTouch off: the view's first touch binds"),
        ("T7", "multipleTouch on: another touch on a tracking view binds"),
        // T8
        ("T8", "an exclusive view tracking withholds a touch on another view of its window"),
        ("T8", "an exclusive view is withheld while another view of its window tracks"),
        ("T8", "an exclusive view alone in its window binds"),
        ("T8", "an exclusive view tracking in another window does not count"),
        // Q1
        ("Q1", "order empty"),
        ("Q1", "order non-empty"),
        // Q2
        ("Q2", "key window some"),
        ("Q2", "key window none"),
        // Q3
        ("Q3", "between two named spaces through the screen"),
        ("Q3", "from the screen"),
        ("Q3", "to the screen"),
        ("Q3", "from the screen to the screen: unchanged"),
        ("Q3", "a hidden window or view (or one inside it) converted"),
        // A1
        ("A1", "a transform other than the identity set"),
        ("A1", "the identity set back"),
        // A2
        ("A2", "frame set on a transformed view: centre and size"),
        // A3
        ("A3", "a point converted into a transformed view"),
        ("A3", "a hit inside a transformed view"),
        // A4
        ("A4", "a point converted out of a transformed view"),
        // A5
        ("A5", "a singular transform: unhittable"),
        ("A5", "a point converted into a singular transform"),
        // M1
        ("M1", "moved to its own scene: nothing"),
        ("M1", "a visible window moved: front of its level there"),
        ("M1", "a hidden window moved: stays hidden"),
        // M2
        ("M2", "the key window moved: resigns, the successor becomes key"),
        ("M2", "the key window moved: resigns, no successor"),
        ("M2", "a window that is not key moved: no key change"),
        // M3
        ("M3", "touches bound to the moved window cancelled"),
        // D1
        ("D1", "a screen connected"),
        ("D1", "a disconnected screen connected again"),
        // D2
        ("D2", "placed on its own screen: nothing"),
        ("D2", "placed on another screen"),
        ("D2", "touches bound to the placed scene's windows cancelled"),
        // D3
        ("D3", "a screen without scenes disconnected: nothing posted"),
        ("D3", "visible windows hidden, front to back"),
        ("D3", "a visible key window resigns"),
        ("D3", "a hidden key window resigns"),
        ("D3", "a key history emptied"),
        ("D3", "touches bound to the scenes' windows cancelled"),
        ("D3", "its scenes go to the main screen"),
        // D4
        ("D4", "converted between windows on different screens"),
    ]

    /// The outcomes of rule `rule` (`"H2"`), in raw-value order; empty for an unknown id.
    public static func outcomes(of rule: String) -> [RuleOutcome] {
        allCases.filter { $0.rule == rule }
    }
}

/// Counts rule outcomes. Not thread-safe: one per engine instance. A counter per
/// outcome in one array, so recording costs one increment (and one store that
/// marks the step, so ``currentStepOutcomes`` can say what one command decided).
public final class RuleRecorder {
    public private(set) var counts: [Int]
    /// The step each outcome was last recorded in.
    private var lastStep: [Int]
    private var step = 1

    public init() {
        counts = Array(repeating: 0, count: RuleOutcome.allCases.count)
        lastStep = Array(repeating: 0, count: RuleOutcome.allCases.count)
    }

    /// Counts one decision.
    @inline(__always)
    public func record(_ outcome: RuleOutcome) {
        counts[outcome.rawValue] &+= 1
        lastStep[outcome.rawValue] = step
    }

    /// Counts, per outcome, the decisions of steps whose answers were not compared in
    /// full (a declared deviation relaxed them): empty until ``markStepUncompared()``.
    public private(set) var uncompared: [Int] = []

    /// Counts the current step's outcomes as decided but not compared on every engine.
    public func markStepUncompared() {
        if uncompared.isEmpty { uncompared = Array(repeating: 0, count: counts.count) }
        for i in lastStep.indices where lastStep[i] == step { uncompared[i] &+= 1 }
    }

    /// Starts a new step (a command): ``currentStepOutcomes`` forgets the last one's.
    public func beginStep() { step &+= 1 }

    /// The outcomes decided since the last ``beginStep()``, in raw-value order.
    public var currentStepOutcomes: [RuleOutcome] {
        lastStep.indices.compactMap { lastStep[$0] == step ? RuleOutcome(rawValue: $0) : nil }
    }

    /// Forgets every count.
    public func reset() {
        counts = Array(repeating: 0, count: counts.count)
        uncompared = []
        step &+= 1
    }
}

/// An engine that can report the rule outcomes it decides (the reference model).
public protocol RuleOutcomeReporting: AnyObject {
    /// The recorder decisions are reported to; nil (the default) records nothing.
    var ruleRecorder: RuleRecorder? { get set }
}
