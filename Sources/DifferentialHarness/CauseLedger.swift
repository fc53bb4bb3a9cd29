import CommandGeneration
import Lockstep
import ScenarioLanguage
import Shrinking
import Synchronization
import WindowModel

/// The groups a campaign has found, shared by its jobs: which signature belongs to
/// which group, which groups wait to be shrunk, and what each shrink turned out to be.
///
/// Every divergence a case shows is counted into a group at once:
/// 1. into the group its signature was counted into before (a signature that shrank
///    to a cause stays that cause's);
/// 2. else into a shrunk or known group whose outcomes it carries, all of them, in a
///    richer context (``FindingSignature/isRicherCase(of:)``): counted, not shrunk; but
///    when it carries an outcome no settled group has, its case is also kept as a
///    *probe*, shrunk (as a shrunk group is shrunk again) keeping that outcome: a second
///    cause met only in the first's circumstances (an alpha multiplied down the tree,
///    seen only beside a bounds origin another bug got wrong) gets a group of its own;
/// 3. else into a new group that waits to be shrunk, with this case as its example.
///
/// Jobs claim waiting groups, new kinds of difference first, then the largest. A
/// shrunk case whose signature a group has already is merged into that group (a probe's
/// that keeps an outcome no group has is not taken in by the group whose first case had
/// its signature and shrank away from it); else
/// the group takes the shrunk signature, and the waiting groups that are richer cases
/// of it are merged into it. So groups end up one per shrunk signature: one per cause,
/// as far as shrinking can tell causes apart.
final class CauseLedger: Sendable {
    /// A case a group is shrunk from.
    struct Example: Sendable {
        var commands: [Command]
        var divergence: Divergence
        var caseIndex: Int
        var caseSeed: UInt64
        var profile: GenerationProfile
        var focus: [String]
        var avoided: [String]
        /// How many divergences of other signatures its case showed before this one:
        /// 0 is a case where no other cause had a hand yet.
        var position: Int
        /// For a probe: the one outcome no settled group had that its shrink keeps.
        var keeping: Set<RuleOutcome> = []
    }

    /// Richer cases kept as probes for one outcome no settled group has, at most.
    static let probesPerOutcome = 2
    /// Outcomes no probe is kept for: a view skipped on the way (hidden, not interactive,
    /// below 0.01, a singular transform) is met on nearly every route through a crowded
    /// case, and a shrink made to keep one ended on scenarios of two other bugs at once.
    /// Where skipping a view is itself the cause, the case shows it alone: a group of its own.
    static let unprobed: Set<RuleOutcome> = [.h1HiddenNil, .h1InteractionOffNil, .h1AlphaBelowHundredthNil,
                                             .a5SingularUnhittable]

    /// Whether a group's outcomes say more than that views were skipped on the way
    /// (``unprobed``, and the subtree a skipped view took with it): a group that says
    /// only that takes in no probe that kept an outcome of its own (a window passed for
    /// its interaction beside a view skipped for it), since what the two share is a
    /// circumstance.
    static func namesACause(_ signature: FindingSignature) -> Bool {
        !Set(signature.outcomes).isSubset(of: skippedOnTheWay)
    }

    /// ``unprobed``, and the subtree a skipped view took with it.
    private static let skippedOnTheWay = unprobed.union([.h4AncestorRemovesSubtree])

    /// Whether group `other` is a richer case of a cause shrunk to `cause`, and so that
    /// cause: not when a probe opened it for an outcome `cause` lacks and `cause` says
    /// only that views were skipped (``namesACause(_:)``).
    private static func givesWay(_ other: Int, to cause: FindingSignature, _ state: State) -> Bool {
        guard state.groups[other].signature.isRicherCase(of: cause) else { return false }
        guard let kept = state.keptByProbe[other], !kept.isSubset(of: cause.outcomes) else { return true }
        return namesACause(cause)
    }

