import DifferentialHarness
import Testing
import WindowLabTestSupport
import WindowModel

/// T5's cancellation order is implemented separately in each engine. Generated cases
/// use only ids 0...15, so mixed, zero-padded and named ids are checked here, on both
/// engines, against the order SEMANTICS.md states.
@Suite("Cancellation order")
struct CancellationOrderTests {
    @Test("T5: both engines cancel digits by value, then names as text, equal values as text")
    func mixedIDs() throws {
        let ids = ["b1", "10", "2", "a", "010", "02", "100", "_z", "9"]
        var commands: [Command] = [
            .createWindow(name: "w", scene: mainSceneName, frame: Rect(0, 0, 100, 100), level: 0, withRootView: true),
            .show(window: "w"),
        ]
        commands += ids.map { .touchBegan(id: TouchID($0), at: Point(5, 5), scene: mainSceneName) }
        commands.append(.hide(window: "w"))
        let result = DifferentialRunner.run(commands, engines: [TestEngines.reference, TestEngines.indexed])
        #expect(result.divergence == nil, "\(result.divergence.map(\.description) ?? "")")
        let cancelled = try #require(result.trace.last).compactMap { observation -> String? in
            if case let .touchCancelled(id, _, _) = observation { return id.text }
            return nil
        }
        #expect(cancelled == ["02", "2", "9", "010", "10", "100", "_z", "a", "b1"])
    }
}
