/// A tiny deterministic SVG builder: elements are appended in call order,
/// attributes are written in the order given, numbers in one fixed format.
///
/// Same calls, same bytes: there is no hashing, no clock and no locale anywhere.
public struct SVGWriter {
    private(set) var text = ""

    /// Writes a number with at most two decimals, no trailing zeros, no `-0`.
    ///
    /// Non-finite values never reach here (the viewport clamps everything); should
    /// one slip through it is written as `0`, so the SVG never holds `nan` or `inf`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let clamped = min(max(value, -1e9), 1e9)
        let hundredths = Int((clamped * 100).rounded())
        if hundredths == 0 { return "0" }
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let whole = magnitude / 100, fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Escapes text for element content and attribute values (HTML too).
    public static func escape(_ raw: String) -> String {
        var out = ""
        out.reserveCapacity(raw.utf8.count)
        for character in raw {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    /// An attribute value: a number or a string.
    enum Value {
        case number(Double)
        case text(String)

        var rendered: String {
            switch self {
            case let .number(value): return SVGWriter.number(value)
            case let .text(value): return SVGWriter.escape(value)
            }
        }
    }

    mutating func raw(_ line: String) {
        text += line
        text += "\n"
    }

    private func attributes(_ list: [(String, Value)]) -> String {
        list.map { " \($0.0)=\"\($0.1.rendered)\"" }.joined()
    }

    /// An empty element: `<name a="1" b="x"/>`.
    mutating func element(_ name: String, _ list: [(String, Value)]) {
        raw("<\(name)\(attributes(list))/>")
    }

    /// An element with text content: `<name ...>content</name>`.
    mutating func element(_ name: String, _ list: [(String, Value)], content: String) {
        raw("<\(name)\(attributes(list))>\(SVGWriter.escape(content))</\(name)>")
    }

    mutating func open(_ name: String, _ list: [(String, Value)] = []) {
        raw("<\(name)\(attributes(list))>")
    }

    mutating func close(_ name: String) {
        raw("</\(name)>")
    }

    mutating func comment(_ content: String) {
        // "--" may not appear inside an XML comment.
        var safe = ""
        for character in content {
            if character == "-", safe.last == "-" { safe += " " }
            safe.append(character)
        }
        raw("<!-- \(SVGWriter.escape(safe)) -->")
    }
}
