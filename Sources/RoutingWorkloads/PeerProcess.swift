import Foundation

/// Runs the peers executable of `Benchmarks/Peers/` on a ``PeerWorkloadFile`` and
/// reads its figures: one JSON object per peer per line on standard output.
public struct PeerProcess: Sendable {
    /// Why a peer run gave no figures.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, naming the executable.
        public var description: String
    }

    /// The executable (built by `Benchmarks/Peers/build.sh`).
    public var executable: String
    /// Seconds the peers may take on one workload before they are killed.
    public var timeoutSeconds: Double

    public init(executable: String, timeoutSeconds: Double = 600) {
        self.executable = executable
        self.timeoutSeconds = timeoutSeconds
    }

    /// What each line must repeat of the workload it was given.
    private struct Counts: Decodable {
        var windows: Int
        var points: Int
        var moves: Int
    }

    /// Writes `workload` to a temporary directory, runs the peers on it (standard
    /// output to a file there, standard input empty) and parses their lines. Exit
    /// status 1 (some peer disagreed with the engine) still gives the figures, whose
    /// mismatch counts say where; a crash, another status, a time-out, a line that is
    /// not a peer's result, or a line about another workload is a ``Failure``. The
    /// directory is removed in every case.
    /// - Complexity: the peers' own run.
    public func run(_ workload: [UInt8]) throws -> [PeerTiming] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("windowlab-peers-\(getpid())-\(UInt32.random(in: 0 ... .max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("workload.wlpeer")
        let output = directory.appendingPathComponent("results.jsonl")
        try Data(workload).write(to: input)
        guard FileManager.default.createFile(atPath: output.path, contents: nil),
              let sink = FileHandle(forWritingAtPath: output.path) else {
            throw Failure(description: "cannot create \(output.path)")
        }
        defer { try? sink.close() }

        try Self.run(executable, [input.path], output: sink, timeoutSeconds: timeoutSeconds, role: "the peers executable",
                     startHint: " (build it with Benchmarks/Peers/build.sh)")
        return try parse(Data(contentsOf: output), workload: workload)
    }

    /// The lines of a run, each checked against the workload's counts (so a stale or
    /// wrong executable that prints canned lines is caught).
    /// Runs `executable` with `arguments` (standard input empty, standard output to
    /// `output`) and waits at most `timeoutSeconds`; a failure to start, a time-out
    /// (the process is killed), a signal or an exit status other than 0 or 1 is a
    /// ``Failure`` naming it as `role`.
    static func run(_ executable: String, _ arguments: [String], output: FileHandle, timeoutSeconds: Double,
                    role: String, startHint: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot start \(role) \(executable): \(error.localizedDescription)\(startHint)")
        }
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while process.isRunning {
            if Date() >= deadline {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                throw Failure(description: "\(role) \(executable) took over \(Int(timeoutSeconds)) s "
                              + "on one workload (killed; --peer-timeout sets the limit)")
            }
            usleep(10_000)
        }
        let status = process.terminationStatus
        guard process.terminationReason == .exit, status == 0 || status == 1 else {
            let how = process.terminationReason == .exit ? "exited with status \(status)" : "was killed by signal \(status)"
            throw Failure(description: "\(role) \(executable) \(how)")
        }
    }

    private func parse(_ bytes: Data, workload: [UInt8]) throws -> [PeerTiming] {
        func count(at offset: Int) -> Int {
            guard workload.count >= offset + 4 else { return -1 }
            return (0..<4).reduce(0) { $0 | Int(workload[offset + $1]) << (8 * $1) }
        }
        let expected = (windows: count(at: 8), points: count(at: 12), moves: count(at: 16))
        let decoder = JSONDecoder()
        var timings: [PeerTiming] = []
        for (number, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n").enumerated() {
            let where_ = "\(executable), output line \(number + 1)"
            let timing: PeerTiming, counts: Counts
            do {
                timing = try decoder.decode(PeerTiming.self, from: Data(line.utf8))
                counts = try decoder.decode(Counts.self, from: Data(line.utf8))
            } catch {
                throw Failure(description: "\(where_): not a peer result: \(line.prefix(200))")
            }
            guard (counts.windows, counts.points, counts.moves) == expected, timing.route.samples == expected.points,
                  (timing.move?.samples ?? 0) == expected.moves else {
                throw Failure(description: "\(where_): \(timing.peer) reports \(counts.windows) windows, \(counts.points) "
                              + "points (\(timing.route.samples) timed), \(counts.moves) moves; the workload has "
                              + "\(expected.windows), \(expected.points), \(expected.moves)")
            }
            timings.append(timing)
        }
        guard !timings.isEmpty else { throw Failure(description: "\(executable) printed no results") }
        return timings
    }
}
