import Foundation
import WindowModel

/// One conversation with an engine in this process (see ``InProcessEngines``): the
/// handshake, then every request of every instance, framed as a process's standard
/// output is framed. Version 1 ends each answer with `ok`, version 2 with `ok N`, N
/// counting the requests over the conversation's life as over a process's life.
///
/// The function returns one whole answer per call, so the framing checks each
/// answer alone: its last line must be its end, no other line may be one, and an
/// `error` line is the engine's fault. After a fault the next `ok N` sets the count
/// again (a process would have been replaced; an engine in this process is not).
final class InProcessConversation: @unchecked Sendable {
    let answer: InProcessEngines.Answer
    private(set) var hello = EngineHello(name: "engine", features: [.windows])
    /// Whether answers end with `ok N` (version 2) rather than `ok`.
    private(set) var numbered = false
    /// Answers completed so far (the last `ok N` a version 2 engine wrote).
    private var answered = 0
    /// After a fault: take the next `ok N` as the count, whatever it is.
    private var resynchronising = false
    /// The instance that may talk now; each new instance takes the next.
    private(set) var generation = 0
    private let lock = NSLock()

    init(answer: @escaping InProcessEngines.Answer) {
        self.answer = answer
    }

    /// The handshake: `hello 1` through the function, or the declaration given, read
    /// by ``EngineHello/parse(_:)`` as `--engine exec:` reads it.
    func greet(declaration: String?) throws(EngineFault) {
        let lines: [String]
        if let declaration {
            lines = [declaration]
        } else {
            let bytes = answer(EngineHello.request)
            guard let bytes else {
                throw EngineFault(kind: .start, message: "the handshake failed: the engine gave no answer to `hello 1`",
                                  statement: EngineHello.request)
            }
            let framed = Self.lines(of: bytes)
            guard let last = framed.last, let end = last.end, end == .bare || end == .numbered(1) else {
                let got = framed.last.map { "`\($0.text.prefix(200))`" } ?? "nothing"
                throw EngineFault(kind: .start, message: "the handshake failed: the answer to `hello 1` ends with \(got), "
                                  + "not with its end (`ok`, or `ok 1` in version 2)", statement: EngineHello.request)
            }
            numbered = end == .numbered(1)
            lines = framed.dropLast().map(\.text)
        }
        let hello = try EngineHello.parse(lines)
        if declaration == nil, let mismatch = hello.framingMismatch(numbered: numbered) {
            throw EngineFault(kind: .start, message: "the handshake failed: " + mismatch, statement: EngineHello.request)
        }
        // Declared: the engine was not sent `hello`, and a version 2 engine's first
        // `ok N` sets the count (whether it counts a hello of its own or not).
        if declaration != nil { (numbered, resynchronising) = (hello.version == 2, true) }
        answered = declaration == nil ? 1 : 0
        self.hello = hello
    }

    /// Makes the next instance the one that may talk; returns its number.
    func nextGeneration() -> Int {
        lock.lock()
        defer { lock.unlock() }
        generation += 1
        return generation
    }

    /// The lines of the answer to `request` (without its end), or the fault.
    func exchange(_ request: String, generation asker: Int) -> Result<[String], EngineFault> {
        lock.lock()
        defer { lock.unlock() }
        guard asker == generation else {
            return .failure(EngineFault(kind: .error, message: "a newer instance of this in-process engine was made "
                                        + "since this one (the engine is one object: one instance at a time)",
                                        statement: request))
        }
        guard let bytes = answer(request) else {
            resynchronising = true
            return .failure(EngineFault(kind: .garbage, message: "the engine gave no answer (a null pointer)",
                                        statement: request))
        }
        switch frame(Self.lines(of: bytes)) {
        case let .lines(lines):
            return .success(lines)
        case let .fault(fault):
            resynchronising = true
            return .failure(EngineFault(kind: fault.kind, message: fault.message, statement: request))
        case .unended:
            resynchronising = true
            let due = numbered ? "`ok \(answered + 1)`" : "`ok`"
            return .failure(EngineFault(kind: .garbage, message: "the engine's answer has no end: its last line is not \(due)",
                                        statement: request))
        }
    }

    /// What one answer's lines made.
    private enum Framed {
        /// The lines before its end.
        case lines([String])
        case fault(AnswerFault)
        /// No line ends it.
        case unended
    }

    private func frame(_ lines: [AnswerFraming.Line]) -> Framed {
        var body: [String] = []
        for (index, line) in lines.enumerated() {
            let isLast = index == lines.count - 1
            switch (numbered, line.end) {
            case (_, nil), (false, .numbered), (false, .malformed):
                break   // a version 1 engine's line `ok 3` is a line like any other
            case (false, .bare):
                return isLast ? .lines(body) : .fault(.surplus(String(lines[index + 1].text.prefix(200))))
            case let (true, .numbered(number)) where resynchronising || number == answered + 1:
                guard isLast else { return .fault(.surplus(String(lines[index + 1].text.prefix(200)))) }
                (answered, resynchronising) = (number, false)
                return .lines(body)
            case let (true, .numbered(number)):
                return .fault(.endOutOfStep(number: number, due: answered + 1, linesBefore: body.count))
            case (true, .bare):
                return .fault(.bareEnd(due: answered + 1))
            case (true, .malformed):
                return .fault(.malformedEnd(line.text, due: answered + 1))
            }
            let text = line.text
            if text.hasPrefix("error") && (text.count == 5 || text.dropFirst(5).first == " ") { return .fault(.error(text)) }
            if text.utf8.count > AnswerFraming.maxLineBytes { return .fault(.lineTooLong(beginning: String(text.prefix(120)))) }
            guard body.count < AnswerAssembler.maxAnswerLines else { return .fault(.tooManyLines(last: text)) }
            body.append(text)
        }
        return .unended
    }

    /// The answer cut into lines as a process's output is (a last line without its
    /// line break counts as a line).
    static func lines(of bytes: [UInt8]) -> [AnswerFraming.Line] {
        var framing = AnswerFraming()
        _ = framing.append(bytes[...])
        if bytes.last != 0x0A { _ = framing.append([0x0A][...]) }
        var lines: [AnswerFraming.Line] = []
        while let line = framing.nextLine() { lines.append(line) }
        return lines
    }
}
