import IndexedEngine

/// ``ShippedBehavior`` with the decision of one mutant wrong, or of several at once
/// (an engine with many bugs, as real ones have).
package struct MutantBehavior: EngineBehavior {
    package let mutants: Set<IndexedEngineMutation>
    private let rules = ShippedBehavior()

    package init(_ mutant: IndexedEngineMutation) { mutants = [mutant] }
    package init(_ mutants: Set<IndexedEngineMutation>) { self.mutants = mutants }

    /// Whether `mutation` is among this behaviour's.
    private func has(_ mutation: IndexedEngineMutation) -> Bool { mutants.contains(mutation) }

    /// The rule's answer, or its opposite for the mutant that breaks it.
    private func rule(_ value: Bool, brokenBy breaker: IndexedEngineMutation) -> Bool {
        has(breaker) ? !value : value
    }

    package var maxEdgesOutside: Bool { rule(rules.maxEdgesOutside, brokenBy: .maxEdgeInclusive) }
    package func isHittable(alpha: Double) -> Bool {
        has(.alphaThresholdInclusive) ? alpha > 0.01 : rules.isHittable(alpha: alpha)
    }
    package var hiddenHidesSubviews: Bool { rule(rules.hiddenHidesSubviews, brokenBy: .hiddenAncestorIgnored) }
    package var hitTestAddsBoundsOrigin: Bool { rule(rules.hitTestAddsBoundsOrigin, brokenBy: .boundsOriginIgnoredInHitTest) }
    package var passthroughDropsRootView: Bool { rule(rules.passthroughDropsRootView, brokenBy: .ignorePassthrough) }
    package var passthroughDropsWindowItself: Bool {
        rule(rules.passthroughDropsWindowItself, brokenBy: .passthroughAlsoWindowItself)
    }
    package var transformCentre: Double { has(.transformAboutOrigin) ? 0 : rules.transformCentre }
    package var inverseInRuleOrder: Bool { rule(rules.inverseInRuleOrder, brokenBy: .inverseAsPrecomputedMatrix) }
    package var outwardAddsTranslation: Bool { rule(rules.outwardAddsTranslation, brokenBy: .outwardDropsTranslation) }
    package var singleTouchHoldsOne: Bool { rule(rules.singleTouchHoldsOne, brokenBy: .singleTouchIgnored) }
    package var exclusiveWithholdsOthers: Bool { rule(rules.exclusiveWithholdsOthers, brokenBy: .exclusiveDoesNotBlock) }
    package var exclusiveCountsOwnWindowOnly: Bool {
        rule(rules.exclusiveCountsOwnWindowOnly, brokenBy: .exclusiveCountsOtherWindows)
    }
    package var hideCancelsTouches: Bool { rule(rules.hideCancelsTouches, brokenBy: .noCancelOnHide) }
    package var removeCancelsTouches: Bool { rule(rules.removeCancelsTouches, brokenBy: .noCancelOnRemove) }
    package var digitIDsOrderedByValue: Bool { rule(rules.digitIDsOrderedByValue, brokenBy: .touchIDsAsMachineIntegers) }
    package var reorderKeepsSiblingOrder: Bool { rule(rules.reorderKeepsSiblingOrder, brokenBy: .reorderSwapsSiblings) }
    package var rootFollowsResize: Bool { rule(rules.rootFollowsResize, brokenBy: .rootViewDoesNotFollowResize) }
    package var resizeRefreshesBox: Bool { rule(rules.resizeRefreshesBox, brokenBy: .staleIndexAfterResize) }
    package var transformRefreshesBox: Bool { rule(rules.transformRefreshesBox, brokenBy: .staleBoxAfterTransform) }
    package var boxFollowsTransform: Bool { rule(rules.boxFollowsTransform, brokenBy: .boxIgnoresTransform) }
    package var shownWindowGoesInFront: Bool { rule(rules.shownWindowGoesInFront, brokenBy: .sameLevelNewGoesBehind) }
    /// A trap: showing a window when 40 are visible in its scene stops the process.
    package var visibleWindowLimit: Int { has(.trapWithManyWindows) ? 40 : rules.visibleWindowLimit }
    package var makeKeyAndVisibleRaises: Bool { rule(rules.makeKeyAndVisibleRaises, brokenBy: .makeKeyAndVisibleNoRaise) }
    package var sameLevelSetRaises: Bool { rule(rules.sameLevelSetRaises, brokenBy: .sameLevelSetReorders) }
    package var levelChangeRaises: Bool { rule(rules.levelChangeRaises, brokenBy: .levelChangeNoRaise) }
    package var levelChangeUpdatesZKey: Bool { rule(rules.levelChangeUpdatesZKey, brokenBy: .wrongZAfterLevelChange) }
    package var keyPassesToSuccessor: Bool { rule(rules.keyPassesToSuccessor, brokenBy: .forgetKeySuccessor) }
    package var successorMustBeVisible: Bool { rule(rules.successorMustBeVisible, brokenBy: .successorIgnoresVisibility) }
    package var resignPostedFirst: Bool { rule(rules.resignPostedFirst, brokenBy: .swappedNotificationOrder) }
    package var movedWindowGoesInFront: Bool { rule(rules.movedWindowGoesInFront, brokenBy: .movedWindowGoesBehind) }
    package var moveClearsKeyHistory: Bool { rule(rules.moveClearsKeyHistory, brokenBy: .moveKeepsKeyHistory) }
    package var moveCancelsTouches: Bool { rule(rules.moveCancelsTouches, brokenBy: .moveKeepsTouches) }
    package var placeCancelsTouches: Bool { rule(rules.placeCancelsTouches, brokenBy: .placeKeepsTouches) }
    package var disconnectCancelsTouches: Bool { rule(rules.disconnectCancelsTouches, brokenBy: .disconnectKeepsTouches) }
    package var disconnectResignsKey: Bool { rule(rules.disconnectResignsKey, brokenBy: .disconnectKeepsKey) }
    package var disconnectResignsHiddenKey: Bool {
        rule(rules.disconnectResignsHiddenKey, brokenBy: .disconnectSkipsHiddenKey)
    }
    package var disconnectClearsKeyHistory: Bool {
        rule(rules.disconnectClearsKeyHistory, brokenBy: .disconnectKeepsKeyHistory)
    }
    package var disconnectHidesFrontToBack: Bool {
        rule(rules.disconnectHidesFrontToBack, brokenBy: .disconnectHidesBackToFront)
    }
    package var disconnectMovesScenesToMain: Bool {
        rule(rules.disconnectMovesScenesToMain, brokenBy: .disconnectedScenesStayOnScreen)
    }
}
