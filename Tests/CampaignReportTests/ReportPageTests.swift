import CampaignReport
import DifferentialHarness
import Foundation
import IndexedEngineMutants
import ScenarioLanguage
import Testing
import WindowLabTestSupport
import WindowModel

enum Fixtures {
    static let engines = [TestEngines.reference, TestEngines.indexed]
    static let broken = EngineFactory(name: "indexed-broken") { IndexedEngineMutation.noCancelOnHide.engine() }

    static func folder() throws -> String { try TemporaryFolder("windowlab-report").path }

    /// A finding as `check` saves it: a header naming its group, then the scenario.
    static let finding = """
        # windowlab: engines disagree at the last statement before the final queries.
        # group: hide observations; shrunk from 40 to 4 commands
        window w frame 0 0 100 100 root
        show w
        touch 1 began 5 5
        hide w
        """
}

@Suite("windowlab report: the page")
struct ReportPageTests {
    @Test("a scenario's viewer has one step per statement and opens where the engines first differ")
    func viewer() throws {
        let folder = try Fixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Fixtures.finding.write(toFile: folder + "/divergence-1.wls", atomically: true, encoding: .utf8)
        let input = try ReportInput.read(folder)
        let html = ReportPage(input: input, engines: [Fixtures.engines[0], Fixtures.broken]).html()
        #expect(html.contains("data-steps=\"4\""))
        #expect(html.components(separatedBy: "<div class=\"step\"").count == 5)
        #expect(html.contains("data-start=\"4\""))          // `hide w`: the broken engine keeps the touch
        #expect(html.contains("<td class=\"differs\">"))
        #expect(html.contains("hide observations"))
    }

    @Test("findings of one signature are one group, largest group first")
    func grouping() throws {
        let folder = try Fixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for seed in 1...2 {
            try Fixtures.finding.write(toFile: folder + "/divergence-\(seed).wls", atomically: true, encoding: .utf8)
        }
        try "# group: show state\nwindow a frame 0 0 1 1\nshow a\n"
            .write(toFile: folder + "/divergence-3.wls", atomically: true, encoding: .utf8)
        let html = ReportPage(input: try ReportInput.read(folder), engines: Fixtures.engines).html()
        let hide = try #require(html.range(of: "hide observations · 2"))
        let show = try #require(html.range(of: "show state · 1"))
        #expect(hide.lowerBound < show.lowerBound)
    }

    @Test("the page is self-contained: nothing is loaded from anywhere")
    func selfContained() throws {
        let input = try ReportInput.read(Repository.path("Examples/passthrough-hud.wls"))
        var result = CheckResult()
        result.progress = [.init(seconds: 0, cases: 0, commands: 0, divergences: 0),
                           .init(seconds: 1, cases: 10, commands: 1000, divergences: 0)]
        let html = ReportPage(input: ReportInput(title: "t", items: input.items, result: result),
                              engines: Fixtures.engines).html()
        for forbidden in ["src=", "href=\"http", "@import", "url(http", "<link"] {
            #expect(!html.contains(forbidden), "\(forbidden)")
        }
        #expect(html.contains("class=\"coverage-chart\""))
        #expect(html.contains("class=\"throughput-chart\""))
    }

    @Test("with two groups or more, the page says that one bug can be two of them and how to tell")
    func oneBugTwoGroups() throws {
        let input = try ReportInput.read(Repository.path("Examples/passthrough-hud.wls"))
        /// A page of groups with these statuses (nil: found by this run).
        func page(_ statuses: [String?]) -> String {
            var result = CheckResult()
            result.groups = statuses.enumerated().map { index, status in
                var group = CheckResult.Group(signature: "hit observations hit/ancestor \(index)", count: 1, profile: "small")
                group.status = status
                return group
            }
            return ReportPage(input: ReportInput(title: "t", items: input.items, result: result), engines: Fixtures.engines).html()
        }
        #expect(page([nil, nil]).contains("2 groups need not be 2 bugs") && page([nil, nil]).contains("<code>windowlab run</code>"))
        #expect(!page([nil]).contains("need not be"))
        // Groups known before (`--known`) are not counted, as `check` does not count them.
        #expect(!page([nil, "known"]).contains("need not be"))
    }

    @Test("a folder that does not exist, or a scenario that does not parse, is a clear error")
    func badInput() throws {
        #expect(throws: ReportError.self) { try ReportInput.read("/no/such/folder") }
        let folder = try Fixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "window a frame 0 0 1 1\nshwo a\n".write(toFile: folder + "/bad.wls", atomically: true, encoding: .utf8)
        #expect {
            _ = try ReportInput.read(folder)
        } throws: { error in
            String(describing: error).contains("bad.wls:2:1: error: unknown statement 'shwo'")
        }
    }
}
