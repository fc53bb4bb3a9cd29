import CampaignReport
import DifferentialHarness
import Foundation
import Testing
import WindowLabTestSupport
import WindowModel

/// The report in a real browser: Debian's chromium, headless (CI installs it).
enum Browser {
    static let path = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Runs chromium on `url` with `arguments`; returns its standard output and error.
    static func run(_ arguments: [String], url: String) -> (output: String, errors: String) {
        let errorFile = TemporaryFolder.unusedPath("chromium") + ".log"
        defer { try? FileManager.default.removeItem(atPath: errorFile) }
        let all = ["--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0"] + arguments + [url]
        let command = ([path!] + all).map { "'\($0)'" }.joined(separator: " ") + " 2>'\(errorFile)'"
        let pipe = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.standardOutput = pipe
        try? process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? "")
    }
}

@Suite("windowlab report: in a browser", .enabled(if: Browser.path != nil, "needs chromium (apt-get install -y chromium); skipped"))
struct BrowserTests {
    @Test("the page renders without console errors, steps through a finding, and a screenshot is saved")
    func rendersAndSteps() throws {
        let folder = try Fixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Fixtures.finding.write(toFile: folder + "/divergence-1.wls", atomically: true, encoding: .utf8)
        let html = ReportPage(input: try ReportInput.read(folder), engines: [Fixtures.engines[0], Fixtures.broken]).html()
        let page = folder + "/report.html"
        try html.write(toFile: page, atomically: true, encoding: .utf8)
        for step in 1...4 {
            let (dom, errors) = Browser.run(["--dump-dom"], url: "file://\(page)#step=\(step)")
            #expect(dom.contains("data-ready=\"yes\""), "the page's script did not finish")
            #expect(dom.contains("data-shown-step=\"\(step)\""))
            #expect(dom.contains("class=\"step shown\" data-step=\"\(step)\""))
            #expect(!errors.contains("Uncaught") && !errors.contains(":ERROR:CONSOLE"), "\(errors)")
        }
        // A finding in a small part of the scene, with two windows of the same frame:
        // its step shows the zoomed picture with the whole-scene inset, and the exploded stack.
        try """
            # group: hit observations; shrunk from 60 to 6 commands
            window back frame 600 600 120 80 root
            window front frame 600 600 120 80 root
            view front.button in front.root frame 10 10 40 20
            show back
            show front
            hit 615 615
            """.write(toFile: folder + "/divergence-2.wls", atomically: true, encoding: .utf8)
        let both = ReportPage(input: try ReportInput.read(folder), engines: Fixtures.engines).html()
        try both.write(toFile: page, atomically: true, encoding: .utf8)
        let (dom, errors) = Browser.run(["--dump-dom"], url: "file://\(page)#finding=2&step=6")
        let shown = try #require(dom.components(separatedBy: "class=\"step shown\" data-step=\"6\"").dropFirst().first)
        let picture = shown.components(separatedBy: "class=\"step\"").first ?? shown
        #expect(picture.contains("class=\"inset-focus\""), "the zoomed picture's inset")
        #expect(picture.contains("data-stack-layer=\"1\""), "the exploded stack")
        #expect(!errors.contains("Uncaught"))
        let screenshot = NSTemporaryDirectory() + "windowlab-report.png"
        _ = Browser.run(["--screenshot=\(screenshot)", "--window-size=1300,2600"], url: "file://\(page)#step=4")
        let size = (try FileManager.default.attributesOfItem(atPath: screenshot)[.size] as? NSNumber)?.intValue ?? 0
        #expect(size > 20_000, "screenshot at \(screenshot): \(size) bytes")
    }

    @Test("a check that failed only in its replays shows its problems and never says that every engine agreed")
    func replayFailureShows() throws {
        let folder = try Fixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var result = CheckResult()
        result.status = 1
        result.problems = ["replay: 1060 x show observations notify/missing, first at corpus/seed.wlpack entry 3f2a"]
        try result.jsonText().write(toFile: folder + "/check.json", atomically: true, encoding: .utf8)
        let page = folder + "/report.html"
        try ReportPage(input: try ReportInput.read(folder), engines: Fixtures.engines).html()
            .write(toFile: page, atomically: true, encoding: .utf8)
        let (dom, errors) = Browser.run(["--dump-dom"], url: "file://\(page)")
        #expect(dom.contains("The check failed: 1 problem(s), and no scenario was saved for them."))
        #expect(dom.contains("1060 x show observations notify/missing"))
        #expect(!dom.contains("every engine agreed"))
        #expect(!errors.contains("Uncaught"))
        // With the replay's shrunk scenario saved beside it, the scenario is a step viewer too.
        try Fixtures.finding.replacingOccurrences(of: "# group: hide observations",
                                                  with: "# group: hide observations touch/missing")
            .write(toFile: folder + "/replay-1.wls", atomically: true, encoding: .utf8)
        try ReportPage(input: try ReportInput.read(folder), engines: [Fixtures.engines[0], Fixtures.broken]).html()
            .write(toFile: page, atomically: true, encoding: .utf8)
        let (saved, _) = Browser.run(["--dump-dom"], url: "file://\(page)")
        #expect(saved.contains("hide observations touch/missing"))
        #expect(saved.contains("The check failed: 1 problem(s)."))
        #expect(saved.contains("data-ready=\"yes\""))
    }
}
