import Foundation
import WindowModel

/// How often a lockstep run asks every engine for its invariant violations.
public struct InvariantCadence: Hashable, Sendable {
    /// Check after every `interval`-th command and after the last one; 0 never.
    public var interval: Int

    public init(interval: Int) { self.interval = max(0, interval) }

    /// After every command: what small cases and replays use.
    public static let everyCommand = InvariantCadence(interval: 1)
    /// Never: for runs that only need the observations.
    public static let off = InvariantCadence(interval: 0)
    /// After every 32nd command and at the end: big states, where one check
    /// walks thousands of windows. A corruption persists, so it is still caught,
    /// a few commands later; shrinking then moves it to the end.
    public static let sparse = InvariantCadence(interval: 32)
}

/// Several engines driven command by command in lockstep, compared after each:
/// the observations (as trace text, so coordinates compare bit for bit), the
/// snapshots (visible order and key window per scene) and, at the cadence given,
/// every engine's invariants. Stops at the first difference, or, with
/// ``continuesAfterDivergence``, goes on past it.
///
/// ``DifferentialRunner/run(_:engines:checkInvariants:)`` runs a whole list through
/// one; case builders that look at the state between commands (to aim probes at it)
/// feed one command at a time.
public struct LockstepSession {
    public let engines: [EngineFactory]
    public let systems: [any WindowSystem]
    public var cadence: InvariantCadence
    /// The first engine's observations, one array per command run.
    public private(set) var trace: [[Observation]] = []
    public private(set) var commands: [Command] = []
    public private(set) var divergence: Divergence?
    /// Every difference so far when ``continuesAfterDivergence``; else the first.
    public private(set) var divergences: [Divergence] = []
    /// Go on after a difference, recording each one, at most one a step: an observation
    /// that differs while the state agrees is recorded and the run goes on; a state
    /// that differs is unpinned until the snapshots agree on it again, and what depends
    /// on it (presses and key notifications on a key window, a hit that another order
    /// could answer otherwise) is not compared meanwhile (see ``DifferenceUnpinning``).
    /// A fault, an engine's invariants or a difference in the scenes or screens still
    /// end the run. The campaign runs its cases so, so that one case can show several
    /// causes; `windowlab run` so, to show every difference in a file.
    public var continuesAfterDivergence = false
    /// With ``continuesAfterDivergence``: end the run at the first difference this
    /// says yes to (a shrinker looking for one cause needs nothing after it).
    public var stopsAt: ((Divergence) -> Bool)?
    /// When to give up: a run still going at this instant ends (``timedOut``), so a
    /// long case on a slow engine cannot hold a time-boxed campaign past its end.
    public var deadline: ContinuousClock.Instant?
    /// Whether the run ended at ``deadline``.
    public private(set) var timedOut = false
    /// Whether the run ended: at a difference (at any difference unless it goes on
    /// past them, else at a fault, an engine's invariants, a difference in scenes or
    /// screens, or one ``stopsAt`` chose), or at the deadline.
    public private(set) var stopped = false
    /// The statements an engine answered `unsupported` (see ``UnsupportedStatements``).
    public private(set) var unsupported = UnsupportedStatements()
    /// Whether the run ended at a statement that changes state and that an engine
    /// answered `unsupported`: no finding, and nothing after it compared.
    public private(set) var endedUnsupported = false
    /// The steps (indices into ``commands``) the first engine answered `unsupported`:
    /// its trace holds nothing for them.
    public private(set) var declinedByFirst: Set<Int> = []
    /// The commands ``pipeline(_:)`` announced, and how many of them ``run(_:isLast:sourceIndex:)``
    /// took: what a declined statement cut off (``ComparisonLedger/Counts/cutOff``).
    private var planned: [Command] = []
    private var taken = 0
    /// With a ``deadline``, the planned commands are sent ahead a chunk at a time, so
    /// that a slow engine's answers to a long case cannot hold the run past its
    /// deadline (the deadline is looked at between commands, and a chunk is read whole):
    /// how many of ``planned`` were sent so far.
    private var sentAhead = 0
    /// ``unsupported``, with the announced commands a declined statement kept from being
    /// sent counted as cut off.
    public var unsupportedWithCutOff: UnsupportedStatements {
        guard endedUnsupported, taken < planned.count else { return unsupported }
        var counted = unsupported
        counted.ledger.noteCutOff(planned[taken...])
        return counted
    }
    /// Called with each command before any engine runs it: a crash-triage child
    /// records the commands as they go, so the file ends with the one that crashed.
    public var willRun: ((Command) -> Void)?

