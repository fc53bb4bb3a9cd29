import ArgumentParser
import CommandGeneration
import DifferentialHarness
import EngineProtocol
import Foundation
import ProcessSupport
import RoutingWorkloads
import ScenarioLanguage
import WindowModel

/// `windowlab bench --protocol` and `--engine exec:CMD`: commands per second through
/// the engine protocol (see ``ProtocolThroughput``).
enum ProtocolBench {
    static func run(json: Bool, engine spec: String?) throws {
        let served: EngineFactory
        do {
            served = try ProcessEngines.factory(
                command: spec.map { String($0.dropFirst(5)) }
                    ?? "'\(ChildProcess.currentExecutable)' serve --engine indexed")
        } catch {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitStatus.badInput.exit
        }
        // 200 generated cases of 150 commands, fitted to the engine as check fits its cases.
        var cases: [[Command]] = []
        for seed: UInt64 in 0..<200 {
            var configuration = CommandGenerator.Configuration(length: 150)
            configuration.features = configuration.features.intersection(served.features)
            var generator = CommandGenerator(seed: seed, configuration: configuration)
            var filter = FeatureFilter(engines: [served])
            cases.append(generator.generate().compactMap { filter.admit($0) })
        }
        // Its answers first: a crash, garbage, a hang or a wrong answer ends the benchmark, named.
        if spec != nil, let (index, problem) = Heartbeat.during("checking \(served.name)'s answers against the reference", {
            BenchAnswerCheck.firstProblem(cases: cases, engine: served, reference: EngineCatalog.engines[0])
        }) {
            let what = problem.fault.map { "failed (\($0.kind.rawValue))" } ?? "answered otherwise than the reference"
            FileHandle.standardError.write(Data(("error: \(served.name) \(what) in case \(index) of the benchmark's "
                + "200, at command \(problem.commandIndex + 1) (`\(ScenarioPrinter.line(problem.command))`): \(problem.summary); "
                + "nothing was measured (replay it: windowlab check --engine \(spec!), or fix the engine first)\n").utf8))
            throw ExitStatus.failed.exit
        }
        let figures: ProtocolThroughput.Figures
        do {
            figures = try Heartbeat.during("measuring \(served.name) through the protocol") { () throws(EngineFault) in
                try ProtocolThroughput.measure(cases: cases, inProcess: EngineCatalog.engines[1], served: served)
            }
        } catch {
            FileHandle.standardError.write(Data("error: \(served.name) failed while it was measured: \(error); nothing was measured\n".utf8))
            throw ExitStatus.failed.exit
        }
        if json {
            print("{\"engine\":\"\(served.name)\",\"commands\":\(figures.commands),\"inProcess\":\(Int(figures.inProcess)),"
                  + "\"oneAtATime\":\(Int(figures.oneAtATime)),\"batched\":\(Int(figures.batched))}")
            return
        }
        let name = spec == nil ? "the indexed engine (windowlab serve)" : "\(served.name) (\(spec!))"
        print("engine protocol, \(name), \(figures.commands) commands (200 generated cases fitted to its declaration), "
              + "each applied and then snapshotted; best of 5 rounds:")
        print("  through the pipe, one at a time: \(Int(figures.oneAtATime)) commands/s")
        print("  through the pipe, batched:       \(Int(figures.batched)) commands/s"
              + (spec == nil ? " (\(String(format2: figures.batchedShare * 100))% of in process)" : ""))
        print("  the indexed engine in process:   \(Int(figures.inProcess)) commands/s (no pipe, the same commands)")
        if spec != nil {
            print("(The pipe's own cost is in both figures of your engine: each request written to its standard "
                  + "input and the answer read back. An engine in process: docs/benchmarks.md, \"Your engine\".)")
        }
    }
}
