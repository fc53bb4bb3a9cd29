import IndexedEngine
import WindowModel

/// The engine updates issue 5 measures on the indexed engine.
public enum UpdateKind: String, CaseIterable, Sendable, Codable {
    /// `set W frame ...`: a visible window moves and changes size.
    case moveResize
    /// `makeKeyAndVisible W` on a visible window: to the front of its level, key.
    case raise
    /// `hide W` on a visible window.
    case hide
    /// `show W` on the window just hidden (front of its level again).
    case show
    /// `set W level L` between normal and statusBar, alternately.
    case levelChange
}

extension UpdateKind {
    /// One operation of the kind, for people (`update (raise)`; hide and show are one kind).
    public var operation: String { self == .hide || self == .show ? "update (hide or show)" : "update (\(rawValue))" }
}

/// Timings of each update kind on one engine.
public struct UpdateTimings: Sendable, Codable {
    public var kinds: [String: LatencySummary]

    /// The summaries of one kind's timed commands by kind name: `hide` splits into
    /// `hide` (even positions) and `show` (odd), as ``RoutingWorkload/updateCommands(_:count:seed:)`` pairs them.
    public static func summaries(_ kind: UpdateKind, _ times: [Double]) -> [String: LatencySummary] {
        guard kind == .hide else { return [kind.rawValue: LatencySummary(times)] }
        return [UpdateKind.hide.rawValue: LatencySummary(stride(from: 0, to: times.count, by: 2).map { times[$0] }),
                UpdateKind.show.rawValue: LatencySummary(stride(from: 1, to: times.count, by: 2).map { times[$0] })]
    }
}

extension RoutingWorkload {
    /// Times `count` updates of every kind on `engine` (built from this workload),
    /// each sample one `apply` of a command prepared beforehand (see
    /// ``updateCommands(_:count:seed:)``). Hide and show come in pairs on the same
    /// window and level changes go there and back, so the scene keeps its shape.
    /// `timed` picks the kinds (`.hide` times show too).
    /// - Complexity: `count` times each update's cost.
    public func timeUpdates(on engine: IndexedWindowSystem, count: Int,
                            kinds timed: [UpdateKind] = [.moveResize, .raise, .hide, .levelChange]) -> UpdateTimings {
        var kinds: [String: LatencySummary] = [:]
        for kind in timed {
            let paired = kind == .hide || kind == .levelChange
            let commands = updateCommands(kind, count: paired ? 2 * count : count)
            let times = LatencySampler.sample(count: commands.count) { i in keepAlive(engine.apply(commands[i])) }
            kinds.merge(UpdateTimings.summaries(kind, times)) { $1 }
        }
        return UpdateTimings(kinds: kinds)
    }

    /// Times `count` moves of the kind ``UpdateKind/moveResize`` times (windows and frames
    /// of a seed of their own) through ``IndexedWindowSystem/setFrame(_:to:)`` on `engine`
    /// (built from this workload, its windows where they were made), each window's handle
    /// found before the timing: what a caller that keeps handles pays. Then, untimed, each
    /// window goes back where it was, last move first, so the engine answers as before.
    /// - Complexity: `count` times a move's cost, twice.
    public func timeMovesByHandle(on engine: IndexedWindowSystem, count: Int) -> [Double] {
        var frames: [ObjectHandle: Rect] = [:]
        for window in windows { if let handle = engine.handle(of: window.name) { frames[handle] = window.frame } }
        var moves: [(handle: ObjectHandle, to: Rect, from: Rect)] = []
        for (handle, frame) in movesByHandle(on: engine, count: count, seed: Self.updateSeed + 1) {
            guard let from = frames[handle] else { continue }
            moves.append((handle, frame, from))
            frames[handle] = frame
        }
        let times = LatencySampler.sample(count: moves.count) { i in engine.setFrame(moves[i].handle, to: moves[i].to) }
        for move in moves.reversed() { engine.setFrame(move.handle, to: move.from) }
        return times
    }

    /// ``updateCommands(_:count:seed:)``'s moves (``UpdateKind/moveResize``) with each
    /// window's handle on `engine` found now: what a caller that keeps handles gives
    /// ``IndexedWindowSystem/setFrame(_:to:)``. A move of a window `engine` has no handle
    /// for is left out.
    /// - Complexity: O(`count`) name lookups.
    public func movesByHandle(on engine: IndexedWindowSystem, count: Int,
                              seed: UInt64 = updateSeed) -> [(handle: ObjectHandle, frame: Rect)] {
        updateCommands(.moveResize, count: count, seed: seed).compactMap { command in
            guard case let .setFrame(name, frame) = command, let handle = engine.handle(of: name) else { return nil }
            return (handle, frame)
        }
    }

    /// The seed of ``updateCommands(_:count:seed:)``'s windows and frames unless one is given.
    public static let updateSeed: UInt64 = 0x0BDA7E

    /// One prepared update command of `kind` per index, for benchmarks that time a
    /// single kind in a loop: hide/show and level changes alternate there and back
    /// on the same window (even index: there, odd: back).
    public func updateCommands(_ kind: UpdateKind, count: Int, seed: UInt64 = updateSeed) -> [Command] {
        let visible = Array(windows.dropFirst().filter { !$0.isHidden })
        guard !visible.isEmpty else { return [] }
        var random = WorkloadRandom(seed: seed ^ self.kind.seed ^ UInt64(kind.rawValue.utf8.count))
        let size = WorkloadShape.sceneSize
        var out: [Command] = []
        out.reserveCapacity(count)
        while out.count < count {
            let spec = visible[random.index(visible.count)]
            switch kind {
            case .moveResize:
                let w = random.logUniform(WorkloadShape.minimumSide, self.kind.maximumSide).rounded()
                let h = random.logUniform(WorkloadShape.minimumSide, self.kind.maximumSide).rounded()
                out.append(.setFrame(target: spec.name, frame: Rect(random.uniform(0, size.width - w).rounded(),
                                                                    random.uniform(0, size.height - h).rounded(), w, h)))
            case .raise:
                out.append(.makeKeyAndVisible(window: spec.name))
            case .hide, .show:
                out.append(.hide(window: spec.name))
                out.append(.show(window: spec.name))
            case .levelChange:
                let other = spec.level == WindowLevel.statusBar ? WindowLevel.normal : WindowLevel.statusBar
                out.append(.setLevel(window: spec.name, level: other))
                out.append(.setLevel(window: spec.name, level: spec.level))
            }
        }
        return out
    }
}
