import Foundation
import ReferenceModel
import Testing
import WindowLabTestSupport
@testable import WindowModel

/// The rule outcomes the reference model reports (`RuleOutcome`, `RuleRecorder`):
/// the vocabulary matches SEMANTICS.md, chosen outcomes are recorded exactly when
/// their branch is taken, every outcome can be reached, and recording never changes
/// an answer.
@Suite("Rule outcomes")
struct RuleOutcomeTests {
    static func semanticsRuleIDs() throws -> [String] {
        let text = try String(contentsOf: Repository.url("SEMANTICS.md"), encoding: .utf8)
        return RuleCoverageTests.ruleIDs(in: text)
    }

    // MARK: The vocabulary

    @Test("every rule of SEMANTICS.md has a rule outcome, and every outcome names a rule of it, in its order")
    func vocabularyMatchesSemantics() throws {
        let ids = try Self.semanticsRuleIDs()
        #expect(ids.count >= 41, "found only \(ids) in SEMANTICS.md")
        let without = ids.filter { RuleOutcome.outcomes(of: $0).isEmpty }
        #expect(without.isEmpty, "rules with no outcome: \(without.joined(separator: ", "))")
        let unknown = RuleOutcome.allCases.filter { !ids.contains($0.rule) }
        #expect(unknown.isEmpty, "outcomes of rules SEMANTICS.md does not list: \(unknown)")
        // Cases come in SEMANTICS.md order, grouped by rule.
        var rulesInCaseOrder: [String] = []
        for outcome in RuleOutcome.allCases where rulesInCaseOrder.last != outcome.rule {
            rulesInCaseOrder.append(outcome.rule)
        }
        #expect(rulesInCaseOrder == ids, "outcomes are not grouped by rule in SEMANTICS.md order")
    }

