/// The text form expectations are compared in: runs of spaces and tabs collapsed
/// to one space, none at either end.
///
/// ```swift
/// ExpectationText.normalize("  order main:\t a   b ")  // "order main: a b"
/// ```
public enum ExpectationText {
    /// Collapses blank runs (spaces, tabs) to one space and trims both ends.
    public static func normalize<S: StringProtocol>(_ text: S) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var pendingBlank = false
        for character in text {
            if character == " " || character == "\t" {
                pendingBlank = !result.isEmpty
            } else {
                if pendingBlank { result.append(" ") }
                pendingBlank = false
                result.append(character)
            }
        }
        return result
    }

    /// Whether an expected text matches an observation's trace line.
    public static func matches(expected: String, observed: String) -> Bool {
        normalize(expected) == normalize(observed)
    }
}
