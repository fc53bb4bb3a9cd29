import Foundation
import WindowModel

/// Reads `.wls` text into a ``Scenario``: lexical rules, statement grammar, and
/// semantic checks through ``CommandValidator``.
///
/// Any input gives a scenario or a ``ScenarioError`` with a line, a column and a
/// reason; none crashes or hangs. Bytes must be UTF-8 without NUL or other control
/// characters (tab, and a carriage return before a line break, are allowed); a
/// line may hold at most ``maxLineBytes`` bytes and a file ``maxFileBytes``.
///
/// ```swift
/// let scenario = try ScenarioParser().parse("""
///     window app frame 0 0 100 100 root
///     makeKeyAndVisible app
///     expect notify app didBecomeKey
///     """, file: "app.wls")
/// ```
public struct ScenarioParser: Sendable {
    /// Files larger than this (16 MiB) are refused by size before they are read.
    public static let maxFileBytes = 16 << 20
    /// Lines longer than this many bytes (line break excluded) are refused.
    public static let maxLineBytes = ScenarioLexer.maxLineBytes

    /// Statement, object, scene, depth and name-length limits.
    public var limits: CommandLimits

    public init(limits: CommandLimits = .scenario) {
        self.limits = limits
    }

    /// Parses scenario text. `file` names it in errors.
    public func parse(_ text: String, file: String = "<input>") throws(ScenarioError) -> Scenario {
        try parse(bytes: Array(text.utf8), file: file)
    }

    /// Parses raw bytes, which need not be valid UTF-8 (garbage is an error, not a crash).
    public func parse(bytes: [UInt8], file: String = "<input>") throws(ScenarioError) -> Scenario {
        guard bytes.count <= Self.maxFileBytes else {
            throw ScenarioError(file: file, line: 1, column: 1, reason: Self.tooLarge(bytes.count))
        }
        let lines: [ScenarioLexer.Line]
        do {
            lines = try ScenarioLexer.lines(bytes)
        } catch {
            throw ScenarioError(file: file, line: error.line, column: error.column, reason: error.reason)
        }
        var validator = CommandValidator(limits: limits)
        var statements: [Scenario.Statement] = []
        statements.reserveCapacity(min(lines.count, limits.maxCommands))
        for line in lines {
            let parsed: ParsedStatement
            do {
                parsed = try StatementGrammar.parse(line)
            } catch {
                throw ScenarioError(file: file, line: line.number, column: error.column,
                                    reason: Self.withHint(error.reason, line))
            }
            do {
                try validator.validate(parsed.content)
            } catch {
                let column = Self.locate(error, in: line.tokens, parsed: parsed, limits: limits)
                throw ScenarioError(file: file, line: line.number, column: column, reason: Self.withHint(error.message, line))
            }
            statements.append(Scenario.Statement(
                parsed.content, line: line.number, column: line.tokens[0].column,
                tokenColumns: parsed.tokenColumns))
        }
        return Scenario(file: file, statements: statements)
    }

    /// Every problem of a text that does not parse, in file order, up to `limit`:
    /// a statement with an error is left out and the lines after it are still
    /// read (so a later line may report a name the bad line would have made).
    /// Empty when the text parses. A lexical problem (bad bytes, a long line) is
    /// reported alone.
    public func diagnose(bytes: [UInt8], file: String = "<input>", limit: Int = 20) -> [ScenarioError] {
        guard bytes.count <= Self.maxFileBytes else {
            return [ScenarioError(file: file, line: 1, column: 1, reason: Self.tooLarge(bytes.count))]
        }
        let lines: [ScenarioLexer.Line]
        do {
            lines = try ScenarioLexer.lines(bytes)
        } catch {
            return [ScenarioError(file: file, line: error.line, column: error.column, reason: error.reason)]
        }
        var validator = CommandValidator(limits: limits)
        var problems: [ScenarioError] = []
        for line in lines where problems.count < limit {
            do {
                let parsed = try StatementGrammar.parse(line)
                do {
                    try validator.validate(parsed.content)
                } catch {
                    let column = Self.locate(error, in: line.tokens, parsed: parsed, limits: limits)
                    problems.append(ScenarioError(file: file, line: line.number, column: column,
                                                  reason: Self.withHint(error.message, line)))
                }
            } catch {
                problems.append(ScenarioError(file: file, line: line.number, column: error.column,
                                              reason: Self.withHint(error.reason, line)))
            }
        }
        return problems
    }

