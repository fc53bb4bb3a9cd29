import Foundation

/// Runs the peers executable of `Benchmarks/Peers/` on a ``PeerWorkloadFile`` and
/// reads its figures: one JSON object per peer per line on standard output.
public struct PeerProcess: Sendable {
    /// Why a peer run gave no figures.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The executable (built by `Benchmarks/Peers/build.sh`).
    public var executable: String

    public init(executable: String) { self.executable = executable }

    /// Writes `workload` to a temporary file, runs the peers on it and parses their
    /// lines. Exit status 1 (some peer disagreed with the engine) still gives the
    /// figures, whose mismatch counts say where; anything else is a ``Failure``.
    public func run(_ workload: [UInt8]) throws -> [PeerTiming] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("windowlab-peers-\(getpid())-\(UInt32.random(in: 0 ... .max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("workload.wlpeer")
        try Data(workload).write(to: path)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [path.path]
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot start the peers executable \(executable): \(error.localizedDescription)"
                          + " (build it with Benchmarks/Peers/build.sh)")
        }
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status = process.terminationStatus
        guard process.terminationReason == .exit, status == 0 || status == 1 else {
            let how = process.terminationReason == .exit ? "exited with status \(status)" : "was killed by signal \(status)"
            throw Failure(description: "the peers executable \(executable) \(how)")
        }
        let decoder = JSONDecoder()
        var timings: [PeerTiming] = []
        for (number, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n").enumerated() {
            do {
                timings.append(try decoder.decode(PeerTiming.self, from: Data(line.utf8)))
            } catch {
                throw Failure(description: "\(executable), output line \(number + 1): not a peer result: \(line.prefix(200))")
            }
        }
        guard !timings.isEmpty else { throw Failure(description: "\(executable) printed no results") }
        return timings
    }
}
