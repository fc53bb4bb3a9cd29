import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a file so that readers see either the old file or the whole new one.
public enum AtomicFile {
    /// Writes `bytes` to a temporary file beside `path`, then renames it into place;
    /// an interruption meanwhile takes effect after (see ``InterruptionGuard``).
    /// - Throws: a ``FileWriteError`` naming `path` and why, in plain words.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
        try InterruptionGuard.deferringInterruptions { () throws(FileWriteError) in try writeUninterrupted(bytes, to: path) }
    }

    private static func writeUninterrupted(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
        let url = URL(fileURLWithPath: path)
        guard !url.lastPathComponent.isEmpty, !path.hasSuffix("/") else { throw FileWriteError(path: path, errno: EISDIR) }
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileWriteError(path: path, errno: errno) }
        var done = 0
        var failure: Int32?
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { failure = n < 0 ? errno : EIO; break }
            done += n
        }
        if failure != nil { close(fd) } else if close(fd) != 0 { failure = errno }
        if failure == nil && rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw FileWriteError(path: path, errno: failure)
        }
    }

    /// Makes the folder `path` and its missing parents (nothing when it exists).
    /// - Throws: a ``FileWriteError`` naming the folder and why (a file in the way,
    ///   permission denied, ...).
    public static func makeFolder(_ path: String) throws(FileWriteError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw FileWriteError(path: path, folder: true, errno: EEXIST) }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != path { try makeFolder(parent) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw FileWriteError(path: path, folder: true, errno: errno) }
    }
}

/// A file or folder that could not be written, with why in plain words:
/// `cannot write out/check.json: it is a folder`.
public struct FileWriteError: Error, CustomStringConvertible, LocalizedError, Sendable {
    /// The file (or folder) that could not be written.
    public var path: String
    /// Why, in a few plain words (`permission denied`, `it is a folder`).
    public var reason: String
    /// Whether a folder could not be made (else a file could not be written).
    public var folder = false

    public init(path: String, reason: String, folder: Bool = false) {
        (self.path, self.reason, self.folder) = (path, reason, folder)
    }

    /// The error `errno` (from writing `path`, or making it as a folder) in plain words.
    public init(path: String, folder: Bool = false, errno code: Int32) {
        self.init(path: path, reason: Self.reason(code, folder: folder), folder: folder)
    }

    public var description: String { (folder ? "cannot make the folder " : "cannot write ") + "\(path): \(reason)" }
    public var errorDescription: String? { description }

    /// What `errno` means for a file being written (or a folder being made), in plain words.
    public static func reason(_ code: Int32, folder: Bool = false) -> String {
        switch code {
        case EISDIR: return "it is a folder"
        case EEXIST: return folder ? "a file of that name is in the way" : "it exists"
        case ENOTDIR: return "a part of its path is a file, not a folder"
        case ENOENT: return "its folder does not exist"
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "the file system is read-only"
        case ENOSPC, EDQUOT: return "no space left on the device"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
