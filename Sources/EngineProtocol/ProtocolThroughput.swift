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
    public static func measure(cases: [[Command]], inProcess: EngineFactory, served: EngineFactory) -> Figures {
        let commands = cases.reduce(0) { $0 + $1.count }
        /// The best of five rounds: a round in process takes a few tens of milliseconds,
        /// short enough for one preemption to skew it.
        func rate(_ body: () -> Void) -> Double {
            (0..<5).map { _ in
                let start = DispatchTime.now().uptimeNanoseconds
                body()
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                return Double(commands) / max(seconds, 1e-9)
            }.max()!
        }
        func drive(_ factory: EngineFactory, batch: Bool) {
            for list in cases {
                let system = factory.make()
                if batch, let pipelining = system as? any PipeliningWindowSystem {
                    pipelining.pipeline(list, snapshots: true, invariantsEvery: 0)
                }
                for command in list {
                    _ = system.apply(command)
                    _ = system.snapshot()
                }
            }
        }
        drive(served, batch: true)  // warm up: start the process, fault in its code
        let direct = rate { drive(inProcess, batch: false) }
        let single = rate { drive(served, batch: false) }
        let batched = rate { drive(served, batch: true) }
        return Figures(commands: commands, inProcess: direct, oneAtATime: single, batched: batched)
    }
}
