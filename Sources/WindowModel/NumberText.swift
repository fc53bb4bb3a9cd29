/// The one way numbers are written in traces and canonical scenario text.
///
/// The shortest form that reads back to the same `Double`, with no trailing `.0`
/// on integral values: `10`, `10.5`, `0.1`, `-0`, `1e+300`.
public enum NumberText {
    /// Formats a finite number. Non-finite values never reach a trace (scenarios
    /// reject them), but are written as Swift does rather than trapping.
    public static func format(_ value: Double) -> String {
        // A NaN's sign depends on how it was made (and on the processor), not on the
        // rules: every NaN is written `nan`, so engines agree on it.
        if value.isNaN { return "nan" }
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
        // The grammar is ASCII: checked over the contiguous bytes when there are
        // (native strings; the generic view walk costs more than the check), then
        // read by the standard library.
        let wellFormed = text.utf8.withContiguousStorageIfAvailable(isDecimal(_:)) ?? isDecimal(Array(text.utf8))
        guard wellFormed, let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }

    /// Whether the bytes are `[+-] digits [. digits] [(e|E) [+-] digits]` with a digit somewhere before any exponent.
    private static func isDecimal<C: RandomAccessCollection<UInt8>>(_ bytes: C) -> Bool where C.Index == Int {
        var index = bytes.startIndex
        let end = bytes.endIndex
        func isDigit(_ at: Int) -> Bool { at < end && bytes[at] >= 0x30 && bytes[at] <= 0x39 }
        func isSign(_ at: Int) -> Bool { at < end && (bytes[at] == 0x2B || bytes[at] == 0x2D) }
        var digitsSeen = false
        if isSign(index) { index += 1 }
        while isDigit(index) { digitsSeen = true; index += 1 }
        if index < end && bytes[index] == 0x2E {
            index += 1
            while isDigit(index) { digitsSeen = true; index += 1 }
        }
        guard digitsSeen else { return false }
        if index < end && (bytes[index] == 0x65 || bytes[index] == 0x45) {
            index += 1
            if isSign(index) { index += 1 }
            var exponentDigits = false
            while isDigit(index) { exponentDigits = true; index += 1 }
            guard exponentDigits else { return false }
        }
        return index == end
    }
}
