import CommandEncoding
import DifferentialHarness
import Foundation
import ProcessSupport
import ReferenceModel
import WindowModel

/// libFuzzer on your own engine, in this process: decodes each fuzz input to a
/// command list of the project's binary encoding (so the corpus packs and the
/// structure-aware mutator serve it), runs it on the reference and your engine in
/// lockstep, compared under the engine's declared features, deviations and numbers
/// exactly as `windowlab check` compares them, and on a difference prints the
/// scenario (``FuzzReport``) and aborts, so libFuzzer saves the input.
///
/// A Swift fuzz target is then three functions (build it with
/// `swift build -c release --sanitize=fuzzer --product MyFuzzer`):
///
/// ```swift
/// import WindowLabFuzzing
/// import WindowModel
///
/// let fuzzer = EngineFuzzer(engine: EngineFactory(name: "mine", features: [.windows, .levels, .key, .hit]) {
///     MyWindowSystem()
/// })
///
/// @_cdecl("LLVMFuzzerTestOneInput")
/// public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzer.testOneInput(data, size) }
///
/// @_cdecl("LLVMFuzzerCustomMutator")
/// public func mutate(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
///     fuzzer.mutate(data, size, maxSize, seed)
/// }
///
/// @_cdecl("LLVMFuzzerCustomCrossOver")
/// public func crossOver(_ a: UnsafePointer<UInt8>?, _ sizeA: Int, _ b: UnsafePointer<UInt8>?, _ sizeB: Int,
///                       _ out: UnsafeMutablePointer<UInt8>?, _ maxOut: Int, _ seed: UInt32) -> Int {
///     EngineFuzzer.crossOver(a, sizeA, b, sizeB, out, maxOut, seed)
/// }
/// ```
///
/// The environment tunes a running target: `WINDOWLAB_FUZZ_SHRINK=SECONDS` bounds the
/// in-process shrinking of a difference (10 by default; 0 prints the cut scenario
/// only), `WINDOWLAB_FUZZ_FINDINGS=DIR` also writes the scenario there as
/// `divergence-HASH.wls`, `WINDOWLAB_FUZZ_MUTATOR=bytes` leaves mutation to libFuzzer,
/// `WINDOWLAB_FUZZ_STATS=1` prints the inputs and commands run, and what was compared
/// (what the engine declined, and what that cut off), when the process exits or a
/// difference aborts it. `WINDOWLAB_FUZZ_KEEP_GOING=1` does not abort on a difference:
/// each new cause is shrunk, written into the findings folder (`windowlab-findings` when
/// `WINDOWLAB_FUZZ_FINDINGS` is not set) and printed, later inputs of a recorded cause
/// are counted, and the run ends with one line per cause and exit 1 (``FuzzCauses``).
public struct EngineFuzzer: Sendable {
    /// The reference first, then the engine under test.
    public let engines: [EngineFactory]
    /// Seconds a difference may be shrunk in process before it is printed (0: not shrunk).
    public var shrinkSeconds: Double
    /// A folder to write each difference's scenario to, besides printing it.
    public var findingsFolder: String?
    /// Whether a difference is recorded as a cause and the run goes on, instead of aborting.
    public var keepGoing: Bool

    /// - Parameters:
    ///   - engine: your engine, with what it declares (features, deviations, numbers).
    ///   - reference: the oracle (the reference model unless you know better).
    public init(engine: EngineFactory, reference: EngineFactory = EngineFactory(name: "reference") { ReferenceWindowSystem() }) {
        engines = [reference, engine]
        let environment = ProcessInfo.processInfo.environment
        shrinkSeconds = environment["WINDOWLAB_FUZZ_SHRINK"].flatMap(Double.init).map { $0.isFinite ? max(0, $0) : 0 } ?? 10
        findingsFolder = environment["WINDOWLAB_FUZZ_FINDINGS"].flatMap { $0.isEmpty ? nil : $0 }
        keepGoing = environment["WINDOWLAB_FUZZ_KEEP_GOING"] == "1"
    }

    /// What one input showed.
    public enum Verdict: Sendable {
        /// The engines agreed on every command the input decodes to (how many ran).
        case agree(commands: Int)
        /// No difference, but the engine declined (answered `unsupported`) some of the
        /// input: what it declined, and what a declined change cut off, was not compared.
        /// Not an agreement (``UnsupportedStatements/ledger`` says what was compared).
        case declined(commands: Int, UnsupportedStatements)
        /// The bytes are of another version of the encoding: nothing ran.
        case unreadable(String)
        /// The engine differs (a fault or broken invariants included).
        case different(FuzzReport)
    }

