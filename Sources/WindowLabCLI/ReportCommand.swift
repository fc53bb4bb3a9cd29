import ArgumentParser
import CampaignReport
import DifferentialHarness
import Foundation
import ProcessSupport
import WindowModel

/// `windowlab report [PATH] [-o OUT.html]`: one self-contained HTML page.
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one self-contained HTML page for a campaign's findings or a scenario.",
        discussion: """
            PATH is a campaign's --out folder (every .wls finding in it, and the check.json \
            that windowlab check writes there) or one scenario file. The page groups the \
            findings by signature; each is a step viewer: a slider over its statements, the \
            picture of each step, and every engine's observations side by side, differences \
            marked. For a campaign it also charts the rule-outcome coverage and the \
            throughput over time. It loads nothing from the network; open it in any browser. \
            Add #step=N to the URL to open every viewer at step N.

            windowlab check writes report.html beside its findings.

            Examples:
              windowlab report                               # windowlab-findings/report.html
              windowlab report Examples/passthrough-hud.wls -o hud.html
            """
    )

    @Argument(help: "A campaign's --out folder or a .wls file.")
    var path: String = "windowlab-findings"

    @Option(name: [.short, .customLong("output")],
            help: ArgumentHelp("The HTML file (default: PATH/report.html, or FILE.html for a scenario).",
                               valueName: "out.html"))
    var output: String?

    /// `--engine`: whose answers to show (default: all); `--engine-timeout`.
    @OptionGroup var engineOptions: EngineOptions

    func validate() throws {
        if let output { try OutputPath.validate(output, option: "--output") }
    }

    var destination: String {
        if let output { return output }
        return path.hasSuffix(".wls") ? String(path.dropLast(4)) + ".html" : path + "/report.html"
    }

    func run() throws {
        do {
            let engines = try engineOptions.resolve(default: ["all"], withReference: false)
            let input = try ReportInput.read(path)
            try AtomicFile.write(Array(ReportPage(input: input, engines: engines).html().utf8), to: destination)
            print("report: \(destination) (\(input.items.count) scenario(s))")
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitStatus.badInput.exit
        }
    }
}
