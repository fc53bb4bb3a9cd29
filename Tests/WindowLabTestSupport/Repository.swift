import Foundation

/// The WindowLab checkout the tests run in, found from this file's path
/// (`Tests/WindowLabTestSupport/Repository.swift`): the docs, examples and corpus the
/// tests read, and the folder `windowlab` runs in.
public enum Repository {
    /// The repository's root folder.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The absolute path of `relative`, a path from the root (`"Examples/hud.wls"`).
    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The URL of `relative`, a path from the root.
    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// The names of the files in `folder` (a path from the root) ending with `suffix`, sorted;
    /// none when the folder does not exist.
    public static func files(in folder: String, endingWith suffix: String) -> [String] {
        sortedNames(in: path(folder)).filter { $0.hasSuffix(suffix) }
    }

    /// The example scenarios, `Examples/*.wls`, as absolute paths in name order.
    public static var exampleScenarios: [String] {
        files(in: "Examples", endingWith: ".wls").map { path("Examples/" + $0) }
    }
}
