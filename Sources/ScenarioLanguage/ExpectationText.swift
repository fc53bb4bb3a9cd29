/// The text form expectations are compared in: runs of spaces and tabs collapsed
/// to one space, none at either end.
///
/// ```swift
/// ExpectationText.normalize("  order main:\t a   b ")  // "order main: a b"
/// ```
public enum ExpectationText {
    /// Collapses blank runs (spaces, tabs) to one space and trims both ends.
    public static func normalize<S: StringProtocol>(_ text: S) -> String {
        // Over Unicode scalars, not characters: a space or tab followed by a
        // combining mark is one character, but still a blank (the lexer cuts words
        // on the bytes), so printing and parsing again gives the same text.
        var result = String.UnicodeScalarView()
        var pendingBlank = false
        for scalar in text.unicodeScalars {
            if scalar == " " || scalar == "\t" {
                pendingBlank = !result.isEmpty
            } else {
                if pendingBlank { result.append(" ") }
                pendingBlank = false
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether an expected text matches an observation's trace line.
    public static func matches(expected: String, observed: String) -> Bool {
        normalize(expected) == normalize(observed)
    }
}
