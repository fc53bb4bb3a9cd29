import RoutingWorkloads
import WindowModel

/// `windowlab bench`'s routing workload fitted to one engine as `check` fits its cases
/// (``FeatureFilter``: only the features it declares, its numbers, inside its limits,
/// around the deviations it steers): the commands that build the scene, the touch
/// points as `hit` statements, and the updates of each kind it can take.
///
/// An engine without `scenes` gets the windows in its scene `main`; one without
/// `views` gets windows without root views and no subviews; an update kind whose
/// commands it cannot take (`raise` without `key`, `level` without `levels`) is left out.
public struct EngineWorkload: Sendable {
    public let kind: WorkloadKind
    public let windows: Int
    public let engine: EngineFactory
    /// The scene the windows are in (`desktop`, or `main` for an engine without scenes).
    public let scene: String
    /// The commands that build the scene, as sent.
    public let build: [Command]
    /// One `hit` statement per touch point, as sent.
    public let hits: [Command]
    /// The update commands of each kind the engine takes, in the order they are timed
    /// (hide and show alternate: even positions hide, odd show back; level changes go there
    /// and back). Those of windows the engine was not sent are left out.
    public let updates: [(kind: UpdateKind, commands: [Command])]
    /// Why each update kind that is left out is.
    public let leftOut: [UpdateKind: String]
    /// Commands of the workload the engine was not sent (features it lacks).
    public let skipped: Int

    /// The update kinds, in the order they are timed.
    public static let updateKinds: [UpdateKind] = [.moveResize, .raise, .hide, .levelChange]

    /// - Parameters:
    ///   - touches: touch points routed.
    ///   - updates: updates of each kind (hide/show and level changes: that many pairs).
    /// - Complexity: O(windows + touches + updates) commands, each checked by the filter.
    public init(kind: WorkloadKind, windows: Int, touches: Int, updates: Int, engine: EngineFactory) throws(WorkloadError) {
        let needed: Set<EngineFeature> = [.windows, .hit]
        guard engine.features.isSuperset(of: needed) else {
            throw WorkloadError(reason: "\(engine.name) does not declare "
                + needed.subtracting(engine.features).map(\.rawValue).sorted().joined(separator: " and ")
                + ": the routing workload needs windows and hit")
        }
        self.kind = kind
        self.windows = windows
        self.engine = engine
        let workload = RoutingWorkload(kind: kind, windowCount: windows, touchCount: touches)
        let ownScene = engine.features.contains(.scenes)
        scene = ownScene ? workload.sceneName : mainSceneName
        var filter = FeatureFilter(features: engine.features, deviations: engine.deviations, numbers: engine.numbers,
                                   limits: engine.limits)
        func fit(_ command: Command) -> Command? {
            if ownScene { return filter.admit(command) }
            switch command {
            case .createScene: return nil
            case let .createWindow(name, _, frame, level, root):
                return filter.admit(.createWindow(name: name, scene: mainSceneName, frame: frame, level: level,
                                                  withRootView: root))
            case let .hit(point, _): return filter.admit(.hit(at: point, scene: mainSceneName))
            default: return filter.admit(command)
            }
        }
        build = workload.commands().compactMap(fit)
        hits = workload.touchPoints.compactMap { fit(.hit(at: $0, scene: workload.sceneName)) }
        var timed: [(kind: UpdateKind, commands: [Command])] = []
        var leftOut: [UpdateKind: String] = [:]
        for update in Self.updateKinds {
            let paired = update == .hide || update == .levelChange
            let commands = workload.updateCommands(update, count: paired ? 2 * updates : updates)
            // An update of a window the engine was not sent (a level it does not declare)
            // is left out with its pair: both name the same window.
            let missing = commands.first.map { EngineFeature.required(by: $0).subtracting(engine.features) } ?? []
            let sent = missing.isEmpty ? commands.compactMap(fit) : []
            if !sent.isEmpty || commands.isEmpty {
                timed.append((update, sent))
            } else {
                leftOut[update] = missing.isEmpty ? "none of its commands can be sent to this engine"
                    : "needs " + missing.map(\.rawValue).sorted().joined(separator: " and ")
            }
        }
        self.updates = timed
        self.leftOut = leftOut
        skipped = filter.skipped
    }
}

/// A workload the engine cannot run.
public struct WorkloadError: Error, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}
