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
        let words = line.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).map { Substring($0) }
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
            guard let notification = WindowNotification(rawValue: String(words[2])) else {
                throw Problem(reason: "unknown notification '\(words[2])'")
            }
            return .notify(window: try name(words[1]), notification)
        case "order":
            try require(words.count >= 2 && words[1].hasSuffix(":"), "order SCENE: W1 W2 …")
            let scene = words[1].dropLast()
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

    private static func touch(_ words: [Substring]) throws(Problem) -> Observation {
        try require(words.count >= 5 && words[3] == "->", "touch ID PHASE -> …")
        let id = TouchID(String(words[1]))
        guard CommandValidator.isValidToken(words[1]) else { throw Problem(reason: "'\(words[1])' is not a touch id") }
        guard let phase = TouchPhase(rawValue: String(words[2])) else {
            throw Problem(reason: "unknown touch phase '\(words[2])'")
        }
        let rest = Array(words[4...])
        if rest.count == 1 && rest[0] == "ignored" { return .touchIgnored(id, phase) }
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

    private static func optionalTarget(_ words: [Substring], _ form: String) throws(Problem) -> Observation.Target? {
        words.count == 1 && words[0] == "none" ? nil : try target(words, form)
    }

    private static func target(_ words: [Substring], _ form: String) throws(Problem) -> Observation.Target {
        try require(words.count == 4 && words[1] == "at", form)
        let (window, view) = try pair(words[0])
        return Observation.Target(window: window, view: view, point: Point(try number(words[2]), try number(words[3])))
    }

    private static func pair(_ word: Substring) throws(Problem) -> (String, String) {
        let parts = word.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw Problem(reason: "'\(word)' is not WINDOW/VIEW") }
        return (try name(parts[0]), try name(parts[1]))
    }

    private static func optionalName(_ word: Substring) throws(Problem) -> String? {
        word == "none" ? nil : try name(word)
    }

    private static func name(_ word: Substring) throws(Problem) -> String {
        guard CommandValidator.isValidName(word) else { throw Problem(reason: "'\(word)' is not a valid name") }
        return String(word)
    }

    /// A decimal number, or `inf`, `-inf`, `nan`, `-nan`: a conversion of finite
    /// numbers can overflow (`convert -> 0 inf`), and traces print what it gives.
    private static func number(_ word: Substring) throws(Problem) -> Double {
        switch word {
        case "inf", "+inf": return .infinity
        case "-inf": return -.infinity
        case "nan", "+nan": return .nan
        case "-nan": return -Double.nan
        default:
            // Digits, signs, a point and an exponent only: then `Double(_:)` reads
            // exactly the decimal forms NumberText.parse accepts (no hex, no names).
            guard word.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E
                                          || $0 == 0x65 || $0 == 0x45 }),
                  let value = Double(word), value.isFinite
            else { throw Problem(reason: "'\(word)' is not a decimal number") }
            return value
        }
    }

    private static func require(_ condition: Bool, _ form: String) throws(Problem) {
        guard condition else { throw Problem(reason: "malformed observation (expected the form '\(form)')") }
    }
}