    /// Shrunk groups are shrunk again from up to this many other cases, while no group
    /// waits: a group can hide a second cause that its step cannot tell apart, and a
    /// first case can shrink to a scenario that leans on another bug as well; another
    /// start finds the one, and a simpler scenario replaces the other.
    static let resamplesPerGroup = 3
    /// ... and a group whose step decided nothing out of the ordinary (a signature
    /// without outcomes) from up to this many: the cases counted into it say least
    /// about their cause.
    static let resamplesPerOrdinaryGroup = 8

    private static func resampleLimit(_ group: CampaignGroup) -> Int {
        group.signature.outcomes.isEmpty ? resamplesPerOrdinaryGroup : resamplesPerGroup
    }

    private struct State {
        var groups: [CampaignGroup] = []
        /// Groups merged into another: their index, and the one they live on in.
        var mergedInto: [Int: Int] = [:]
        var groupOf: [FindingSignature: Int] = [:]
        var examples: [Int: Example] = [:]
        var waiting: [Int] = []
        var claimedCount = 0
        var merged = 0
        /// For shrunk groups: other cases of them, how often they were shrunk again,
        /// and the commands of the scenario saved for each.
        var reservoir: [Int: [Example]] = [:]
        /// Richer cases that brought outcomes no settled group had (the group they were
        /// counted into, the case), and how many were kept for each such outcome.
        var probes: [(group: Int, example: Example)] = []
        var probesPerOutcome: [RuleOutcome: Int] = [:]
        /// Groups a probe opened, and the outcome it kept.
        var keptByProbe: [Int: Set<RuleOutcome>] = [:]
        /// The cases (index and signature) shrinking again moved out of their group.
        var moved: Set<String> = []
        var resamples: [Int: Int] = [:]
        var witness: [Int: [Command]] = [:]
        /// Every shrink's record, added up, and the seconds of those that shrank a
        /// shrunk group again.
        var shrinks = ShrinkTally()
        var resampleSeconds = 0.0
    }

    private let state = Mutex(State())
    /// How many groups may be claimed for shrinking (`--max-findings`).
    let claimLimit: Int

    /// - Parameter known: groups known already (their signatures as their scenarios
    ///   show them now), counted when met, never shrunk.
    init(known: [FindingSignature], claimLimit: Int) {
        self.claimLimit = claimLimit
        state.withLock { state in
            for signature in known where state.groupOf[signature] == nil {
                state.groupOf[signature] = state.groups.count
                state.groups.append(CampaignGroup(signature: signature, status: .known, profile: .small))
            }
        }
    }

    /// Counts one case's divergences into groups; returns how many groups it opened.
    /// - Parameter divergences: at most one per signature (the first of the case).
    @discardableResult
    func record(_ divergences: [Divergence], commands: [Command], caseIndex: Int, caseSeed: UInt64,
                profile: GenerationProfile, focus: [String], avoided: [String]) -> Int {
        state.withLock { state in
            var opened = 0
            var counted = Set<Int>()
            for (position, divergence) in divergences.enumerated() {
                let example = Example(commands: Array(commands.prefix(divergence.sourceIndex + 1)), divergence: divergence,
                                      caseIndex: caseIndex, caseSeed: caseSeed, profile: profile, focus: focus,
                                      avoided: avoided, position: position)
                let signature = divergence.signature
                var group = state.groupOf[signature].map { Self.live($0, state) }
                var attributed = false
                if let known = group, [.shrunk, .known].contains(state.groups[known].status),
                   state.groups[known].signature != signature, signature.isRicherCase(of: state.groups[known].signature) {
                    // A case of a signature counted into a group before (one that shrank to
                    // it, or a richer case of it): counted as before, and maybe a probe.
                    Self.probe(example, of: known, &state)
                } else if group == nil, let richer = state.groups.indices.first(where: {
                    [.shrunk, .known].contains(state.groups[$0].status) && state.mergedInto[$0] == nil
                        && signature.isRicherCase(of: state.groups[$0].signature)
                }) {
                    (group, attributed) = (richer, true)
                    state.groupOf[signature] = richer
                    Self.probe(example, of: richer, &state)
                }
                if group == nil {
                    var new = CampaignGroup(signature: signature, status: .unshrunk, profile: profile)
                    (new.caseSeed, new.focus, new.avoided) = (caseSeed, focus, avoided)
                    new.originalCommands = commands.count
                    new.fault = divergence.fault?.message
                    group = state.groups.count
                    state.groups.append(new)
                    state.groupOf[signature] = group
                    state.examples[group!] = example
                    state.waiting.append(group!)
                    opened += 1
                } else if state.groups[group!].status == .shrunk, !attributed {
                    Self.keep(example, for: group!, &state)
                }
                state.groups[group!].divergences += 1
                if attributed { state.groups[group!].attributed += 1 }
                if counted.insert(group!).inserted { state.groups[group!].cases += 1 }
            }
            return opened
        }
    }

