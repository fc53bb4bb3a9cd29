import Testing
import WindowModel

@Suite("NumberText")
struct NumberTextTests {
    @Test("G1: numbers print in the shortest form that reads back, without a trailing .0",
          arguments: [(10.0, "10"), (10.5, "10.5"), (0.1, "0.1"), (-0.0, "-0"), (1e300, "1e+300"),
                      (0.01.nextDown, "0.009999999999999998"), (5e-324, "5e-324"), (-3.5, "-3.5")])
    func format(value: Double, text: String) {
        #expect(NumberText.format(value) == text)
        #expect(NumberText.parse(text)?.bitPattern == value.bitPattern)
    }

    @Test("G1: only finite decimal numbers parse", arguments: [
        "nan", "NaN", "inf", "-inf", "infinity", "0x10", "1e999", "-1e400", "", "-", ".", "1e", "1e+", "1.2.3", "1,5", " 1",
    ])
    func rejects(text: String) {
        #expect(NumberText.parse(text) == nil)
    }

    @Test("decimal forms that do parse", arguments: [("10", 10.0), ("-3.5", -3.5), (".5", 0.5), ("5.", 5.0), ("1e3", 1000.0), ("+2", 2.0)])
    func accepts(text: String, value: Double) {
        #expect(NumberText.parse(text) == value)
    }
}
