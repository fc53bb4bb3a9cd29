/// An engine that can fail as a whole (one in another process). After a fault,
/// ``WindowSystem/apply(_:)`` returns no observations and the harness reports the fault.
public protocol EngineFaultReporting: AnyObject {
    /// The first fault, or nil while the engine answers properly.
    var fault: EngineFault? { get }
}

/// An engine that answers faster when it is told the commands ahead of time
/// (one in another process: one write and one read for a whole list).
///
/// The calls that follow must come in exactly this order for each command: its
/// ``WindowSystem/apply(_:)``, then ``WindowSystem/invariantViolations()`` when
/// `invariantsEvery` says so (after every `invariantsEvery`-th command and the
/// last; 0 never), then ``WindowSystem/snapshot()`` when `snapshots`. That is the
/// order ``LockstepSession`` calls them in.
public protocol PipeliningWindowSystem: WindowSystem {
    func pipeline(_ commands: [Command], snapshots: Bool, invariantsEvery: Int)
}

/// A window system that can say which visible windows of a scene would answer a
/// point (each window's own hit test, passing through included), front to back,
/// with their levels: what lets the harness tell whether order decided a routing.
public protocol RoutingCandidatesReporting: AnyObject {
    func windowsAnswering(_ point: Point, scene: String) -> [(window: String, level: Double)]
}

/// A window system that can say which rule outcomes decide whether one window
/// answers a point: what names the cause of a routing difference (the window the
/// engines disagree about, not every window a route looked at).
public protocol RoutingExplaining: AnyObject {
    func outcomes(hitTesting window: String, at point: Point) -> [RuleOutcome]?
}
