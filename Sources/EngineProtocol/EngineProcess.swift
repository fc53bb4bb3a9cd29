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
///
/// It only moves bytes and keeps time: ``AnswerFraming`` cuts what it reads into
/// lines, ``AnswerAssembler`` makes answers of them and finds where they break the
/// protocol, and this class records that as the ``fault``.
final class EngineProcess {
    let command: String
    private let pid: pid_t
    private var input: Int32
    private let output: Int32
    private let errors: Int32
    /// The output read, as lines.
    private var framing = AnswerFraming()
    /// The lines, as answers.
    private var assembler = AnswerAssembler()
    private var readBuffer = [UInt8](repeating: 0, count: 1 << 16)
    private var errorTail: [UInt8] = []
    private var outputClosed = false
    private var errorsClosed = false
    private var exited = false
    /// Whether a request was written yet.
    private var hasExchanged = false
    /// How the engine ends its answers, known from its first answer: `ok N`
    /// (protocol version 2, N counting requests from 1) or a bare `ok` (version 1).
    var numbersAnswers: Bool? { assembler.numbersAnswers }
    private(set) var fault: EngineFault?
    /// How the output broke the protocol, when that was the fault.
    private(set) var answerFault: AnswerFault?

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
        // Nothing more is asked once this process is told to stop (see ``Interruption``).
        if Interruption.requested {
            fault = .interrupted(statement: count == 0 ? nil : text(0))
            terminate()
            return 0
        }
        // Every earlier request was answered: anything more is an answer to nothing
        // (an extra `ok`, a line after it), which would shift every later answer.
        // Before the first request nothing was asked: an engine may greet eagerly,
        // writing its `hello` before it reads the harness's.
        let asked = hasExchanged
        hasExchanged = true
        if asked, outputWaiting {
            readOutput()
            record(.surplus(framing.untakenLine(bytes: 200)), statement: nil)
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
        var written = 0
        var completed = 0
        var deadline = Date().addingTimeInterval(timeout)
        // The statement being answered.
        func statement() -> String? { count == 0 ? nil : text(min(completed, count - 1)) }
        func fail(_ kind: EngineFault.Kind, _ message: String) {
            fault = EngineFault(kind: kind, message: message, statement: statement(), standardErrorTail: standardErrorTail)
        }
        while completed < count {
            // Complete lines already read, as answers.
            while let line = framing.nextLine() {
                switch assembler.take(line) {
                case .collected:
                    continue
                case let .fault(found):
                    record(found, statement: statement())
                    return completed
                case let .answer(lines):
                    onAnswer(completed, lines)
                    guard fault == nil else { return completed }  // the caller found the answer to be garbage
                    completed += 1
                    deadline = Date().addingTimeInterval(timeout)
                    if completed == count { return completed }
                }
            }
            if let found = framing.compactAndCheckUnfinishedLine() {
                record(found, statement: statement())
                return completed
            }
            if outputClosed {
                let ended = waitForExit()
                fail(ended.crashed ? .crash : .exit, "the engine \(ended.text) before answering")
                return completed
            }
            if Interruption.requested {
                fault = .interrupted(statement: statement())
                terminate()
                return completed
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                fail(.hang, "the engine gave no complete answer within \(NumberText.format(timeout)) s")
                terminate()
                return completed
            }
            if written == outgoing.count && encoded < count {
                outgoing.removeAll(keepingCapacity: true)
                written = 0
                encodeMore()
            }
            var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: errorsClosed ? -1 : errors, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: written < outgoing.count ? input : -1, events: Int16(POLLOUT), revents: 0)]
            // At most a tenth of a second at a time, so an interruption is seen at once.
            let ready = poll(&fds, 3, Int32(min(remaining * 1000, 100).rounded(.up)))
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

    /// Records a fault the framing or the assembler found in the output, and kills
    /// the process at once.
    private func record(_ found: AnswerFault, statement: String?) {
        answerFault = found
        fault = EngineFault(kind: found.kind, message: found.message, statement: statement,
                            standardErrorTail: standardErrorTail)
        terminate()  // an engine that broke the protocol is never left running
    }

    /// Whether output is waiting: bytes read and not taken as lines, or more to read
    /// (checked without waiting).
    private var outputWaiting: Bool {
        var probe = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
        return framing.hasUntakenBytes || (poll(&probe, 1, 0) > 0 && probe[0].revents & Int16(POLLIN) != 0)
    }

    /// Whether the engine wrote anything beyond its last answer (checked without waiting).
    var hasSurplus: Bool {
        guard fault == nil, input >= 0 else { return false }
        return outputWaiting
    }

    /// Records a fault found by the caller (an answer that is not the protocol) and stops the process.
    func fail(_ kind: EngineFault.Kind, _ message: String, _ statement: String) {
        fault = EngineFault(kind: kind, message: "the engine " + message, statement: statement,
                            standardErrorTail: standardErrorTail)
        terminate()
    }

    private func readOutput() {
        while true {
            let n = read(output, &readBuffer, readBuffer.count)
            if n > 0 {
                guard framing.append(readBuffer[0..<n]) else { return }
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
