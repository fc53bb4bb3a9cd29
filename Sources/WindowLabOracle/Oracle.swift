import CWindowLabOracle
import EngineProtocol
import Synchronization
import WindowLabFuzzing
import WindowModel

#if canImport(Glibc)
import Glibc
#endif

/// What a `windowlab_oracle *` points to (`include/windowlab.h`): an
/// ``EngineFuzzer`` whose engine is the C callback, and the last report, kept as C
/// text for `windowlab_report`.
final class Oracle {
    let fuzzer: EngineFuzzer
    /// The last difference's scenario, NUL-terminated ("" when none): C memory, so
    /// the pointer `windowlab_report` returns stays valid until the next check.
    private(set) var report: UnsafeMutablePointer<CChar> = strdup("")!
    /// Whether a check is under way: a call from inside the engine's own callback (or
    /// from another thread meanwhile) is a misuse, answered at once, not a deadlock.
    private let busy = Atomic<Bool>(false)

    /// Greets the engine through its callback (or reads its declaration) as
    /// `--engine exec:` greets a process.
    init(engine: windowlab_engine) throws(EngineFault) {
        fuzzer = EngineFuzzer(engine: try Self.factory(engine))
    }

    /// The engine behind a C answer callback, greeted (or its declaration read) as
    /// `--engine exec:` greets a process.
    static func factory(_ engine: windowlab_engine) throws(EngineFault) -> EngineFactory {
        guard let callback = engine.answer else {
            throw EngineFault(kind: .start, message: "the engine has no answer callback (windowlab_engine.answer is NULL)")
        }
        let context = engine.context
        let answer: InProcessEngines.Answer = { request in
            var length = -1   // (size_t)-1: left untouched, the answer is NUL-terminated
            let count = request.utf8.count
            guard let text = request.withCString({ callback(context, $0, count, &length) }) else { return nil }
            let bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
            return Array(UnsafeBufferPointer(start: bytes, count: length < 0 ? strlen(text) : length))
        }
        let declaration = engine.declaration.map { String(cString: $0) }
        return try InProcessEngines.factory(declaration: declaration, answer: answer)
    }

    /// Runs one input: a `WINDOWLAB_…` result, the report kept when it differs.
    func check(_ input: UnsafeBufferPointer<UInt8>) -> (status: CInt, report: FuzzReport?) {
        guard busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else {
            return (WINDOWLAB_MISUSE, nil)
        }
        defer { busy.store(false, ordering: .releasing) }
        keep("")
        switch fuzzer.check(input) {
        case .agree: return (WINDOWLAB_AGREE, nil)
        case .declined: return (WINDOWLAB_DECLINED, nil)
        case .unreadable: return (WINDOWLAB_UNREADABLE, nil)
        case let .different(found):
            keep(found.scenario)
            return (WINDOWLAB_DIFFERENT, found)
        }
    }

    /// A keep-going fuzz run's input (``EngineFuzzer/keepGoingCheck(_:)``): `WINDOWLAB_AGREE`
    /// (a difference is recorded, not returned), or `WINDOWLAB_MISUSE` when the oracle is
    /// checking an input already.
    func fuzzKeepingGoing(_ input: UnsafeBufferPointer<UInt8>) -> CInt {
        guard busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else {
            return WINDOWLAB_MISUSE
        }
        defer { busy.store(false, ordering: .releasing) }
        _ = fuzzer.keepGoingCheck(input)
        return WINDOWLAB_AGREE
    }

    private func keep(_ text: String) {
        guard let copied = strdup(text) else { return }
        free(report)
        report = copied
    }

    deinit { free(report) }
}

/// `text` into a caller's buffer of `size` bytes, cut to fit, always NUL-terminated.
func copy(_ text: String, into buffer: UnsafeMutablePointer<CChar>?, size: Int) {
    guard let buffer, size > 0 else { return }
    let bytes = Array(text.utf8.prefix(size - 1))
    for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
    buffer[bytes.count] = 0
}