    /// Whether a group waits to be shrunk (and may still be claimed).
    var hasWaiting: Bool { state.withLock { !$0.waiting.isEmpty && $0.claimedCount < claimLimit } }
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Takes the waiting group to shrink next: one whose command and difference no
    /// shrunk group has first, then the one with most cases.
    func claim() -> (group: Int, example: Example, signature: FindingSignature)? {
        state.withLock { state in
            guard state.claimedCount < claimLimit, !state.waiting.isEmpty else { return nil }
            let settled = Set(state.groups.indices.filter {
                state.mergedInto[$0] == nil && [.shrunk, .known].contains(state.groups[$0].status)
            }.map { state.groups[$0].signature.coarse })
            let best = state.waiting.indices.max { a, b in
                let (ga, gb) = (state.groups[state.waiting[a]], state.groups[state.waiting[b]])
                let (na, nb) = (!settled.contains(ga.signature.coarse), !settled.contains(gb.signature.coarse))
                return (na ? 1 : 0, ga.cases, -a) < (nb ? 1 : 0, gb.cases, -b)
            }!
            let group = state.waiting.remove(at: best)
            state.claimedCount += 1
            guard let example = state.examples[group] else { return nil }
            return (group, example, state.groups[group].signature)
        }
    }

    /// Keeps `example` among a shrunk group's other cases: at most one a case, the
    /// ones whose case had least else going on first.
    private static func keep(_ example: Example, for group: Int, _ state: inout State) {
        let limit = resampleLimit(state.groups[group])
        guard (state.resamples[group] ?? 0) < limit else { return }
        var kept = state.reservoir[group] ?? []
        guard !kept.contains(where: { $0.caseIndex == example.caseIndex }) else { return }
        kept.append(example)
        kept.sort { $0.position < $1.position }
        state.reservoir[group] = Array(kept.prefix(limit - (state.resamples[group] ?? 0)))
    }

    /// Keeps a case counted into `group` (a richer case of it, or the case it was shrunk
    /// from) as a probe for each outcome it brings that no settled group has, that is not
    /// ``unprobed``, and that fewer than ``probesPerOutcome`` probes have brought.
    private static func probe(_ example: Example, of group: Int, _ state: inout State) {
        let novel = Set(example.divergence.signature.outcomes).subtracting(settledOutcomes(state)).subtracting(unprobed)
            .filter { state.probesPerOutcome[$0, default: 0] < probesPerOutcome }
        // One probe for each such outcome, keeping it alone: a case can carry a translucent
        // view's outcome that is only its circumstance beside the one that is a cause.
        for outcome in novel.sorted(by: { $0.rawValue < $1.rawValue }) {
            state.probesPerOutcome[outcome, default: 0] += 1
            var kept = example
            kept.keeping = [outcome]
            state.probes.append((group, kept))
        }
    }

    /// The outcomes of the shrunk and known groups' signatures.
    private static func settledOutcomes(_ state: State) -> Set<RuleOutcome> {
        Set(state.groups.indices.filter {
            state.mergedInto[$0] == nil && [.shrunk, .known].contains(state.groups[$0].status)
        }.flatMap { state.groups[$0].signature.outcomes })
    }

