/// The one way numbers are written in traces and canonical scenario text.
///
/// The shortest form that reads back to the same `Double`, with no trailing `.0`
/// on integral values: `10`, `10.5`, `0.1`, `-0`, `1e+300`.
public enum NumberText {
    /// Formats a finite number. Non-finite values never reach a trace (scenarios
    /// reject them), but are written as Swift does rather than trapping.
    public static func format(_ value: Double) -> String {
        var text = value.description
        if text.hasSuffix(".0") {
            text.removeLast(2)
        }
        return text
    }

    /// Parses a decimal number as scenarios write it: an optional sign, digits with
    /// an optional fraction, and an optional exponent (`10`, `-3.5`, `.5`, `1e3`,
    /// `1e+300`). Hex floats, `inf`, `nan` and anything else return `nil`; so do
    /// numbers too large for a `Double`.
    public static func parse<S: StringProtocol>(_ text: S) -> Double? {
        var digitsSeen = false
        var index = text.startIndex
        func peek() -> Character? { index < text.endIndex ? text[index] : nil }
        if peek() == "+" || peek() == "-" { index = text.index(after: index) }
        while let c = peek(), c.isASCII, c.isNumber {
            digitsSeen = true
            index = text.index(after: index)
        }
        if peek() == "." {
            index = text.index(after: index)
            while let c = peek(), c.isASCII, c.isNumber {
                digitsSeen = true
                index = text.index(after: index)
            }
        }
        guard digitsSeen else { return nil }
        if peek() == "e" || peek() == "E" {
            index = text.index(after: index)
            if peek() == "+" || peek() == "-" { index = text.index(after: index) }
            var exponentDigits = false
            while let c = peek(), c.isASCII, c.isNumber {
                exponentDigits = true
                index = text.index(after: index)
            }
            guard exponentDigits else { return nil }
        }
        guard index == text.endIndex, let value = Double(String(text)), value.isFinite else {
            return nil
        }
        return value
    }
}
