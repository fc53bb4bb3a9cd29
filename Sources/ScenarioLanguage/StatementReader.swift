import WindowModel

/// Reads statements one line at a time, validating each against the ones before
/// it: what `windowlab serve` does with the lines an engine protocol client sends.
///
/// ```swift
/// var reader = StatementReader()
/// try reader.read("window app frame 0 0 100 100 root", line: 1)   // .command(.createWindow(...))
/// try reader.read("show nobody", line: 2)                          // throws: unknown window 'nobody'
/// ```
public struct StatementReader: Sendable {
    public var file: String
    private var validator: CommandValidator

    public init(file: String = "<stdin>", limits: CommandLimits = .scenario) {
        self.file = file
        validator = CommandValidator(limits: limits)
    }

    /// The statement on `text` (one line, no line break), or nil for a blank or
    /// comment line. A statement that is not valid here is an error and changes nothing.
    public mutating func read(_ text: String, line: Int) throws(ScenarioError) -> Statement? {
        let lines: [ScenarioLexer.Line]
        do {
            lines = try ScenarioLexer.lines(Array(text.utf8))
        } catch {
            throw ScenarioError(file: file, line: line, column: error.column, reason: error.reason)
        }
        guard var first = lines.first else { return nil }
        guard lines.count == 1 else {
            throw ScenarioError(file: file, line: line, column: 1, reason: "one statement per line")
        }
        first.number = line
        let parsed: ParsedStatement
        do {
            parsed = try StatementGrammar.parse(first)
        } catch {
            throw ScenarioError(file: file, line: line, column: error.column, reason: error.reason)
        }
        do {
            try validator.validate(parsed.content)
        } catch {
            let column = ScenarioParser.locate(error, in: first.tokens, parsed: parsed, limits: validator.limits)
            throw ScenarioError(file: file, line: line, column: column, reason: error.message)
        }
        return parsed.content
    }
}