    /// Reads and parses the file at `path`. The file's size is checked before it is
    /// read, and reading stops after ``maxFileBytes`` in any case (devices); FIFOs are refused.
    /// Errors name the file as `path`.
    public func parseFile(atPath path: String) throws(ScenarioError) -> Scenario {
        try parse(bytes: Self.readBounded(path), file: path)
    }

    /// ``diagnose(bytes:file:limit:)`` for the file at `path` (an unreadable file is one problem).
    public func diagnoseFile(atPath path: String, limit: Int = 20) -> [ScenarioError] {
        do {
            return diagnose(bytes: try Self.readBounded(path), file: path, limit: limit)
        } catch {
            return [error]
        }
    }

    // MARK: Reading

    static func tooLarge(_ size: Int) -> String {
        "file is larger than 16 MiB (\(size) bytes); scenario files are limited to \(maxFileBytes) bytes"
    }

    /// Reads at most `maxFileBytes + 1` bytes of a file, refusing large files by size first.
    static func readBounded(_ path: String) throws(ScenarioError) -> [UInt8] {
        func failure(_ reason: String) -> ScenarioError {
            ScenarioError(file: path, line: 1, column: 1, reason: reason)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw failure("cannot read the file: no such file")
        }
        guard !isDirectory.boolValue else { throw failure("cannot read the file: it is a directory") }
        // Opening a FIFO blocks until something writes to it: refuse it instead.
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFIFO {
            throw failure("cannot read the file: it is a FIFO (named pipe), not a scenario file")
        }
        if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
           let size = (attributes[.size] as? NSNumber)?.intValue, size > maxFileBytes {
            throw failure(tooLarge(size))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw failure("cannot read the file: permission denied or not a regular file")
        }
        defer { try? handle.close() }
        var bytes: [UInt8] = []
        do {
            while bytes.count <= maxFileBytes {
                guard let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty else { break }
                bytes.append(contentsOf: chunk)
            }
        } catch {
            throw failure("cannot read the file: \(error.localizedDescription)")
        }
        guard bytes.count <= maxFileBytes else {
            throw failure("file is larger than 16 MiB (more than \(maxFileBytes) bytes read)")
        }
        return bytes
    }

    // MARK: Error columns

    /// The column a validator message is about: the token it quotes, the negative
    /// size, the overlong name, or else the statement itself.
    /// `reason`, and when the line holds a character that cannot be seen or looks like a
    /// blank (a no-break or zero-width space), which one: the likely cause.
    static func withHint(_ reason: String, _ line: ScenarioLexer.Line) -> String {
        let text = String(decoding: line.content, as: UTF8.self)
        guard let hidden = text.unicodeScalars.first(where: VisibleText.isHidden) else { return reason }
        let shown = VisibleText.escaped(String(Character(hidden)))
        return reason + " (the line holds \(shown), which cannot be seen or looks like a blank but is not one: "
            + "names and keywords are plain ASCII, separated by plain spaces)"
    }

    /// The column of what `error` is about: its negative size, its over-long or
    /// offending token (a window's `NAME.root` at the window's name), else the statement.
    static func locate(
        _ error: CommandError, in tokens: [ScenarioLexer.Token], parsed: ParsedStatement, limits: CommandLimits
    ) -> Int {
        let arguments = tokens.dropFirst()
        switch error.kind {
        case .negativeSize:
            if let column = parsed.sizeTokens.first(where: { $0.value < 0 })?.column { return column }
        case .tooLong:
            if let token = arguments.first(where: { $0.text.utf8.count > limits.maxNameLength }) { return token.column }
        default:
            guard let name = error.token else { break }
            if let token = arguments.first(where: { $0.text == name }) { return token.column }
            if name.hasSuffix(".root"), let token = arguments.first(where: { $0.text + ".root" == name }) {
                return token.column
            }
        }
        return tokens[0].column
    }
}
