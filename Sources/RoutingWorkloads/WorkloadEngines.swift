import IndexedEngine
import ReferenceModel
import WindowModel

extension RoutingWorkload {
    /// Both engines built from the same command list.
    /// - Complexity: O(n) for the indexed engine (O(log n) per show); O(n^2) for
    ///   the reference model, whose every show scans and shifts its order array
    ///   (about 40 s for 100k windows on the README's machine).
    public func makeEngines() -> (reference: ReferenceWindowSystem, indexed: IndexedWindowSystem) {
        let commands = commands()
        return (Self.build(ReferenceWindowSystem(), commands), Self.build(IndexedWindowSystem(), commands))
    }

    /// A fresh indexed engine holding the scene.
    /// - Complexity: O(n log n).
    public func makeIndexedEngine() -> IndexedWindowSystem { Self.build(IndexedWindowSystem(), commands()) }

    /// A fresh reference engine holding the scene.
    /// - Complexity: O(n^2) (see ``makeEngines()``).
    public func makeReferenceEngine() -> ReferenceWindowSystem { Self.build(ReferenceWindowSystem(), commands()) }

    /// Applies `commands` to `system` and returns it.
    @discardableResult
    public static func build<S: WindowSystem>(_ system: S, _ commands: [Command]) -> S {
        for command in commands { _ = system.apply(command) }
        return system
    }
}

/// Hides a result from the optimizer (so a measured call cannot be removed)
/// without depending on package-benchmark, whose `blackHole` is the same idea.
@_optimize(none)
public func keepAlive<T>(_ value: T) {}
