import WindowModel

/// Makes answers of an engine's lines (from ``AnswerFraming``) over the process's
/// life: collects the lines before each answer's end, learns from the first answer
/// whether the engine numbers its answers, and decides every way the lines break
/// the protocol as an ``AnswerFault``.
///
/// An answer ends with `ok N` in protocol version 2 (N counting answers from 1) and
/// with a bare `ok` in version 1, where a line `ok 3` is an observation like any
/// other. In version 2 (and in the first answer, before the version is known) a line
/// meant as an end that is not one (`OK 5`, `ok -5`) is a fault where it stands. A
/// line `error …` is the engine's own fault; more than ``maxAnswerLines`` lines in
/// one answer is garbage.
struct AnswerAssembler {
    /// Most lines in one answer; more is garbage.
    static let maxAnswerLines = 200_000

    /// What one line made.
    enum Step {
        /// A line of the answer under way.
        case collected
        /// The line ended an answer: its lines.
        case answer([String])
        /// The line breaks the protocol.
        case fault(AnswerFault)
    }

    /// How the engine ends its answers, known from its first answer: `ok N`
    /// (protocol version 2) or a bare `ok` (version 1).
    private(set) var numbersAnswers: Bool?
    /// Answers completed over the process's life.
    private(set) var answered = 0
    /// The lines of the answer under way.
    private var current: [String] = []

    /// Takes the next line the engine wrote.
    mutating func take(_ line: AnswerFraming.Line) -> Step {
        switch (numbersAnswers, line.end) {
        case (_, nil), (false, .numbered), (false, .malformed): break  // a version 1 engine's line `ok 3` is an observation
        case (nil, .bare): numbersAnswers = false; return finishAnswer()
        case (nil, .numbered(1)): numbersAnswers = true; return finishAnswer()
        case (true, .numbered(answered + 1)), (false, .bare): return finishAnswer()
        case (true, .bare): return .fault(.bareEnd(due: answered + 1))
        case (_, .malformed): return .fault(.malformedEnd(line.text, due: answered + 1))
        case let (_, .numbered(number)):
            return .fault(.endOutOfStep(number: number, due: answered + 1, linesBefore: current.count))
        }
        let text = line.text
        // `error MESSAGE` in place of a whole answer ends it, as one line: the reader of
        // the answer makes it the engine's fault at that statement. The framing stays
        // intact, so the answers after it are read too: a case that ended before the
        // error (at a statement the engine declined) leaves the process fit for the next
        // case. (`unsupported REASON` is an answer's one line, before its end.)
        if current.isEmpty, Self.isError(text) {
            current = [text]
            return finishAnswer()
        }
        if Self.isError(text) { return .fault(.error(text)) }
        guard current.count < Self.maxAnswerLines else { return .fault(.tooManyLines(last: text)) }
        current.append(text)
        return .collected
    }

    /// Whether `line` is an `error` answer (`error` alone, or with a message).
    static func isError(_ line: String) -> Bool {
        line.hasPrefix("error") && (line.count == 5 || line.dropFirst(5).first == " ")
    }

    /// Whether `line` is an `unsupported` answer (`unsupported` alone, or with a reason).
    static func isUnsupported(_ line: String) -> Bool {
        line.hasPrefix("unsupported") && (line.count == 11 || line.dropFirst(11).first == " ")
    }

    private mutating func finishAnswer() -> Step {
        answered += 1
        let lines = current
        current = []
        return .answer(lines)
    }
}

/// How an engine's output broke the protocol, as found by ``AnswerFraming`` and
/// ``AnswerAssembler``; ``EngineProcess`` records it as an ``EngineFault`` with
/// the statement being answered.
enum AnswerFault: Equatable {
    /// Output when every request was answered: the beginning of its first line.
    case surplus(String)
    /// A line longer than ``AnswerFraming/maxLineBytes``: its beginning.
    case lineTooLong(beginning: String)
    /// A bare `ok` from an engine that numbers its answers; `due` is the answer's number.
    case bareEnd(due: Int)
    /// `ok N` where answer `due` was due, after `linesBefore` lines of that answer.
    case endOutOfStep(number: Int, due: Int, linesBefore: Int)
    /// A line meant as an answer's end that is not one (`OK 5`, `ok -5`), where answer `due` was due.
    case malformedEnd(String, due: Int)
    /// The engine's `error …` line.
    case error(String)
    /// More than ``AnswerAssembler/maxAnswerLines`` lines in one answer: the last.
    case tooManyLines(last: String)

    /// What happened when this came after the last answer asked for (before the
    /// answer to a request of the harness's own): an end or a line that answers
    /// nothing. Nil for faults that are not about surplus output.
    func messageAfterLastAnswer() -> String? {
        let after = "after the end of its answer, the last one asked for"
        switch self {
        case let .endOutOfStep(number, _, 0): return "the engine wrote `ok \(number)` \(after): an answer to nothing"
        case let .endOutOfStep(number, _, lines): return "the engine wrote \(lines) line(s) and `ok \(number)` \(after): an answer to nothing"
        case .bareEnd: return "the engine wrote `ok` \(after): an answer to nothing"
        case let .malformedEnd(line, _): return "the engine wrote `\(line.prefix(120))` \(after): an answer to nothing"
        case let .surplus(line): return "the engine wrote `\(line)` \(after) (more than it was asked for)"
        default: return nil
        }
    }

    var kind: EngineFault.Kind {
        if case .error = self { return .error }
        return .garbage
    }

    /// What happened, in one sentence.
    var message: String {
        switch self {
        case let .surplus(line):
            return "the engine wrote `\(line)` after its last answer (more lines or more `ok` than requests)"
        case let .lineTooLong(beginning):
            return "the engine wrote a line longer than \(AnswerFraming.maxLineBytes) bytes, beginning `\(beginning)`"
        case let .bareEnd(due):
            return "the engine ended an answer with `ok`; it ends its answers with `ok N` "
                + "(protocol version 2), and this one is number \(due)"
        case let .endOutOfStep(number, due, linesBefore):
            let what = number < due ? "a number out of step: answer \(number) was ended before"
                : linesBefore == 0 ? "an answer to nothing: more ends than requests, or the end `ok \(due)` is missing"
                : "the end `ok \(due)` is missing after \(linesBefore) line(s), or this end answers nothing"
            return "the engine wrote `ok \(number)` where the end of answer \(due) was due (\(what))"
        case let .malformedEnd(line, due):
            return "the engine wrote `\(line.prefix(120))` where the end of answer \(due) was due: an answer ends "
                + "with exactly `ok \(due)` (lower-case `ok`, a space, the answer's number; version 1: a bare `ok`)"
        case let .error(line):
            return "the engine answered `\(line.prefix(500))`"
        case let .tooManyLines(last):
            return "the engine wrote more than \(AnswerAssembler.maxAnswerLines) lines for one statement "
                + "(the last: `\(last.prefix(120))`)"
        }
    }
}
