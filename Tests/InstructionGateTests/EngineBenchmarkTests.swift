import EngineBenchmarking
import InstructionCounting
import ReferenceModel
import RoutingWorkloads
import Testing
import WindowModel

@Suite("A user's engine benchmarked")
struct EngineBenchmarkTests {
    static let everything = EngineFactory(name: "reference") { ReferenceWindowSystem() }
    /// An engine that declares what swindows declares: no scenes, views, alpha, interaction.
    static let small = EngineFactory(name: "small", features: [.windows, .levels, .key, .hit]) { ReferenceWindowSystem() }

    @Test("the workload is fitted to the declaration: no scenes puts the windows in main, no views drops them")
    func fittedToDeclaration() throws {
        let workload = try EngineWorkload(kind: .desktop, windows: 50, touches: 20, updates: 5, engine: Self.small)
        #expect(workload.scene == mainSceneName)
        for command in workload.build {
            switch command {
            case .createScene, .createView, .setAlpha, .setInteraction, .setPassthrough:
                Issue.record("sent \(command) to an engine that does not declare it")
            case let .createWindow(_, scene, _, _, root):
                #expect(scene == mainSceneName && !root)
            default: break
            }
        }
        #expect(workload.hits.count == 20)
        #expect(workload.skipped > 0)
        #expect(Set(workload.updates.map(\.kind)) == [.moveResize, .raise, .hide, .levelChange])
        let full = try EngineWorkload(kind: .desktop, windows: 50, touches: 20, updates: 5, engine: Self.everything)
        #expect(full.scene == "desktop" && full.skipped == 0)
    }

    @Test("an update kind the engine cannot take is left out, and said why; no hit is an error")
    func leftOut() throws {
        let keyless = EngineFactory(name: "keyless", features: [.windows, .hit]) { ReferenceWindowSystem() }
        let workload = try EngineWorkload(kind: .dense, windows: 30, touches: 5, updates: 3, engine: keyless)
        #expect(workload.leftOut[.raise] == "needs key")
        #expect(workload.leftOut[.levelChange] == "needs levels")
        #expect(Set(workload.updates.map(\.kind)) == [.moveResize, .hide])
        let names = EngineCountedBenchmarks.runnable(keyless, kinds: [.dense], sizes: [30], touches: 5, updates: 3)
            .map(\.name)
        #expect(names == ["route_dense_30", "move_dense_30", "hide_show_dense_30"])
        let blind = EngineFactory(name: "blind", features: [.windows]) { ReferenceWindowSystem() }
        #expect(throws: WorkloadError.self) {
            try EngineWorkload(kind: .dense, windows: 30, touches: 5, updates: 3, engine: blind)
        }
    }

    @Test("the reference model routes as the indexed engine: every answer agrees, every kind is timed")
    func latencyOfReference() throws {
        for engine in [Self.everything, Self.small] {
            let workload = try EngineWorkload(kind: .desktop, windows: 200, touches: 64, updates: 8, engine: engine)
            let result = EngineLatency.measure(workload)
            #expect(result.answersCompared == 64)
            #expect(result.answersAgreeing == 64)
            #expect(result.route.samples == 64)
            #expect(Set(result.updates.keys) == ["moveResize", "raise", "hide", "show", "levelChange"])
            #expect(EngineBenchmarkTool.text(result).contains("answers as the indexed engine's: 64 of 64"))
        }
    }

    @Test("bad options are a usage error (64) before any work")
    func badOptions() {
        for arguments in [["--n", "0"], ["--workload", "sparse"], ["--frobnicate"], ["--touches"], ["--tolerance", "x"]] {
            #expect(EngineBenchmarkTool.run(Self.small, arguments: ["bench"] + arguments) == 64, "\(arguments)")
        }
        #expect(EngineBenchmarkTool.run(Self.small, arguments: ["bench", "--instructions", "--only", "(x"]) == 64)
    }
}
