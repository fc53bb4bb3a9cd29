import Foundation

/// A new folder under the system's temporary directory, named from a prefix and a
/// random number; tests remove it when done (`defer { folder.remove() }`).
public struct TemporaryFolder: Sendable {
    public let path: String

    /// Creates the folder `<temporary directory>/<prefix>-<random>`.
    public init(_ prefix: String) throws {
        path = Self.unusedPath(prefix)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A path for a new folder, not created: for code under test that creates its own.
    public static func unusedPath(_ prefix: String) -> String {
        NSTemporaryDirectory() + "\(prefix)-\(UInt64.random(in: 0...UInt64.max))"
    }

    /// The path of `name` in the folder.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Writes `bytes` to `name` in the folder; returns its path.
    @discardableResult
    public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
        return file(name)
    }

    /// Writes `text` (a scenario, a known-findings file) to `name` in the folder; returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        try text.write(toFile: file(name), atomically: true, encoding: .utf8)
        return file(name)
    }

    /// The names of what the folder holds, sorted.
    public func names() -> [String] { sortedNames(in: path) }

    /// Removes the folder and everything in it.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// The names of what the folder at `path` holds, sorted; none when there is no such folder.
public func sortedNames(in path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
}
