import ArgumentParser
import Foundation

/// Checks, before any work, that an output file can be written where asked.
enum OutputPath {
    /// Throws a usage error naming `option` when `path`'s folder does not exist
    /// (or `path` is itself a folder).
    static func validate(_ path: String, option: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        if !folder.isEmpty, !(FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory)
                              && isDirectory.boolValue) {
            throw ValidationError("\(option): no folder '\(folder)' to write \((path as NSString).lastPathComponent) into")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ValidationError("\(option): '\(path)' is a folder; give a file name")
        }
    }
}
