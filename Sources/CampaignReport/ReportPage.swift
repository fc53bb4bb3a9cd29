import DifferentialHarness
import Foundation
import WindowModel

/// `windowlab report`: one self-contained HTML page (inline CSS, SVG and script;
/// nothing from the network) for a campaign's findings or for one scenario.
///
/// The page lists the findings grouped by signature, each as a step viewer (a
/// slider over its statements, the picture of each step, every engine's
/// observations beside each other, differences marked), then the campaign's
/// rule-outcome coverage and its throughput over time. `#step=N` in the URL opens
/// every viewer at step N; `#finding=K&step=N` only the K-th (1-based).
///
/// ```swift
/// let page = ReportPage(input: try ReportInput.read("windowlab-findings"), engines: [reference, indexed]).html()
/// ```
public struct ReportPage {
    public let input: ReportInput
    public let engines: [EngineFactory]
    /// When to stop stepping scenarios through every engine (each step reruns its
    /// scenario on each): later viewers step through the first engine alone, and say
    /// so, so that a slow engine cannot hold `check` long past its `--time`
    /// (`windowlab report DIR` draws them all). Nil: no limit.
    public var deadline: ContinuousClock.Instant?

    public init(input: ReportInput, engines: [EngineFactory], deadline: ContinuousClock.Instant? = nil) {
        self.input = input
        self.engines = engines
        self.deadline = deadline
    }

    public func html() -> String {
        var html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
        html += "<title>WindowLab report: \(HTML.escape(input.title))</title>\n<style>\(Self.style)</style></head>\n<body>\n"
        html += "<h1>WindowLab report</h1>\n<p class=\"meta\">\(HTML.escape(input.title)) · engines: "
            + HTML.escape(engines.map(\.name).joined(separator: ", ")) + "</p>\n"
        for engine in engines where !engine.declarationWords.isEmpty {
            html += "<p class=\"meta deviations\">\(HTML.escape(engine.name)) declares: \(HTML.escape(engine.declarationWords))"
                + " (SEMANTICS.md, Declared deviations: not compared)</p>\n"
        }
        if let result = input.result { html += summary(result) }
        let groups = Dictionary(grouping: input.items.indices, by: { input.items[$0].group })
            .sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
        html += "<h2>\(input.items.count) scenario(s)" + (input.result != nil ? " found" : "") + "</h2>\n"
        if let result = input.result, !result.problems.isEmpty {
            // Whatever was saved or not, a failed check is never shown as clean.
            html += "<p class=\"failed\">The check failed: \(result.problems.count) problem(s)"
                + (input.items.isEmpty ? ", and no scenario was saved for them" : "") + ".</p>\n<ul class=\"problems\">"
            for problem in result.problems.prefix(200) {
                html += "<li><pre>\(HTML.escape(problem))</pre></li>"
            }
            if result.problems.count > 200 { html += "<li>and \(result.problems.count - 200) more (check.json)</li>" }
            html += "</ul>\n"
        } else if input.items.isEmpty {
            html += "<p class=\"clean\">No findings: every engine agreed.</p>\n"
        }
        var number = 0
        for (group, members) in groups {
            html += "<div class=\"group\"><h2 class=\"signature\">\(HTML.escape(group)) · \(members.count)</h2>\n"
            for index in members {
                number += 1
                html += StepViewer(item: input.items[index], engines: engines, index: number, deadline: deadline).html()
            }
            html += "</div>\n"
        }
        if let result = input.result {
            html += "<h2>Rule-outcome coverage</h2>\n<p class=\"meta\">\(HTML.escape(result.coverage.summary))</p>\n"
            html += ReportCharts.coverage(result.coverage)
            html += "<h2>Throughput</h2>\n" + ReportCharts.throughput(result.progress)
        }
        html += "<script>\(Self.script)</script>\n</body></html>\n"
        return html
    }

