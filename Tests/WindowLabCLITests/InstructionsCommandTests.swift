import Foundation
import Testing
import WindowLabTestSupport

/// `windowlab instructions`, the deterministic benchmark gate, as CI and a user run it.
@Suite("windowlab instructions", .enabled(if: Binary.built, Binary.missing))
struct InstructionsCommandTests {
    static let valgrindInstalled = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"]
        .contains(where: FileManager.default.isExecutableFile)
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/objcopy")

    @Test("--list names every benchmark the committed thresholds hold")
    func listsBenchmarks() throws {
        let run = try Binary.run(["instructions", "--list"])
        #expect(run.status == 0)
        let listed = Set(run.output.split(separator: "\n").compactMap { $0.split(separator: ":").first.map(String.init) })
        let committed = try String(contentsOfFile: Repository.path("Benchmarks/instruction-thresholds.txt"), encoding: .utf8)
        let names = Set(committed.split(separator: "\n").filter { !$0.hasPrefix("#") }
            .compactMap { $0.split(separator: " ").first.map(String.init) })
        #expect(listed == names)
        #expect(listed.contains("route_desktop_10k") && listed.contains("campaign_small"))
    }

    @Test("bad options and a missing or malformed thresholds file are refused with the reason")
    func refusals() throws {
        let folder = try TemporaryFolder("windowlab-instructions")
        defer { folder.remove() }
        let regex = try Binary.run(["instructions", "--only", "(route"])
        #expect(regex.status == 64 && regex.errors.contains("is not a regular expression"))
        let none = try Binary.run(["instructions", "--only", "nothing"])
        #expect(none.status == 64 && none.errors.contains("matches no benchmark"))
        let missing = try Binary.run(["instructions", "--thresholds", folder.path + "/none.txt"])
        #expect(missing.status == 2 && missing.errors.contains("none.txt: no such file (write it with --update)"))
        let bad = folder.path + "/bad.txt"
        try "# header\nroute_desktop_1k many\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let malformed = try Binary.run(["instructions", "--thresholds", bad])
        #expect(malformed.status == 2 && malformed.errors.contains("bad.txt:2: expected `NAME COUNT`"))
        let noValgrind = try Binary.run(["instructions", "--valgrind", "/no/such/valgrind", "--only", "route_desktop_1k"])
        #expect(noValgrind.status == 2 && noValgrind.errors.contains("cannot run /no/such/valgrind"))
    }

    @Test("a count 3% over the committed one fails the gate with both counts and the ratio; the same count passes",
          .enabled(if: valgrindInstalled, "needs valgrind and objcopy (apt-get install -y valgrind binutils)"))
    func gateFailsOnThreePerCent() throws {
        let folder = try TemporaryFolder("windowlab-instructions")
        defer { folder.remove() }
        let file = folder.path + "/thresholds.txt"
        // This build's own count (a debug build counts more than the committed release one).
        let update = try Binary.run(["instructions", "--only", "grid_query_desktop_1k", "--update", "--thresholds", file])
        #expect(update.status == 0, "\(update.errors)")
        let counted = try String(contentsOfFile: file, encoding: .utf8)
        let line = try #require(counted.split(separator: "\n").first { $0.hasPrefix("grid_query_desktop_1k ") })
        let count = try #require(UInt64(line.split(separator: " ").last!))
        let same = try Binary.run(["instructions", "--only", "grid_query_desktop_1k", "--thresholds", file])
        #expect(same.status == 0, "the same build counted differently: \(same.output)")
        #expect(same.output.contains("measured \(count) instructions per operation, ratio 1.0000"))
        // Committed 3% lower: what a 3% regression looks like to the gate.
        let lower = UInt64((Double(count) / 1.03).rounded())
        try "grid_query_desktop_1k \(lower)\n".write(toFile: file, atomically: true, encoding: .utf8)
        let slower = try Binary.run(["instructions", "--only", "grid_query_desktop_1k", "--thresholds", file])
        #expect(slower.status == 1)
        #expect(slower.output.contains("FAIL grid_query_desktop_1k: committed \(lower), measured \(count)"))
        #expect(slower.output.contains("a regression"))
        #expect(slower.output.contains("after a deliberate change, run the same command with --update"))
    }
}
