import CommandGeneration
import Lockstep
import WindowModel

/// One group of a campaign's divergences: as far as the harness can tell, one cause.
///
/// A group's signature is its shrunk case's (``FindingSignature``): the command,
/// what differed and only the outcomes that shrinking kept. Divergences whose own
/// signature shrank to it, or that carry every one of its outcomes in a richer
/// context (``FindingSignature/isRicherCase(of:)``), are counted into it; a group
/// not shrunk (out of time, over `--max-findings`) keeps its first case's signature
/// and its case seed, which replays it.
public struct CampaignGroup: Sendable, Equatable {
    public enum Status: String, Sendable, Equatable {
        /// Shrunk and saved: ``path`` holds its scenario.
        case shrunk
        /// Not shrunk (the campaign's time ran out, or `--max-findings` was reached):
        /// ``caseSeed`` and ``profile`` (with ``focus`` and ``avoided``) replay it.
        case unshrunk
        /// A group of the known-findings file (`--known`): counted, never saved again.
        case known
        /// The case did not diverge again on fresh engines.
        case nondeterministic
        /// Its shrunk scenario did not show the divergence when run as `windowlab run`
        /// runs it: a fault of the harness, reported, never saved as a finding.
        case harnessError
    }

    public var signature: FindingSignature
    public var status: Status
    /// Generated cases that fell into the group.
    public var cases = 0
    /// Divergences counted into the group (a case can show a cause several times).
    public var divergences = 0
    /// Of those, divergences of signatures counted in by their outcomes alone, not shrunk.
    public var attributed = 0
    /// The profile of the group's first case, its seed, and what steered it.
    public var profile: GenerationProfile
    public var caseSeed: UInt64?
    public var focus: [String] = []
    public var avoided: [String] = []
    /// The saved finding (shrunk groups), when one was written.
    public var path: String?
    /// Its shrunk length, and the length of the case it came from.
    public var commands: Int?
    public var originalCommands: Int?
    /// Seconds spent shrinking cases of the group (its first and those shrunk again).
    public var shrinkSeconds = 0.0
    /// What went wrong, for a harness error.
    public var problem: String?
    /// For a group of an engine's fault: what its first case's fault was, in one
    /// sentence (`the engine answered `error …``), so that the summary says it.
    public var fault: String?
    /// An unshrunk group's first case, cut after its divergence, as scenario text
    /// (commands only): at the end of a campaign.
    public var scenario: String?

    public init(signature: FindingSignature, status: Status, profile: GenerationProfile) {
        self.signature = signature
        self.status = status
        self.profile = profile
    }

    /// The replay hint of an example's case.
    static func hint(_ example: CauseLedger.Example) -> String {
        var group = CampaignGroup(signature: .nondeterministic, status: .unshrunk, profile: example.profile)
        (group.caseSeed, group.focus, group.avoided) = (example.caseSeed, example.focus, example.avoided)
        return group.replayHint
    }

    /// `case seed 42, profile small, focus H2, avoiding show` and the variables that
    /// regenerate the case in a ``PropertySuite`` test (empty without a seed).
    public var replayHint: String {
        guard let caseSeed else { return "" }
        let focusText = focus.isEmpty ? "" : ", focus \(focus.joined(separator: ","))"
        let avoidText = avoided.isEmpty ? "" : ", avoiding \(avoided.joined(separator: ","))"
        return "case seed \(caseSeed), profile \(profile)\(focusText)\(avoidText) (WINDOWLAB_SEED=\(caseSeed) "
            + "WINDOWLAB_PROFILE=\(profile)"
            + (focus.isEmpty ? "" : " WINDOWLAB_FOCUS=\(focus.joined(separator: ","))")
            + (avoided.isEmpty ? "" : " WINDOWLAB_AVOID=\(avoided.joined(separator: ","))") + ")"
    }
}

/// Counters a campaign reports while it runs and when it ends.
public struct CampaignProgress: Sendable {
    public var cases = 0
    public var commands = 0
    /// Diverging cases (a case that shows several causes counts once).
    public var divergences = 0
    /// Divergences in all (a case can show several).
    public var differences = 0
    public var elapsedSeconds = 0.0
    /// Cases and commands per profile.
    public var casesByProfile: [GenerationProfile: Int] = [:]
    public var commandsByProfile: [GenerationProfile: Int] = [:]
    /// The groups, most cases first.
    public var groups: [CampaignGroup] = []
    /// Shrunk cases whose signature was a group's already (two cases of one cause).
    public var merged = 0
    /// How the campaign's shrinks went (see ``ShrinkTally``).
    public var shrinks = ShrinkTally()
    /// Small cases steered around the kinds of command that led into groups found
    /// before (see ``DifferentialCampaign/steers``).
    public var steeredCases = 0
    /// How many cases had finished when the first divergence was counted (it included).
    public var casesToFirstDivergence: Int?
    /// Findings saved so far.
    public var findings = 0
    /// Saved findings that did not reproduce through `windowlab run`'s path: each a
    /// fault of the harness, with the case seed that found it.
    public var harnessErrors: [String] = []
    /// The rule outcomes the reference decided over every case (when recorded).
    public var coverage = RuleCoverage()
    /// The statements an engine answered `unsupported`, and the cases they ended.
    public var unsupported = UnsupportedStatements()

    public init() {}

    public var commandsPerSecond: Double { elapsedSeconds > 0 ? Double(commands) / elapsedSeconds : 0 }

    /// The groups that are new: neither known nor, for an unshrunk one, a case of a
    /// known group's command and difference.
    public var newGroups: [CampaignGroup] { groups.filter { $0.status != .known } }

    /// Known groups met again.
    public var knownMet: [FindingSignature] { groups.filter { $0.status == .known && $0.cases > 0 }.map(\.signature) }

    /// Groups found and not shrunk.
    public var unshrunkGroups: [CampaignGroup] { groups.filter { $0.status == .unshrunk } }
}
