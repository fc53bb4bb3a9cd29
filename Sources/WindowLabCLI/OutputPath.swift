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

    /// Throws a usage error naming `option` unless `path` is a folder this process can
    /// write into: made when missing (with its parents), a probe file written and removed.
    static func validateFolder(_ path: String, option: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw ValidationError("\(option): '\(path)' is a file, not a folder; give a folder to write into")
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw ValidationError("\(option): cannot make the folder '\(path)' (\(Self.reason(error)))")
        }
        let probe = path + "/.windowlab-write-probe-\(getpid())"
        guard FileManager.default.createFile(atPath: probe, contents: Data()) else {
            throw ValidationError("\(option): cannot write into the folder '\(path)' (permission denied or read-only)")
        }
        try? FileManager.default.removeItem(atPath: probe)
    }

    /// A Foundation error in plain words: the underlying POSIX reason when there is one.
    static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        return (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}
