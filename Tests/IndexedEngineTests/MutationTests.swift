import IndexedEngine
import IndexedEngineMutants
import Testing
import WindowModel

/// Every mutant is reachable by an ordinary command list: a short script on which
/// it differs from the correct engine, in its observations or in its own
/// consistency check.
@Suite("Mutations are reachable")
struct MutationTests {
    static func script(_ mutation: IndexedEngineMutation) -> [Command] {
        let ab: [Command] = [window("a", 0, 0, 100, 100), window("b", 0, 0, 100, 100)]
        let onTV: [Command] = [.connectScreen(name: "tv", size: Size(100, 100)),
                               .placeScene(scene: mainSceneName, screen: "tv")]
        switch mutation {
        case .maxEdgeInclusive:
            return [window("a", 0, 0, 100, 100), .show(window: "a"), hit(100, 50)]
        case .alphaThresholdInclusive:
            return [window("a", 0, 0, 100, 100), .show(window: "a"), .setAlpha(target: "a.root", alpha: 0.01), hit(5, 5)]
        case .ignorePassthrough:
            return [window("a", 0, 0, 100, 100), .show(window: "a"), .setPassthrough(window: "a", enabled: true), hit(5, 5)]
        case .passthroughAlsoWindowItself:
            return [window("a", 0, 0, 100, 100, root: false), .show(window: "a"),
                    .setPassthrough(window: "a", enabled: true), hit(5, 5)]
        case .sameLevelNewGoesBehind:
            return ab + [.show(window: "a"), .show(window: "b"), order]
        case .makeKeyAndVisibleNoRaise:
            return ab + [.show(window: "a"), .show(window: "b"), .makeKeyAndVisible(window: "a"), order]
        case .levelChangeNoRaise:
            return [window("a", 0, 0, 100, 100), window("b", 0, 0, 100, 100, level: 5), .show(window: "a"),
                    .show(window: "b"), .setLevel(window: "a", level: 5), order]
        case .sameLevelSetReorders:
            return ab + [.show(window: "a"), .show(window: "b"), .setLevel(window: "a", level: 0), order]
        case .forgetKeySuccessor:
            return ab + [.makeKeyAndVisible(window: "a"), .makeKeyAndVisible(window: "b"), .hide(window: "b")]
        case .successorIgnoresVisibility:
            return ab + [.makeKeyAndVisible(window: "a"), .makeKeyAndVisible(window: "b"), .hide(window: "a"), .hide(window: "b")]
        case .noCancelOnHide:
            return [window("a", 0, 0, 100, 100), .show(window: "a"), began("1", 5, 5), .hide(window: "a")]
        case .noCancelOnRemove:
            return [window("a", 0, 0, 100, 100), view("v", in: "a", 0, 0, 10, 10), .show(window: "a"),
                    began("1", 5, 5), .remove(view: "v")]
        case .staleIndexAfterResize:
            return [window("a", 0, 0, 100, 100), .show(window: "a"), .setFrame(target: "a", frame: Rect(200, 200, 100, 100)),
                    hit(250, 250)]
        case .wrongZAfterLevelChange:
            return ab + [.show(window: "a"), .show(window: "b"), .setLevel(window: "a", level: 5), hit(5, 5)]
        case .swappedNotificationOrder:
            return ab + [.makeKey(window: "a"), .makeKey(window: "b")]
        case .hiddenAncestorIgnored:
            return [window("a", 0, 0, 100, 100), view("p", in: "a", 0, 0, 50, 50), view("c", in: "p", 0, 0, 10, 10),
                    .show(window: "a"), .setHidden(target: "p", hidden: true), hit(5, 5)]
        case .boundsOriginIgnoredInHitTest:
            return [window("a", 0, 0, 100, 100), view("v", in: "a", 0, 0, 10, 10), .show(window: "a"),
                    .setBoundsOrigin(target: "a", origin: Point(50, 50)), hit(5, 5)]
        case .rootViewDoesNotFollowResize:
            return [window("a", 0, 0, 100, 100), .show(window: "a"), .setFrame(target: "a", frame: Rect(0, 0, 200, 200)),
                    hit(150, 150)]
        case .transformAboutOrigin, .inverseAsPrecomputedMatrix:
            return [window("a", 0, 0, 100, 100, root: false), .show(window: "a"),
                    .setTransform(target: "a", transform: ViewTransform(3, 0, 0, 3, 0, 0)), hit(0.30000000000000004, 7.3)]
        case .outwardDropsTranslation:
            return [window("a", 0, 0, 100, 100), .setTransform(target: "a", transform: ViewTransform(1, 0, 0, 1, 5, 5)),
                    .convert(point: Point(0, 0), from: .named("a"), to: .screen)]
        case .boxIgnoresTransform, .staleBoxAfterTransform:
            return [window("a", 0, 0, 200, 20), .show(window: "a"),
                    .setTransform(target: "a", transform: ViewTransform(0, 1, -1, 0, 0, 0)), hit(100, 100)]
        case .touchIDsAsMachineIntegers:
            return [window("a", 0, 0, 100, 100), .show(window: "a"), began("1", 5, 5),
                    began("18446744073709551616", 6, 6), .hide(window: "a")]
        case .reorderSwapsSiblings:
            return [window("a", 0, 0, 100, 100), view("v", in: "a", 0, 0, 10, 10), view("p", in: "a", 0, 0, 50, 50),
                    view("q", in: "a", 0, 0, 50, 50), .show(window: "a"), .bringToFront(view: "v"), hit(20, 20)]
        case .singleTouchIgnored:
            return [window("a", 0, 0, 100, 100), .show(window: "a"), .setMultipleTouch(target: "a.root", enabled: false),
                    began("1", 5, 5), began("2", 6, 6)]
        case .exclusiveDoesNotBlock:
            return [window("a", 0, 0, 100, 100), view("v", in: "a", 0, 0, 10, 10), .show(window: "a"),
                    .setExclusiveTouch(target: "v", enabled: true), began("1", 5, 5), began("2", 50, 50)]
        case .exclusiveCountsOtherWindows:
            return [window("a", 0, 0, 100, 100), window("b", 200, 0, 100, 100), .show(window: "a"), .show(window: "b"),
                    .setExclusiveTouch(target: "b.root", enabled: true), began("1", 5, 5), began("2", 205, 5)]
        case .movedWindowGoesBehind:
            return [.createScene(name: "s", size: Size(100, 100)), window("a", 0, 0, 100, 100),
                    window("b", 0, 0, 100, 100, scene: "s"), .show(window: "a"), .show(window: "b"),
                    .moveWindow(window: "a", scene: "s"), .order(scene: "s")]
        case .moveKeepsKeyHistory:
            return [.createScene(name: "s", size: Size(100, 100)), window("a", 0, 0, 100, 100), window("b", 0, 0, 100, 100),
                    window("c", 0, 0, 100, 100), .makeKeyAndVisible(window: "a"), .makeKeyAndVisible(window: "b"),
                    .makeKeyAndVisible(window: "c"), .moveWindow(window: "b", scene: "s"),
                    .moveWindow(window: "b", scene: mainSceneName), .hide(window: "c")]
        case .moveKeepsTouches:
            return [.createScene(name: "s", size: Size(100, 100)), window("a", 0, 0, 100, 100), .show(window: "a"),
                    began("1", 5, 5), .moveWindow(window: "a", scene: "s")]
        case .placeKeepsTouches:
            return [.connectScreen(name: "tv", size: Size(100, 100)), window("a", 0, 0, 100, 100), .show(window: "a"),
                    began("1", 5, 5), .placeScene(scene: mainSceneName, screen: "tv")]
        case .disconnectKeepsTouches:
            return onTV + [window("a", 0, 0, 100, 100), .show(window: "a"), began("1", 5, 5), .disconnectScreen(name: "tv")]
        case .disconnectKeepsKey:
            return onTV + [window("a", 0, 0, 100, 100), .makeKeyAndVisible(window: "a"), .disconnectScreen(name: "tv"),
                           .keyWindow(scene: mainSceneName)]
        case .disconnectSkipsHiddenKey:
            return onTV + [window("a", 0, 0, 100, 100), .makeKey(window: "a"), .disconnectScreen(name: "tv")]
        case .disconnectKeepsKeyHistory:
            return onTV + ab + [.makeKeyAndVisible(window: "a"), .makeKeyAndVisible(window: "b"),
                                .disconnectScreen(name: "tv"), .show(window: "a"), .show(window: "b"),
                                .makeKey(window: "b"), .hide(window: "b")]
        case .disconnectHidesBackToFront:
            return onTV + ab + [.show(window: "a"), .show(window: "b"), .disconnectScreen(name: "tv")]
        case .disconnectedScenesStayOnScreen:
            return onTV + [window("a", 0, 0, 100, 100), .disconnectScreen(name: "tv"), .show(window: "a"),
                           began("1", 5, 5), .placeScene(scene: mainSceneName, screen: mainScreenName)]
        case .trapWithManyWindows:
            return []   // it traps: CheckSupervisionTests runs it in a supervised check
        }
    }

