import Foundation
import WindowModel

/// Commands per second through the engine protocol, one request at a time and
/// batched, against the same engine in this process, on the same command lists:
/// what `windowlab bench --protocol` prints. Each command is applied and then the
/// state is read (a snapshot), as a differential run does. Each figure is the best
/// of five rounds.
public enum ProtocolThroughput {
    public struct Figures: Sendable {
        public var commands: Int
        public var inProcess: Double
        public var oneAtATime: Double
        public var batched: Double

        /// Batched throughput as a share of in-process throughput.
        public var batchedShare: Double { batched / inProcess }
    }

    /// Runs every case in each of the three ways and returns commands per second.
    /// `served` must make ``ProcessEngine``s (from ``ProcessEngines/factory(command:timeout:name:)``).
    /// - Throws: the served engine's fault (a crash, a hang, garbage) at the first case
    ///   it shows one: a figure never measures an engine that stopped answering.
    public static func measure(cases: [[Command]], inProcess: EngineFactory,
                               served: EngineFactory) throws(EngineFault) -> Figures {
        let commands = cases.reduce(0) { $0 + $1.count }
        /// The best of five rounds: a round in process takes a few tens of milliseconds,
        /// short enough for one preemption to skew it.
        func rate(_ body: () throws(EngineFault) -> Void) throws(EngineFault) -> Double {
            var best = 0.0
            for _ in 0..<5 {
                let start = DispatchTime.now().uptimeNanoseconds
                try body()
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                best = max(best, Double(commands) / max(seconds, 1e-9))
            }
            return best
        }
        func drive(_ factory: EngineFactory, batch: Bool) throws(EngineFault) {
            for list in cases {
                let system = factory.make()
                if batch, let pipelining = system as? any PipeliningWindowSystem {
                    pipelining.pipeline(list, snapshots: true, invariantsEvery: 0)
                }
                for command in list {
                    _ = system.apply(command)
                    _ = system.snapshot()
                    if let fault = (system as? any EngineFaultReporting)?.fault { throw fault }
                }
            }
        }
        try drive(served, batch: true)  // warm up: start the process, fault in its code
        let direct = try rate { () throws(EngineFault) in try drive(inProcess, batch: false) }
        let single = try rate { () throws(EngineFault) in try drive(served, batch: false) }
        let batched = try rate { () throws(EngineFault) in try drive(served, batch: true) }
        return Figures(commands: commands, inProcess: direct, oneAtATime: single, batched: batched)
    }
}
