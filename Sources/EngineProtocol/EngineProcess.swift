import Foundation
import ProcessSupport
import WindowModel
#if canImport(Glibc)
import Glibc
#endif

/// One running engine process and the pipes to it: writes request lines, reads
/// answer lines, keeps the tail of its standard error, and turns every way it
/// can fail (crash, exit, hang, garbage) into an ``EngineFault``.
///
/// The command runs under `/bin/sh -c` in a process group of its own, so a
/// time-out kills whatever it started. Writing and reading are interleaved with
/// `poll`, so a long batch of requests cannot deadlock on full pipes.
final class EngineProcess {
    /// Longest answer line accepted (1 MiB); longer is garbage.
    static let maxLineBytes = 1 << 20
    /// Most lines in one answer; more is garbage.
    static let maxAnswerLines = 200_000

    let command: String
    private let pid: pid_t
    private var input: Int32
    private let output: Int32
    private let errors: Int32
    /// Bytes read and not yet taken as lines: `pending[pendingStart...]`.
    private var pending: [UInt8] = []
    private var pendingStart = 0
    private var readBuffer = [UInt8](repeating: 0, count: 1 << 16)
    private var errorTail: [UInt8] = []
    private var outputClosed = false
    private var errorsClosed = false
    private var exited = false
    /// Whether a request was written yet.
    private var hasExchanged = false
    /// How the engine ends its answers, known from its first answer: `ok N`
    /// (protocol version 2, N counting requests from 1) or a bare `ok` (version 1).
    private(set) var numbersAnswers: Bool?
    /// Answers completed over the process's life.
    private var answered = 0
    private(set) var fault: EngineFault?