    /// Observation lines, then any invariant violation, after each command.
    static func trace(_ system: any WindowSystem, _ commands: [Command]) -> [String] {
        commands.flatMap { command in
            system.apply(command).map(\.description) + system.invariantViolations().map { "violation: \($0)" }
        }
    }

    @Test("there are at least 14 mutations, and at least 8 of them in the issue-15 rule groups (A, M, T7, T8, D)")
    func enough() {
        #expect(IndexedEngineMutation.allCases.count >= 14)
        let deeper: [IndexedEngineMutation] = [
            .transformAboutOrigin, .inverseAsPrecomputedMatrix, .outwardDropsTranslation, .boxIgnoresTransform,
            .staleBoxAfterTransform, .singleTouchIgnored, .exclusiveDoesNotBlock, .exclusiveCountsOtherWindows,
            .movedWindowGoesBehind, .moveKeepsKeyHistory, .moveKeepsTouches,
            .placeKeepsTouches, .disconnectKeepsTouches, .disconnectKeepsKey, .disconnectSkipsHiddenKey,
            .disconnectKeepsKeyHistory, .disconnectHidesBackToFront, .disconnectedScenesStayOnScreen,
        ]
        #expect(deeper.count >= 8 && Set(deeper).isSubset(of: Set(IndexedEngineMutation.allCases)))
    }

    @Test("each mutant differs from the engine on its script", arguments: IndexedEngineMutation.inProcessCases)
    func reachable(mutation: IndexedEngineMutation) {
        let commands = Self.script(mutation)
        let correct = Self.trace(IndexedWindowSystem(), commands)
        let mutant = Self.trace(mutation.engine(), commands)
        #expect(!correct.contains { $0.hasPrefix("violation") }, "\(correct)")
        #expect(correct != mutant, "\(mutation.rawValue) behaves correctly on its script: \(correct)")
    }

    @Test("the shipped engine is the engine with the shipped behaviour, and each mutant breaks one of its decisions")
    func shippedEngineIsTheRules() {
        for mutation in IndexedEngineMutation.inProcessCases {
            let commands = Self.script(mutation)
            let variant = IndexedEngineVariant(behavior: ShippedBehavior(), name: "indexed")
            #expect(Self.trace(IndexedWindowSystem(), commands) == Self.trace(variant, commands))
        }
    }
}