    /// How many probes wait to be shrunk.
    var probeCount: Int { state.withLock { $0.probes.count } }

    /// Takes a probe (a richer case kept for an outcome no settled group had, still
    /// without one) or else a shrunk group to shrink again from another of its cases
    /// (see ``resamplesPerGroup``): the one shrunk again least, then the largest.
    func claimResample() -> (group: Int, example: Example, signature: FindingSignature)? {
        state.withLock { state in
            let settled = Self.settledOutcomes(state)
            while !state.probes.isEmpty {
                let (group, example) = state.probes.removeFirst()
                guard example.keeping.isDisjoint(with: settled) else { continue }
                let live = Self.live(group, state)
                return (live, example, state.groups[live].signature)
            }
            let candidates = state.reservoir.filter { index, examples in
                !examples.isEmpty && state.mergedInto[index] == nil && state.groups[index].status == .shrunk
                    && (state.resamples[index] ?? 0) < Self.resampleLimit(state.groups[index])
            }.keys
            guard let group = candidates.min(by: { a, b in
                ((state.resamples[a] ?? 0), -state.groups[a].cases, a) < ((state.resamples[b] ?? 0), -state.groups[b].cases, b)
            }) else { return nil }
            state.resamples[group, default: 0] += 1
            let example = state.reservoir[group]!.removeFirst()
            return (group, example, state.groups[group].signature)
        }
    }

    /// What shrinking a shrunk group again came to.
    enum Resample: Equatable {
        /// The same cause, in a simpler scenario: it replaces the saved one (which file
        /// gives way is decided when it is saved: see ``saved(_:path:commands:)``).
        case simpler
        /// The same cause, in no simpler scenario: nothing changes.
        case same
        /// Another signature: a group of its own (``Resolution``), `group` its index.
        case other(group: Int, Resolution)
    }

    /// Takes in the finding shrunk again from one of `group`'s other cases.
    func resampled(_ group: Int, from example: Example, finding: Finding) -> Resample {
        let live = state.withLock { Self.live(group, $0) }
        let (sameSignature, witness) = state.withLock {
            ($0.groups[live].signature == finding.signature, $0.witness[live])
        }
        if sameSignature {
            if !example.keeping.isEmpty { state.withLock { $0.shrinks.probes += 1 } }
            guard let witness, Shrinker.complexity(of: finding.commands) < Shrinker.complexity(of: witness) else {
                return .same
            }
            state.withLock { $0.witness[live] = finding.commands }
            return .simpler
        }
        let other = state.withLock { state in
            var new = CampaignGroup(signature: example.divergence.signature, status: .unshrunk, profile: example.profile)
            (new.caseSeed, new.focus, new.avoided) = (example.caseSeed, example.focus, example.avoided)
            new.originalCommands = example.commands.count
            new.fault = example.divergence.fault?.message
            // Its case moves from the group it was counted into to its own (once: two
            // probes of one case may each find a cause).
            (new.cases, new.divergences) = (1, 1)
            if state.moved.insert("\(example.caseIndex) \(example.divergence.signature)").inserted {
                state.groups[live].cases = max(0, state.groups[live].cases - 1)
                state.groups[live].divergences = max(0, state.groups[live].divergences - 1)
            }
            state.groups.append(new)
            return state.groups.count - 1
        }
        let resolution = shrunk(other, finding: finding, keeping: example.keeping)
        if !example.keeping.isEmpty {
            state.withLock {
                $0.shrinks.probes += 1
                $0.shrinks.probesOpened += resolution == .merged ? 0 : 1
                if resolution != .merged { $0.keptByProbe[other] = example.keeping }
            }
        }
        return .other(group: other, resolution)
    }

    /// What the shrink of a group came to.
    enum Resolution: Equatable {
        /// A new cause: save its finding. Groups saved before that are richer cases of
        /// it were merged into it: their saved files (`superseded`) are to be removed.
        case new(superseded: [String])
        /// The shrunk case's signature is a group's already (or a richer case of one):
        /// counted there, not saved.
        case merged
    }

