import ArgumentParser
import Foundation
import ProcessSupport

/// Checks, before any work and without making anything, that an output file or
/// folder can be written where asked; the folders are made only once every option
/// is valid (``makeFolder(_:option:)``).
enum OutputPath {
    /// Throws a usage error naming `option` unless a file can be written at `path`:
    /// not a folder, in a folder that exists (or, with `makingFolders`, can be made)
    /// and can be written into.
    static func validate(_ path: String, option: String, makingFolders: Bool = false) throws {
        guard !path.isEmpty else { throw ValidationError("\(option): an empty path; give a file name") }
        var isDirectory: ObjCBool = false
        if path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            throw ValidationError("\(option): '\(path)' is a folder; give a file name")
        }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        if !makingFolders, !folder.isEmpty, !(FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory)) {
            throw ValidationError("\(option): no folder '\(folder)' to write \(name) into")
        }
        try writable(folder.isEmpty ? "." : folder, option: option, writing: "\(name) into")
    }

    /// Throws a usage error naming `option` unless `path` is a folder this process can
    /// write into, or one it can make (its nearest existing parent is a folder it can
    /// write into). Makes nothing: a probe file is written and removed.
    static func validateFolder(_ path: String, option: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw ValidationError("\(option): '\(path)' is a file, not a folder; give a folder to write into")
        }
        try writable(path, option: option, writing: "into")
    }

    /// Makes the folder `path` (with its parents) once every option is valid; a usage
    /// error naming `option` and why when it cannot be made.
    static func makeFolder(_ path: String, option: String) throws {
        do {
            try AtomicFile.makeFolder(path)
        } catch {
            throw ValidationError("\(option): \(error)")
        }
    }

    /// Throws unless `folder`, or its nearest existing parent when it is missing, is a
    /// folder a file can be made in.
    private static func writable(_ folder: String, option: String, writing what: String) throws {
        var existing = folder
        var isDirectory: ObjCBool = false
        while !FileManager.default.fileExists(atPath: existing, isDirectory: &isDirectory) {
            let parent = (existing as NSString).deletingLastPathComponent
            existing = parent.isEmpty ? "." : parent
            if parent.isEmpty || parent == "/" { break }
        }
        guard FileManager.default.fileExists(atPath: existing, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("\(option): cannot write \(what) '\(folder)': '\(existing)' is a file, not a folder")
        }
        let probe = existing + "/.windowlab-write-probe-\(getpid())"
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let where_ = existing == folder ? "the folder '\(folder)'" : "'\(existing)' (to make '\(folder)')"
            // (A folder that exists and refuses a new file with ENOENT is a pseudo file system, like /proc.)
            let reason = errno == ENOENT ? "no file can be made in it" : FileWriteError.reason(errno)
            throw ValidationError("\(option): cannot write \(what) \(where_): \(reason)")
        }
        close(fd)
        unlink(probe)
    }

    /// `cannot write PATH: WHY` for any error of writing `path`, in plain words.
    static func message(_ error: any Error, writing path: String) -> String {
        if let error = error as? FileWriteError { return error.description }
        return "cannot write \(path): \(reason(error))"
    }

    /// An error in plain words: a ``FileWriteError``'s reason, or the POSIX reason
    /// under a Foundation error (never the raw `Error Domain=…` text).
    static func reason(_ error: any Error) -> String {
        if let error = error as? FileWriteError { return error.reason }
        let foundation = error as NSError
        if foundation.domain == NSPOSIXErrorDomain { return FileWriteError.reason(Int32(foundation.code)) }
        if let underlying = foundation.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return FileWriteError.reason(Int32(underlying.code))
        }
        guard foundation.domain == NSCocoaErrorDomain else { return "\(error)" }
        switch CocoaError.Code(rawValue: foundation.code) {
        case .fileWriteNoPermission, .fileReadNoPermission: return "permission denied"
        case .fileWriteOutOfSpace: return "no space left on the device"
        case .fileWriteVolumeReadOnly: return "the file system is read-only"
        case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or folder"
        default: return "it could not be written or read"
        }
    }
}