    /// The recorder given to the first engine when it reports rule outcomes.
    public let ruleRecorder: RuleRecorder?
    /// Fits commands to what every engine implements; nil when all implement everything.
    public private(set) var filter: FeatureFilter?
    /// Commands skipped because an engine lacks a feature they need.
    public var skipped: Int { filter?.skipped ?? 0 }
    /// Compares each step under the engines' declared deviations.
    private(set) var comparison: LockstepComparison
    /// The lines of this step's reported observation difference.
    private(set) var differingLines: (expected: Observation?, got: Observation?) = (nil, nil)
    /// With ``continuesAfterDivergence``: the first engine continued from each other
    /// engine's order, so that an unpinned order's later changes are compared.
    private var continuation: OrderContinuation

    /// - Parameter recordRules: give the first engine a ``RuleRecorder`` when it is
    ///   ``RuleOutcomeReporting`` (the reference model), so ``ruleCounts`` says which
    ///   rule outcomes the run decided.
    public init(engines: [EngineFactory], cadence: InvariantCadence = .everyCommand, recordRules: Bool = false) {
        precondition(!engines.isEmpty, "a lockstep session needs at least one engine")
        self.engines = engines
        self.cadence = cadence
        systems = engines.map { $0.make() }
        let fitting = FeatureFilter(engines: engines)
        filter = fitting.isComplete ? nil : fitting
        comparison = LockstepComparison(engines: engines)
        continuation = OrderContinuation(engines: engines, first: systems[0])
        // With several engines the first one's outcomes name the cause of a divergence.
        if recordRules || engines.count > 1, let reporting = systems[0] as? any RuleOutcomeReporting {
            let recorder = RuleRecorder()
            reporting.ruleRecorder = recorder
            ruleRecorder = recorder
        } else {
            ruleRecorder = nil
        }
    }

    /// The rule outcomes the first engine decided so far (nil when it reports none).
    public var ruleCounts: [Int]? { ruleRecorder?.counts }
    /// Of those, the decisions at steps a declared deviation left partly uncompared
    /// (empty when none was).
    public var uncomparedRuleCounts: [Int] { ruleRecorder?.uncompared ?? [] }

    /// Whether the engines still agree (no divergence so far).
    public var agrees: Bool { divergence == nil }

    /// Runs one validated command on every engine. Returns false, and does nothing,
    /// once the run has stopped (see ``stopped``).
    /// - Parameters:
    ///   - isLast: check invariants after it whatever the cadence.
    ///   - sourceIndex: where the command stands in the caller's own list (which may
    ///     hold commands the engines were never sent): what a divergence's
    ///     ``Divergence/sourceIndex`` reports. By default, its index among those run.
    @discardableResult
    public mutating func run(_ command: Command, isLast: Bool = false, sourceIndex: Int? = nil) -> Bool {
        guard !stopped else { return false }
        if let deadline, commands.count % 8 == 7, ContinuousClock.now >= deadline {
            (timedOut, stopped) = (true, true)
            return false
        }
        if taken == sentAhead, sentAhead < planned.count { sendAhead() }
        taken += 1
        var command = command
        if filter != nil {
            let steeredBefore = filter!.steered
            guard let admitted = filter!.admit(command) else {
                unsupported.ledger.noteLeftOut(command, steered: filter!.steered > steeredBefore)
                return true
            }
            command = admitted
        }
        willRun?(command)
        ruleRecorder?.beginStep()
        let results = systems.map { $0.apply(command) }
        if continuesAfterDivergence && continuation.isFollowing { continuation.apply(command) }
        trace.append(results[0])
        commands.append(command)
        let index = commands.count - 1
        let declined = declinedBy(command)
        if !declined.isEmpty { unsupported.ledger.noteDeclined(command) }
        if endedUnsupported {
            stopped = true
            return false
        }
        let checks = cadence.interval > 0 && (isLast || (index + 1) % cadence.interval == 0)
        comparison.begin(command, baseline: results[0], routing: systems[0] as? any RoutingCandidatesReporting,
                         edges: systems[0] as? any EdgeProximityReporting,
                         binding: systems[0] as? any TouchBindingReporting)
        defer { comparison.end(command) }
        if let (summary, difference) = faultProblem()
            ?? firstDifference(command, results, checkInvariants: checks, declined: declined)
            .map({ faultProblem() ?? $0 }) {
            if declined.isEmpty { unsupported.ledger.noteCompared(command, masked: comparison.relaxedThisStep) }
            let relation = answerRelation(command, difference)
            var found = Divergence(
                commandIndex: index, command: command, summary: summary,
                observations: zip(engines, results).map { ($0.name, $1.map(\.description)) }, difference: difference,
                outcomes: causeOutcomes(command, difference, relation: relation, results: results))
            found.relation = relation
            found.sourceIndex = sourceIndex ?? index
            found.fault = firstFault()
            divergences.append(found)
            if divergence == nil { divergence = found }
            if !continuesAfterDivergence || found.fault != nil || DifferenceUnpinning.isFinal(difference)
                || stopsAt?(found) == true {
                stopped = true
            }
            return !stopped
        }
        if comparison.relaxedThisStep || comparison.grabAnsweredThisStep { ruleRecorder?.markStepUncompared() }
        if declined.isEmpty { unsupported.ledger.noteCompared(command, masked: comparison.relaxedThisStep) }
        return true
    }

