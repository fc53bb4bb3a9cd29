/// What a run says under its groups (`check`) or causes (a keep-going fuzz run) when
/// there are two or more: a group is a cause the harness can tell apart, and one bug of
/// the engine can be two of them. An engine with one bug that gets two branches of a rule
/// wrong answers every scenario as an engine with two bugs, one per branch, does; a
/// grouping that merged the two branches would show the second engine's two bugs as one
/// group, the second found only once the first is fixed (docs/results/one-bug-two-ways.md
/// measures it on the C example), so the harness keeps them apart and says how to tell.
public enum OneBugTwoGroups {
    /// The note, for `count` groups called `noun` (`group`, `cause`), `section` the page
    /// and section that says more.
    public static func note(count: Int, noun: String, section: String) -> String {
        "\(count) \(noun)s need not be \(count) bugs: one bug can show as two \(noun)s (two branches of one rule, "
            + "as a root view that keeps its size shows where its window grew and where it shrank). "
            + "Fix one, then replay the other's scenario with `windowlab run`: if it passes too, they were one bug (\(section))."
    }
}
