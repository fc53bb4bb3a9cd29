/// The benchmarks an instruction gate counts (``GateRun``): this project's
/// (`InstructionGate`) and a user's engine's (`EngineBenchmarking`).
/// One benchmark of an instruction gate: a fixed workload built outside the
/// counted region, and a fixed number of operations inside it.
public struct GateBenchmark: Sendable {
    /// A name without spaces (`route_desktop_10k`): the thresholds file's key, and how
    /// the child process is told which benchmark to run.
    public var name: String
    /// What one operation is, for people ("a routed touch").
    public var operation: String
    /// How many operations the counted region runs (its count is divided by it).
    public var operations: Int
    /// Builds the workload and returns the operations to count.
    let prepare: @Sendable () -> () -> Void

    /// - Parameter prepare: builds the workload (not counted) and returns the operations (counted).
    public init(name: String, operation: String, operations: Int, prepare: @escaping @Sendable () -> () -> Void) {
        self.name = name
        self.operation = operation
        self.operations = operations
        self.prepare = prepare
    }

    /// Builds the workload, then runs the operations inside ``CountedRegion``: the
    /// body of the process a callgrind run counts.
    public func runCounted() {
        let body = prepare()
        CountedRegion.measure(body)
    }

    /// Builds the workload and runs the operations outside any counted region (for
    /// tests: every benchmark runs and its engines agree).
    public func runPlain() { prepare()() }
}
