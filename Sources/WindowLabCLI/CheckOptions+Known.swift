import ArgumentParser
import DifferentialHarness
import Foundation
import Lockstep
import ProcessSupport
import WindowModel

/// `check --known FILE` and `check --write-known FILE`: a baseline of known groups
/// (docs/known-findings.md), for adopting the harness on an engine with a backlog.
extension CheckOptions {
    /// The baseline `--known` names (empty without it); exits 2 with where and why
    /// when the file cannot be read.
    func loadKnown() throws -> KnownFindings {
        guard let known else { return KnownFindings() }
        do {
            return try KnownFindings.read(known)
        } catch {
            FileHandle.standardError.write(Data("error: --known: \(error)\n".utf8))
            throw ExitStatus.badInput.exit
        }
    }

    /// Replays each known group's scenario: which still fail so, which no longer do.
    func replayKnown(_ known: KnownFindings, _ engines: [EngineFactory], _ report: inout CheckReport) {
        guard !known.entries.isEmpty else { return }
        let (reproduced, gone) = known.replay(on: engines)
        report.result.knownMet += reproduced.map(\.signature.text)
        report.result.knownGone += gone.map(\.signature.text)
        report.note("known: \(known.entries.count) group(s) in \(self.known ?? ""); \(reproduced.count) still reproduce"
                    + (gone.isEmpty ? "" : "; \(gone.count) no longer do (fixed? delete them from the file):"))
        for entry in gone { report.note("  no longer reproduces: \(entry.signature)") }
    }

    /// Writes `--write-known`: the known groups that still reproduce, and every group
    /// this run saved a scenario for. Returns false, saying why, when the file could
    /// not be written (the check then fails); an interrupted check writes none (it
    /// would leave out the groups it did not get to).
    static func saveKnown(_ path: String, result: CheckResult, previous: KnownFindings) -> Bool {
        guard !result.interrupted else {
            FileHandle.standardError.write(Data("known findings: \(path) not written: the check was interrupted\n".utf8))
            return true
        }
        var written = KnownFindings(entries: previous.entries.filter { !result.knownGone.contains($0.signature.text) })
        for finding in result.findings {
            guard let signature = FindingSignature(text: finding.signature), signature != .nondeterministic,
                  !written.contains(signature) else { continue }
            let statements = finding.scenario.split(separator: "\n").filter { !$0.hasPrefix("#") }
            written.entries.append(.init(signature: signature, scenario: statements.joined(separator: "\n") + "\n"))
        }
        do {
            try AtomicFile.write(Array(written.text.utf8), to: path)
            FileHandle.standardError.write(Data("known findings: \(written.entries.count) group(s) written to \(path)\n".utf8))
            return true
        } catch {
            FileHandle.standardError.write(Data("error: --write-known: \(error)\n".utf8))
            return false
        }
    }
}
