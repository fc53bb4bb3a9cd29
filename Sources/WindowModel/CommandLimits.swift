/// Limits that keep any input bounded in memory and recursion depth.
public struct CommandLimits: Hashable, Sendable {
    /// Statements in one command list, expectations included.
    public var maxCommands: Int
    /// Windows and views created over the whole list, released ones included.
    public var maxObjects: Int
    /// Scenes, `main` included; also the most screens connected at once (D1).
    public var maxScenes: Int
    /// Depth of a view below its window (a window's subview has depth 1).
    public var maxViewDepth: Int
    /// Length of a name or key, in bytes.
    public var maxNameLength: Int

    public init(maxCommands: Int, maxObjects: Int, maxScenes: Int, maxViewDepth: Int, maxNameLength: Int) {
        self.maxCommands = maxCommands
        self.maxObjects = maxObjects
        self.maxScenes = maxScenes
        self.maxViewDepth = maxViewDepth
        self.maxNameLength = maxNameLength
    }

    /// The limits for scenario files (documented in the README).
    public static let scenario = CommandLimits(
        maxCommands: 1_000_000, maxObjects: 200_000, maxScenes: 64, maxViewDepth: 128, maxNameLength: 128)
}
