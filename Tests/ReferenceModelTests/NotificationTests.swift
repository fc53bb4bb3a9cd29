import ReferenceModel
import Testing
import WindowModel

@Suite("Notifications")
struct NotificationTests {
    @Test("N1: notifications are posted only on a real change", arguments: [
        "show v", "hide h", "makeKey v", "makeKeyAndVisible v", "set v hidden off", "set h hidden on",
        "set v level 0", "set v alpha 0", "release h",
    ])
    func onlyRealChanges(command: String) {
        let d = Driver("""
            window v frame 0 0 10 10
            window h frame 0 0 10 10
            makeKeyAndVisible v
            """)
        #expect(d.run(command) == [])
    }

    @Test("N1: each real change posts exactly once")
    func realChangesPostOnce() {
        let d = Driver("window w frame 0 0 10 10")
        #expect(d.run("show w") == ["notify w didBecomeVisible"])
        #expect(d.run("makeKey w") == ["notify w didBecomeKey"])
        #expect(d.run("hide w") == ["notify w didResignKey", "notify w didBecomeHidden"])
    }

    @Test("N2: makeKeyAndVisible on a hidden window with another key window")
    func makeKeyAndVisibleOrder() {
        let d = Driver("""
            window k frame 0 0 10 10
            window w frame 0 0 10 10
            makeKeyAndVisible k
            """)
        #expect(d.run("makeKeyAndVisible w") == [
            "notify w didBecomeVisible", "notify k didResignKey", "notify w didBecomeKey",
        ])
    }

    @Test("N2: hiding the key window with a successor")
    func hideKeyWindowOrder() {
        let d = Driver("""
            window s frame 0 0 10 10
            window k frame 0 0 10 10
            makeKeyAndVisible s
            makeKeyAndVisible k
            """)
        #expect(d.run("hide k") == ["notify k didResignKey", "notify k didBecomeHidden", "notify s didBecomeKey"])
    }

    @Test("N2: cancelled touches come first, in ascending id order, then visibility, then key")
    func touchesComeFirst() {
        let d = Driver("""
            window s frame 0 0 100 100
            window k frame 0 0 100 100
            makeKeyAndVisible s
            makeKeyAndVisible k
            touch a began 1 1
            touch 10 began 2 2
            touch 2 began 3 3
            """)
        #expect(d.run("set k hidden on") == [
            "touch 2 cancelled -> k/k", "touch 10 cancelled -> k/k", "touch a cancelled -> k/k",
            "notify k didResignKey", "notify k didBecomeHidden", "notify s didBecomeKey",
        ])
    }

    @Test("N2: makeKeyAndVisible on a hidden window with no key window posts visible, then key")
    func makeKeyAndVisibleWithoutKey() {
        let d = Driver("window w frame 0 0 10 10")
        #expect(d.run("makeKeyAndVisible w") == ["notify w didBecomeVisible", "notify w didBecomeKey"])
    }
}
