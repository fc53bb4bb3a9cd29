import Foundation
import ScenarioLanguage
import WindowModel

/// The engine side of the protocol, for a Swift engine: what `windowlab serve`
/// runs. Reads requests from a file descriptor, answers on another.
///
/// Output is buffered and written when the input has no complete request left
/// (before reading blocks), so a client that sends a batch gets the batch's
/// answers in a few writes, and one that waits for each answer gets it at once.
///
/// ```swift
/// let status = ProtocolServer(engine: EngineFactory(name: "reference") { ReferenceWindowSystem() }).serve()
/// ```
public struct ProtocolServer {
    public let engine: EngineFactory
    /// A fault to commit at the first statement with this first word, to see how
    /// the harness reports faults (`windowlab serve --fault crash:hit`).
    public var injectedFault: (kind: EngineFault.Kind, keyword: String)?
    /// The protocol version to answer with: 2 numbers the answers (`ok N`), 1 does not.
    public var version: Int
    /// Refuse (`error`) a statement with a number outside the engine's declared limits,
    /// as an engine that cannot take it would (`windowlab serve --limits … --enforce-limits`).
    public var enforcesLimits = false
    /// Answer `unsupported` to every statement whose first word is this one, as an
    /// engine that cannot do it would (`windowlab serve --unsupported set`).
    public var unsupportedKeyword: String?
    /// Answer `unsupported` to every statement after this many since each `reset`.
    public var unsupportedAfter: Int?
    /// Seconds to wait before answering each statement after the handshake: a slow
    /// engine (a browser, an X server), to see the harness's time box hold
    /// (`windowlab serve --answer-delay 0.005`).
    public var answerDelay = 0.0

    public init(engine: EngineFactory, version: Int = 2) {
        self.engine = engine
        self.version = version
    }

    /// The fault kinds `--fault` can inject.
    public static let injectableFaults: [EngineFault.Kind] = [.crash, .exit, .hang, .garbage, .error]

    /// Commits the injected fault (crash, exit and hang do not return).
    private func commitFault(_ kind: EngineFault.Kind, _ out: inout BufferedOutput) {
        FileHandle.standardError.write(Data("serve: injecting a \(kind.rawValue) fault\n".utf8))
        out.flush()
        switch kind {
        case .crash: kill(getpid(), SIGSEGV)
        case .exit: exit(3)
        case .hang: while true { sleep(60) }
        case .garbage: out.write("this is not an observation")
        default: out.write("error injected fault")
        }
    }

    /// Serves until the input ends (status 0) or the handshake fails (status 2).
    public func serve(input: Int32 = 0, output: Int32 = 1) -> Int32 {
        var lines = LineInput(fd: input)
        var out = BufferedOutput(fd: output)
        var session = ProtocolSession(engine: engine, version: version)
        session.enforcesLimits = enforcesLimits
        session.unsupportedKeyword = unsupportedKeyword
        session.unsupportedAfter = unsupportedAfter
        while let next = lines.next(beforeBlocking: { out.flush() }) {
            if case let .text(line) = next, session.greeted, let (kind, keyword) = injectedFault,
               Self.trimmed(line).split(separator: " ").first.map(String.init) == keyword {
                commitFault(kind, &out)   // crash, exit and hang do not return
                if kind == .error { continue }
            }
            if answerDelay > 0, session.greeted {
                out.flush()
                usleep(useconds_t(min(answerDelay, 10) * 1_000_000))
            }
            let answer = session.answer(next)
            for line in answer.lines { out.write(line) }
            if let status = answer.stop {
                out.flush()
                return status
            }
        }
        out.flush()
        return 0
    }
}

