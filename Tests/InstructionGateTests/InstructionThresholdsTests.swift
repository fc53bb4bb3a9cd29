import InstructionCounting
import Testing

@Suite("Instruction thresholds")
struct InstructionThresholdsTests {
    @Test("a thresholds file reads back as it was written, header first")
    func roundTrip() throws {
        let text = "# counts\n# more\nroute_desktop_1k 412\ncampaign_small 1234567\n"
        let thresholds = try InstructionThresholds(parsing: text, file: "t.txt")
        #expect(thresholds.counts == ["route_desktop_1k": 412, "campaign_small": 1_234_567])
        #expect(thresholds.header == ["# counts", "# more"])
        let written = thresholds.text(order: ["route_desktop_1k", "campaign_small"])
        #expect(written == "# counts\n# more\nroute_desktop_1k 412\ncampaign_small   1234567\n")
        #expect(try InstructionThresholds(parsing: written, file: "t.txt") == thresholds)
    }

    @Test("a bad line is an error naming the file, the line and what was found")
    func badLines() {
        for (text, line, words) in [("a 1\nb x\n", 2, "found `b x`"), ("a 1\na 2\n", 2, "listed twice"),
                                    ("# c\n\na 0\n", 3, "positive whole number"), ("a 1 2\n", 1, "NAME COUNT")] {
            do {
                _ = try InstructionThresholds(parsing: text, file: "gate.txt")
                Issue.record("accepted \(text.debugDescription)")
            } catch {
                #expect(error.description.hasPrefix("gate.txt:\(line): "))
                #expect(error.description.contains(words))
            }
        }
    }

    @Test("3% more instructions fails at the default 1.5%, 1% passes, a gain or a new name fails too")
    func verdicts() {
        let thresholds = InstructionThresholds(counts: ["route": 1000])
        let slower = thresholds.verdict("route", measured: 1030, tolerance: 0.015)
        #expect(slower.status == .slower && slower.fails)
        #expect(slower.line.contains("committed 1000, measured 1030"))
        #expect(slower.line.contains("ratio 1.0300") && slower.line.contains("a regression"))
        #expect(thresholds.verdict("route", measured: 1010, tolerance: 0.015).status == .ok)
        #expect(thresholds.verdict("route", measured: 990, tolerance: 0.015).status == .ok)
        let faster = thresholds.verdict("route", measured: 900, tolerance: 0.015)
        #expect(faster.status == .faster && faster.fails && faster.line.contains("update the thresholds"))
        let new = thresholds.verdict("grid", measured: 10, tolerance: 0.015)
        #expect(new.status == .new && new.fails)
    }

    @Test("callgrind's profile total is read from its totals line, or else its summary line")
    func profileTotals() {
        let profile = "version: 1\ncreator: callgrind\nevents: Ir\nsummary: 5000\nfn=(1) f\n3 12\ntotals: 4321\n"
        #expect(Callgrind.total(profile: profile) == 4321)
        #expect(Callgrind.total(profile: "events: Ir\nsummary: 77\n") == 77)
        #expect(Callgrind.total(profile: "events: Ir\n") == nil)
    }
}
