/// What a run says under its groups (`check`, its report page) or causes (a keep-going
/// fuzz run) when it found two or more: a group is a difference the harness can tell
/// apart from the others, and one bug of the engine can be two of them. An engine with
/// one bug that gets two branches of a rule wrong answers every scenario as an engine
/// with two bugs, one per branch, does; a grouping that merged the two would show the
/// second engine's two bugs as one group, the second found only once the first is fixed
/// (docs/results/one-bug-two-ways.md measures it on the C example), so the harness keeps
/// them apart and says how to tell.
public enum OneBugTwoGroups {
    /// Where `check`'s note sends the user.
    public static let checkSection = "docs/engines.md, \"An engine with many bugs at once\""
    /// Where a keep-going fuzz run's note sends the user.
    public static let fuzzSection = "docs/fuzz-your-engine.md, \"Every cause in one run\""

    /// The note, for `count` new groups called `noun` (`group`, `cause`), `section` the
    /// page and section that says more; `code` sets a command as code (backquotes in
    /// text, `<code>` in a page).
    public static func note(count: Int, noun: String, section: String,
                            code: (String) -> String = { "`" + $0 + "`" }) -> String {
        "\(count) \(noun)s need not be \(count) bugs: one bug can show as two \(noun)s (two branches of one rule, "
            + "as a root view that keeps its size shows where its window grew and where it shrank). "
            + "Fix one, then replay the other's scenario with \(code("windowlab run")): if it passes too, your fix "
            + "covered both (\(section))."
    }
}
