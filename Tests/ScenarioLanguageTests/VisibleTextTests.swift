import ScenarioLanguage
import Testing
import WindowModel

@Suite("Invisible characters in messages")
struct VisibleTextTests {
    @Test("a zero-width space in a name is shown as U+200B, with the likely cause")
    func zeroWidthSpace() {
        #expect {
            try ScenarioParser().parse("window app frame 0 0 9 9\nshow a\u{200B}pp\n", file: "t.wls")
        } throws: { error in
            let text = String(describing: error)
            return text.contains("unknown window 'aU+200Bpp'") && text.contains("the line holds U+200B")
        }
    }

    @Test("a no-break space between words is named as the cause")
    func noBreakSpace() {
        #expect {
            try ScenarioParser().parse("window b\u{00A0}frame 0 0 1 1\n", file: "t.wls")
        } throws: { error in
            String(describing: error).contains("the line holds U+00A0, which cannot be seen or looks like a blank")
        }
    }

    @Test("control, zero-width and look-alike characters are escaped; other text is kept", arguments: [
        ("\u{1B}[31mred\u{1B}[0m", "U+001B[31mredU+001B[0m"),
        ("nul\u{0}here", "nulU+0000here"),
        ("a\u{00A0}b\u{FEFF}", "aU+00A0bU+FEFF"),
        ("héllo wörld → ok", "héllo wörld → ok"),
    ])
    func escaping(text: String, shown: String) {
        #expect(VisibleText.escaped(text) == shown)
    }

    @Test("escaped text is cut at the limit")
    func limit() {
        #expect(VisibleText.escaped(String(repeating: "x", count: 50), limit: 10) == String(repeating: "x", count: 10) + "…")
    }
}