/// One engine's side of a protocol conversation, a request at a time: what `serve`
/// answers, and what its fuzz target drives. Every request gets exactly one answer:
/// its lines, then its end (`ok N` in version 2, `ok` in version 1) or one `error` line.
public struct ProtocolSession {
    public let engine: EngineFactory
    /// The version answered with (``EngineHello/versions``).
    public let version: Int
    private var system: any WindowSystem
    private var reader = StatementReader()
    public private(set) var greeted = false
    private var number = 0
    private let complete: Bool
    /// See ``ProtocolServer/enforcesLimits`` and ``ProtocolServer/unsupportedKeyword``.
    public var enforcesLimits = false
    public var unsupportedKeyword: String?
    /// Answer `unsupported` to every statement after this many since the last `reset`
    /// (`serve --unsupported-after N`: an engine that declines the rest of each case).
    public var unsupportedAfter: Int?
    private var statementsSinceReset = 0
    /// What the declared limits let through, statement by statement (when enforced).
    private var limits: FeatureFilter

    public init(engine: EngineFactory, version: Int = 2) {
        self.engine = engine
        self.version = version
        system = engine.make()
        complete = engine.features == EngineFeature.all
        limits = FeatureFilter(features: EngineFeature.all, numbers: engine.numbers, limits: engine.limits)
    }

    /// The answer to one request line (without its line break), and the exit status
    /// when the conversation must end (a failed handshake).
    public mutating func answer(_ line: String) -> (lines: [String], stop: Int32?) {
        answer(line.utf8.count > LineInput.maxLineBytes ? .tooLong : .text(line))
    }

    mutating func answer(_ next: LineInput.Line) -> (lines: [String], stop: Int32?) {
        number += 1
        guard case let .text(line) = next else {
            // Read past, never kept whole: one line, one answer.
            let error = "error request \(number) is longer than \(LineInput.maxLineBytes) bytes"
            return ([error], greeted ? nil : 2)
        }
        let request = ProtocolServer.trimmed(line)
        if !greeted {
            guard request == EngineHello.request else {
                return (["error the first request must be `\(EngineHello.request)`, got `\(request.prefix(200))`"], 2)
            }
            greeted = true
            let hello = EngineHello(name: engine.name, features: engine.features, answersInvariants: true,
                                    deviations: engine.deviations, numbers: engine.numbers, limits: engine.limits,
                                    version: version)
            return ([hello.line, end], nil)
        }
        var lines: [String] = []
        switch request {
        case "reset":
            statementsSinceReset = 0
            system = engine.make()
            reader = StatementReader()
            limits = FeatureFilter(features: EngineFeature.all, numbers: engine.numbers, limits: engine.limits)
        case "snapshot":
            for scene in system.snapshot() {
                lines.append(Observation.order(scene: scene.scene, windows: scene.order).description)
                lines.append(Observation.keyWindow(scene: scene.scene, window: scene.keyWindow).description)
            }
        case "invariants":
            for violation in system.invariantViolations() { lines.append("violation " + violation) }
        case EngineHello.request:
            return (["error the handshake was already done"], nil)
        default:
            // (Before the reader takes it in: a statement not done creates nothing, so later
            // statements naming what it would have made are errors, as in a real engine.)
            statementsSinceReset += 1
            if let keyword = unsupportedKeyword, Self.matches(request, keyword) {
                return (["unsupported \(engine.name) does not do `\(keyword)` (serve --unsupported)", end], nil)
            }
            if let limit = unsupportedAfter, statementsSinceReset > limit {
                return (["unsupported \(engine.name) does nothing after \(limit) statements (serve --unsupported-after)", end], nil)
            }
            do {
                if case let .command(command)? = try reader.read(request, line: number) {
                    let missing = complete ? [] : EngineFeature.required(by: command).subtracting(engine.features)
                    guard missing.isEmpty else { return (["error \(engine.name) does not implement \(missing.words)"], nil) }
                    // (As text: `-0` is not `0` to an engine that has no sign of zero.)
                    if enforcesLimits, limits.admit(command).map(ScenarioPrinter.wireLine) != ScenarioPrinter.wireLine(command) {
                        return (["error `\(request.prefix(200))` is outside the declared limits \(engine.limits.words)"], nil)
                    }
                    lines = system.apply(command).map(\.description)
                }
            } catch {
                return (["error " + VisibleText.escaped(error.description, limit: 2000)], nil)
            }
        }
        return (lines + [end], nil)
    }