    /// Checks every engine's invariants now (at the end of a phase); false when one broke.
    /// (Only while the run has not stopped.)
    @discardableResult
    public mutating func checkInvariantsNow() -> Bool {
        guard !stopped, cadence.interval > 0, let command = commands.last else { return !stopped }
        if let (summary, difference) = invariantProblem() {
            let found = Divergence(commandIndex: commands.count - 1, command: command, summary: summary,
                                   observations: engines.map { ($0.name, []) }, difference: difference)
            divergences.append(found)
            if divergence == nil { divergence = found }
            stopped = true
        }
        return !stopped
    }

    /// The union of the probe hints of every engine that offers them (see
    /// ``ProbeHinting``), finite values only.
    public func probeHints(scene: String) -> ProbeHints {
        var hints = ProbeHints()
        for case let hinting as any ProbeHinting in systems {
            let offered = hinting.probeHints(scene: scene)
            hints.xs += offered.xs.filter(\.isFinite)
            hints.ys += offered.ys.filter(\.isFinite)
        }
        return hints
    }

    /// Sends the commands ahead to every engine that answers faster that way
    /// (see ``PipeliningWindowSystem``); the caller then runs exactly these, in order.
    /// Returns them fitted to the engines' features (skipped ones left out), each with
    /// its index in `commands`.
    public mutating func pipeline(_ commands: [Command]) -> [(index: Int, command: Command)] {
        var fitted = commands.enumerated().map { (index: $0.offset, command: $0.element) }
        if filter != nil {
            var preview = filter!
            fitted = fitted.compactMap { item in
                let steeredBefore = preview.steered
                guard let admitted = preview.admit(item.command) else {
                    unsupported.ledger.noteLeftOut(item.command, steered: preview.steered > steeredBefore)
                    return nil
                }
                return (item.index, admitted)
            }
        }
        planned = fitted.map(\.command)
        (taken, sentAhead) = (0, 0)
        sendAhead()
        return fitted
    }

    /// Sends the next planned commands ahead: all of them without a deadline; with one,
    /// a chunk of about 128 that ends where invariants are due anyway (a multiple of
    /// the cadence's interval, since an engine that reads ahead asks for invariants at
    /// those steps and at the last command it was sent).
    private mutating func sendAhead() {
        guard systems.contains(where: { $0 is any PipeliningWindowSystem }) else {
            sentAhead = planned.count   // nobody reads ahead: nothing to send
            return
        }
        let interval = cadence.interval
        let chunk = deadline == nil ? planned.count
            : interval > 0 ? interval * max(1, 128 / interval) : 128
        let next = Array(planned[sentAhead..<min(planned.count, sentAhead + chunk)])
        sentAhead += next.count
        let snapshots = systems.count > 1
        for case let pipelining as any PipeliningWindowSystem in systems {
            pipelining.pipeline(next, snapshots: snapshots, invariantsEvery: interval)
        }
    }

    /// The engines that answered `command` `unsupported` (see ``UnsupportedReporting``),
    /// counted; when it changes state, the run ends (``endedUnsupported``).
    private mutating func declinedBy(_ command: Command) -> Set<Int> {
        var declined: Set<Int> = []
        var first: (engine: String, reason: String)?
        for (i, system) in systems.enumerated() {
            guard let reason = (system as? any UnsupportedReporting)?.takeUnsupported() else { continue }
            declined.insert(i)
            if first == nil { first = (engines[i].name, reason) }
        }
        if declined.contains(0) { declinedByFirst.insert(commands.count - 1) }
        if let first {
            endedUnsupported = !command.isQuery
            unsupported.note(command, engine: first.engine, reason: first.reason, endsCase: endedUnsupported)
        }
        return declined
    }

    /// An engine that stopped answering (crashed, hung, wrote garbage): a
    /// divergence whose difference names the fault (`crash of mine`).
    private func faultProblem() -> (String, Difference)? {
        for (engine, system) in zip(engines, systems) {
            if let fault = (system as? any EngineFaultReporting)?.fault {
                return ("\(engine.name) failed: \(fault)", .fault(fault.kind, engine: engine.name))
            }
        }
        return nil
    }

    private func firstFault() -> EngineFault? {
        systems.lazy.compactMap { ($0 as? any EngineFaultReporting)?.fault }.first
    }