    /// Starts `command`; the fault says why when it cannot be started.
    init(command: String) throws(EngineFault) {
        Self.ignoreBrokenPipes
        self.command = command
        guard let toChild = Spawn.pipe(), let fromChild = Spawn.pipe(), let errorPipe = Spawn.pipe() else {
            throw EngineFault(kind: .start, message: "cannot make pipes: \(String(cString: strerror(errno)))")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = environment["SWIFT_BACKTRACE"] ?? "enable=no"
        // A process group of its own, so a time-out kills whatever the engine started.
        let started = Spawn.start(["/bin/sh", "-c", command], input: .descriptor(toChild.read),
                                  output: .descriptor(fromChild.write), errors: .descriptor(errorPipe.write),
                                  newGroup: true, environment: environment)
        close(toChild.read); close(fromChild.write); close(errorPipe.write)
        guard case let .success(child) = started else {
            close(toChild.write); close(fromChild.read); close(errorPipe.read)
            if case let .failure(error) = started {
                throw EngineFault(kind: .start, message: "cannot start `\(command)`: \(String(cString: strerror(error.code)))")
            }
            throw EngineFault(kind: .start, message: "cannot start `\(command)`")
        }
        pid = child
        input = toChild.write
        output = fromChild.read
        errors = errorPipe.read
        for fd in [input, output, errors] {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
    }

    deinit { terminate() }

    /// Writing to an engine that has exited must be an error, not a SIGPIPE.
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// The last few lines the engine wrote to standard error.
    var standardErrorTail: String { String(decoding: errorTail, as: UTF8.self) }

    /// Sends `requests` (one line each) in one write and reads one answer per
    /// request: the lines before its `ok`. Stops at the first fault, returning
    /// the answers completed before it; the fault is then in ``fault``.
    /// - Parameter timeout: seconds allowed for each answer, counted from the
    ///   previous one (or from the start).
    func exchange(_ requests: [String], timeout: Double) -> [[String]] {
        var answers: [[String]] = []
        answers.reserveCapacity(requests.count)
        _ = exchange(requests, timeout: timeout) { _, lines in answers.append(lines) }
        return answers
    }

    /// As ``exchange(_:timeout:)``, handing each answer to `onAnswer` (with its
    /// request's index) as soon as it is complete, so the caller works on early
    /// answers while the engine computes later ones. Returns how many were complete.
    func exchange(_ requests: [String], timeout: Double, onAnswer: (Int, [String]) -> Void) -> Int {
        exchange(count: requests.count, text: { requests[$0] }, timeout: timeout, onAnswer: onAnswer)
    }

    /// As ``exchange(_:timeout:onAnswer:)`` with request `i`'s line made by `text(i)`
    /// only when it is about to be written: a long batch is written in pieces, so
    /// the engine starts on the first while the rest are made.
    func exchange(count: Int, text: (Int) -> String, timeout: Double, onAnswer: (Int, [String]) -> Void) -> Int {
        guard fault == nil else { return 0 }
        // Every earlier request was answered: anything more is an answer to nothing
        // (an extra `ok`, a line after it), which would shift every later answer.
        // Before the first request nothing was asked: an engine may greet eagerly,
        // writing its `hello` before it reads the harness's.
        var probe = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
        let asked = hasExchanged
        hasExchanged = true
        if asked, pendingStart < pending.count || (poll(&probe, 1, 0) > 0 && probe[0].revents & Int16(POLLIN) != 0) {
            readOutput()
            let extra = pending[pendingStart...].prefix { $0 != 0x0A }
            fault = EngineFault(kind: .garbage, message: "the engine wrote `\(String(decoding: extra.prefix(200), as: UTF8.self))` "
                                + "after its last answer (more lines or more `ok` than requests)",
                                standardErrorTail: standardErrorTail)
            terminate()
            return 0
        }
        var outgoing: [UInt8] = []
        var encoded = 0
        func encodeMore() {
            let end = min(count, encoded + 32)
            while encoded < end {
                outgoing.append(contentsOf: text(encoded).utf8)
                outgoing.append(0x0A)
                encoded += 1
            }
        }
        encodeMore()
        let requestCount = count
        var written = 0
        var completed = 0
        var current: [String] = []
        var deadline = Date().addingTimeInterval(timeout)
        func fail(_ kind: EngineFault.Kind, _ message: String) {
            let index = min(completed, requestCount - 1)
            fault = EngineFault(kind: kind, message: message, statement: requestCount == 0 ? nil : text(index),
                                standardErrorTail: standardErrorTail)
        }
        while completed < requestCount {
            // Complete lines already read.
            while let newline = pending[pendingStart...].firstIndex(of: 0x0A) {
                var end = newline
                // A carriage return, and blanks, at the end of a line are not part of it.
                while end > pendingStart && [0x0D, 0x20, 0x09].contains(pending[end - 1]) { end -= 1 }
                let terminator = AnswerEnd(pending[pendingStart..<end])
                let text = String(decoding: pending[pendingStart..<end], as: UTF8.self)
                pendingStart = newline + 1
                var isEnd = false
                switch (numbersAnswers, terminator) {
                case (_, nil), (false, .numbered): break  // a version 1 engine's line `ok 3` is an observation
                case (nil, .bare): numbersAnswers = false; isEnd = true
                case (nil, .numbered(1)): numbersAnswers = true; isEnd = true
                case (true, .numbered(answered + 1)), (false, .bare): isEnd = true
                case (true, .bare):
                    fail(.garbage, "the engine ended an answer with `ok`; it ends its answers with `ok N` "
                         + "(protocol version 2), and this one is number \(answered + 1)")
                    terminate()
                    return completed
                case let (_, .numbered(number)):
                    fail(.garbage, "the engine wrote `ok \(number)` where answer \(answered + 1) was due "
                         + (number > answered + 1 ? "(an answer to nothing: more `ok` than requests)" : "(a number out of step)"))
                    terminate()
                    return completed
                }
                if isEnd {
                    answered += 1
                    onAnswer(completed, current)
                    guard fault == nil else { return completed }  // the caller found the answer to be garbage
                    completed += 1
                    current = []
                    deadline = Date().addingTimeInterval(timeout)
                    if completed == requestCount { return completed }
                } else if text.hasPrefix("error") && (text.count == 5 || text.dropFirst(5).first == " ") {
                    fail(.error, "the engine answered `\(text.prefix(500))`")
                    terminate()
                    return completed
                } else {
                    guard current.count < Self.maxAnswerLines else {
                        fail(.garbage, "the engine wrote more than \(Self.maxAnswerLines) lines for one statement "
                             + "(the last: `\(text.prefix(120))`)")
                        return completed
                    }
                    current.append(text)
                }
            }
            pending.removeFirst(pendingStart)
            pendingStart = 0
            guard pending.count <= Self.maxLineBytes else {
                fail(.garbage, "the engine wrote a line longer than \(Self.maxLineBytes) bytes, beginning `"
                     + String(decoding: pending.prefix(120), as: UTF8.self) + "`")
                return completed
            }
            if outputClosed {
                let ended = waitForExit()
                fail(ended.crashed ? .crash : .exit, "the engine \(ended.text) before answering")
                return completed
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                fail(.hang, "the engine gave no complete answer within \(NumberText.format(timeout)) s")
                terminate()
                return completed
            }
            if written == outgoing.count && encoded < requestCount {
                outgoing.removeAll(keepingCapacity: true)
                written = 0
                encodeMore()
            }
            var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: errorsClosed ? -1 : errors, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: written < outgoing.count ? input : -1, events: Int16(POLLOUT), revents: 0)]
            let ready = poll(&fds, 3, Int32(min(remaining * 1000, 1000).rounded(.up)))
            if ready < 0 && errno != EINTR { fail(.start, "poll failed: \(String(cString: strerror(errno)))"); return completed }
            if ready == 0, let ended = reapIfExited() {
                // The engine is gone but something it started still holds its output open.
                fail(ended.crashed ? .crash : .exit, "the engine \(ended.text) before answering")
                terminate()
                return completed
            }
            if fds[2].revents != 0 && written < outgoing.count {
                let n = outgoing.withUnsafeBytes { write(input, $0.baseAddress! + written, outgoing.count - written) }
                if n > 0 {
                    written += n
                } else if n < 0 && errno != EAGAIN && errno != EINTR {
                    written = outgoing.count  // closed: the read side reports how it ended
                }
            }
            if fds[1].revents != 0 { drainErrors() }
            if fds[0].revents != 0 { readOutput() }
        }
        return completed
    }

