@testable import ReferenceModel
import Testing
import WindowModel

/// The invariant checker must be able to fail: each test breaks the model's state
/// by hand and expects the matching complaint.
@Suite("Invariant checks")
struct InvariantTests {
    static let setup = """
        window a frame 0 0 100 100 root
        window b frame 200 0 100 100 level 1
        view v in a.root frame 0 0 10 10
        makeKeyAndVisible a
        show b
        touch 1 began 5 5
        """

    private func violations(_ corrupt: (ReferenceWindowSystem) -> Void) -> [String] {
        let d = Driver(Self.setup)
        #expect(d.system.invariantViolations().isEmpty)
        corrupt(d.system)
        return d.system.invariantViolations()
    }

    @Test("a visible order not sorted by level is reported")
    func unsortedOrder() {
        let found = violations { $0.scenes[0].order.reverse() }
        #expect(found.contains { $0.contains("not sorted by level") }, "\(found)")
    }

    @Test("a window twice in the order, or a hidden one in it, is reported")
    func duplicateOrHiddenInOrder() {
        let twice = violations { $0.scenes[0].order.append($0.scenes[0].order[0]) }
        #expect(twice.contains { $0.contains("more than once") }, "\(twice)")
        let hidden = violations { $0.windows["b"]?.node.isHidden = true }
        #expect(hidden.contains { $0.contains("hidden window 'b'") }, "\(hidden)")
    }

    @Test("a released window reachable as key, in the history or in a touch is reported")
    func releasedWindowReachable() {
        let found = violations { system in
            let a = system.windows["a"]!
            a.isAlive = false
            system.windows["a"] = nil
        }
        #expect(found.contains { $0.contains("key window 'a' was released") }, "\(found)")
        #expect(found.contains { $0.contains("released window 'a' is in the key history") }, "\(found)")
        #expect(found.contains { $0.contains("touch 1 is bound to released window") }, "\(found)")
    }

    @Test("a removed view still in a tree, or a touch bound to a removed view, is reported")
    func removedViewReachable() {
        let found = violations { system in
            system.views["v"]?.isAlive = false
            system.views["v"] = nil
        }
        #expect(found.contains { $0.contains("removed view 'v' is reachable") }, "\(found)")
        #expect(found.contains { $0.contains("touch 1 is bound to removed view") }, "\(found)")
    }

    @Test("a touch bound to a hidden window and an unclamped alpha are reported")
    func touchOnHiddenWindow() {
        let found = violations { system in
            system.windows["a"]?.node.isHidden = true
            system.scenes[0].order.removeAll { $0.name == "a" }
            system.views["v"]?.alpha = 1.5
        }
        #expect(found.contains { $0.contains("touch 1 is bound to hidden window 'a'") }, "\(found)")
        #expect(found.contains { $0.contains("not clamped") }, "\(found)")
    }

    @Test("a key window that belongs to another scene is reported")
    func keyFromAnotherScene() {
        let found = violations { system in
            system.scenes.append(SceneState(name: "other", size: Size(1, 1)))
            system.scenes[1].keyWindow = system.windows["a"]
        }
        #expect(found.contains { $0.contains("belongs to scene 'main'") }, "\(found)")
        #expect(found.contains { $0.contains("key in more than one scene") }, "\(found)")
    }
}
