import DifferentialHarness
import IndexedEngineMutants
import Lockstep
import ScenarioLanguage
import Testing
import WindowLabTestSupport
import WindowModel

@Suite("Finding signatures")
struct SignatureTests {
    static let examples: [FindingSignature] = [
        FindingSignature(command: "hit", difference: .observation(.hit, .view),
                         outcomes: [.h2AlphaExactlyHundredth, .a3HitThroughTransform]),
        FindingSignature(command: "setFrame", difference: .state(.order)),
        FindingSignature(command: "show", difference: .invariants(engine: "indexed-2")),
        FindingSignature(command: "convert", difference: .fault(.crash, engine: "my engine")),
        FindingSignature(command: "show", difference: .observation(.notify, .missing)),
        .nondeterministic,
    ]

    @Test("a signature's text reads back to the same signature", arguments: examples)
    func roundTrip(signature: FindingSignature) {
        #expect(FindingSignature(text: signature.text) == signature)
    }

    @Test("the text names the command, what differed and the reference's outcomes")
    func text() {
        // A target's window or view are one part of it in a signature (its point is another).
        #expect(Self.examples[0].text == "hit observations hit/target [h2AlphaExactlyHundredth a3HitThroughTransform]")
        #expect(Self.examples[1].text == "setFrame state order")
        #expect(Self.examples[3].text == "convert crash of my engine")
    }

    @Test("without an outcome left, how the other engine's answer stood to the reference's names the group")
    func relationWhenNoOutcome() {
        let ordinary = FindingSignature(command: "hit", difference: .observation(.hit, .view),
                                        outcomes: [.h3SubviewAnswers], relation: .backSibling)
        #expect(ordinary.text == "hit observations hit/backSibling")
        #expect(FindingSignature(text: ordinary.text) == ordinary)
        // An outcome that says something wins over the relation.
        let edge = FindingSignature(command: "hit", difference: .observation(.hit, .window),
                                    outcomes: [.g2MaximumEdgeOutside], relation: .front)
        #expect(edge.text == "hit observations hit/target [g2MaximumEdgeOutside]")
        // K1's branches are where the key window was, not what was decided: a press names the relation.
        let press = FindingSignature(command: "press", difference: .observation(.press, .window),
                                     outcomes: [.k1PressToHiddenKeyWindow], relation: .front)
        #expect(press.text == "press observations press/front")
    }

