import ProcessSupport
import WindowModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain POSIX file access: whole-file reads that never block on FIFOs, and writes
/// that go to a temporary file beside the destination and are renamed into place,
/// so a reader sees the old file or the new one, never a part.
enum FileSystem {
    enum Kind { case regular, directory, other(String), missing }

    static func kind(_ path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFIFO: return .other("a FIFO")
        case S_IFSOCK: return .other("a socket")
        case S_IFCHR, S_IFBLK: return .other("a device")
        default: return .other("not a regular file")
        }
    }

    static func isSymlink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    static func errorText() -> String { String(cString: strerror(errno)) }

    /// The whole file at `path`, refusing anything that is not a regular file or is
    /// larger than `limit` (checked before reading).
    static func readFile(_ path: String, limit: Int) throws(CorpusPackError) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO must not wait for a writer.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw CorpusPackError(.io, "cannot open: \(errorText())", path: path) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw CorpusPackError(.io, "cannot stat: \(errorText())", path: path) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw CorpusPackError(.io, "not a regular file", path: path) }
        let size = Int(info.st_size)
        guard size <= limit else {
            throw CorpusPackError(.limitExceeded, "\(size) bytes, over the \(limit)-byte limit", path: path)
        }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, size - done) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw CorpusPackError(.io, "cannot read: \(errorText())", path: path) }
            if n == 0 { break }  // the file shrank while we read it
            done += n
        }
        return Array(bytes[..<done])
    }

    /// Writes `bytes` to a temporary file in `path`'s directory, flushes it, and
    /// renames it over `path`. On any failure the temporary file is removed and
    /// `path` is untouched.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(CorpusPackError) {
        try InterruptionGuard.deferringInterruptions { () throws(CorpusPackError) in try writeUninterrupted(bytes, to: path) }
    }

    private static func writeUninterrupted(_ bytes: [UInt8], to path: String) throws(CorpusPackError) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !base.isEmpty else { throw CorpusPackError(.io, "not a file path", path: path) }
        let temporary = "\(directory.isEmpty ? "/" : directory)/.\(base).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw CorpusPackError(.io, "cannot create a file in \(directory): \(errorText())", path: path)
        }
        var failure: CorpusPackError?
        var done = 0
        while done < bytes.count, failure == nil {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { failure = CorpusPackError(.io, "cannot write: \(errorText())", path: path) } else { done += n }
        }
        if failure == nil, fsync(fd) != 0 { failure = CorpusPackError(.io, "cannot flush: \(errorText())", path: path) }
        if close(fd) != 0, failure == nil { failure = CorpusPackError(.io, "cannot close: \(errorText())", path: path) }
        if failure == nil, rename(temporary, path) != 0 {
            failure = CorpusPackError(.io, "cannot move the new file into place: \(errorText())", path: path)
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    /// Names in `directory` (not `.` and `..`), sorted for deterministic output.
    static func listDirectory(_ directory: String) throws(CorpusPackError) -> [String] {
        guard let handle = opendir(directory) else {
            throw CorpusPackError(.io, "cannot list directory: \(errorText())", path: directory)
        }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Creates `path` and missing parents (like `mkdir -p`).
    static func makeDirectories(_ path: String) throws(CorpusPackError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw CorpusPackError(.io, "cannot create directory: \(errorText())", path: prefix)
            }
            prefix += "/"
        }
        guard case .directory = kind(path) else { throw CorpusPackError(.io, "not a directory", path: path) }
    }
}
