/// The exit statuses of every `windowlab` command and of the results it prints
/// (``table`` is what the top-level help prints), named once.
public enum ExitStatus: Int32, Sendable {
    /// Everything held.
    case success = 0
    /// A divergence, a failed expectation, an engine fault, a damaged pack in `verify`.
    case failed = 1
    /// Bad input: an unreadable or invalid file or pack, an output that cannot be written
    /// (found after the options were checked), an engine that cannot be started.
    case badInput = 2
    /// A usage error: an unknown option or a bad value (ArgumentParser's own).
    case usage = 64
    /// Interrupted (SIGINT or SIGTERM).
    case interrupted = 130

    /// The table the top-level help and docs/main-job.md print.
    public static let table = "Exit status: 0 success; 1 a divergence, a failed expectation or an engine "
        + "fault; 2 bad input (an unreadable or invalid file or pack, an output that cannot be written, "
        + "an engine that cannot be started); 64 a usage error (an unknown option or a bad value); 130 interrupted."
}
