import WindowModel

/// A statement as the grammar read it, before semantic validation.
struct ParsedStatement {
    var content: Statement
    var tokenColumns: [Int]
    /// The width and height tokens read, so a negative size can be pointed at.
    var sizeTokens: [(value: Double, column: Int)] = []
}

/// A grammar problem at a 1-based column.
struct GrammarProblem: Error {
    var column: Int
    var reason: String
}

/// The statement grammar (docs/scenario-language.md), one line at a time.
///
/// Statements are recognised by their first token and read left to right; every
/// argument is positional, so names may equal keywords (`window in frame ...`).
enum StatementGrammar {
    static let usage: [String: String] = [
        "scene": "scene NAME [size W H]",
        "window": "window NAME [in SCENE] frame X Y W H [level L] [root]",
        "view": "view NAME in PARENT frame X Y W H",
        "show": "show W", "hide": "hide W", "release": "release W",
        "makeKey": "makeKey W", "makeKeyAndVisible": "makeKeyAndVisible W",
        "set": "set T frame X Y W H | origin X Y | alpha A | hidden on|off | interaction on|off"
            + " | level L | passthrough on|off | exclusiveTouch on|off | multipleTouch on|off"
            + " | transform A B C D TX TY | transform identity | scale SX SY | rotate DEG | translate TX TY",
        "move": "move W to SCENE",
        "screen": "screen NAME [size W H]", "place": "place SCENE on SCREEN", "disconnect": "disconnect SCREEN",
        "remove": "remove V", "front": "front V", "back": "back V",
        "touch": "touch ID began X Y [in SCENE] | moved X Y | ended X Y | cancelled",
        "press": "press KEY [in SCENE]",
        "hit": "hit X Y [in SCENE]",
        "order": "order [SCENE]", "keyWindow": "keyWindow [SCENE]",
        "convert": "convert X Y from A to B",
        "expect": "expect OBSERVATION | expect nothing",
    ]

    static func parse(_ line: ScenarioLexer.Line) throws(GrammarProblem) -> ParsedStatement {
        let keyword = line.tokens[0]
        guard let usage = usage[keyword.text] else {
            var reason = "unknown statement '\(keyword.text)'"
            if let near = usage.keys.first(where: { $0.lowercased() == keyword.text.lowercased() })
                ?? Spelling.closest(to: keyword.text, among: usage.keys.sorted()) {
                reason += "; did you mean '\(near)'?"
            }
            throw GrammarProblem(column: keyword.column, reason: reason)
        }
        if keyword.text == "expect" {
            let textStart = keyword.column - 1 + keyword.text.utf8.count
            let text = ExpectationText.normalize(String(decoding: line.content[textStart...], as: UTF8.self))
            let expectation: Expectation = text == "nothing" ? .nothing : .observation(text)
            let columns = line.tokens.count > 1 ? [keyword.column, line.tokens[1].column] : [keyword.column]
            return ParsedStatement(content: .expectation(expectation), tokenColumns: columns)
        }
        var reader = TokenReader(tokens: line.tokens, usage: usage)
        let command = try statement(keyword.text, &reader)
        try reader.finish()
        return ParsedStatement(content: .command(command), tokenColumns: line.tokens.map(\.column),
                               sizeTokens: reader.sizeTokens)
    }

