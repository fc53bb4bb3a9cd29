import DifferentialHarness
import Testing

extension PropertySuite {
    /// Runs the suite and, on a divergence (a nondeterministic one included),
    /// fails the current Swift Testing test with only what is needed to act on it:
    /// the seeds, a replay command for your own package, where the failure was
    /// saved, and the shrunk scenario with the reference's answers as `expect`
    /// lines.
    ///
    /// ```swift
    /// @Test func mineAgrees() {
    ///     PropertySuite(reference: .init(name: "reference") { ReferenceWindowSystem() },
    ///                   candidates: [.init(name: "mine") { MyWindowSystem() }]).expectAgreement()
    /// }
    /// ```
    @discardableResult
    public func expectAgreement(sourceLocation: SourceLocation = #_sourceLocation) -> PropertySuiteResult {
        let result = run()
        if let report = result.report, !result.passed {
            Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
        }
        return result
    }
}
