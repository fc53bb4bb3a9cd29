import CommandEncoding
import CommandGeneration
import CorpusPack
import DifferentialHarness
import EngineProtocol
import IndexedEngine
import Lockstep
import ReferenceModel
import ScenarioLanguage
import WindowModel

#if canImport(Glibc)
import Glibc
#endif

/// The checks the fuzz targets run. Each returns normally when the input is fine and
/// stops the process (so libFuzzer saves a `crash-*` artifact) when it finds a bug,
/// after printing what it found.
public enum FuzzChecks {
    static let engines = [
        EngineFactory(name: "reference") { ReferenceWindowSystem() },
        EngineFactory(name: "indexed") { IndexedWindowSystem() },
    ]

    /// Decodes the bytes to a command list and runs it on both engines: any
    /// divergence or broken invariant is a crash.
    public static func differential(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let commands = CommandDecoder.decode(bytes).commandList else { return }
        let result = DifferentialRunner.run(commands, engines: engines)
        guard let divergence = result.divergence else { return }
        // (Cut where the list has it: engines that lack a feature skip commands, so the
        // index among those sent may be smaller.)
        let repro = Array(commands.prefix(divergence.sourceIndex + 1))
        fail("engines diverge: \(divergence)\n" + ScenarioPrinter.print(repro))
    }

    /// Parses the bytes as scenario text: no crash, and whatever parses prints back
    /// to text that parses to the same statements.
    public static func scenarioParser(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let scenario = try? ScenarioParser().parse(bytes: Array(bytes), file: "fuzz") else { return }
        let text = ScenarioPrinter.print(scenario.contents)
        guard let again = try? ScenarioParser().parse(text, file: "printed") else {
            fail("printed scenario does not parse:\n\(text)")
        }
        if again.contents != scenario.contents { fail("parse(print(x)) != x:\n\(text)") }
    }

    /// Reads the bytes as a corpus pack: no crash, and a pack that reads writes back
    /// to bytes that read as the same entries.
    public static func corpusReader(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let reading = try? CorpusPack.read(Array(bytes)) else { return }
        guard let written = try? reading.pack.serialized(),
              let again = try? CorpusPack.read(written), again.pack == reading.pack
        else {
            fail("a pack that reads does not write back to the same entries")
        }
    }

    static func fail(_ message: String) -> Never {
        print("windowlab fuzz: " + message)
        abort()
    }
}

extension FuzzChecks {
    /// The scale profiles the scale target picks from (by its first byte).
    static let scaleProfiles: [GenerationProfile] = [.crowd, .lattice, .parked, .magnitudes]

    /// The scale target's encoding (a second encoding profile, for states of
    /// hundreds to thousands of windows that the binary format's caps cannot hold):
    /// byte 0 picks a scale profile, bytes 1...8 are a case seed (little-endian), and
    /// the rest is a body (of the current encoding version) whose commands continue the case the profile
    /// builds from that seed (their references pick among its windows and views; see
    /// `CommandDecoder.decodeBody(_:after:)`). Both engines run the whole in lockstep;
    /// any divergence or broken invariant aborts.
    public static func scale(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 9 else { return }
        let profile = scaleProfiles[Int(bytes[0]) % scaleProfiles.count]
        var seed: UInt64 = 0
        for i in 1...8 { seed |= UInt64(bytes[i]) << UInt64(8 * (i - 1)) }
        var session = profile.session(seed: seed, engines: engines)
        if session.agrees, let body = CommandDecoder.decodeBody(bytes.dropFirst(9), after: session.commands) {
            for command in body where session.agrees { session.run(command) }
            session.checkInvariantsNow()
        }
        guard let divergence = session.divergence else { return }
        fail("engines diverge on the \(profile) case \(seed) and the commands after it: \(divergence)\n"
             + ScenarioPrinter.print(session.commands))
    }
}

extension FuzzChecks {
    /// Feeds the bytes, line by line, to the protocol's engine side (`windowlab serve`
    /// on the reference), after the handshake: every request gets exactly one answer
    /// (its lines end with one `ok N` or `error` line and hold no other), every answer
    /// line but the last is a trace line that reads back to itself, and nothing crashes.
    public static func serve(_ bytes: UnsafeBufferPointer<UInt8>) {
        var session = ProtocolSession(engine: engines[0])
        _ = session.answer(EngineHello.request)
        for (index, line) in String(decoding: Array(bytes), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).prefix(200).enumerated() {
            let answer = session.answer(String(line))
            // Version 2: the end names the request's number, the hello being 1.
            guard let last = answer.lines.last, last == "ok \(index + 2)" || last.hasPrefix("error ") else {
                fail("request `\(line.prefix(200))` got no final `ok \(index + 2)` or error: \(answer.lines)")
            }
            for body in answer.lines.dropLast() {
                if body.hasPrefix("ok") || body.hasPrefix("error ") { fail("a second final line for `\(line.prefix(200))`") }
                if body.hasPrefix("violation ") { continue }
                guard let observation = try? ObservationParser.parse(body), observation.description == body else {
                    fail("answer line `\(body)` does not read back (request `\(line.prefix(200))`)")
                }
            }
        }
    }

    /// Reads the bytes as one answer line an engine wrote: no crash, and a line that
    /// reads prints back to a line that reads to the same observation.
    public static func answerLine(_ bytes: UnsafeBufferPointer<UInt8>) {
        let line = String(decoding: Array(bytes.prefix(4096)), as: UTF8.self)
        guard let observation = try? ObservationParser.parse(line) else { return }
        guard let again = try? ObservationParser.parse(observation.description), again == observation
            || again.description == observation.description else {
            fail("`\(observation.description)` does not read back")
        }
    }
}
