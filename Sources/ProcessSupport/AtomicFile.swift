import Foundation

/// Writes a file so that readers see either the old file or the whole new one.
public enum AtomicFile {
    /// Writes `bytes` to a temporary file beside `path`, then renames it into place;
    /// an interruption meanwhile takes effect after (see ``InterruptionGuard``).
    public static func write(_ bytes: [UInt8], to path: String) throws {
        try InterruptionGuard.deferringInterruptions { () throws in try writeUninterrupted(bytes, to: path) }
    }

    private static func writeUninterrupted(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try Data(bytes).write(to: temporary)
            if rename(temporary.path, url.path) != 0 {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
