import WindowModel

/// A parsed scenario: its statements in file order, each a ``Command`` with where
/// it was written.
///
/// ```swift
/// let scenario = try ScenarioParser().parse("window app frame 0 0 100 100 root\nshow app\n")
/// scenario.commands  // [.createWindow(...), .show(window: "app")]
/// ```
public struct Scenario: Hashable, Sendable {
    /// One statement of the file and its place in it.
    public struct Statement: Hashable, Sendable {
        public var command: Command
        /// 1-based line number.
        public var line: Int
        /// 1-based byte column of the statement's first token.
        public var column: Int
        /// 1-based byte column of each token of the statement, in order (the text of
        /// an `expect` counts as one token).
        public var tokenColumns: [Int]

        public init(command: Command, line: Int, column: Int, tokenColumns: [Int] = []) {
            self.command = command
            self.line = line
            self.column = column
            self.tokenColumns = tokenColumns
        }
    }

    /// The file name used in errors and reports (the path as given).
    public var file: String
    public var statements: [Statement]

    public init(file: String, statements: [Statement]) {
        self.file = file
        self.statements = statements
    }

    /// The command list, expectations included, as engines and the harness take it.
    public var commands: [Command] { statements.map(\.command) }
}
