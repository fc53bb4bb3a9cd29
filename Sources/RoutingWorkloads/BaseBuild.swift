import Foundation

/// The engine of another build of `windowlab` (an older commit), measured on the same
/// workload and N for `windowlab bench --peers … --base-build PATH`: its figures are
/// printed beside this build's, so a change to the engine is judged in one run.
///
/// It runs `PATH bench --peers WRAPPER --json --workload W --n N --touches T
/// --updates U`, WRAPPER a script that runs the peers executable with `--only
/// linear-plain`: the base build's own comparison against the cheapest peer, so its
/// engine is timed on the workload both builds draw from the same seeds, and the peers
/// are not timed twice.
public struct BaseBuild: Sendable {
    /// The base build's `windowlab`.
    public var executable: String
    /// The peers executable of `Benchmarks/Peers/` (run with one peer only).
    public var peers: String
    /// Seconds one workload and N may take before the base build is killed.
    public var timeoutSeconds: Double

    public init(executable: String, peers: String, timeoutSeconds: Double = 600) {
        self.executable = executable
        self.peers = peers
        self.timeoutSeconds = timeoutSeconds
    }

    /// The base build's figures on one workload and N.
    /// - Throws: ``PeerProcess/Failure`` when it cannot run, fails, or prints no result.
    /// - Complexity: the base build's own run.
    public func measure(_ kind: WorkloadKind, windows n: Int, touches: Int, moves: Int) throws -> BaseBuildFigures {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("windowlab-base-\(getpid())-\(UInt32.random(in: 0 ... .max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("result.json"), wrapper = directory.appendingPathComponent("peers")
        let quoted = "'" + peers.replacingOccurrences(of: "'", with: "'\\''") + "'"
        try Data("#!/bin/sh\nexec \(quoted) --only linear-plain \"$@\"\n".utf8).write(to: wrapper)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        guard FileManager.default.createFile(atPath: output.path, contents: nil),
              let sink = FileHandle(forWritingAtPath: output.path) else {
            throw PeerProcess.Failure(description: "cannot create \(output.path)")
        }
        defer { try? sink.close() }
        let arguments = ["bench", "--peers", wrapper.path, "--json", "--workload", kind.rawValue, "--n", String(n),
                         "--touches", String(touches), "--updates", String(moves)]
        try PeerProcess.run(executable, arguments, output: sink, timeoutSeconds: timeoutSeconds, role: "the base build",
                            startHint: " (give a windowlab executable to --base-build)")
        let bytes = try Data(contentsOf: output)
        guard let result = try? JSONDecoder().decode([PeerComparisonResult].self, from: bytes).first,
              result.workload == kind.rawValue, result.windows == n else {
            throw PeerProcess.Failure(description: "the base build \(executable) printed no result for \(kind.rawValue) "
                                      + "N=\(n): \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
        return BaseBuildFigures(route: result.engineRoute, grid: result.engineGrid, updates: result.engineUpdates)
    }
}

/// What the table shows of a base build: its engine's full route, its grid alone and
/// its updates.
public struct BaseBuildFigures: Sendable, Codable {
    public var route: LatencySummary
    public var grid: LatencySummary
    public var updates: [String: LatencySummary]

    public init(route: LatencySummary, grid: LatencySummary, updates: [String: LatencySummary]) {
        (self.route, self.grid, self.updates) = (route, grid, updates)
    }
}