    @Test("the catalogue has exactly one entry per case, and no two outcomes share a rule and branch")
    func catalogueIsOnePerCase() {
        #expect(RuleOutcome.catalogue.count == RuleOutcome.allCases.count)
        #expect(RuleOutcome.allCases.map(\.rawValue) == Array(0..<RuleOutcome.allCases.count))
        var seen: Set<String> = []
        for outcome in RuleOutcome.allCases {
            let key = "\(outcome.rule): \(outcome.branch)"
            #expect(seen.insert(key).inserted, "two outcomes share \(key)")
            #expect(!outcome.branch.isEmpty && outcome.branch.count <= 80, "\(outcome): branch '\(outcome.branch)'")
            // Case names start with their rule id: `h2AlphaExactlyHundredth` is H2's.
            let name = String(describing: outcome)
            #expect(name.hasPrefix(outcome.rule.lowercased()) && name.dropFirst(outcome.rule.count).first?.isUppercase == true,
                    "\(name) is not named after rule \(outcome.rule)")
        }
        #expect(RuleRecorder().counts.count == RuleOutcome.allCases.count)
        #expect(RuleOutcome.outcomes(of: "H2")
                == [.h2AlphaExactlyHundredth, .h2AlphaBetweenZeroAndHundredth, .h2TranslucentHittable])
        #expect(RuleOutcome.outcomes(of: "X1").isEmpty)
    }

    @Test("a recorder counts each outcome it is given and forgets on reset")
    func recorderCounts() {
        let recorder = RuleRecorder()
        recorder.record(.g1SubnormalUsed)
        recorder.record(.g1SubnormalUsed)
        recorder.record(.q3HiddenConverted)
        #expect(recorder.counts[RuleOutcome.g1SubnormalUsed.rawValue] == 2)
        #expect(recorder.counts[RuleOutcome.q3HiddenConverted.rawValue] == 1)
        #expect(recorder.counts.reduce(0, +) == 3)
        recorder.reset()
        #expect(recorder.counts.allSatisfy { $0 == 0 })
    }

    // MARK: Chosen outcomes, recorded exactly when their branch is taken

    /// How often `outcome` is recorded by `probe`, run after `setup` with a fresh
    /// recorder attached (so the count starts at 0).
    static func count(_ outcome: RuleOutcome, setup: String, probe: String,
                      sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        let d = Driver(setup, sourceLocation: sourceLocation)
        let recorder = RuleRecorder()
        d.system.ruleRecorder = recorder
        #expect(recorder.counts[outcome.rawValue] == 0, sourceLocation: sourceLocation)
        d.run(probe, sourceLocation: sourceLocation)
        return recorder.counts[outcome.rawValue]
    }

    @Test("H2: alpha exactly 0.01 is recorded as hittable at 0.01, not at 0.011, nor when the view is skipped first, nor when the point is outside it; 0.5 as translucent")
    func alphaExactlyHundredth() {
        let setup = """
            window w frame 0 0 100 100
            view v in w frame 0 0 50 50
            show w
            """
        #expect(Self.count(.h2AlphaExactlyHundredth, setup: setup + "\nset v alpha 0.01", probe: "hit 10 10") >= 1)
        #expect(Self.count(.h2AlphaExactlyHundredth, setup: setup + "\nset v alpha 0.011", probe: "hit 10 10") == 0)
        // Not compared at all when the view is skipped before its alpha is read.
        #expect(Self.count(.h2AlphaExactlyHundredth,
                           setup: setup + "\nset v alpha 0.01\nset v hidden on", probe: "hit 10 10") == 0)
        #expect(Self.count(.h2AlphaBetweenZeroAndHundredth, setup: setup + "\nset v alpha 0.005", probe: "hit 10 10") >= 1)
        #expect(Self.count(.h2TranslucentHittable, setup: setup + "\nset v alpha 0.5", probe: "hit 10 10") >= 1)
        #expect(Self.count(.h2TranslucentHittable, setup: setup + "\nset v alpha 0.01", probe: "hit 10 10") == 0)
        #expect(Self.count(.h2TranslucentHittable, setup: setup + "\nset v alpha 1", probe: "hit 10 10") == 0)
        #expect(Self.count(.h2AlphaBetweenZeroAndHundredth, setup: setup + "\nset v alpha 0", probe: "hit 10 10") == 0)
        // The alpha decided nothing where the point is outside the view: the window answers either way.
        #expect(Self.count(.h2AlphaExactlyHundredth, setup: setup + "\nset v alpha 0.01", probe: "hit 70 70") == 0)
        #expect(Self.count(.h2AlphaBetweenZeroAndHundredth, setup: setup + "\nset v alpha 0.005", probe: "hit 70 70") == 0)
        #expect(Self.count(.h2TranslucentHittable, setup: setup + "\nset v alpha 0.5", probe: "hit 70 70") == 0)
    }

    @Test("G2: a skipped view's maximum edge is recorded beside the skip, not a point inside it nor outside the closed box")
    func skippedViewsMaximumEdge() {
        let setup = """
            window w frame 0 0 50 50
            show w
            set w interaction off
            """
        #expect(Self.count(.g2MaximumEdgeOutside, setup: setup, probe: "hit 50 10") == 1)
        #expect(Self.count(.g2MaximumEdgeOutside, setup: setup, probe: "hit 10 50") == 1)
        #expect(Self.count(.g2MaximumEdgeOutside, setup: setup, probe: "hit 10 10") == 0)
        #expect(Self.count(.g2MaximumEdgeOutside, setup: setup, probe: "hit 51 10") == 0)
        // A hidden view at its maximum edge, inside its window.
        let view = "window u frame 0 0 100 100\nshow u\nview v in u frame 0 0 50 50\nset v hidden on"
        #expect(Self.count(.g2MaximumEdgeOutside, setup: view, probe: "hit 50 10") == 1)
        #expect(Self.count(.g2MaximumEdgeOutside, setup: view, probe: "hit 49 10") == 0)
    }

    @Test("G2: a point on a zero-size box is on its maximum edges too: recorded beside the zero size, not off the closed box")
    func zeroSizeBoxesMaximumEdge() {
        let setup = "window z frame 10 10 0 0\nshow z"
        #expect(Self.count(.g2ZeroSizeContainsNothing, setup: setup, probe: "hit 10 10") == 1)
        #expect(Self.count(.g2MaximumEdgeOutside, setup: setup, probe: "hit 10 10") == 1)
        #expect(Self.count(.g2MaximumEdgeOutside, setup: setup, probe: "hit 11 10") == 0)
        // A zero-height view: every point of its segment is on its maximum edge.
        let view = "window u frame 0 0 100 100\nshow u\nview v in u frame 0 10 50 0"
        #expect(Self.count(.g2MaximumEdgeOutside, setup: view, probe: "hit 20 10") == 1)
        #expect(Self.count(.g2MaximumEdgeOutside, setup: view, probe: "hit 20 11") == 0)
    }

    @Test("T1: a window with interaction off is recorded as passed where it holds the point and would answer otherwise, not outside it nor when hidden")
    func interactionOffWindowPassed() {
        let setup = """
            window back frame 0 0 100 100
            window w frame 0 0 50 50
            show back
            show w
            set w interaction off
            """
        #expect(Self.count(.t1InteractionOffWindowPassed, setup: setup, probe: "hit 10 10") == 1)
        #expect(Self.count(.t1InteractionOffWindowPassed, setup: setup, probe: "hit 70 70") == 0)
        #expect(Self.count(.t1InteractionOffWindowPassed, setup: setup + "\nset w alpha 0", probe: "hit 10 10") == 0)
        // A view's interaction is H1's own outcome, not this one.
        let view = setup + "\nset w interaction on\nview v in w frame 0 0 20 20\nset v interaction off"
        #expect(Self.count(.t1InteractionOffWindowPassed, setup: view, probe: "hit 10 10") == 0)
    }

    @Test("H4: alpha not multiplied is recorded where a view is hit though its alpha times its ancestors' is below 0.01, and only inside it")
    func alphaNotMultiplied() {
        let setup = """
            window w frame 0 0 100 100
            view v in w frame 0 0 50 50
            view inner in v frame 0 0 20 20
            show w
            """
        let product = setup + "\nset v alpha 0.1\nset inner alpha 0.05"
        #expect(Self.count(.h4AlphaNotMultiplied, setup: product, probe: "hit 10 10") >= 1)
        // The window's alpha counts too: 0.02 * 0.1 on v alone.
        #expect(Self.count(.h4AlphaNotMultiplied, setup: setup + "\nset w alpha 0.02\nset v alpha 0.1", probe: "hit 30 30") >= 1)
        #expect(Self.count(.h4AlphaNotMultiplied, setup: setup + "\nset v alpha 0.5\nset inner alpha 0.5", probe: "hit 10 10") == 0)
        // Outside inner, v answers: its own product (0.1) is hittable either way.
        #expect(Self.count(.h4AlphaNotMultiplied, setup: product, probe: "hit 30 30") == 0)
    }

    @Test("G2: a point on a maximum edge is recorded as outside only when it equals the edge")
    func maximumEdgeOutside() {
        let setup = """
            window w frame 0 0 100 100
            show w
            """
        #expect(Self.count(.g2MaximumEdgeOutside, setup: setup, probe: "hit 100 50") >= 1)
        #expect(Self.count(.g2MaximumEdgeOutside, setup: setup, probe: "hit 50 100") >= 1)
        #expect(Self.count(.g2MaximumEdgeOutside, setup: setup, probe: "hit 99.5 50") == 0)
        #expect(Self.count(.g2MaximumEdgeOutside, setup: setup, probe: "hit 100.5 50") == 0)
        #expect(Self.count(.g2PointOutside, setup: setup, probe: "hit 100.5 50") >= 1)
        #expect(Self.count(.g2MinimumEdgeInside, setup: setup, probe: "hit 0 50") >= 1)
        #expect(Self.count(.g2MinimumEdgeInside, setup: setup, probe: "hit 0.5 50") == 0)
    }

    @Test("T2: a pass-through window's root hit is recorded as becoming nil; not without pass-through")
    func passthroughRootBecomesNil() {
        let setup = """
            window p frame 0 0 100 100 root
            view badge in p frame 60 60 20 20
            show p
            """
        #expect(Self.count(.t2RootHitBecomesNil, setup: setup + "\nset p passthrough on", probe: "hit 10 10") >= 1)
        #expect(Self.count(.t2RootHitBecomesNil, setup: setup, probe: "hit 10 10") == 0)
        #expect(Self.count(.t2RootHitBecomesNil, setup: setup + "\nset p passthrough on", probe: "hit 65 65") == 0)
        #expect(Self.count(.t2KeepsNonRootHit, setup: setup + "\nset p passthrough on", probe: "hit 65 65") >= 1)
    }

    @Test("K4: hiding the key window records a successor from the history; hiding another window does not")
    func successorFromHistory() {
        let setup = """
            window a frame 0 0 100 100
            window b frame 0 0 100 100
            makeKeyAndVisible a
            makeKeyAndVisible b
            """
        #expect(Self.count(.k4SuccessorFromHistory, setup: setup, probe: "hide b") >= 1)
        #expect(Self.count(.k4SuccessorFromHistory, setup: setup, probe: "hide a") == 0)
        #expect(Self.count(.k4NonKeyLeavesKeyUnchanged, setup: setup, probe: "hide a") >= 1)
        #expect(Self.count(.k4SuccessorFromHistory, setup: setup + "\nhide a", probe: "hide b") == 0)
        #expect(Self.count(.k4NoSuccessorNoKey, setup: setup + "\nhide a", probe: "hide b") >= 1)
        // The leaving window itself is passed over on every hand-over; only others count as skipped.
        #expect(Self.count(.k4HistoryEntriesSkipped, setup: setup, probe: "hide b") == 0)
    }

    @Test("T5: removing an ancestor of a touch's view records an ancestor cancellation; removing the view itself does not")
    func cancelledByRemovingAncestor() {
        let setup = """
            window w frame 0 0 100 100
            view p in w frame 0 0 50 50
            view c in p frame 0 0 20 20
            show w
            touch 1 began 5 5
            """
        #expect(Self.count(.t5CancelledByRemovingAncestor, setup: setup, probe: "remove p") >= 1)
        #expect(Self.count(.t5CancelledByRemovingAncestor, setup: setup, probe: "remove c") == 0)
        #expect(Self.count(.t5CancelledByRemovingView, setup: setup, probe: "remove c") >= 1)
        #expect(Self.count(.t5CancelledByRemovingAncestor, setup: setup + "\ntouch 1 ended 5 5", probe: "remove p") == 0)
    }

    @Test("W6: setting a window's level to its current value records no reorder; another value does not")
    func sameLevelNoReorder() {
        let setup = """
            window w frame 0 0 100 100
            window x frame 0 0 100 100
            show w
            show x
            """
        #expect(Self.count(.w6SameLevelNoReorder, setup: setup, probe: "set w level 0") >= 1)
        #expect(Self.count(.w6SameLevelNoReorder, setup: setup, probe: "set w level 1") == 0)
        #expect(Self.count(.w6NegativeZeroSameLevel, setup: setup, probe: "set w level -0") >= 1)
        #expect(Self.count(.w6NegativeZeroSameLevel, setup: setup, probe: "set w level 0") == 0)
        #expect(Self.count(.w4LevelChangeOfVisibleFront, setup: setup, probe: "set w level 0") == 0)
    }

    @Test("N1: only a command that changes nothing records nothing posted")
    func noChangeNothingPosted() {
        let setup = "window w frame 0 0 100 100"
        #expect(Self.count(.n1NoChangeNothingPosted, setup: setup, probe: "hide w") >= 1)
        #expect(Self.count(.n1NoChangeNothingPosted, setup: setup, probe: "show w") == 0)
        #expect(Self.count(.n1NoChangeNothingPosted, setup: setup + "\nshow w", probe: "show w") >= 1)
        #expect(Self.count(.n1NoChangeNothingPosted, setup: setup + "\nmakeKey w", probe: "makeKey w") >= 1)
    }

    // MARK: Every outcome is reachable

    /// Small scripts that together take every branch the model reports.
    static let reachingScripts: [String] = [
        // G1, G3, W1, W2
        """
        window n frame -0 5e-324 1e300 0
        window sb frame 0 0 10 10 level statusBar
        window al frame 0 0 10 10 level alert
        window other frame 0 0 10 10 level 7
        scene flat size 0 0
        """,
        // G2, G4, H1, H3, H5, H6, T6, S1, S2
        """
        window w frame 0 0 100 100
        view v in w frame 10 10 50 50
        view leaf in v frame 0 0 10 10
        show w
        hit 50 50
        hit 0 50
        hit 100 50
        hit 300 300
        set v origin 5 5
        hit 20 20
        convert 1 1 from leaf to screen
        window z frame 0 0 0 10 level 1
        show z
        hit 0 5
        set v hidden on
        hit 20 20
        set v hidden off
        set v interaction off
        hit 20 20
        set v interaction on
        set v alpha 0
        hit 20 20
        scene s size 100 100
        window x in s frame 0 0 500 500
        show x
        hit 300 300 in s
        """,
        // G5, V4, H2, H4
        """
        window w frame 0 0 200 200
        view p in w frame 0 0 50 50
        view c in p frame 40 40 100 100
        show w
        set c alpha 2
        set c alpha -1
        set c alpha 0.5
        hit 60 60
        set p alpha 0.01
        hit 45 45
        set p alpha 0.005
        hit 45 45
        set w alpha 1
        set w frame 0 0 200 200
        set p frame 0 0 50 50
        set p origin 0 0
        set p interaction on
        """,
        // W3, W4, W5, W6
        """
        window lo frame 0 0 10 10
        window hi frame 0 0 10 10 level 1
        window zero frame 0 0 10 10 level -0
        show lo
        show hi
        show zero
        show lo
        makeKeyAndVisible lo
        set lo level 2
        set lo level 2
        set lo level 1
        hide hi
        set hi level 5
        set zero level 0
        """,
        // W7, W8, W9, V3 (root)
        """
        window r frame 0 0 10 10 root
        window n frame 0 0 10 10
        set r frame 0 0 20 20
        set n frame 0 0 20 20
        set r hidden off
        set r hidden on
        show n
        release n
        release r
        window r2 frame 0 0 10 10 root
        remove r2.root
        """,
        // K1, K2, K3, K4, N2
        """
        window a frame 0 0 100 100
        window b frame 0 0 100 100
        window c frame 0 0 100 100
        window h frame 0 0 100 100
        press k
        makeKeyAndVisible a
        press k
        makeKeyAndVisible b
        makeKeyAndVisible c
        makeKeyAndVisible c
        hide b
        hide c
        makeKey h
        makeKey h
        press k
        hide h
        release h
        hide a
        makeKey b
        release b
        """,
        // V1, V2, V3, H3, H4 (sticking out), T1, H5
        """
        window back frame 0 0 100 100
        window front frame 50 50 100 100
        view v in back frame 0 0 50 50
        view u in back frame 0 0 50 50
        view inner in v frame 0 0 10 10
        front v
        back v
        show back
        show front
        hit 60 60
        hit 10 10
        hit 70 30
        hit 500 500
        set front interaction off
        hit 60 60
        remove v
        remove u
        """,
        // T2
        """
        window p frame 0 0 100 100 root
        window q frame 0 0 100 100
        view badge in p frame 60 60 20 20
        set p passthrough on
        set q passthrough on
        show q
        show p
        hit 10 10
        hit 65 65
        hide p
        hit 10 10
        """,
        // T3, T4, T5, N2
        """
        window w frame 0 0 100 100
        view p in w frame 0 0 50 50
        view c in p frame 0 0 20 20
        view d in w frame 60 0 20 20
        show w
        touch 1 began 5 5
        touch 1 began 5 5
        touch 1 moved 60 60
        touch 1 ended 60 60
        touch 1 moved 1 1
        touch 1 ended 1 1
        touch 1 cancelled
        touch 2 began 500 500
        touch 3 began 5 5
        touch 3 cancelled
        touch 4 began 5 5
        touch 5 began 65 5
        remove d
        remove p
        touch 2 began 70 70
        touch 10 began 70 70
        touch a began 70 70
        touch 010 began 70 70
        hide w
        show w
        touch 6 began 70 70
        touch 7 began 70 70
        release w
        """,
        // Q1, Q2, Q3
        """
        order
        keyWindow
        window w frame 10 10 100 100
        view v in w frame 5 5 50 50
        convert 1 1 from v to w
        convert 1 1 from screen to v
        convert 1 1 from v to screen
        convert 1 1 from screen to screen
        makeKeyAndVisible w
        order
        keyWindow
        """,
        // T7, T8
        """
        window w frame 0 0 100 100
        window o frame 200 0 100 100
        view a in w frame 0 0 50 50
        view b in w frame 50 0 50 50
        show w
        show o
        set a multipleTouch off
        touch 1 began 5 5
        touch 2 began 6 6
        touch 3 began 60 5
        touch 4 began 61 5
        set b exclusiveTouch on
        touch 5 began 62 5
        touch 1 ended 5 5
        touch 3 ended 5 5
        touch 4 ended 5 5
        touch 6 began 62 5
        touch 7 began 5 5
        touch 8 began 205 5
        touch 6 ended 5 5
        set o exclusiveTouch on
        touch 9 began 5 5
        """,
        // A1-A5
        """
        window w frame 0 0 100 100
        view v in w frame 10 10 40 20
        show w
        set v rotate 90
        hit 30 20
        convert 0 0 from v to screen
        convert 30 20 from screen to v
        set v frame 10 10 40 40
        set v scale 0 1
        hit 30 20
        convert 30 20 from screen to v
        set v transform identity
        """,
        // M1-M3
        """
        scene s
        window a frame 0 0 100 100
        window b frame 0 0 100 100
        window c frame 0 0 100 100
        window h frame 0 0 100 100
        makeKeyAndVisible a
        makeKeyAndVisible b
        touch 1 began 5 5
        move b to s
        move b to s
        move a to s
        move h to s
        makeKey c
        move c to s
        """,
        // D1-D4
        """
        screen tv size 1920 1080
        screen empty
        scene s
        window a in s frame 0 0 100 100
        window b in s frame 0 0 100 100
        window h in s frame 0 0 100 100
        window m frame 0 0 100 100
        makeKeyAndVisible a
        makeKeyAndVisible b
        place main on main
        place s on main
        place s on tv
        touch 1 began 5 5 in s
        place s on main
        place s on tv
        convert 1 1 from a to m
        touch 2 began 5 5 in s
        disconnect tv
        disconnect empty
        screen tv
        scene t
        window k in t frame 0 0 10 10
        makeKey k
        place t on tv
        disconnect tv
        """,
    ]

    @Test("every rule outcome is reachable by a script")
    func everyOutcomeIsReachable() {
        let recorder = RuleRecorder()
        for script in Self.reachingScripts {
            let d = Driver()
            d.system.ruleRecorder = recorder
            d.run(script)
        }
        let missing = RuleOutcome.allCases.filter { recorder.counts[$0.rawValue] == 0 }
        #expect(missing.isEmpty, "never recorded: \(missing.map { "\($0.rule) \($0.branch) (\($0))" })")
    }

    // MARK: Recording never changes an answer

    @Test("a model with a recorder answers exactly as one without, on generated commands", arguments: [1, 2, 3] as [UInt64])
    func recorderChangesNothing(seed: UInt64) throws {
        let plain = ReferenceWindowSystem()
        let recorded = ReferenceWindowSystem()
        let recorder = RuleRecorder()
        recorded.ruleRecorder = recorder
        #expect(plain.ruleRecorder == nil)
        var validator = CommandValidator()
        var generator = CommandGenerator(seed: seed)
        for step in 0..<400 {
            let command = generator.next(validator)
            try validator.validate(command)
            let expected = plain.apply(command).map(\.description)
            let actual = recorded.apply(command).map(\.description)
            #expect(actual == expected, "seed \(seed) step \(step): \(command)")
            #expect(recorded.snapshot() == plain.snapshot(), "seed \(seed) step \(step): \(command)")
            #expect(recorded.sceneLayout(mainSceneName) == plain.sceneLayout(mainSceneName),
                    "seed \(seed) step \(step): \(command)")
        }
        #expect(recorder.counts.reduce(0, +) > 0)
    }
}