    /// Takes in the shrunk finding of `group`: a nondeterministic case (one such group
    /// a campaign), a group another shrink reached already, or a new cause.
    /// - Parameter keeping: for a probe, the outcome its shrink kept: a shrunk case that
    ///   shows it, where no group has it, is not taken in by a group whose first case had
    ///   its signature and shrank away from it (it is by one that shows its cause).
    func shrunk(_ group: Int, finding: Finding, keeping: Set<RuleOutcome> = []) -> Resolution {
        state.withLock { state in
            let example = state.examples[group]
            let novel = keeping.intersection(finding.signature.outcomes).subtracting(Self.settledOutcomes(state))
            let resolution = Self.resolve(group, finding: finding, novel: !novel.isEmpty, &state)
            // Outcomes its case had that the shrink left behind and no group has: the case
            // is a probe for them (a second cause in the first's circumstances).
            if let example, finding.reproduced, [.shrunk, .known].contains(state.groups[Self.live(group, state)].status) {
                Self.probe(example, of: Self.live(group, state), &state)
            }
            return resolution
        }
    }

    private static func resolve(_ group: Int, finding: Finding, novel: Bool, _ state: inout State) -> Resolution {
        let signature = finding.signature
        state.groups[group].commands = finding.commands.count
        state.examples[group] = nil
        if !finding.reproduced {
            if let other = state.groups.indices.first(where: {
                $0 != group && state.mergedInto[$0] == nil && state.groups[$0].status == .nondeterministic
            }) {
                Self.merge(group, into: other, &state)
                return .merged
            }
            state.groups[group].status = .nondeterministic
            state.groups[group].signature = .nondeterministic
            return .new(superseded: [])
        }
        let settled = state.groups.indices.filter {
            $0 != group && state.mergedInto[$0] == nil && [.shrunk, .known].contains(state.groups[$0].status)
        }
        // (A probe's novel outcome is not taken in by a group whose first case had it and
        // shrank away from it, nor by one that only skipped views on the way.)
        if let existing = state.groupOf[signature].map({ Self.live($0, state) }), existing != group,
           !novel || state.groups[existing].signature == signature
            || (signature.isRicherCase(of: state.groups[existing].signature)
                && Self.namesACause(state.groups[existing].signature)) {
            if settled.contains(existing) || !state.waiting.contains(existing) {
                Self.merge(group, into: existing, &state)
                return .merged
            }
            // A waiting group whose case already had this signature: the same cause.
            state.waiting.removeAll { $0 == existing }
            state.examples[existing] = nil
            Self.merge(existing, into: group, &state)
        }
        // A saved group that is a richer case of this one gives way to it (below);
        // else a group whose cause this one shows takes it in.
        let richer = settled.filter {
            state.groups[$0].status != .known && Self.givesWay($0, to: signature, state)
        }
        if richer.isEmpty, let general = settled.first(where: {
            signature.showsCause(of: state.groups[$0].signature) && (!novel || Self.namesACause(state.groups[$0].signature))
        }) {
            state.groups[general].attributed += state.groups[group].divergences
            Self.merge(group, into: general, &state)
            state.groupOf[signature] = general
            return .merged
        }
        state.groups[group].signature = signature
        state.groups[group].status = .shrunk
        state.groupOf[signature] = group
        state.witness[group] = finding.commands
        // Groups that are richer cases of this cause are this cause: waiting ones are
        // not shrunk, saved ones give their files up.
        var superseded: [String] = []
        for other in state.waiting + settled where Self.givesWay(other, to: signature, state)
            && state.groups[other].status != .known {
            state.groups[group].attributed += state.groups[other].divergences
            if let example = state.examples[other] { probe(example, of: group, &state) }
            state.examples[other] = nil
            if let path = state.groups[other].path { superseded.append(path) }
            Self.merge(other, into: group, &state)
        }
        state.waiting.removeAll { state.mergedInto[$0] != nil }
        return .new(superseded: superseded)
    }

