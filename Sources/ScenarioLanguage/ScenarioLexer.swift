/// The lexical layer: checks raw bytes (UTF-8, no NUL or control characters, line
/// length), splits lines, strips comments and cuts tokens.
///
/// It knows nothing of statements. Columns are 1-based byte offsets in the line.
struct ScenarioLexer {
    /// One token of a line: its text and the 1-based byte column of its first byte.
    struct Token {
        var text: String
        var column: Int
    }

    /// One non-blank line, comment removed.
    struct Line {
        var number: Int
        /// The line's text before any `#`, with a final carriage return removed.
        var content: [UInt8]
        var tokens: [Token]
    }

    /// A lexical problem: 1-based line and column, and why.
    struct Problem: Error {
        var line: Int
        var column: Int
        var reason: String
    }

    /// Lines longer than this (in bytes, line break excluded) are refused.
    static let maxLineBytes = 4096

    /// Checks every byte of `bytes` and returns the lines that hold tokens.
    ///
    /// The first problem in file order wins, so binary garbage is reported at its
    /// first bad byte. A UTF-8 byte order mark at the very start is skipped.
    static func lines(_ bytes: [UInt8]) throws(Problem) -> [Line] {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        try check(bytes, from: start)
        var result: [Line] = []
        var number = 1
        var lineStart = start
        var index = start
        while index <= bytes.count {
            if index == bytes.count || bytes[index] == 0x0A {
                if index > lineStart || index < bytes.count {
                    if let line = line(bytes[lineStart..<index], number: number) { result.append(line) }
                }
                number += 1
                lineStart = index + 1
            }
            index += 1
        }
        return result
    }

    /// Validates UTF-8, control characters and line lengths in one pass.
    private static func check(_ bytes: [UInt8], from start: Int) throws(Problem) {
        var line = 1
        var lineStart = start
        var i = start
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            let column = i - lineStart + 1
            if b == 0x0A {
                line += 1
                lineStart = i + 1
                i += 1
                continue
            }
            if column > maxLineBytes {
                throw Problem(line: line, column: column, reason: "line is longer than \(maxLineBytes) bytes")
            }
            if b < 0x80 {
                if b == 0 {
                    throw Problem(line: line, column: column, reason: "NUL byte (a scenario is text, not binary data)")
                }
                let isCRLF = b == 0x0D && i + 1 < n && bytes[i + 1] == 0x0A
                if (b < 0x20 && b != 0x09 && !isCRLF) || b == 0x7F {
                    throw Problem(line: line, column: column,
                                  reason: "control character \(hex(b)) is not allowed (a scenario is text)")
                }
                i += 1
                continue
            }
            let length = sequenceLength(bytes, at: i)
            guard length > 0 else {
                throw Problem(line: line, column: column, reason: "invalid UTF-8 (byte \(hex(b)))")
            }
            i += length
        }
    }

    /// The length of the well-formed UTF-8 sequence starting at `i`, or 0.
    private static func sequenceLength(_ bytes: [UInt8], at i: Int) -> Int {
        let lead = bytes[i]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF  // bounds of the second byte
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F  // no surrogates
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F  // nothing above U+10FFFF
        default: return 0
        }
        guard i + length <= bytes.count else { return 0 }
        guard bytes[i + 1] >= low, bytes[i + 1] <= high else { return 0 }
        for k in 2..<max(2, length) where bytes[i + k] & 0xC0 != 0x80 { return 0 }
        return length
    }

    private static func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 15)])
    }

    /// Cuts one line (already checked) into tokens; nil when it holds none.
    private static func line(_ raw: ArraySlice<UInt8>, number: Int) -> Line? {
        var content = Array(raw)
        if content.last == 0x0D { content.removeLast() }
        if let hash = content.firstIndex(of: UInt8(ascii: "#")) { content.removeSubrange(hash...) }
        var tokens: [Token] = []
        tokens.reserveCapacity(12)  // the longest statements have 11 tokens: one allocation, not four
        var i = 0
        while i < content.count {
            if isBlank(content[i]) { i += 1; continue }
            let begin = i
            while i < content.count, !isBlank(content[i]) { i += 1 }
            tokens.append(Token(text: String(decoding: content[begin..<i], as: UTF8.self), column: begin + 1))
        }
        guard !tokens.isEmpty else { return nil }
        return Line(number: number, content: content, tokens: tokens)
    }

    static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
}
