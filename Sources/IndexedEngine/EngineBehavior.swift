/// The decisions of the indexed engine where a rule of SEMANTICS.md is applied, each
/// named for what the rule does there. The engine is generic over them so that a
/// test build can get one wrong on purpose (module `IndexedEngineMutants`) while the
/// shipped engine, ``IndexedWindowSystem``, runs with ``ShippedBehavior``: every
/// answer a constant, so each decision compiles to the rule itself and the shipped
/// engine holds no state and takes no branch for them.
package protocol EngineBehavior {
    // Hit testing (G2, G4, H2, H4, T2) and the A-rules' arithmetic.
    /// G2: a point on a maximum edge is outside.
    var maxEdgesOutside: Bool { get }
    /// H2: whether a view of this alpha can be hit.
    func isHittable(alpha: Double) -> Bool
    /// H4: a hidden view hides its subviews from hit testing.
    var hiddenHidesSubviews: Bool { get }
    /// G4: hit testing adds the bounds origin.
    var hitTestAddsBoundsOrigin: Bool { get }
    /// T2: a pass-through window answers nil for a hit on its root view.
    var passthroughDropsRootView: Bool { get }
    /// T2: a pass-through window answers nil for a hit on itself too (not the rule).
    var passthroughDropsWindowItself: Bool { get }
    /// A2: the fraction of the size a transform applies about (0.5: the centre).
    var transformCentre: Double { get }
    /// A3: the inverse in the rule's order of operations.
    var inverseInRuleOrder: Bool { get }
    /// A4: conversion out of a transformed view adds the translation.
    var outwardAddsTranslation: Bool { get }
    // Touches (T5, T7, T8).
    /// T7: a single-touch view holds one touch.
    var singleTouchHoldsOne: Bool { get }
    /// T8: an exclusive view that is tracking withholds other views' touches.
    var exclusiveWithholdsOthers: Bool { get }
    /// T8: only touches in the hit window count against an exclusive view.
    var exclusiveCountsOwnWindowOnly: Bool { get }
    /// T5: hiding a window cancels its touches.
    var hideCancelsTouches: Bool { get }
    /// T5, V3: removing a view cancels the touches bound to its subtree.
    var removeCancelsTouches: Bool { get }
    /// T5: digit ids are ordered by their value however many digits they have (not as
    /// 64-bit integers, which wrap past 18446744073709551615).
    var digitIDsOrderedByValue: Bool { get }
    // The view tree (V2).
    /// V2: bringing a view to the front or sending it to the back keeps its siblings'
    /// order (not: swaps it with the front-most or back-most sibling).
    var reorderKeepsSiblingOrder: Bool { get }
    // Geometry and the index.
    /// W8: the root view's size follows the window's.
    var rootFollowsResize: Bool { get }
    /// A window's index box follows a frame change.
    var resizeRefreshesBox: Bool { get }
    /// A window's index box follows a transform change.
    var transformRefreshesBox: Bool { get }
    /// A transformed window's index box covers its transformed frame.
    var boxFollowsTransform: Bool { get }
    // Stacking and key status (W4, W6, K3, K4, N2).
    /// W4: a window becoming visible goes in front of its level.
    var shownWindowGoesInFront: Bool { get }
    /// The most windows a scene may show at once (a trap past it; `Int.max`: no limit).
    var visibleWindowLimit: Int { get }
    /// K3: `makeKeyAndVisible` on a visible window brings it to the front.
    var makeKeyAndVisibleRaises: Bool { get }
    /// W6: setting a visible window's level to its current value reorders it (not the rule).
    var sameLevelSetRaises: Bool { get }
    /// W4: a level change of a visible window brings it to the front of its new level.
    var levelChangeRaises: Bool { get }
    /// A level change updates the window's z-key in the index.
    var levelChangeUpdatesZKey: Bool { get }
    /// K4: key status passes to a successor when the key window leaves.
    var keyPassesToSuccessor: Bool { get }
    /// K4: the successor is a visible window.
    var successorMustBeVisible: Bool { get }
    /// N2: in a hand-over, `didResignKey` is posted before `didBecomeKey`.
    var resignPostedFirst: Bool { get }
    // Scene moves (M1-M3) and screens (D2, D3).
    /// M1: a moved visible window goes in front of its level in the new scene.
    var movedWindowGoesInFront: Bool { get }
    /// M2: a moved window's key-history entries end.
    var moveClearsKeyHistory: Bool { get }
    /// M3: moving a window cancels its touches.
    var moveCancelsTouches: Bool { get }
    /// D2: placing a scene on another screen cancels its touches.
    var placeCancelsTouches: Bool { get }
    /// D3: disconnecting a screen cancels its scenes' touches.
    var disconnectCancelsTouches: Bool { get }
    /// D3: a scene's key window resigns when its screen disconnects.
    var disconnectResignsKey: Bool { get }
    /// D3: a hidden key window resigns too.
    var disconnectResignsHiddenKey: Bool { get }
    /// D3: a disconnected scene's key history ends.
    var disconnectClearsKeyHistory: Bool { get }
    /// D3: a disconnected scene's windows are hidden front to back.
    var disconnectHidesFrontToBack: Bool { get }
    /// D3: a disconnected screen's scenes go to `main`.
    var disconnectMovesScenesToMain: Bool { get }
}

/// The rules as SEMANTICS.md states them: the behaviour of the shipped engine.
package struct ShippedBehavior: EngineBehavior {
    package init() {}
    package var maxEdgesOutside: Bool { true }
    package func isHittable(alpha: Double) -> Bool { alpha >= 0.01 }
    package var hiddenHidesSubviews: Bool { true }
    package var hitTestAddsBoundsOrigin: Bool { true }
    package var passthroughDropsRootView: Bool { true }
    package var passthroughDropsWindowItself: Bool { false }
    package var transformCentre: Double { 0.5 }
    package var inverseInRuleOrder: Bool { true }
    package var outwardAddsTranslation: Bool { true }
    package var singleTouchHoldsOne: Bool { true }
    package var exclusiveWithholdsOthers: Bool { true }
    package var exclusiveCountsOwnWindowOnly: Bool { true }
    package var hideCancelsTouches: Bool { true }
    package var removeCancelsTouches: Bool { true }
    package var digitIDsOrderedByValue: Bool { true }
    package var reorderKeepsSiblingOrder: Bool { true }
    package var rootFollowsResize: Bool { true }
    package var resizeRefreshesBox: Bool { true }
    package var transformRefreshesBox: Bool { true }
    package var boxFollowsTransform: Bool { true }
    package var shownWindowGoesInFront: Bool { true }
    package var visibleWindowLimit: Int { .max }
    package var makeKeyAndVisibleRaises: Bool { true }
    package var sameLevelSetRaises: Bool { false }
    package var levelChangeRaises: Bool { true }
    package var levelChangeUpdatesZKey: Bool { true }
    package var keyPassesToSuccessor: Bool { true }
    package var successorMustBeVisible: Bool { true }
    package var resignPostedFirst: Bool { true }
    package var movedWindowGoesInFront: Bool { true }
    package var moveClearsKeyHistory: Bool { true }
    package var moveCancelsTouches: Bool { true }
    package var placeCancelsTouches: Bool { true }
    package var disconnectCancelsTouches: Bool { true }
    package var disconnectResignsKey: Bool { true }
    package var disconnectResignsHiddenKey: Bool { true }
    package var disconnectClearsKeyHistory: Bool { true }
    package var disconnectHidesFrontToBack: Bool { true }
    package var disconnectMovesScenesToMain: Bool { true }
}
