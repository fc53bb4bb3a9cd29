import WindowModel

/// Reads the arguments of one statement left to right and says precisely what is
/// missing or unexpected, with the usage line of the statement.
struct TokenReader {
    let tokens: [ScenarioLexer.Token]
    let usage: String
    private(set) var index = 1
    private(set) var sizeTokens: [(value: Double, column: Int)] = []

    init(tokens: [ScenarioLexer.Token], usage: String) {
        self.tokens = tokens
        self.usage = usage
    }

    var atEnd: Bool { index >= tokens.count }

    /// The column just past the last token: where a missing argument would go.
    private var endColumn: Int {
        let last = tokens[tokens.count - 1]
        return last.column + last.text.utf8.count
    }

    mutating func next() -> ScenarioLexer.Token? {
        guard index < tokens.count else { return nil }
        defer { index += 1 }
        return tokens[index]
    }

    func missing(_ what: String) -> GrammarProblem {
        GrammarProblem(column: endColumn, reason: "missing \(what) (usage: \(usage))")
    }

    func unexpected() -> GrammarProblem {
        let token = tokens[index]
        return GrammarProblem(column: token.column, reason: "unexpected '\(token.text)' (usage: \(usage))")
    }

    func finish() throws(GrammarProblem) {
        if !atEnd { throw unexpected() }
    }

    /// Any token: a name, key or touch id (the validator checks its form).
    mutating func word(_ what: String) throws(GrammarProblem) -> String {
        guard let token = next() else { throw missing(what) }
        return token.text
    }

    /// Consumes `keyword` if it is next.
    mutating func take(_ keyword: String) -> Bool {
        guard index < tokens.count, tokens[index].text == keyword else { return false }
        index += 1
        return true
    }

    mutating func expect(_ keyword: String) throws(GrammarProblem) {
        guard let token = next() else { throw missing("'\(keyword)'") }
        guard token.text == keyword else {
            throw GrammarProblem(column: token.column,
                                 reason: "expected '\(keyword)', got '\(token.text)' (usage: \(usage))")
        }
    }

    /// `in SCENE` if present, else `main`.
    mutating func optionalScene() throws(GrammarProblem) -> String {
        if take("in") { return try word("scene name") }
        return mainSceneName
    }

    /// `screen`, or a window or view name.
    mutating func space() throws(GrammarProblem) -> CoordinateSpace {
        let name = try word("window, view or 'screen'")
        return name == CoordinateSpace.screenKeyword ? .screen : .named(name)
    }

    mutating func number(_ what: String) throws(GrammarProblem) -> Double {
        guard let token = next() else { throw missing(what) }
        guard let value = NumberText.parse(token.text) else {
            throw GrammarProblem(column: token.column, reason: "\(what) must be a finite number, got '\(token.text)'")
        }
        return value
    }

    mutating func point() throws(GrammarProblem) -> Point {
        let x = try number("x")
        return Point(x, try number("y"))
    }

    mutating func size() throws(GrammarProblem) -> Size {
        let widthColumn = index < tokens.count ? tokens[index].column : endColumn
        let width = try number("width")
        let heightColumn = index < tokens.count ? tokens[index].column : endColumn
        let height = try number("height")
        sizeTokens.append((width, widthColumn))
        sizeTokens.append((height, heightColumn))
        return Size(width, height)
    }

    mutating func rect() throws(GrammarProblem) -> Rect {
        let origin = try point()
        return Rect(origin: origin, size: try size())
    }

    mutating func bool(_ what: String) throws(GrammarProblem) -> Bool {
        guard let token = next() else { throw missing("\(what) on or off") }
        switch token.text {
        case "on", "true": return true
        case "off", "false": return false
        default:
            throw GrammarProblem(column: token.column, reason: "\(what) must be on or off, got '\(token.text)'")
        }
    }

    /// A level: a number, or `normal`, `statusBar`, `alert`, optionally followed
    /// by `+N` or `-N` with no spaces.
    mutating func level() throws(GrammarProblem) -> Double {
        guard let token = next() else { throw missing("level") }
        if let value = LevelText.parse(token.text) { return value }
        throw GrammarProblem(column: token.column, reason: "level must be a finite number or normal, statusBar "
            + "or alert optionally followed by +N or -N, got '\(token.text)'")
    }
}
