/// Text from outside (an engine's answer, its standard error, a name a person typed)
/// made safe to put in a scenario's comment or a message: every control, invisible
/// or look-alike-space character written as `U+XXXX`, and the whole cut to a length
/// a scenario line can hold.
///
/// ```swift
/// VisibleText.escaped("\u{1B}[31merror\u{1B}[0m")   // "U+001B[31merrorU+001B[0m"
/// VisibleText.escaped("a\u{200B}pp")                // "aU+200Bpp"
/// ```
public enum VisibleText {
    /// `text` with each character that cannot be seen, or cannot stand in a scenario,
    /// as `U+XXXX`; cut after `limit` characters with `…`.
    public static func escaped(_ text: String, limit: Int = 900) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit {
                result += "…"
                break
            }
            if isHidden(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return result
    }

    /// Control characters (C0 but tab, DEL, C1), zero-width and direction marks, line
    /// and paragraph separators, word joiners, the byte-order mark, and spaces that look
    /// like a space but are not one (no-break and the typographic spaces).
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x08, 0x0A...0x1F, 0x7F...0x9F: return true
        case 0xA0, 0xAD, 0x1680, 0x180E, 0x2000...0x200F, 0x2028...0x202F, 0x205F...0x2064, 0x3000, 0xFEFF: return true
        default: return false
        }
    }
}
