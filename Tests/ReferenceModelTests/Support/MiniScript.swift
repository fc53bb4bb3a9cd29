import WindowModel

/// A test-only reader for the scenario statements of `/work/shared/scenario-format.md`
/// (no `expect`), so that rule tests read like the scenarios they stand for.
///
/// It exists so these tests do not depend on `ScenarioLanguage`, which is written
/// independently: a parser bug there must not hide (or fake) a model bug here.
/// Numbers are read with ``NumberText/parse(_:)``, so `NumberText.format(x)` inside
/// a script gives back exactly `x`.
enum MiniScript {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The commands of `script`, one per non-blank line; `#` starts a comment.
    static func commands(_ script: String) throws -> [Command] {
        try script.split(separator: "\n").compactMap { line in
            let text = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            return words.isEmpty ? nil : try command(words)
        }
    }

    static func command(_ w: [String]) throws -> Command {
        var reader = Reader(words: w)
        let command = try reader.statement()
        guard reader.atEnd else { throw Failure(description: "extra words in '\(w.joined(separator: " "))'") }
        return command
    }

    private struct Reader {
        var words: [String]
        var index = 0

        var atEnd: Bool { index == words.count }

        mutating func word() throws -> String {
            guard index < words.count else { throw Failure(description: "missing word in '\(line)'") }
            index += 1
            return words[index - 1]
        }

        var line: String { words.joined(separator: " ") }

        mutating func take(_ keyword: String) -> Bool {
            guard index < words.count, words[index] == keyword else { return false }
            index += 1
            return true
        }

        mutating func expect(_ keyword: String) throws {
            guard take(keyword) else { throw Failure(description: "expected '\(keyword)' in '\(line)'") }
        }

        mutating func number() throws -> Double {
            let text = try word()
            if text == "nan" { return .nan }
            if text == "inf" { return .infinity }
            guard let value = NumberText.parse(text) else { throw Failure(description: "bad number '\(text)'") }
            return value
        }

        mutating func point() throws -> Point { Point(try number(), try number()) }
        mutating func rect() throws -> Rect { Rect(try number(), try number(), try number(), try number()) }

        mutating func flag() throws -> Bool {
            switch try word() {
            case "on", "true": return true
            case "off", "false": return false
            case let other: throw Failure(description: "bad flag '\(other)'")
            }
        }

        mutating func level() throws -> Double {
            let text = try word()
            for (name, value) in WindowLevel.named where text.hasPrefix(name) {
                let rest = text.dropFirst(name.count)
                if rest.isEmpty { return value }
                guard let offset = NumberText.parse(rest), rest.first == "+" || rest.first == "-" else {
                    throw Failure(description: "bad level '\(text)'")
                }
                return value + offset
            }
            guard let value = NumberText.parse(text) else { throw Failure(description: "bad level '\(text)'") }
            return value
        }

        mutating func scene() throws -> String { take("in") ? try word() : mainSceneName }

        mutating func space() throws -> CoordinateSpace {
            let name = try word()
            return name == CoordinateSpace.screenKeyword ? .screen : .named(name)
        }

        mutating func statement() throws -> Command {
            switch try word() {
            case "scene":
                let name = try word()
                let size = take("size") ? Size(try number(), try number()) : defaultSceneSize
                return .createScene(name: name, size: size)
            case "window":
                let name = try word()
                let scene = try scene()
                try expect("frame")
                let frame = try rect()
                let level = take("level") ? try self.level() : WindowLevel.normal
                return .createWindow(name: name, scene: scene, frame: frame, level: level, withRootView: take("root"))
            case "view":
                let name = try word()
                try expect("in")
                let parent = try word()
                try expect("frame")
                return .createView(name: name, parent: parent, frame: try rect())
            case "show": return .show(window: try word())
            case "hide": return .hide(window: try word())
            case "release": return .release(window: try word())
            case "makeKey": return .makeKey(window: try word())
            case "makeKeyAndVisible": return .makeKeyAndVisible(window: try word())
            case "move":
                let window = try word()
                try expect("to")
                return .moveWindow(window: window, scene: try word())
            case "screen":
                let name = try word()
                let size = take("size") ? Size(try number(), try number()) : defaultScreenSize
                return .connectScreen(name: name, size: size)
            case "place":
                let scene = try word()
                try expect("on")
                return .placeScene(scene: scene, screen: try word())
            case "disconnect": return .disconnectScreen(name: try word())
            case "remove": return .remove(view: try word())
            case "front": return .bringToFront(view: try word())
            case "back": return .sendToBack(view: try word())
            case "set":
                let target = try word()
                switch try word() {
                case "frame": return .setFrame(target: target, frame: try rect())
                case "origin": return .setBoundsOrigin(target: target, origin: try point())
                case "alpha": return .setAlpha(target: target, alpha: try number())
                case "hidden": return .setHidden(target: target, hidden: try flag())
                case "interaction": return .setInteraction(target: target, enabled: try flag())
                case "level": return .setLevel(window: target, level: try level())
                case "passthrough": return .setPassthrough(window: target, enabled: try flag())
                case "exclusiveTouch": return .setExclusiveTouch(target: target, enabled: try flag())
                case "multipleTouch": return .setMultipleTouch(target: target, enabled: try flag())
                case "transform":
                    if take("identity") { return .setTransform(target: target, transform: .identity) }
                    let m = try (0..<6).map { _ in try number() }
                    return .setTransform(target: target, transform: ViewTransform(m[0], m[1], m[2], m[3], m[4], m[5]))
                case "scale":
                    let sx = try number()
                    return .setTransform(target: target, transform: ViewTransform(sx, 0, 0, try number(), 0, 0))
                case "translate":
                    let tx = try number()
                    return .setTransform(target: target, transform: ViewTransform(1, 0, 0, 1, tx, try number()))
                case "rotate":
                    // Right angles only here: exact, and no trigonometry in the tests.
                    let quarter = [0: ViewTransform.identity, 90: ViewTransform(0, 1, -1, 0, 0, 0),
                                   180: ViewTransform(-1, 0, 0, -1, 0, 0), 270: ViewTransform(0, -1, 1, 0, 0, 0)]
                    guard let t = quarter[Int(try number())] else { throw Failure(description: "rotate: right angles only") }
                    return .setTransform(target: target, transform: t)
                case let other: throw Failure(description: "unknown property '\(other)'")
                }
            case "touch":
                let id = TouchID(try word())
                switch try word() {
                case "began":
                    let point = try point()
                    return .touchBegan(id: id, at: point, scene: try scene())
                case "moved": return .touchMoved(id: id, to: try point())
                case "ended": return .touchEnded(id: id, at: try point())
                case "cancelled": return .touchCancelled(id: id)
                case let other: throw Failure(description: "unknown phase '\(other)'")
                }
            case "press":
                let key = try word()
                return .press(key: key, scene: try scene())
            case "hit":
                let point = try point()
                return .hit(at: point, scene: try scene())
            case "order": return .order(scene: atEnd ? mainSceneName : try word())
            case "keyWindow": return .keyWindow(scene: atEnd ? mainSceneName : try word())
            case "convert":
                let point = try point()
                try expect("from")
                let from = try space()
                try expect("to")
                return .convert(point: point, from: from, to: try space())
            case let other:
                throw Failure(description: "unknown statement '\(other)'")
            }
        }
    }
}
