import WindowModel

/// Makes answers of an engine's lines (from ``AnswerFraming``) over the process's
/// life: collects the lines before each answer's end, learns from the first answer
/// whether the engine numbers its answers, and decides every way the lines break
/// the protocol as an ``AnswerFault``.
///
/// An answer ends with `ok N` in protocol version 2 (N counting answers from 1) and
/// with a bare `ok` in version 1, where a line `ok 3` is an observation like any
/// other. A line `error …` is the engine's own fault; more than ``maxAnswerLines``
/// lines in one answer is garbage.
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
        case (_, nil), (false, .numbered): break  // a version 1 engine's line `ok 3` is an observation
        case (nil, .bare): numbersAnswers = false; return finishAnswer()
        case (nil, .numbered(1)): numbersAnswers = true; return finishAnswer()
        case (true, .numbered(answered + 1)), (false, .bare): return finishAnswer()
        case (true, .bare): return .fault(.bareEnd(due: answered + 1))
        case let (_, .numbered(number)): return .fault(.endOutOfStep(number: number, due: answered + 1))
        }
        let text = line.text
        if text.hasPrefix("error") && (text.count == 5 || text.dropFirst(5).first == " ") {
            return .fault(.error(text))
        }
        guard current.count < Self.maxAnswerLines else { return .fault(.tooManyLines(last: text)) }
        current.append(text)
        return .collected
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
    /// `ok N` where answer `due` was due.
    case endOutOfStep(number: Int, due: Int)
    /// The engine's `error …` line.
    case error(String)
    /// More than ``AnswerAssembler/maxAnswerLines`` lines in one answer: the last.
    case tooManyLines(last: String)

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
        case let .endOutOfStep(number, due):
            return "the engine wrote `ok \(number)` where answer \(due) was due "
                + (number > due ? "(an answer to nothing: more `ok` than requests)" : "(a number out of step)")
        case let .error(line):
            return "the engine answered `\(line.prefix(500))`"
        case let .tooManyLines(last):
            return "the engine wrote more than \(AnswerAssembler.maxAnswerLines) lines for one statement "
                + "(the last: `\(last.prefix(120))`)"
        }
    }
}
