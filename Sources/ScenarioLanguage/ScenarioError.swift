import WindowModel

/// Why a text is not a valid scenario, and where.
///
/// ``description`` is the compiler-style line `windowlab run` prints:
/// `alert.wls:12:7: error: unknown window 'hud'`. Lines and columns are 1-based;
/// columns count bytes. Errors about the whole file (too large, unreadable) are
/// reported at line 1, column 1.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    /// One sentence, lower case, no final period.
    public var reason: String

    public init(file: String, line: Int, column: Int, reason: String) {
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// Characters that cannot be seen (a zero-width space inside a name, a no-break
    /// space between words) are shown as `U+200B`, so the message says what is wrong.
    public var description: String {
        "\(VisibleText.escaped(file, limit: 500)):\(line):\(column): error: \(VisibleText.escaped(reason, limit: 2000))"
    }
}
