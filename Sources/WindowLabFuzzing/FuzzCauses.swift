import DifferentialHarness
import Foundation
import Lockstep
import ProcessSupport

/// The causes one keep-going fuzz run found (`WINDOWLAB_FUZZ_KEEP_GOING=1`): each
/// difference is a cause of its own until one recorded before shows it, as `check`
/// groups its findings. A new cause is shrunk, written into the findings folder and
/// printed; a difference of a recorded cause is only counted (an input whose unshrunk
/// difference was met before is not shrunk again). At the end of the run, one line per
/// cause (see ``FuzzClock/atExit()``).
final class FuzzCauses: @unchecked Sendable {
    struct Cause {
        let signature: FindingSignature
        var inputs: Int
        let path: String?
        let firstInput: Int
        let firstSeconds: Double
    }

    static let shared = FuzzCauses()

    private let lock = NSLock()
    private var causes: [Cause] = []
    /// Unshrunk signatures met, by the cause they showed.
    private var seen: [String: Int] = [:]

    /// Whether a difference with `signature` shows a recorded cause already (then the
    /// run goes on past it, and it is counted, not shrunk).
    func isKnown(_ signature: FindingSignature) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return seen[signature.text] != nil
    }

    /// Counts one input into each recorded cause these signatures show (once each).
    func count(_ signatures: [FindingSignature]) {
        lock.lock()
        defer { lock.unlock() }
        for index in Set(signatures.compactMap { seen[$0.text] }) { causes[index].inputs += 1 }
    }

    /// Records `report`'s difference: counted into the cause its shrunk signature shows,
    /// or a new cause, its scenario written into `folder`. Returns the cause's number
    /// (1-based) and whether it is new.
    func record(_ report: FuzzReport, input: UnsafeBufferPointer<UInt8>, folder: String) -> (number: Int, new: Bool, text: String) {
        let signature = report.shrunkSignature ?? report.divergence.signature
        lock.lock()
        if let index = causes.firstIndex(where: { signature.text == $0.signature.text || signature.showsCause(of: $0.signature) }) {
            causes[index].inputs += 1
            seen[report.divergence.signature.text] = index
            lock.unlock()
            return (index + 1, false, "")
        }
        lock.unlock()
        let path = folder + "/divergence-" + FuzzClock.hash(input) + ".wls"
        var text = report.text
        var saved: String?
        do throws(FileWriteError) {
            try AtomicFile.makeFolder(folder)
            try AtomicFile.write(Array(report.scenario.utf8), to: path)
            saved = path
        } catch {
            text += "# windowlab: \(error) (the scenario is above)\n"
        }
        lock.lock()
        causes.append(Cause(signature: signature, inputs: 1, path: saved, firstInput: report.inputNumber,
                            firstSeconds: report.secondsSinceFirstInput))
        let number = causes.count
        seen[report.divergence.signature.text] = number - 1
        lock.unlock()
        text += "# windowlab: cause \(number): \(signature)" + (saved.map { ", scenario written to \($0)" } ?? "")
            + "; the run goes on (WINDOWLAB_FUZZ_KEEP_GOING=1)\n"
        return (number, true, text)
    }

    /// One line per cause, most inputs first; empty when there is none.
    var summary: [String] {
        lock.lock()
        defer { lock.unlock() }
        return causes.enumerated().sorted { $0.element.inputs > $1.element.inputs }.map { number, cause in
            "windowlab: cause \(number + 1): \(cause.inputs) input(s), first at input \(cause.firstInput) "
                + "(\(format3(cause.firstSeconds)) s): \(cause.signature)" + (cause.path.map { ": \($0)" } ?? "")
        }
    }
}