    /// Seconds spent shrinking shrunk groups again (see ``DifferentialCampaign/resampleShare``).
    var resampleSeconds: Double { state.withLock { $0.resampleSeconds } }

    /// Counts a shrink made for `group` (its time goes to the group it lives on in).
    func noteShrink(_ group: Int, _ record: ShrinkRecord?, resample: Bool = false) {
        guard let record else { return }
        state.withLock { state in
            state.shrinks.add(record)
            if resample { state.resampleSeconds += record.seconds }
            state.groups[Self.live(group, state)].shrinkSeconds += record.seconds
        }
    }

    /// The group `index` (or the one it was merged into) as it stands.
    func group(_ index: Int) -> CampaignGroup { state.withLock { $0.groups[Self.live(index, $0)] } }

    /// Gives a claimed group up unshrunk (the time ran out before its shrink or its
    /// check could finish): it keeps its case seed, and `signature` when given.
    func unclaim(_ index: Int, signature: FindingSignature? = nil) {
        state.withLock { state in
            let live = Self.live(index, state)
            state.groups[live].status = .unshrunk
            if let signature { state.groups[live].signature = signature }
        }
    }

    /// Records where a shrunk group's finding (`commands`) was saved, and returns the
    /// saved files that are to be removed. A finding is checked and written outside the
    /// ledger's lock, so another job may change its group meanwhile: a group merged into
    /// another has that group's file (its own is removed), and of a group's scenarios
    /// the one it holds as its witness (the simplest shrunk) is the file that stays,
    /// whichever of them was written first.
    func saved(_ group: Int, path: String?, commands: [Command]) -> [String] {
        guard let path else { return [] }
        return state.withLock { state in
            let live = Self.live(group, state)
            if live != group { return [path] }
            let current = state.groups[live].path
            if state.witness[live] == nil || state.witness[live] == commands || current == nil {
                state.groups[live].path = path
                return current.map { $0 == path ? [] : [$0] } ?? []
            }
            // A simpler scenario replaced this one while it was checked, and stands saved.
            return current == path ? [] : [path]
        }
    }

    /// Marks a shrunk group as a harness error: its saved scenario did not reproduce.
    func harnessError(_ group: Int, problem: String) {
        state.withLock { state in
            let live = Self.live(group, state)
            state.groups[live].status = .harnessError
            state.groups[live].problem = problem
        }
    }

    /// The live groups (merged ones left out), most cases first, and how many shrunk
    /// cases merged into a group that had their signature.
    /// - Parameter final: give each unshrunk group its case, cut after the divergence,
    ///   as scenario text (``CampaignGroup/scenario``).
    func snapshot(final: Bool = false) -> (groups: [CampaignGroup], merged: Int, shrinks: ShrinkTally) {
        state.withLock { state in
            let live = state.groups.indices.filter { state.mergedInto[$0] == nil }.map { index in
                var group = state.groups[index]
                if final, group.status == .unshrunk, let example = state.examples[index] {
                    group.scenario = ScenarioPrinter.print(example.commands)
                }
                return group
            }
            return (live.sorted { ($0.cases, $1.signature) > ($1.cases, $0.signature) }, state.merged, state.shrinks)
        }
    }

    /// The group `index` lives on in (itself, or the one it was merged into).
    private static func live(_ index: Int, _ state: State) -> Int {
        var index = index
        while let next = state.mergedInto[index] { index = next }
        return index
    }

    private static func merge(_ from: Int, into target: Int, _ state: inout State) {
        guard from != target else { return }
        state.groups[target].cases += state.groups[from].cases
        state.groups[target].divergences += state.groups[from].divergences
        state.groups[target].attributed += state.groups[from].attributed
        state.groups[target].shrinkSeconds += state.groups[from].shrinkSeconds
        state.mergedInto[from] = target
        for (signature, index) in state.groupOf where index == from { state.groupOf[signature] = target }
        state.groupOf[state.groups[from].signature] = target
        state.merged += 1
    }
}