    private static func statement(_ keyword: String, _ r: inout TokenReader) throws(GrammarProblem) -> Command {
        switch keyword {
        case "scene":
            let name = try r.word("scene name")
            var size = defaultSceneSize
            if r.take("size") { size = try r.size() }
            return .createScene(name: name, size: size)
        case "window":
            let name = try r.word("window name")
            let scene = try r.optionalScene()
            try r.expect("frame")
            let frame = try r.rect()
            var level: Double?
            var root = false
            while !r.atEnd {
                if !root, r.take("root") {
                    root = true
                } else if level == nil, r.take("level") {
                    level = try r.level()
                } else {
                    throw r.unexpected()
                }
            }
            return .createWindow(name: name, scene: scene, frame: frame, level: level ?? 0, withRootView: root)
        case "view":
            let name = try r.word("view name")
            try r.expect("in")
            let parent = try r.word("parent window or view")
            try r.expect("frame")
            return .createView(name: name, parent: parent, frame: try r.rect())
        case "show": return .show(window: try r.word("window name"))
        case "hide": return .hide(window: try r.word("window name"))
        case "release": return .release(window: try r.word("window name"))
        case "makeKey": return .makeKey(window: try r.word("window name"))
        case "makeKeyAndVisible": return .makeKeyAndVisible(window: try r.word("window name"))
        case "set": return try setStatement(&r)
        case "move":
            let window = try r.word("window name")
            try r.expect("to")
            return .moveWindow(window: window, scene: try r.word("scene name"))
        case "screen":
            let name = try r.word("screen name")
            var size = defaultScreenSize
            if r.take("size") { size = try r.size() }
            return .connectScreen(name: name, size: size)
        case "place":
            let scene = try r.word("scene name")
            try r.expect("on")
            return .placeScene(scene: scene, screen: try r.word("screen name"))
        case "disconnect": return .disconnectScreen(name: try r.word("screen name"))
        case "remove": return .remove(view: try r.word("view name"))
        case "front": return .bringToFront(view: try r.word("view name"))
        case "back": return .sendToBack(view: try r.word("view name"))
        case "touch": return try touchStatement(&r)
        case "press":
            let key = try r.word("key")
            return .press(key: key, scene: try r.optionalScene())
        case "hit":
            let point = try r.point()
            return .hit(at: point, scene: try r.optionalScene())
        case "order": return .order(scene: r.atEnd ? mainSceneName : try r.word("scene name"))
        case "keyWindow": return .keyWindow(scene: r.atEnd ? mainSceneName : try r.word("scene name"))
        case "convert":
            let point = try r.point()
            try r.expect("from")
            let from = try r.space()
            try r.expect("to")
            return .convert(point: point, from: from, to: try r.space())
        default:
            throw GrammarProblem(column: 1, reason: "unknown statement '\(keyword)'")
        }
    }

    static let properties = ["frame", "origin", "alpha", "hidden", "interaction", "level", "passthrough",
                             "exclusiveTouch", "multipleTouch", "transform", "scale", "rotate", "translate"]

    private static func setStatement(_ r: inout TokenReader) throws(GrammarProblem) -> Command {
        let target = try r.word("window or view name")
        guard let property = r.next() else { throw r.missing("property") }
        switch property.text {
        case "frame": return .setFrame(target: target, frame: try r.rect())
        case "origin": return .setBoundsOrigin(target: target, origin: try r.point())
        case "alpha": return .setAlpha(target: target, alpha: try r.number("alpha"))
        case "hidden": return .setHidden(target: target, hidden: try r.bool("hidden"))
        case "interaction": return .setInteraction(target: target, enabled: try r.bool("interaction"))
        case "level": return .setLevel(window: target, level: try r.level())
        case "passthrough": return .setPassthrough(window: target, enabled: try r.bool("passthrough"))
        case "exclusiveTouch": return .setExclusiveTouch(target: target, enabled: try r.bool("exclusiveTouch"))
        case "multipleTouch": return .setMultipleTouch(target: target, enabled: try r.bool("multipleTouch"))
        case "transform", "scale", "rotate", "translate":
            return .setTransform(target: target, transform: try TransformText.read(property.text, &r))
        default:
            let near = Spelling.closest(to: property.text, among: Self.properties).map { "did you mean '\($0)'? " } ?? ""
            throw GrammarProblem(column: property.column, reason: "unknown property '\(property.text)' (\(near)"
                + "expected frame, origin, alpha, hidden, interaction, level, passthrough, exclusiveTouch,"
                + " multipleTouch, transform, scale, rotate or translate)")
        }
    }

    private static func touchStatement(_ r: inout TokenReader) throws(GrammarProblem) -> Command {
        let id = TouchID(try r.word("touch id"))
        guard let phase = r.next() else { throw r.missing("phase (began, moved, ended or cancelled)") }
        switch phase.text {
        case "began":
            let point = try r.point()
            return .touchBegan(id: id, at: point, scene: try r.optionalScene())
        case "moved": return .touchMoved(id: id, to: try r.point())
        case "ended": return .touchEnded(id: id, at: try r.point())
        case "cancelled": return .touchCancelled(id: id)
        default:
            let near = Spelling.closest(to: phase.text, among: TouchPhase.allCases.map(\.rawValue))
                .map { "did you mean '\($0)'? " } ?? ""
            throw GrammarProblem(column: phase.column, reason: "unknown touch phase '\(phase.text)' "
                                 + "(\(near)expected began, moved, ended or cancelled)")
        }
    }
}
