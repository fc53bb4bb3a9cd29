import WindowModel

/// What lets a run that goes on past an order difference still compare the order's
/// later *changes*: for each engine whose order was unpinned, a replica of the first
/// engine (the reference) that took that engine's visible order as its own
/// (``OrderAdopting``) and goes on from there. At each later step, the engine's order
/// is compared with what the replica made of the same statement from the same order:
/// a `makeKeyAndVisible` that leaves a window behind its level, or a `setLevel` to the
/// same level that moves it, differs even though the orders differed already (an
/// engine that shows windows at the back of their level would otherwise hide both).
///
/// A replica is made once per engine and run, the first time the engine's order is
/// unpinned, by replaying the run's commands on a fresh first engine; after every step
/// it takes the engine's orders again. A scene whose order it could not take (other
/// visible windows, a window in front of a higher level) is not compared at the next
/// step.
struct OrderContinuation {
    private let make: (@Sendable () -> any WindowSystem)?
    private var replicas: [(any WindowSystem)?]
    /// For engine `i`: the scenes whose order its replica took after the last step.
    private var adopted: [Set<String>]

    /// Continues from the engines' orders when the first engine can adopt an order.
    init(engines: [EngineFactory], first: any WindowSystem) {
        if first is any OrderAdopting { make = engines[0].make } else { make = nil }
        replicas = Array(repeating: nil, count: engines.count)
        adopted = Array(repeating: [], count: engines.count)
    }

    /// Whether a replica was made for some engine.
    var isFollowing: Bool { replicas.contains { $0 != nil } }

    func hasReplica(engine i: Int) -> Bool { replicas[i] != nil }

    /// Runs this step's command on every replica made so far.
    mutating func apply(_ command: Command) {
        for replica in replicas { _ = replica?.apply(command) }
    }

    /// The scenes among `unpinned` whose order engine `i` left as `state` where its
    /// replica, from the same order before the step, made another: each with the
    /// replica's snapshot of it. A scene whose order agrees with the first engine's
    /// (`baseline`) again is not one.
    func differences(engine i: Int, state: [SceneSnapshot], baseline: [SceneSnapshot],
                     unpinned: (String) -> Bool) -> [SceneSnapshot] {
        guard let replica = replicas[i], !adopted[i].isEmpty else { return [] }
        let expected = replica.snapshot()
        return state.compactMap { engine in
            guard adopted[i].contains(engine.scene), unpinned(engine.scene),
                  baseline.first(where: { $0.scene == engine.scene })?.order != engine.order,
                  let own = expected.first(where: { $0.scene == engine.scene }), own.order != engine.order
            else { return nil }
            return own
        }
    }

    /// After a step at which engine `i`'s order is unpinned or followed: makes its
    /// replica when it has none (replaying `history`, this step's command included), and
    /// has the replica take every scene's order from `state`.
    mutating func follow(engine i: Int, state: [SceneSnapshot], history: [Command]) {
        if replicas[i] == nil {
            guard let make else { return }
            let replica = make()
            for command in history { _ = replica.apply(command) }
            replicas[i] = replica
        }
        guard let replica = replicas[i], let adopting = replica as? any OrderAdopting else { return }
        let own = replica.snapshot()
        adopted[i] = Set(state.filter { engine in
            own.first { $0.scene == engine.scene }?.order == engine.order
                || adopting.adoptVisibleOrder(engine.order, scene: engine.scene)
        }.map(\.scene))
    }
}
