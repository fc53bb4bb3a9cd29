import WindowModel

/// A parsed scenario: its statements in file order, each a ``Command`` or an
/// ``Expectation`` with where it was written.
///
/// ```swift
/// let scenario = try ScenarioParser().parse("window app frame 0 0 100 100 root\nshow app\n")
/// scenario.commands  // [.createWindow(...), .show(window: "app")]
/// ```
public struct Scenario: Hashable, Sendable {
    /// One statement of the file and its place in it.
    public struct Statement: Hashable, Sendable {
        /// What the statement says: a command, or an expectation.
        public var content: WindowModel.Statement
        /// 1-based line number.
        public var line: Int
        /// 1-based byte column of the statement's first token.
        public var column: Int
        /// 1-based byte column of each token of the statement, in order (the text of
        /// an `expect` counts as one token).
        public var tokenColumns: [Int]

        public init(_ content: WindowModel.Statement, line: Int, column: Int, tokenColumns: [Int] = []) {
            self.content = content
            self.line = line
            self.column = column
            self.tokenColumns = tokenColumns
        }

        /// The command, when the statement is one.
        public var command: Command? { content.command }
        /// The expectation, when the statement is one.
        public var expectation: Expectation? { content.expectation }
    }

    /// The file name used in errors and reports (the path as given).
    public var file: String
    public var statements: [Statement]

    public init(file: String, statements: [Statement]) {
        self.file = file
        self.statements = statements
    }

    /// The commands, as engines and the harness take them (no expectations).
    public var commands: [Command] { statements.compactMap(\.command) }

    /// The indices in ``statements`` of the commands: the steps a run makes.
    public var commandIndices: [Int] { statements.indices.filter { statements[$0].command != nil } }

    /// Every statement, commands and expectations, in file order.
    public var contents: [WindowModel.Statement] { statements.map(\.content) }
}