    /// Runs one input; never aborts.
    /// - Parameter passing: differences to go on past (a keep-going run's recorded
    ///   causes): the run continues after them, as `check` runs its cases, and the
    ///   verdict is about the first difference this says no to, shrunk; or, when every
    ///   one was passed, about the first, not shrunk (``FuzzReport/showsAPassedCause``).
    public func check(_ bytes: UnsafeBufferPointer<UInt8>,
                      passing: ((Divergence) -> Bool)? = nil) -> Verdict {
        let input = FuzzClock.begin()
        let commands: [Command]
        switch CommandDecoder.decode(bytes) {
        case let .commands(list): commands = list
        case let .unsupportedVersion(version):
            return .unreadable("the input's first byte names encoding version \(version); this build reads "
                               + "\(CommandFormat.readableVersions.lowerBound) to \(CommandFormat.readableVersions.upperBound)")
        }
        let result = passing.map { passing in
            DifferentialRunner.run(commands, engines: engines, cadence: .everyCommand, continuesAfterDivergence: true,
                                   stopsAt: { !passing($0) })
        } ?? DifferentialRunner.run(commands, engines: engines)
        FuzzClock.ran(commands: result.commandsRun, unsupported: result.unsupported)
        // The run stopped at the first difference not passed: those before it were.
        let passed = passing.map { passing in Array(result.divergences.prefix(while: passing)) } ?? []
        guard let divergence = result.divergences.dropFirst(passed.count).first ?? result.divergence else {
            return result.unsupported.isEmpty ? .agree(commands: result.commandsRun)
                : .declined(commands: result.commandsRun, result.unsupported)
        }
        // Cut where the list has it, then fit as the engines were sent it (features, numbers).
        var filter = FeatureFilter(engines: engines)
        let cut = commands.prefix(divergence.sourceIndex + 1).compactMap { filter.admit($0) }
        // Shrunk, then shrunk again from its own minimal case, in the budget's time left.
        let started = ContinuousClock.now
        let shrunk = shrinkSeconds > 0 && !cut.isEmpty && passed.count < result.divergences.count
            ? Finding.shrinking(commands, divergence: divergence, seed: 0, profile: .small, engines: engines,
                                seconds: shrinkSeconds)
                .shrunkAgain(engines: engines, seconds: shrinkSeconds - FuzzClock.seconds(since: started))
            : nil
        return .different(FuzzReport(engines: engines, divergence: divergence, decoded: commands.count,
                                      cut: cut.isEmpty ? [divergence.command] : cut, shrunk: shrunk,
                                      inputNumber: input.number, secondsSinceFirstInput: input.seconds,
                                      passed: passed.map(\.signature), keptGoing: passing != nil))
    }

    /// `LLVMFuzzerTestOneInput`: ``check(_:)``, and on a difference the report on
    /// standard error (and in ``findingsFolder``), then `abort()`. Returns 0.
    public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let input = UnsafeBufferPointer(start: size > 0 ? data : nil, count: data == nil ? 0 : max(0, size))
        if keepGoing { return keepGoingCheck(input) }
        guard case let .different(report) = check(input) else { return 0 }
        reportAndAbort(report, input: input)
    }

    /// A keep-going run's input: a difference of a recorded cause is counted, a new one
    /// shrunk, written and printed (``FuzzCauses``); never aborts. Returns 0.
    /// The input runs on past the differences of recorded causes (each counted once an
    /// input), so that a cause met only after another's difference is found too.
    public func keepGoingCheck(_ input: UnsafeBufferPointer<UInt8>) -> CInt {
        FuzzClock.keepsGoing()
        guard case let .different(report) = check(input, passing: { FuzzCauses.shared.isKnown($0.signature) })
        else { return 0 }
        FuzzCauses.shared.count(report.passedSignatures)
        guard !report.showsAPassedCause else { return 0 }
        let recorded = FuzzCauses.shared.record(report, input: input, folder: findingsFolder ?? "windowlab-findings")
        if recorded.new { FileHandle.standardError.write(Data(recorded.text.utf8)) }
        return 0
    }

    /// `LLVMFuzzerCustomMutator`, fitted to the engine's features (see ``StructureMutator``).
    public func mutate(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
        guard let data, size >= 0, maxSize > 0 else { return 0 }
        return StructureMutator.mutate(data, size: min(size, maxSize), maxSize: maxSize, seed: seed,
                                       features: engines.sharedFeatures)
    }

    /// `LLVMFuzzerCustomCrossOver` (see ``StructureMutator/crossOver(_:_:out:maxSize:seed:)``).
    public static func crossOver(_ a: UnsafePointer<UInt8>?, _ sizeA: Int, _ b: UnsafePointer<UInt8>?, _ sizeB: Int,
                                 _ out: UnsafeMutablePointer<UInt8>?, _ maxOut: Int, _ seed: UInt32) -> Int {
        guard let a, let b, let out, sizeA >= 0, sizeB >= 0, maxOut > 0 else { return 0 }
        return StructureMutator.crossOver(UnsafeBufferPointer(start: a, count: sizeA), UnsafeBufferPointer(start: b, count: sizeB),
                                          out: out, maxSize: maxOut, seed: seed)
    }

    /// Prints the report on standard error, writes its scenario to ``findingsFolder``
    /// when there is one (named after the input's hash), and aborts.
    public func reportAndAbort(_ report: FuzzReport, input: UnsafeBufferPointer<UInt8>) -> Never {
        var text = report.text
        if let folder = findingsFolder {
            let path = folder + "/divergence-" + FuzzClock.hash(input) + ".wls"
            do throws(FileWriteError) {
                try AtomicFile.makeFolder(folder)
                try AtomicFile.write(Array(report.scenario.utf8), to: path)
                text += "# windowlab: scenario written to \(path)\n"
            } catch {
                text += "# windowlab: \(error) (the scenario is above)\n"
            }
        }
        FileHandle.standardError.write(Data(text.utf8))
        FuzzClock.printStatsWhenAsked()
        abort()
    }
}
