import Testing
@testable import EngineProtocol

/// The engine protocol's answer framing and assembly on their own, without a process:
/// bytes to lines, lines to answers, and each protocol slip as a typed fault.
@Suite("Answer framing and assembly")
struct AnswerFramingTests {
    /// Every line `text` frames into, and what the framing says of the rest.
    static func lines(_ text: String) -> (lines: [AnswerFraming.Line], rest: AnswerFault?) {
        var framing = AnswerFraming()
        let taken = framing.append(Array(text.utf8)[...])
        #expect(taken || text.utf8.count > AnswerFraming.maxLineBytes)
        var lines: [AnswerFraming.Line] = []
        while let line = framing.nextLine() { lines.append(line) }
        return (lines, framing.compactAndCheckUnfinishedLine())
    }

    /// What an assembler makes of `lines`, one step per line.
    static func assemble(_ lines: [String]) -> [AnswerAssembler.Step] {
        var assembler = AnswerAssembler()
        return Self.lines(lines.map { $0 + "\n" }.joined()).lines.map { assembler.take($0) }
    }

    @Test("lines lose a carriage return and trailing blanks; an unfinished line waits")
    func framing() {
        let (lines, rest) = Self.lines("hit -> a/a.root at 1 2 \r\nok 7\t\nok\nnotify a didBecom")
        #expect(lines.map(\.text) == ["hit -> a/a.root at 1 2", "ok 7", "ok"])
        #expect(lines.map(\.end) == [nil, .numbered(7), .bare])
        #expect(rest == nil)
    }

    @Test("an unfinished line over the limit is a fault that shows its beginning")
    func lineTooLong() {
        let (_, rest) = Self.lines(String(repeating: "x", count: AnswerFraming.maxLineBytes + 1))
        #expect(rest == .lineTooLong(beginning: String(repeating: "x", count: 120)))
        #expect(rest?.kind == .garbage)
    }

    @Test("version 2 answers end with `ok N`, counted from the first; a bare `ok` or a number out of step is a fault")
    func numbering() {
        guard case .answer(let first)? = Self.assemble(["hello 2 x all", "ok 1"]).last else {
            Issue.record("no first answer")
            return
        }
        #expect(first == ["hello 2 x all"])
        #expect(Self.assemble(["ok 1", "ok"]).last.map(Self.fault) == .bareEnd(due: 2))
        #expect(Self.assemble(["ok 1", "ok 3"]).last.map(Self.fault) == .endOutOfStep(number: 3, due: 2, linesBefore: 0))
    }

    @Test("version 2: an answer's end that is malformed is a fault where it stands, quoted, not blamed on the next answer",
          arguments: ["OK 2", "Ok 2", "oK", "OK", "ok -2", "ok +2", "ok 2 2", "ok2", "ok 1234567890123456789", "ok 0x2"])
    func malformedEnd(line: String) {
        let steps = Self.assemble(["hello 2 x all", "ok 1", "hit -> a/a at 1 1", line, "ok 3"])
        #expect(steps.count == 5)
        #expect(Self.fault(steps[3]) == .malformedEnd(line, due: 2), "\(steps)")
        #expect(Self.fault(steps[3])?.message.contains("`\(line)` where the end of answer 2 was due") == true)
        #expect(Self.fault(steps[3])?.kind == .garbage)
    }

    @Test("words that start with `ok` and observations are not ends; in version 1 a malformed end is a line like any other")
    func notEnds() {
        for line in ["okay", "ok:", "oktober 2"] {
            guard case .collected = Self.assemble(["ok 1", line]).last else {
                Issue.record("`\(line)` was not collected")
                continue
            }
        }
        guard case .answer(let lines) = Self.assemble(["ok", "OK 2", "ok"]).last else {
            Issue.record("no second version 1 answer")
            return
        }
        #expect(lines == ["OK 2"])
    }

    @Test("a missing end is named at the answer that lacks it, not called an answer to nothing")
    func missingEnd() {
        // Answer 2's end is missing: its line and answer 3's run together until `ok 3`.
        let fault = Self.assemble(["ok 1", "hit -> a/a at 1 1", "hit -> none", "ok 3"]).last.map(Self.fault)
        #expect(fault == .endOutOfStep(number: 3, due: 2, linesBefore: 2))
        #expect(fault??.message.contains("the end `ok 2` is missing") == true)
        #expect(fault??.message.contains("more `ok` than requests") == false)
    }

    @Test("a version 1 engine ends with a bare `ok`, and its line `ok 3` is an observation")
    func versionOne() {
        let steps = Self.assemble(["ok", "ok 3", "ok"])
        guard case .answer(let second) = steps[2] else {
            Issue.record("no second answer: \(steps)")
            return
        }
        #expect(second == ["ok 3"])
    }

    @Test("an `error` line in place of an answer is the whole answer; after lines, an error is a fault; `unsupported` is a line of its answer; `errors` is an observation")
    func errorLines() {
        // Whole answers: what they mean is the reader's to say (ProcessEngine: a fault, or no fault).
        guard case .answer(["error no such window"]) = Self.assemble(["ok 1", "error no such window"]).last,
              case .answer(["unsupported no alpha"]) = Self.assemble(["ok 1", "unsupported no alpha", "ok 2"]).last else {
            Issue.record("an error or unsupported line did not end its answer")
            return
        }
        #expect(Self.assemble(["ok 1", "hit -> none", "error no such window"]).last.map(Self.fault)
                == .error("error no such window"))
        #expect(AnswerFault.error("error x").kind == .error)
        guard case .collected = Self.assemble(["ok 1", "errors 3"]).last else {
            Issue.record("`errors 3` was not collected")
            return
        }
    }

    static func fault(_ step: AnswerAssembler.Step) -> AnswerFault? {
        if case let .fault(fault) = step { return fault }
        return nil
    }
}
