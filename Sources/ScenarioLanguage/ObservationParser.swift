import WindowModel

/// Reads trace lines (``Observation/description``'s text) back into observations:
/// what the harness does with an external engine's answers.
///
/// Numbers may be written in any decimal form that reads back to the same
/// `Double` (`0.1`, `1.0000000000000001e-1`, `-0.0`), so an engine may print them
/// with `%.17g` or its language's shortest form; the observation then prints them
/// canonically. Blank runs between words count as one space.
///
/// ```swift
/// ObservationParser.parse("hit -> app/app.root at 10 20.5")
/// // .hit(Target(window: "app", view: "app.root", point: Point(10, 20.5)))
/// ```
public enum ObservationParser {
    /// Why a line is not an observation.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    public static func parse(_ line: String) throws(Problem) -> Observation {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = words.first else { throw Problem(reason: "an empty line is not an observation") }
        switch first {
        case "touch": return try touch(words)
        case "press":
            try require(words.count == 3 && words[1] == "->", "press -> W|none")
            return .press(window: try optionalName(words[2]))
        case "hit":
            try require(words.count >= 3 && words[1] == "->", "hit -> W/V at X Y|none")
            return .hit(try optionalTarget(Array(words[2...]), "hit -> W/V at X Y|none"))
        case "notify":
            try require(words.count == 3, "notify W NOTIFICATION")
            guard let notification = WindowNotification(rawValue: words[2]) else {
                throw Problem(reason: "unknown notification '\(words[2])'")
            }
            return .notify(window: try name(words[1]), notification)
        case "order":
            try require(words.count >= 2 && words[1].hasSuffix(":"), "order SCENE: W1 W2 …")
            let scene = String(words[1].dropLast())
            return .order(scene: try name(scene), windows: try words[2...].map { word throws(Problem) in try name(word) })
        case "keyWindow":
            try require(words.count == 4 && words[2] == "->", "keyWindow SCENE -> W|none")
            return .keyWindow(scene: try name(words[1]), window: try optionalName(words[3]))
        case "convert":
            try require(words.count == 4 && words[1] == "->", "convert -> X Y")
            return .convert(Point(try number(words[2]), try number(words[3])))
        default:
            throw Problem(reason: "'\(first)' does not begin an observation "
                          + "(touch, press, hit, notify, order, keyWindow or convert)")
        }
    }

    private static func touch(_ words: [String]) throws(Problem) -> Observation {
        try require(words.count >= 5 && words[3] == "->", "touch ID PHASE -> …")
        let id = TouchID(words[1])
        guard CommandValidator.isValidToken(words[1]) else { throw Problem(reason: "'\(words[1])' is not a touch id") }
        guard let phase = TouchPhase(rawValue: words[2]) else {
            throw Problem(reason: "unknown touch phase '\(words[2])'")
        }
        let rest = Array(words[4...])
        if rest == ["ignored"] { return .touchIgnored(id, phase) }
        switch phase {
        case .began: return .touchBegan(id, try optionalTarget(rest, "touch ID began -> W/V at X Y|none"))
        case .moved: return .touchMoved(id, try target(rest, "touch ID moved -> W/V at X Y"))
        case .ended: return .touchEnded(id, try target(rest, "touch ID ended -> W/V at X Y"))
        case .cancelled:
            try require(rest.count == 1, "touch ID cancelled -> W/V")
            let (window, view) = try pair(rest[0])
            return .touchCancelled(id, window: window, view: view)
        }
    }

    private static func optionalTarget(_ words: [String], _ form: String) throws(Problem) -> Observation.Target? {
        words == ["none"] ? nil : try target(words, form)
    }

    private static func target(_ words: [String], _ form: String) throws(Problem) -> Observation.Target {
        try require(words.count == 4 && words[1] == "at", form)
        let (window, view) = try pair(words[0])
        return Observation.Target(window: window, view: view, point: Point(try number(words[2]), try number(words[3])))
    }

    private static func pair(_ word: String) throws(Problem) -> (String, String) {
        let parts = word.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw Problem(reason: "'\(word)' is not WINDOW/VIEW") }
        return (try name(String(parts[0])), try name(String(parts[1])))
    }

    private static func optionalName(_ word: String) throws(Problem) -> String? {
        word == "none" ? nil : try name(word)
    }

    private static func name(_ word: String) throws(Problem) -> String {
        guard CommandValidator.isValidName(word) else { throw Problem(reason: "'\(word)' is not a valid name") }
        return word
    }

    /// A decimal number, or `inf`, `-inf`, `nan`, `-nan`: a conversion of finite
    /// numbers can overflow (`convert -> 0 inf`), and traces print what it gives.
    private static func number(_ word: String) throws(Problem) -> Double {
        switch word {
        case "inf", "+inf": return .infinity
        case "-inf": return -.infinity
        case "nan", "+nan": return .nan
        case "-nan": return -Double.nan
        default:
            guard let value = NumberText.parse(word) else { throw Problem(reason: "'\(word)' is not a decimal number") }
            return value
        }
    }

    private static func require(_ condition: Bool, _ form: String) throws(Problem) {
        guard condition else { throw Problem(reason: "malformed observation (expected the form '\(form)')") }
    }
}