    private func summary(_ result: CheckResult) -> String {
        let verdict = result.status == 0 ? "clean" : "\(result.problems.count) problem(s)"
        var html = "<p class=\"summary\">seed \(result.seed.map(String.init) ?? "none") · \(result.scenarioFiles) scenario files · "
            + "\(result.corpusEntries) corpus entries · \(result.cases) generated cases · \(result.commands) commands · "
            + "\(Int(result.campaignSeconds)) s · <b>\(verdict)</b></p>\n"
        if !result.unsupported.ledger.isEmpty {
            html += "<p class=\"meta\">compared: " + HTML.escape(result.unsupported.ledger.summary) + "</p>\n"
        }
        if !result.unsupported.isEmpty {
            // Declined statements are no finding, but a run of mostly declined ones checked little.
            let shortfalls = result.comparedTooLittle
            html += "<p class=\"\(shortfalls.isEmpty ? "meta" : "failed")\">"
                + HTML.escape(result.unsupported.summary) + " of \(result.commands) run"
                + (shortfalls.isEmpty ? "" : ": compared too little: " + HTML.escape(shortfalls.joined(separator: "; ")))
                + "</p>\n"
        }
        if !result.groups.isEmpty {
            // Every group with its scenario, or the case seed that replays it.
            html += "<table class=\"groups\"><tr><th>group</th><th>cases</th><th>first found by</th><th>scenario or case</th></tr>"
            for group in result.groups {
                let replay = group.path.map { "<code>\(HTML.escape($0))</code>" }
                    ?? group.replay.map { "\(group.status ?? "unshrunk"): <code>\(HTML.escape($0))</code>" }
                    ?? HTML.escape(group.status ?? "")
                html += "<tr><td>\(HTML.escape(group.signature))</td><td>\(group.count)</td><td>\(group.profile)</td>"
                    + "<td>\(replay)</td></tr>"
            }
            html += "</table>\n"
            // As `check` says it: of the groups found, not those known before (`--known`).
            let new = result.groups.filter { $0.status != CampaignGroup.Status.known.rawValue }.count
            if new > 1 {
                html += "<p class=\"meta\">" + OneBugTwoGroups.note(
                    count: new, noun: "group", section: HTML.escape(OneBugTwoGroups.checkSection),
                    code: { "<code>" + HTML.escape($0) + "</code>" }) + "</p>\n"
            }
        }

        return html
    }

    static let style = """
        body{font-family:sans-serif;margin:24px;color:#222;max-width:1250px}
        .meta{color:#666}.summary{font-size:15px}.clean{color:#2e7d32}.failed{color:#c62828;font-weight:bold}
        .problems pre{white-space:pre-wrap;margin:2px 0}
        .viewer{border:1px solid #ccc;border-radius:6px;padding:12px;margin:12px 0}
        .step{display:none}.step.shown{display:block}
        .answers td{vertical-align:top;font-family:monospace;padding:4px 12px 4px 0}
        .answers td.differs{background:#ffebee}
        .picture svg{max-width:100%;height:auto}
        pre{background:#f5f5f5;padding:8px;overflow:auto}
        table.groups td,table.groups th{padding:2px 10px;text-align:left}
        input.slider{width:420px;vertical-align:middle}
        """

    /// Shows one step per viewer: the slider's, or the URL's `#step=N`.
    static let script = """
        (function(){
          var hash=new URLSearchParams(location.hash.slice(1));
          var wantStep=parseInt(hash.get('step')||'',10), wantFinding=parseInt(hash.get('finding')||'',10);
          document.querySelectorAll('section.viewer').forEach(function(viewer,i){
            var slider=viewer.querySelector('input.slider'), shown=viewer.querySelector('output.shown');
            var steps=parseInt(viewer.dataset.steps,10);
            function show(n){
              n=Math.max(1,Math.min(steps,n));
              viewer.querySelectorAll('div.step').forEach(function(step){
                step.classList.toggle('shown',parseInt(step.dataset.step,10)===n);
              });
              slider.value=n; shown.textContent=n; viewer.dataset.shownStep=n;
            }
            slider.addEventListener('input',function(){show(parseInt(slider.value,10));});
            var start=parseInt(viewer.dataset.start,10);
            if(!isNaN(wantStep)&&(isNaN(wantFinding)||wantFinding===i+1)){start=wantStep;}
            if(steps>0){show(start);}
          });
          document.body.dataset.ready='yes';
        })();
        """
}