    @Test("outcomes of rules that cannot decide what differed, and circumstances beside a decision, are left out")
    func relevanceAndCircumstances() {
        // A changed order is not a notification's or a press's matter.
        let order = FindingSignature(command: "show", difference: .state(.order),
                                     outcomes: [.w4ShownFrontOfLevel, .n2ResignThenBecomeKey, .k3ShowsHiddenWindow])
        #expect(order.outcomes == [.w4ShownFrontOfLevel])
        // A level's name only describes the case beside W4's decision; alone it stays.
        let named = FindingSignature(command: "setLevel", difference: .state(.order),
                                     outcomes: [.w2LevelNormal, .w4LevelChangeOfVisibleFront])
        #expect(named.outcomes == [.w4LevelChangeOfVisibleFront])
        #expect(FindingSignature(command: "setLevel", difference: .state(.order), outcomes: [.w2LevelNormal]).outcomes
                == [.w2LevelNormal])
        // A zero's sign is G1's wherever it shows, beside what else the step decided: an
        // ended touch left unconverted where the conversion moves nothing is a richer
        // case of the same touch's point left unconverted elsewhere.
        let zero = FindingSignature(command: "touchEnded", difference: .observation(.touch, .signedZero),
                                    outcomes: [.t3EndedToBoundView])
        #expect(zero.outcomes == [.g1NegativeZeroUsed, .t3MovedToBoundView])
        let point = FindingSignature(command: "touchEnded", difference: .observation(.touch, .point),
                                     outcomes: [.t3EndedToBoundView])
        #expect(zero.isRicherCase(of: point) && zero.showsCause(of: point) && !point.isRicherCase(of: zero))
        #expect(FindingSignature(command: "hit", difference: .observation(.hit, .signedZero)).outcomes
                == [.g1NegativeZeroUsed])
        // A released hidden key window's hand-over is a branch of its own (W7): it stays
        // beside the hand-over; a richer case of the hand-over where the same part differs,
        // not where the successor's notification is missing instead of naming another window.
        let released = FindingSignature(command: "release", difference: .observation(.notify, .window),
                                        outcomes: [.w7ReleaseHidden, .k4SuccessorFromHistory])
        #expect(released.outcomes == [.w7ReleaseHidden, .k4SuccessorFromHistory])
        let handOver = FindingSignature(command: "hide", difference: .observation(.notify, .window),
                                        outcomes: [.k4SuccessorFromHistory])
        let noSuccessor = FindingSignature(command: "release", difference: .observation(.notify, .missing),
                                           outcomes: [.w7ReleaseHidden, .k4SuccessorFromHistory])
        #expect(released.isRicherCase(of: handOver))
        #expect(!noSuccessor.isRicherCase(of: handOver) && !noSuccessor.showsCause(of: handOver))
    }

    @Test("N2's order names a notification difference only where the engine posted the same lines in another order")
    func notificationOrder() throws {
        let scenario = try ScenarioParser().parse("""
            window w0 frame 0 0 100 100 root
            window w1 frame 0 0 100 100 root
            makeKeyAndVisible w0
            makeKeyAndVisible w1
            hide w1
            """, file: "n").commands
        func divergence(_ mutant: IndexedEngineMutation) throws -> Divergence {
            try #require(DifferentialRunner.run(scenario, engines: [TestEngines.reference, TestEngines.mutants([mutant])])
                .divergence)
        }
        let swapped = try divergence(.swappedNotificationOrder)
        let forgot = try divergence(.forgetKeySuccessor)
        #expect(swapped.outcomes.contains { $0.rule == "N2" }, "\(swapped.outcomes)")
        #expect(!forgot.outcomes.contains { $0.rule == "N2" }, "\(forgot.outcomes)")
        #expect(forgot.outcomes.contains { $0.rule == "K4" }, "\(forgot.outcomes)")
    }

    @Test("a window behind the reference's answer that the reference would not answer at all names why it answered")
    func behindButUnanswerable() throws {
        // Shown behind where it should come in front, a window's maximum edge counted in.
        let engine = TestEngines.mutants([.maxEdgeInclusive, .sameLevelNewGoesBehind])
        // The last divergence of a window at x 0-100 and one shown after it at `x` (0 50 wide), hit at `hitX`.
        func lastDivergence(x: Int, hitX: Int) throws -> Divergence {
            let commands = try ScenarioParser().parse(
                "window w2 frame 0 0 100 100\nshow w2\nwindow w8 frame \(x) 0 50 50 root\nshow w8\nhit \(hitX) 10\n",
                file: "b").commands
            return try #require(DifferentialRunner.run(commands, engines: [TestEngines.reference, engine],
                                                       cadence: .everyCommand, continuesAfterDivergence: true).divergences.last)
        }
        let hit = try lastDivergence(x: 100, hitX: 100)
        #expect(hit.relation == .behind)
        #expect(hit.signature.outcomes.contains(.g2MaximumEdgeOutside), "\(hit.signature)")
        let edge = FindingSignature(command: "hit", difference: .observation(.hit, .window), outcomes: [.g2MaximumEdgeOutside])
        #expect(hit.signature.isRicherCase(of: edge))
        // Behind a window it only missed (both answer the point), the reference's window alone names it.
        let only = try lastDivergence(x: 50, hitX: 60)
        #expect(!only.signature.outcomes.contains(.g2MaximumEdgeOutside), "\(only.signature)")
    }

    @Test("an answer inside or around the reference's, in one window, is named by the branch between them: not by the alphas above it nor the siblings in front")
    func branchBetweenAnswers() throws {
        func divergence(_ lines: String, _ mutant: IndexedEngineMutation) throws -> Divergence {
            let commands = try ScenarioParser().parse(lines, file: "d").commands
            return try #require(DifferentialRunner.run(commands, engines: [TestEngines.reference, TestEngines.mutants([mutant])])
                .divergence)
        }
        // A root view that keeps its size: the engine answers the window around it.
        let resized = "window w4 frame 0 0 10 10 root\nshow w4\nset w4 frame 0 0 10 30\n"
        let plain = try divergence(resized + "hit 5 20\n", .rootViewDoesNotFollowResize)
        let translucent = try divergence(resized + "set w4 alpha 0.5\nhit 5 20\n", .rootViewDoesNotFollowResize)
        let skippedSibling = try divergence(resized + "view v1 in w4 frame 0 0 10 30\nset v1 alpha 0.005\nhit 5 20\n",
                                            .rootViewDoesNotFollowResize)
        #expect(plain.relation == .ancestor)
        #expect(plain.signature.text == "hit observations hit/ancestor", "\(plain.signature)")
        #expect(translucent.signature == plain.signature, "\(translucent.signature)")
        #expect(skippedSibling.signature == plain.signature, "\(skippedSibling.signature)")
        // Kept taller instead, under a bounds origin both engines applied alike (the points
        // agree): the root answers inside the window, and the conversion above names nothing.
        let taller = try divergence("window w frame 0 0 10 30 root\nshow w\nset w frame 0 0 10 20\nset w origin 0 5\nhit 5 18\n",
                                    .rootViewDoesNotFollowResize)
        #expect(taller.relation == .descendant)
        #expect(taller.signature.text == "hit observations hit/descendant", "\(taller.signature)")
        // A hidden view's subview answered: the hidden branch names it, inside or around.
        let hidden = try divergence("window w frame 0 0 50 50 root\nview v in w.root frame 0 0 50 50\n"
                                    + "view u in v frame 0 0 50 50\nset v hidden on\nshow w\nhit 5 5\n", .hiddenAncestorIgnored)
        #expect(hidden.relation == .descendant)
        #expect(hidden.signature.outcomes.contains(.h1HiddenNil), "\(hidden.signature)")
    }

    @Test("a richer case of a group carries all its outcomes, whatever the command; one cause may differ in the rest")
    func richerCasesAndCauses() {
        let group = FindingSignature(command: "hit", difference: .observation(.hit, .view),
                                     outcomes: [.g4IntoChildThroughBoundsOrigin])
        let touch = FindingSignature(command: "touchEnded", difference: .observation(.touch, .point),
                                     outcomes: [.g4IntoChildThroughBoundsOrigin, .t3EndedToBoundView])
        let convert = FindingSignature(command: "convert", difference: .observation(.convert, .point),
                                       outcomes: [.g4IntoChildThroughBoundsOrigin])
        #expect(touch.isRicherCase(of: group) && convert.isRicherCase(of: group))
        #expect(!group.isRicherCase(of: touch))
        #expect(!group.isRicherCase(of: FindingSignature(command: "hit", difference: .observation(.hit, .view))))
        // Two minimal cases of one pass-through cause, its root view made unhittable two ways.
        let alpha = FindingSignature(command: "hit", difference: .observation(.hit, .presence),
                                     outcomes: [.h1AlphaBelowHundredthNil, .t2KeepsNonRootHit])
        let singular = FindingSignature(command: "hit", difference: .observation(.hit, .presence),
                                        outcomes: [.t2KeepsNonRootHit, .a5SingularUnhittable])
        #expect(singular.showsCause(of: alpha) && !singular.isRicherCase(of: alpha))
        #expect(!singular.showsCause(of: group))
    }

    @Test("shrinking keeps the class of the command and what differed; a simpler command of the class may stand in")
    func shrinkClasses() {
        let began = FindingSignature(command: "touchBegan", difference: .observation(.touch, .view),
                                     outcomes: [.h1HiddenNil])
        let hit = FindingSignature(command: "hit", difference: .observation(.hit, .presence), outcomes: [.h1HiddenNil])
        #expect(began.shrinkClass == hit.shrinkClass && began.sameCause(hit))
        let shown = FindingSignature(command: "makeKeyAndVisible", difference: .state(.order),
                                     outcomes: [.w4ShownFrontOfLevel])
        #expect(shown.shrinkClass == FindingSignature(command: "show", difference: .state(.order)).shrinkClass)
        // Invariants are caught where a (sparse) check fell: the command is not their class.
        #expect(FindingSignature(command: "show", difference: .invariants(engine: "e")).shrinkClass
                == FindingSignature(command: "hide", difference: .invariants(engine: "e")).shrinkClass)
        // Drifting to another cause that differs the same way is not the same cause; losing
        // circumstances is.
        let other = FindingSignature(command: "hit", difference: .observation(.hit, .view), outcomes: [.h1InteractionOffNil])
        #expect(!hit.sameCause(other))
        #expect(hit.sameCause(FindingSignature(command: "hit", difference: .observation(.hit, .view))))
    }

    @Test("the right view at another point is not folded into the target: it is another difference")
    func pointStaysPoint() {
        let point = FindingSignature(command: "hit", difference: .observation(.hit, .point),
                                     outcomes: [.a3HitThroughTransform])
        #expect(point.text == "hit observations hit/point [a3HitThroughTransform]")
        let view = FindingSignature(command: "hit", difference: .observation(.hit, .view),
                                    outcomes: [.a3HitThroughTransform])
        #expect(view.text == "hit observations hit/target [a3HitThroughTransform]")
    }

    @Test("outcomes on every route's ordinary path are left out, so they split no group")
    func ordinaryOutcomesLeftOut() {
        let signature = FindingSignature(command: "hit", difference: .observation(.hit, .point),
                                         outcomes: [.g2PointInside, .t1FrontMostAnswers, .g4IntoChildThroughBoundsOrigin])
        #expect(signature.outcomes == [.g4IntoChildThroughBoundsOrigin])
        #expect(signature.coarse == FindingSignature(command: "hit", difference: .observation(.hit, .point)))
    }

    @Test("text that is not a signature reads as nil", arguments: ["", "hit", "hit observations hit/nose", "hit state [zzz]"])
    func rejects(text: String) {
        #expect(FindingSignature(text: text) == nil)
    }

    @Test("a finding whose engine wrote colour escapes, a NUL and a very long line still saves as a scenario that parses")
    func hostileEngineTextParses() throws {
        let commands: [Command] = [
            .createWindow(name: "w", scene: mainSceneName, frame: Rect(0, 0, 9, 9), level: 0, withRootView: false),
            .show(window: "w"),
        ]
        var divergence = Divergence(
            commandIndex: 1, command: commands[1],
            summary: "mine failed: garbage `\u{1B}[31mpanic\u{1B}[0m\u{0}` " + String(repeating: "é", count: 5000),
            observations: [("reference", ["notify w didBecomeVisible"]), ("mine", ["\u{1B}[1mbold\u{7}"])],
            difference: .fault(.garbage, engine: "mine"))
        divergence.fault = EngineFault(kind: .garbage, message: "wrote \u{1B}[31m")
        let finding = Finding(caseSeed: 1, originalLength: 2, commands: commands, divergence: divergence)
        let file = FindingFile(finding, engines: [TestEngines.reference])
        let text = file.scenarioText
        #expect(text.contains("U+001B[31mpanic"))
        let parsed = try ScenarioParser().parse(text, file: "fault-1.wls")
        #expect(Array(parsed.commands.prefix(2)) == commands)
        // The picture is drawn from the file's own statements: the same, on the same lines, as the text reads back.
        #expect(file.scenario.contents == parsed.contents)
        #expect(file.scenario.statements.map(\.line) == parsed.statements.map(\.line))
        #expect(file.kind == .fault && file.stem == "fault-1")
    }
}
