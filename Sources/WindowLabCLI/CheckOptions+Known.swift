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

    /// Replays each known group's scenario and returns the groups that still show
    /// (with the signature each shows now): only those hide anything. Entries that no
    /// longer reproduce are stale: listed, and a failure of the check unless
    /// `--allow-stale`. `announce` says so on standard error (the first worker only).
    func activeKnown(_ known: KnownFindings, _ engines: [EngineFactory], _ report: inout CheckReport,
                     announce: Bool) -> KnownFindings {
        guard !known.entries.isEmpty else { return known }
        let (reproduced, gone) = known.replay(on: engines)
        guard announce else { return KnownFindings(entries: reproduced) }
        report.result.knownGone += gone.map(\.signature.text)
        report.note("known: \(known.entries.count) group(s) in \(self.known ?? ""); \(reproduced.count) still reproduce"
                    + (gone.isEmpty ? "" : "; \(gone.count) no longer do (fixed? delete them from the file):"))
        for entry in gone { report.note("  no longer reproduces: \(entry.signature)") }
        let renamed = zip(known.entries, known.entries.map { entry in reproduced.first { $0.scenario == entry.scenario } })
            .filter { $0.1 != nil && $0.1!.signature != $0.0.signature }
        for (entry, now) in renamed {
            report.note("  known \(entry.signature) now shows as \(now!.signature) (--write-known rewrites it)")
        }
        if !gone.isEmpty && !allowStale {
            report.fail("known: \(gone.count) known group(s) no longer reproduce and hide nothing; delete them from "
                        + "\(self.known ?? "the file") (or give --allow-stale)")
        }
        return KnownFindings(entries: reproduced)
    }

    /// Writes `--write-known`: the known groups that still reproduce, and every group
    /// this run found: each shrunk one with its scenario, each unshrunk one with its
    /// first case. Returns false, saying why, when the file could not be written (the
    /// check then fails); an interrupted check writes none (it would leave out the
    /// groups it did not get to).
    @discardableResult
    static func saveKnown(_ path: String, result: CheckResult, previous: KnownFindings) -> Bool {
        guard !result.interrupted else {
            FileHandle.standardError.write(Data("known findings: \(path) not written: the check was interrupted\n".utf8))
            return true
        }
        var written = KnownFindings(entries: previous.entries.filter { !result.knownGone.contains($0.signature.text) })
        func add(_ signatureText: String, scenario: String) {
            guard let signature = FindingSignature(text: signatureText), signature != .nondeterministic,
                  !written.contains(signature) else { return }
            let statements = scenario.split(separator: "\n").filter { !$0.hasPrefix("#") }
            written.entries.append(.init(signature: signature, scenario: statements.joined(separator: "\n") + "\n"))
        }
        for finding in result.findings where finding.kind != "crash" { add(finding.signature, scenario: finding.scenario) }
        for group in result.groups where group.status == CampaignGroup.Status.unshrunk.rawValue {
            if let scenario = group.scenario { add(group.signature, scenario: scenario) }
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
