import Foundation

/// Finding scenario files on disk.
enum ScenarioFiles {
    /// Every `.wls` file directly in the given folders, sorted; missing folders are skipped.
    static func list(in folders: [String]) -> [String] {
        folders.flatMap { folder -> [String] in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return names.filter { $0.hasSuffix(".wls") }.sorted().map { folder + "/" + $0 }
        }
    }
}
