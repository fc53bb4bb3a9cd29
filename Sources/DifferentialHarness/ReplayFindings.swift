import Lockstep
import WindowModel

/// Divergences met while replaying scenario files, corpus entries and inputs,
/// grouped by ``FindingSignature`` as a campaign groups its cases: a thousand
/// entries that fail for one missing notification are one group, one line in the
/// terminal and one saved scenario, not a thousand blocks.
///
/// ```swift
/// var replays = ReplayFindings()
/// replays.add(source: "corpus/seed.wlpack entry 3f2a", commands: list, divergence: divergence)
/// for group in replays.groups { save(replays.finding(for: group, engines: engines)) }
/// ```
public struct ReplayFindings: Sendable {
    /// One group: how many replayed items diverged this way, and the first of them.
    public struct Group: Sendable {
        public var signature: FindingSignature
        public var count: Int
        public var firstSource: String
        public var commands: [Command]
        public var divergence: Divergence
    }

    /// The groups in the order they were first met.
    public private(set) var groups: [Group] = []
    /// Replayed items in a row that ended in an engine fault (a hang costs a whole
    /// time-out each): at ``faultLimit`` the replays stop (``gaveUp``).
    public private(set) var consecutiveFaults = 0
    public static let faultLimit = 3
    /// Replayed items that ended in an engine fault, in a row or not: at
    /// ``faultLimitPerRun`` the replays stop too, so an engine that hangs on every
    /// other item costs at most that many time-outs.
    public private(set) var faults = 0
    public static let faultLimitPerRun = 10
    public var gaveUp: Bool { consecutiveFaults >= Self.faultLimit || faults >= Self.faultLimitPerRun }

    /// Why the replays stopped, in one sentence (nil while they go on).
    public var stopReason: String? {
        guard gaveUp else { return nil }
        return consecutiveFaults >= Self.faultLimit
            ? "\(Self.faultLimit) replayed items in a row ended in an engine fault"
            : "\(faults) replayed items ended in an engine fault, the most one run allows"
    }

    public init() {}

    /// The number of items that diverged.
    public var count: Int { groups.reduce(0) { $0 + $1.count } }

    /// Counts one diverging item; the first of its group is kept for shrinking.
    /// - Parameter commands: the commands the engines were sent (as sent: fitted to
    ///   their features and domain).
    public mutating func add(source: String, commands: [Command], divergence: Divergence) {
        add(source: source, commands: commands, divergences: [divergence])
    }

    /// Counts every difference one diverging item showed (a run that went on past its
    /// first, ``LockstepSession/continuesAfterDivergence``): each is a candidate group of
    /// its own, as a generated case's are, so a later difference of another cause is not
    /// lost behind the first. A cause met again later in the item adds nothing.
    /// - Parameter commands: the commands the engines were sent; each divergence's
    ///   ``Divergence/commandIndex`` counts in them.
    public mutating func add(source: String, commands: [Command], divergences: [Divergence]) {
        guard let first = divergences.first else { return }
        // An item cut short by an interruption is not the engine's doing.
        guard !divergences.contains(where: { $0.fault?.kind == .interrupted }) else { return }
        let faulted = divergences.contains { $0.fault != nil }
        consecutiveFaults = faulted ? consecutiveFaults + 1 : 0
        if faulted { faults += 1 }
        for divergence in divergences.firstOfEachSignature {
            let signature = divergence.signature
            if let i = groups.firstIndex(where: { $0.signature == signature }) {
                groups[i].count += 1
            } else {
                let at = divergence.commandIndex == first.commandIndex ? ""
                    : " (a later difference, at command \(divergence.commandIndex + 1))"
                groups.append(Group(signature: signature, count: 1, firstSource: source + at,
                                    commands: Array(commands.prefix(divergence.commandIndex + 1)), divergence: divergence))
            }
        }
    }

    /// Counts an item that replayed without a fault.
    public mutating func agreed() { consecutiveFaults = 0 }

    /// The first item of `group`, shrunk within `seconds`, with its source and the
    /// group's size as its origin.
    public func finding(for group: Group, engines: [EngineFactory], seconds: Double = 10,
                        invariants: Bool = true) -> Finding {
        var finding = Finding.shrinking(group.commands, divergence: group.divergence, seed: Self.seed(group.firstSource),
                                        profile: .small, engines: engines, seconds: seconds, invariants: invariants)
        finding.origin = "replayed from \(group.firstSource)"
            + (group.count > 1 ? " (and \(group.count - 1) more replayed item(s) of this group)" : "")
        return finding
    }

    /// One cause among the replayed items: the groups whose first items shrank to one
    /// signature (or to richer cases of one), as a campaign merges its groups.
    public struct Cause: Sendable {
        public var signature: FindingSignature
        /// Replayed items that diverged so.
        public var count: Int
        public var firstSource: String
        /// The shrunk first item; nil for a group over the limit, known, or not shrunk.
        public var finding: Finding?
        /// Whether the cause is a known group (`--known`): counted, not saved.
        public var known: Bool
    }

    /// How the shrinks of `causes` went (see ``ShrinkTally``).
    public static func tally(_ causes: [Cause]) -> ShrinkTally {
        var tally = ShrinkTally()
        for cause in causes { tally.add(cause.finding?.shrink) }
        return tally
    }

    /// The groups' first items shrunk (up to `limit` of them; known groups not at all)
    /// and merged by the signature their shrunk case shows: a thousand entries that fail
    /// for one missing notification in a dozen contexts are one cause.
    public func causes(engines: [EngineFactory], invariants: Bool = true, known: KnownFindings = KnownFindings(),
                       limit: Int = .max, seconds: Double = 10) -> [Cause] {
        var causes: [Cause] = []
        var shrunk = 0
        for group in groups {
            var finding: Finding?
            if !known.contains(group.signature), shrunk < limit {
                finding = self.finding(for: group, engines: engines, seconds: seconds, invariants: invariants)
                shrunk += 1
            }
            let signature = finding?.signature ?? group.signature
            // (A known cause's signature is a shrunk one: what its file holds.)
            if let i = causes.firstIndex(where: { $0.signature == signature
                || (($0.finding != nil || $0.known) && finding != nil && signature.showsCause(of: $0.signature)) }) {
                causes[i].count += group.count
                continue
            }
            causes.append(Cause(signature: signature, count: group.count, firstSource: group.firstSource,
                                finding: finding, known: known.contains(signature)))
        }
        return causes
    }

    /// A stable number for a source, in place of a case seed (file names use it).
    static func seed(_ source: String) -> UInt64 {
        source.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
    }
}
