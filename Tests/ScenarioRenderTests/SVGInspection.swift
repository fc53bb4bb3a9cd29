import Foundation
import ScenarioLanguage
import ScenarioRender
import WindowLabTestSupport
import WindowModel

/// Small helpers to look inside rendered SVG text without an XML parser.
enum SVG {
    /// Renders scenario text with the reference model (or the given engines).
    static func render(_ text: String, step: Int? = nil, scene: String? = nil,
                       engines: [EngineFactory] = [], exploded: Bool = false, wholeScene: Bool = false) throws -> String {
        let scenario = try ScenarioParser().parse(text, file: "test.wls")
        return try ScenarioRenderer.render(scenario: scenario, step: step, scene: scene, engines: engines,
                                           exploded: exploded, wholeScene: wholeScene)
    }

    /// Every element line that starts with `<name` and contains all of `parts`.
    static func elements(_ svg: String, _ name: String, containing parts: [String] = []) -> [String] {
        svg.split(separator: "\n").map(String.init)
            .filter { $0.hasPrefix("<\(name) ") && parts.allSatisfy($0.contains) }
    }

    /// The window rectangles (one per window).
    static func windowRects(_ svg: String) -> [String] { elements(svg, "rect", containing: ["class=\"window"]).filter {
        $0.contains("data-window=")
    } }

    /// The window rectangle of `name`.
    static func windowRect(_ svg: String, _ name: String) -> String? {
        windowRects(svg).first { $0.contains("data-window=\"\(name)\"") }
    }

    /// The class list of an element line.
    static func classes(_ element: String) -> [String] {
        guard let start = element.range(of: "class=\"") else { return [] }
        let rest = element[start.upperBound...]
        return rest.prefix { $0 != "\"" }.split(separator: " ").map(String.init)
    }

    /// The text content of every `<text>` element of class `kind`.
    static func texts(_ svg: String, kind: String) -> [String] {
        elements(svg, "text", containing: ["class=\"\(kind)\""]).map { line in
            let afterOpen = line.drop { $0 != ">" }.dropFirst()
            return unescape(String(afterOpen.prefix { $0 != "<" }))
        }
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Every number written in an attribute value (x, y, width, points...).
    static func numbers(_ svg: String) -> [String] {
        var out: [String] = []
        for attribute in ["x", "y", "width", "height", "cx", "cy", "r", "x1", "y1", "x2", "y2"] {
            var rest = Substring(svg)
            while let range = rest.range(of: " \(attribute)=\"") {
                let value = rest[range.upperBound...].prefix { $0 != "\"" }
                out.append(String(value))
                rest = rest[range.upperBound...]
            }
        }
        return out
    }
}

extension TestEngines {
    /// A test double: the reference model, except that every `hit` answers `none`.
    /// It makes engines disagree on purpose.
    static let blindHits = EngineFactory(name: "blind") {
        RewritingEngine(TestEngines.reference.make(), name: "blind") { answers in
            answers.map { observation in
                if case .hit = observation { return .hit(nil) }
                return observation
            }
        }
    }
}

extension SVG {
    /// The value of attribute `key` of an element line, if it has one.
    static func attribute(_ element: String, _ key: String) -> String? {
        guard let start = element.range(of: " \(key)=\"") else { return nil }
        return String(element[start.upperBound...].prefix { $0 != "\"" })
    }

    /// A numeric attribute of an element line (nil when absent or not a number).
    static func number(_ element: String, _ key: String) -> Double? {
        attribute(element, key).flatMap(Double.init)
    }

    /// The x, y, width and height of a `rect` element line.
    static func box(_ element: String) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let x = number(element, "x"), let y = number(element, "y"),
              let width = number(element, "width"), let height = number(element, "height") else { return nil }
        return (x, y, width, height)
    }

    /// The line number (0-based) of the first line of `svg` containing every one of `parts`.
    static func lineIndex(_ svg: String, containing parts: [String]) -> Int? {
        svg.split(separator: "\n").firstIndex { line in parts.allSatisfy { line.contains($0) } }
    }
}

extension SVG {
    /// The box of window `name`'s rectangle.
    static func windowBox(_ svg: String, _ name: String) -> (x: Double, y: Double, width: Double, height: Double)? {
        windowRect(svg, name).flatMap(box)
    }

    /// The box of the first `rect` containing all of `parts`.
    static func firstBox(_ svg: String, containing parts: [String]) -> (x: Double, y: Double, width: Double, height: Double)? {
        elements(svg, "rect", containing: parts).first.flatMap(box)
    }
}
