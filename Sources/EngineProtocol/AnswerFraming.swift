/// The framing of an engine's standard output: the bytes as they are read, cut
/// into lines, each told apart as an answer's end (`ok`, `ok N`) or not.
///
/// A line ends at a line feed; a carriage return, and blanks, before it are not
/// part of it. A line longer than ``maxLineBytes`` is not waited for to the end:
/// ``compactAndCheckUnfinishedLine()`` reports it. The framing knows nothing of requests or
/// answers: ``AnswerAssembler`` makes answers of its lines, ``EngineProcess`` reads
/// the bytes.
struct AnswerFraming {
    /// Longest answer line accepted (1 MiB); longer is garbage.
    static let maxLineBytes = 1 << 20

    /// One complete line, without its line break and trailing blanks.
    struct Line {
        var text: String
        /// How it ends an answer, when it does.
        var end: AnswerEnd?
    }

    /// How an answer's last line reads: `ok` (protocol version 1) or `ok N` (version 2),
    /// or a line that is meant as an end and is not one (no observation starts with `ok`).
    enum AnswerEnd: Equatable {
        case bare
        case numbered(Int)
        /// `OK 5`, `Ok`, `ok -5`, `ok 5 6`, `ok5`, a number of 19 digits or more: `ok`
        /// in any case, then nothing, a blank, a digit or a sign, but not a valid end.
        case malformed

        init?(_ line: ArraySlice<UInt8>) {
            guard line.count >= 2, line[line.startIndex] | 0x20 == 0x6F, line[line.startIndex + 1] | 0x20 == 0x6B else {
                return nil
            }
            let rest = line.dropFirst(2)
            if let next = rest.first, ![0x20, 0x09, 0x2B, 0x2D].contains(next), !(0x30...0x39).contains(next) {
                return nil  // `okay`, `ok:`: a word of its own, not an end
            }
            guard line[line.startIndex] == 0x6F, line[line.startIndex + 1] == 0x6B else { self = .malformed; return }
            if rest.isEmpty { self = .bare; return }
            let digits = rest.drop { $0 == 0x20 || $0 == 0x09 }
            guard digits.count < rest.count, (1...18).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }),
                  let number = Int(String(decoding: digits, as: UTF8.self)) else { self = .malformed; return }
            self = .numbered(number)
        }
    }

    /// Bytes read: those before `start` were taken as lines.
    private var pending: [UInt8] = []
    private var start = 0

    /// Adds bytes just read. False when more than ``maxLineBytes`` are held, so the
    /// reader stops and the lines are taken (or the long one reported) first.
    mutating func append(_ bytes: ArraySlice<UInt8>) -> Bool {
        pending += bytes
        return pending.count <= Self.maxLineBytes
    }

    /// Whether bytes were read that are not yet taken as lines.
    var hasUntakenBytes: Bool { start < pending.count }

    /// Takes the next complete line, when one was read.
    mutating func nextLine() -> Line? {
        guard let newline = pending[start...].firstIndex(of: 0x0A) else { return nil }
        var end = newline
        while end > start && [0x0D, 0x20, 0x09].contains(pending[end - 1]) { end -= 1 }
        let line = Line(text: String(decoding: pending[start..<end], as: UTF8.self), end: AnswerEnd(pending[start..<end]))
        start = newline + 1
        return line
    }

    /// The beginning (up to `bytes` bytes) of the first line not yet taken, complete or not.
    func untakenLine(bytes: Int) -> String {
        String(decoding: pending[start...].prefix { $0 != 0x0A }.prefix(bytes), as: UTF8.self)
    }

    /// Drops the lines taken. Called when no complete line is left: the fault when
    /// the unfinished line is longer than ``maxLineBytes``.
    mutating func compactAndCheckUnfinishedLine() -> AnswerFault? {
        pending.removeFirst(start)
        start = 0
        guard pending.count <= Self.maxLineBytes else { return .lineTooLong(beginning: untakenLine(bytes: 120)) }
        return nil
    }
}
