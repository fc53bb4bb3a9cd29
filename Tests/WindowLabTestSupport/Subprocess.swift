import Foundation
import Synchronization

/// What a finished child process left: its exit status, standard output and standard error.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var output: String
    public var errors: String
}

/// Runs `executable` with `arguments` in `directory` (this process's own when nil),
/// waits for it and returns what it wrote. Both pipes are drained at once (standard
/// error on another thread), so neither can fill and block the child.
public func runProcess(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let errorText = Mutex(""), done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        errorText.withLock { $0 = text }
        done.signal()
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    done.wait()
    return ProcessResult(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self),
                         errors: errorText.withLock { $0 })
}