    private func invariantProblem() -> (String, Difference)? {
        for (engine, system) in zip(engines, systems) {
            if let problem = system.invariantViolations().first {
                return ("\(engine.name) broke an invariant: \(problem)", .invariants(engine: engine.name))
            }
        }
        return nil
    }

    /// The first difference, as a sentence and what differed. Every engine is asked
    /// for its invariants (when due) and its snapshot whatever it finds, in the order
    /// ``PipeliningWindowSystem`` promises, so a run can go on after a difference;
    /// when it does, each engine's differences at this step are unpinned (see
    /// ``LockstepComparison/settle(engine:lines:states:baseline:state:)``).
    /// A query engine `i` declined (in `declined`) is not compared with it; one the
    /// first engine declined, with none.
    private mutating func firstDifference(_ command: Command, _ results: [[Observation]], checkInvariants: Bool,
                                          declined: Set<Int> = []) -> (String, Difference)?
    {
        let violations = checkInvariants ? systems.map { $0.invariantViolations().first } : []
        let snapshots = systems.count > 1 ? systems.map { $0.snapshot() } : []
        if let i = violations.firstIndex(where: { $0 != nil }) {
            return ("\(engines[i].name) broke an invariant: \(violations[i]!)", .invariants(engine: engines[i].name))
        }
        guard systems.count > 1 else { return nil }
        let baseline = snapshots[0]
        var first: (String, Difference)?
        var firstLines: (expected: Observation?, got: Observation?) = (nil, nil)
        for i in 1..<systems.count {
            let observed = declined.contains(0) || declined.contains(i)
                ? nil : comparison.difference(command, expected: results[0], got: results[i], engine: i)
            let lines = comparison.differingLines
            let state = snapshots[i]
            let states = comparison.stateDifferences(baseline: baseline, state: state, engine: i)
            var continued: [SceneSnapshot] = []
            if continuesAfterDivergence {
                // (Nothing to continue, the common case, costs two checks a step.)
                let following = continuation.hasReplica(engine: i)
                if following {
                    let unpinning = comparison.unpinned[i]
                    continued = continuation.differences(engine: i, state: state, baseline: baseline,
                                                         unpinned: unpinning.isOrderUnpinned)
                }
                // The rest of a step whose observations differ is not compared: every
                // touch either side mentions there may be bound otherwise from now on.
                comparison.settle(engine: i, lines: observed == nil ? [] : results[0] + results[i],
                                  states: continued.isEmpty ? states : states + continued.map { (.order, $0.scene) },
                                  baseline: baseline, state: state)
                if following || !comparison.unpinned[i].orderScenesAreEmpty {
                    continuation.follow(engine: i, state: state, history: commands)
                }
            }
            guard first == nil else { continue }
            if let observed {
                let (got, expected) = (results[i].map(\.description), results[0].map(\.description))
                first = ("\(engines[i].name) observed [\(got.joined(separator: "; "))] "
                    + "where \(engines[0].name) observed [\(expected.joined(separator: "; "))]"
                    + relaxedNote(i), observed)
                firstLines = lines
            } else if let (part, _) = states.first {
                first = ("\(engines[i].name) state \(state.map(\.description).joined(separator: "; ")) "
                    + "where \(engines[0].name) state \(baseline.map(\.description).joined(separator: "; "))"
                    + relaxedNote(i), .state(part))
            } else if let continuing = continued.first {
                first = ("\(engines[i].name) state \(state.map(\.description).joined(separator: "; ")) "
                    + "where \(engines[0].name), continued from the order \(engines[i].name) had before this step, "
                    + "state \(continuing.description)" + relaxedNote(i),
                    .orderChange(placement(of: command, in: state.first { $0.scene == continuing.scene })))
            }
        }
        differingLines = firstLines
        return first
    }

    /// Where an engine left `command`'s window in `scene`'s order (its snapshot), among
    /// the visible windows of its level (levels as the first engine has them).
    private func placement(of command: Command, in scene: SceneSnapshot?) -> Difference.OrderPlacement {
        guard let window = command.orderSubject, let order = scene?.order,
              let levels = systems[0] as? any OrderAdopting else { return .other }
        guard let level = levels.level(ofWindow: window), order.contains(window) else { return .absent }
        let peers = order.filter { levels.level(ofWindow: $0) == level }
        if peers.count == 1 { return .alone }
        return peers.first == window ? .front : peers.last == window ? .back : .between
    }

    /// ` (deviations N1 K4 declared: not compared …)` when the pair relaxes anything.
    private func relaxedNote(_ i: Int) -> String {
        let relaxed = comparison.deviations[i]
        return relaxed.isEmpty ? "" : " (declared deviations \(relaxed.words) relaxed the comparison)"
    }
}
