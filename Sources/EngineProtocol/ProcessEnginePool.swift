import Foundation
import ProcessSupport
import WindowModel

/// Makes ``ProcessEngine``s for `windowlab … --engine exec:CMD` and for Swift tests.
///
/// ```swift
/// let mine = try ProcessEngines.factory(command: "./build/my-engine")
/// PropertySuite(engines: [reference, mine]).run()
/// ```
public enum ProcessEngines {
    /// The default time an engine has to answer one statement.
    public static let defaultTimeout: Double = 5
    /// The default time an engine has to start and answer the handshake: generous,
    /// because real engines start slowly (a browser, an X server, an app that
    /// re-executes itself) and a loaded machine slows them more. Apart from
    /// ``defaultTimeout``, so raising one does not let a hung statement take longer.
    public static let defaultStartTimeout: Double = 60

    /// Starts `command` (run by `/bin/sh -c`), does the handshake, and returns a
    /// factory named and featured as the engine declared. Each instance the
    /// factory makes reuses an idle process (after `reset`) or starts a new one.
    /// - Parameters:
    ///   - timeout: seconds the engine has for each answer before it counts as hung.
    ///   - startTimeout: seconds it has to start and answer the handshake (each time a
    ///     process of it is started).
    ///   - name: the name to report the engine by (default: the one it declares).
    /// - Throws: the fault, when the engine cannot be started or fails the handshake.
    public static func factory(command: String, timeout: Double = defaultTimeout,
                               startTimeout: Double = defaultStartTimeout,
                               name: String? = nil) throws(EngineFault) -> EngineFactory {
        let (process, hello) = try ProcessEnginePool.start(command, timeout: startTimeout)
        let pool = ProcessEnginePool(command: command, timeout: timeout, startTimeout: startTimeout, hello: hello)
        pool.giveBack(process, fresh: true)
        let reported = name ?? hello.name
        return EngineFactory(name: reported, features: hello.features, deviations: hello.deviations,
                             numbers: hello.numbers, limits: hello.limits) { pool.make(name: reported) }
    }
}

/// Idle engine processes of one command, shared by the threads of a campaign.
final class ProcessEnginePool: @unchecked Sendable {
    let command: String
    /// Seconds for each answer, and for a start with its handshake.
    let timeout: Double
    let startTimeout: Double
    let hello: EngineHello
    private let lock = NSLock()
    private var idle: [(process: EngineProcess, fresh: Bool)] = []

    init(command: String, timeout: Double, startTimeout: Double = ProcessEngines.defaultStartTimeout, hello: EngineHello) {
        self.command = command
        self.timeout = timeout
        self.startTimeout = startTimeout
        self.hello = hello
    }

    /// Starts a process of `command` and does the handshake.
    /// - Parameter timeout: seconds it has to answer `hello` (its start-up included).
    static func start(_ command: String, timeout: Double) throws(EngineFault) -> (EngineProcess, EngineHello) {
        // No new process once this one is told to stop.
        if Interruption.requested { throw EngineFault.interrupted() }
        let process = try EngineProcess(command: command)
        let answers = process.exchange([EngineHello.request], timeout: timeout)
        guard let lines = answers.first else {
            var fault = process.fault ?? EngineFault(kind: .start, message: "no answer to the handshake")
            fault.message = "`\(command)` failed the handshake: " + fault.message
                + (fault.kind == .hang ? " (its start-up time-out, \(NumberText.format(timeout)) s: --engine-start-timeout "
                   + "of check and run)" : "")
            throw fault
        }
        if lines.count == 1, AnswerAssembler.isError(lines[0]) {
            process.terminate()
            throw EngineFault(kind: .error, message: "`\(command)` failed the handshake: " + AnswerFault.error(lines[0]).message,
                              statement: EngineHello.request, standardErrorTail: process.standardErrorTail)
        }
        do throws(EngineFault) {
            let hello = try EngineHello.parse(lines)
            if let mismatch = hello.framingMismatch(numbered: process.numbersAnswers == true) {
                throw EngineFault(kind: .start, message: "the handshake failed: " + mismatch, statement: EngineHello.request)
            }
            return (process, hello)
        } catch {
            var fault = error
            fault.message = "`\(command)`: " + fault.message
            fault.standardErrorTail = process.standardErrorTail
            throw fault
        }
    }

    /// A fresh engine instance: an idle process, or a new one.
    func make(name: String) -> ProcessEngine {
        lock.lock()
        let reused = idle.popLast()
        lock.unlock()
        if let reused {
            return ProcessEngine(name: name, pool: self, connection: reused.process, fault: nil, needsReset: !reused.fresh)
        }
        do {
            let (process, hello) = try Self.start(command, timeout: startTimeout)
            guard hello == self.hello else {
                process.terminate()
                let fault = EngineFault(kind: .start, message: "a new process of `\(command)` declared `\(hello.line)` "
                                        + "where the first declared `\(self.hello.line)`")
                return ProcessEngine(name: name, pool: self, connection: nil, fault: fault, needsReset: false)
            }
            return ProcessEngine(name: name, pool: self, connection: process, fault: nil, needsReset: false)
        } catch {
            return ProcessEngine(name: name, pool: self, connection: nil, fault: error, needsReset: false)
        }
    }

    /// Keeps a healthy process for the next instance.
    func giveBack(_ process: EngineProcess, fresh: Bool = false) {
        lock.lock()
        idle.append((process, fresh))
        lock.unlock()
    }
}