    /// Whether `request` is one `--unsupported WORDS` declines: its first word is the
    /// first of `words`, and every other of `words` is among its words (`touch moved`).
    static func matches(_ request: String, _ words: String) -> Bool {
        let wanted = words.split(separator: " "), got = request.split(separator: " ")
        guard let first = wanted.first, got.first == first else { return false }
        return wanted.dropFirst().allSatisfy { got.contains($0) }
    }

    /// This request's end of answer.
    private var end: String { version >= 2 ? "ok \(number)" : "ok" }
}

extension ProtocolServer {
    /// The line without blanks (spaces, tabs) at either end.
    static func trimmed(_ line: String) -> String {
        let bytes = line.utf8
        let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        guard let first = bytes.first, let last = bytes.last, isBlank(first) || isBlank(last) else { return line }
        let start = bytes.firstIndex { !isBlank($0) } ?? bytes.endIndex
        let end = bytes.lastIndex { !isBlank($0) }.map { bytes.index(after: $0) } ?? start
        return start < end ? String(line[start..<end]) : ""
    }
}

/// Lines from a file descriptor, read in large chunks. A line longer than
/// ``maxLineBytes`` is read past as it arrives (never kept whole) and reported as
/// ``Line/tooLong``; each byte is looked at once, however long the line.
struct LineInput {
    /// The longest request line: what a statement in wire form can need, many times over.
    static let maxLineBytes = 4096

    enum Line: Equatable {
        case text(String)
        /// A line over the limit, read past.
        case tooLong
    }

    let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the next line break resumes (bytes before it have none).
    private var scanned = 0
    /// Inside an over-long line: bytes are dropped until its line break.
    private var skipping = false
    private var ended = false
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    init(fd: Int32) { self.fd = fd }

    /// The next line without its line break (nil at the end of input);
    /// `beforeBlocking` runs before each read that may wait.
    mutating func next(beforeBlocking: () -> Void) -> Line? {
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
                defer { start = newline + 1; scanned = start }
                if skipping {
                    skipping = false
                    return .tooLong
                }
                var end = newline
                if end > start && buffer[end - 1] == 0x0D { end -= 1 }
                return end - start > Self.maxLineBytes ? .tooLong : .text(String(decoding: buffer[start..<end], as: UTF8.self))
            }
            scanned = buffer.count
            if buffer.count - start > Self.maxLineBytes + 1 {   // (+1: a `\r` before the line break)
                // No line break yet and already too long: drop what is there, keep reading past.
                skipping = true
                start = buffer.count
                scanned = start
            }
            if ended {
                guard start < buffer.count || skipping else { return nil }
                defer { start = buffer.count; scanned = start; skipping = false }
                return skipping ? .tooLong : .text(String(decoding: buffer[start...], as: UTF8.self))
            }
            buffer.removeFirst(start)
            scanned -= start
            start = 0
            beforeBlocking()
            let n = read(fd, &chunk, chunk.count)
            if n > 0 {
                buffer += chunk[0..<n]
            } else if n == 0 || errno != EINTR {
                ended = true
            }
        }
    }
}

/// Lines to a file descriptor, written when ``flush()`` is called or 1 KiB wait.
struct BufferedOutput {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(fd: Int32) { self.fd = fd }

    mutating func write(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        // Written in pieces of 1 KiB (measured best of 256 B to 16 KiB), so a client reading a batch works on the
        // first answers while later ones are computed.
        if buffer.count >= 1 << 10 { flush() }
    }

    mutating func flush() {
        var offset = 0
        while offset < buffer.count {
            let n = buffer.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, buffer.count - offset) }
            if n > 0 {
                offset += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                break  // the client went away: nothing more to say
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
