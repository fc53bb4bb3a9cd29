import IndexedEngine
import WindowModel

/// Deliberately wrong behaviours of the indexed engine, one per case, for testing
/// that the differential harness has teeth. Each flips one decision of
/// ``EngineBehavior`` (see ``MutantBehavior``); the shipped `IndexedWindowSystem`
/// runs with ``ShippedBehavior`` and knows nothing of them.
package enum IndexedEngineMutation: String, CaseIterable, Sendable {
    /// G2: the maximum edges of a bounds rectangle count as inside (`x <= maxX`).
    case maxEdgeInclusive
    /// H2: alpha exactly 0.01 is not hittable (`alpha <= 0.01` answers nil).
    case alphaThresholdInclusive
    /// T2: pass-through windows keep hits on their root view.
    case ignorePassthrough
    /// T2: pass-through windows also answer nil when the hit is the window itself.
    case passthroughAlsoWindowItself
    /// W4: a window becoming visible goes behind the others of its level.
    case sameLevelNewGoesBehind
    /// K3: `makeKeyAndVisible` on a visible window does not bring it to the front.
    case makeKeyAndVisibleNoRaise
    /// W4: a level change of a visible window keeps its place within the new level.
    case levelChangeNoRaise
    /// W6: setting a visible window's level to its current value brings it to the front.
    case sameLevelSetReorders
    /// K4: hiding or releasing the key window leaves the scene with no key window.
    case forgetKeySuccessor
    /// K4: the successor may be a hidden window.
    case successorIgnoresVisibility
    /// T5: hiding a window does not cancel its touches.
    case noCancelOnHide
    /// T5 / V3: removing a view does not cancel touches bound to its subtree.
    case noCancelOnRemove
    /// Index: a window's frame change does not update its box in the tree.
    case staleIndexAfterResize
    /// Index: a level change does not update the window's z-key in the tree.
    case wrongZAfterLevelChange
    /// N2: in a key hand-over, `didBecomeKey` is posted before `didResignKey`.
    case swappedNotificationOrder
    /// H4: a hidden view's subviews can still be hit.
    case hiddenAncestorIgnored
    /// G4: hit testing converts points without adding the bounds origin.
    case boundsOriginIgnoredInHitTest
    /// W8: the root view keeps its size when the window's frame changes.
    case rootViewDoesNotFollowResize
    /// A2: a transform applies about the frame origin instead of the bounds centre.
    case transformAboutOrigin
    /// A3: the inverse is a precomputed matrix (`ex * (d / det)`), not A3's order.
    case inverseAsPrecomputedMatrix
    /// A4: conversion out of a transformed view drops the translation.
    case outwardDropsTranslation
    /// Index: a transformed window's box is its untransformed frame.
    case boxIgnoresTransform
    /// Index: setting a window's transform does not refresh its box.
    case staleBoxAfterTransform
    /// T5: cancelled digit ids are ordered as 64-bit integers, which wrap: the id
    /// `18446744073709551616` (2^64) sorts as 0, before `1` (an engine that reads ids
    /// with `strtoull` or a `UInt64` field).
    case touchIDsAsMachineIntegers
    /// V2: `front v` swaps `v` with the front-most sibling, `back v` with the back-most,
    /// so the sibling swapped moves to `v`'s place.
    case reorderSwapsSiblings
    /// T7: a single-touch view takes a second touch.
    case singleTouchIgnored
    /// T8: an exclusive view that is tracking does not withhold other views' touches.
    case exclusiveDoesNotBlock
    /// T8: touches in other windows count against an exclusive view.
    case exclusiveCountsOtherWindows
    /// M1: a visible moved window goes to the back of its level in the new scene.
    case movedWindowGoesBehind
    /// M2: a moved window's old key-history entries stay live.
    case moveKeepsKeyHistory
    /// M3: moving a window does not cancel its touches.
    case moveKeepsTouches
    /// D2: placing a scene on another screen does not cancel its touches.
    case placeKeepsTouches
    /// D3: disconnecting a screen does not cancel its scenes' touches.
    case disconnectKeepsTouches
    /// D3: a scene's key window keeps key status when its screen disconnects.
    case disconnectKeepsKey
    /// D3: only a visible key window resigns when its screen disconnects.
    case disconnectSkipsHiddenKey
    /// D3: a disconnected scene's key history stays, so succession can find it later.
    case disconnectKeepsKeyHistory
    /// D3: the windows of a disconnected scene are hidden back to front.
    case disconnectHidesBackToFront
    /// D3: a disconnected screen's scenes stay on it instead of going to `main`.
    case disconnectedScenesStayOnScreen
    /// A trap: showing a window when 40 are already visible in its scene stops the
    /// process (a failed precondition), as a crash bug only big states reach would.
    /// Only a supervised `windowlab check` can survive it, so the in-process suites
    /// leave it out (``inProcessCases``).
    case trapWithManyWindows

    /// The mutants an in-process test can run (those that do not trap).
    package static var inProcessCases: [IndexedEngineMutation] { allCases.filter { $0 != .trapWithManyWindows } }
}

extension IndexedEngineMutation {
    /// The indexed engine with this one decision wrong.
    package func engine() -> IndexedEngineVariant<MutantBehavior> {
        IndexedEngineVariant(behavior: MutantBehavior(self), name: "indexed")
    }

    /// The indexed engine with each of `mutations` wrong at once.
    package static func engine(_ mutations: Set<IndexedEngineMutation>) -> IndexedEngineVariant<MutantBehavior> {
        IndexedEngineVariant(behavior: MutantBehavior(mutations), name: "indexed")
    }
}
