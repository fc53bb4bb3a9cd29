import Foundation
import InstructionCounting
import InstructionGate
import Testing
import WindowLabTestSupport

@Suite("The instruction gate's benchmarks")
struct GateBenchmarkTests {
    @Test("every benchmark has a committed count, and every committed count a benchmark")
    func thresholdsMatchBenchmarks() throws {
        let path = Repository.path("Benchmarks/instruction-thresholds.txt")
        let thresholds = try InstructionThresholds(parsing: String(contentsOfFile: path, encoding: .utf8), file: path)
        let names = GateBenchmarks.all.map(\.name)
        #expect(Set(names).count == names.count, "benchmark names repeat")
        #expect(Set(thresholds.counts.keys) == Set(names))
    }

    @Test("the small benchmarks run their operations outside a counted region", arguments: [
        "route_desktop_1k", "grid_query_dense_1k", "move_desktop_1k", "raise_dense_1k", "hide_show_desktop_1k",
        "level_dense_1k", "route_handle_dense_1k", "move_handle_desktop_1k", "campaign_small",
    ])
    func runsPlain(name: String) throws {
        let benchmark = try #require(GateBenchmarks.named(name))
        #expect(benchmark.operations > 0)
        benchmark.runPlain()
    }

    @Test("a region's body runs once inside CountedRegion.measure")
    func regionRunsBody() {
        var runs = 0
        CountedRegion.measure { runs += 1 }
        #expect(runs == 1)
    }
}
