/// What a scenario says the command before it observed: `expect OBSERVATION` or
/// `expect nothing`. Runners check expectations; engines, the encoder and the
/// shrinker never see one.
public enum Expectation: Hashable, Sendable {
    /// `expect OBSERVATION`: the observation's text, runs of blanks collapsed to one space.
    case observation(String)
    /// `expect nothing`: the command before observed nothing.
    case nothing
}

/// One statement of a scenario: a command the engines run, or an expectation about
/// what the command before it observed.
public enum Statement: Hashable, Sendable {
    case command(Command)
    case expectation(Expectation)

    /// The command, when the statement is one.
    public var command: Command? {
        if case let .command(command) = self { return command }
        return nil
    }

    /// The expectation, when the statement is one.
    public var expectation: Expectation? {
        if case let .expectation(expectation) = self { return expectation }
        return nil
    }
}