    /// Whether the engine wrote anything beyond its last answer (checked without waiting).
    var hasSurplus: Bool {
        guard fault == nil, input >= 0 else { return false }
        var probe = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
        return pendingStart < pending.count || (poll(&probe, 1, 0) > 0 && probe[0].revents & Int16(POLLIN) != 0)
    }

    /// Records a fault found by the caller (an answer that is not the protocol) and stops the process.
    func fail(_ kind: EngineFault.Kind, _ message: String, _ statement: String) {
        fault = EngineFault(kind: kind, message: "the engine " + message, statement: statement,
                            standardErrorTail: standardErrorTail)
        terminate()
    }

    /// How an answer's last line reads: `ok` (protocol version 1) or `ok N` (version 2).
    private enum AnswerEnd: Equatable {
        case bare
        case numbered(Int)

        init?(_ line: ArraySlice<UInt8>) {
            guard line.count >= 2, line[line.startIndex] == 0x6F, line[line.startIndex + 1] == 0x6B else { return nil }
            let rest = line.dropFirst(2)
            if rest.isEmpty { self = .bare; return }
            let digits = rest.drop { $0 == 0x20 || $0 == 0x09 }
            guard digits.count < rest.count, (1...18).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }),
                  let number = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
            self = .numbered(number)
        }
    }

    private func readOutput() {
        while true {
            let n = read(output, &readBuffer, readBuffer.count)
            if n > 0 {
                pending += readBuffer[0..<n]
                if pending.count > Self.maxLineBytes { return }
            } else if n == 0 {
                outputClosed = true
                return
            } else {
                if errno == EINTR { continue }
                if errno != EAGAIN { outputClosed = true }
                return
            }
        }
    }

    private func drainErrors() {
        guard !errorsClosed else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(errors, &buffer, buffer.count)
            if n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) { errorsClosed = true }  // stop polling it
            guard n > 0 else { return }
            errorTail += buffer[0..<n]
            if errorTail.count > 4000 { errorTail.removeFirst(errorTail.count - 4000) }
        }
    }

    /// How the process ended, when it has (reaping it), without waiting.
    private func reapIfExited() -> (crashed: Bool, text: String)? {
        guard !exited else { return nil }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        exited = true
        drainErrors()
        return Self.describe(status)
    }

    /// How the process ended, waiting up to a second for it (then killing it).
    private func waitForExit() -> (crashed: Bool, text: String) {
        let deadline = Date().addingTimeInterval(1)
        while Date() < deadline {
            if let ended = reapIfExited() { return ended }
            usleep(2_000)
        }
        drainErrors()
        terminate()
        return (false, "closed its standard output")
    }

    private static func describe(_ status: Int32) -> (crashed: Bool, text: String) {
        if let signal = ExitReport.signal(status) { return (true, "was killed by " + ExitReport.signalName(signal)) }
        let code = ExitReport.code(status)
        // A shell reports a command killed by a signal as 128 + the signal.
        if code > 128 && code < 160 { return (true, "exited with status \(code) (\(ExitReport.signalName(code - 128)))") }
        return (false, "exited with status \(code)")
    }

    /// Closes the pipes and kills the process group; safe to call twice.
    func terminate() {
        if input >= 0 {
            close(input)
            input = -1
            close(output)
            close(errors)
        }
        kill(-pid, SIGKILL)  // the whole group, so nothing the engine started outlives it
        // Out of the registry however the process ended (reaped by the exit check too).
        ProcessGroups.remove(pid)
        guard !exited else { return }
        exited = true
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}
