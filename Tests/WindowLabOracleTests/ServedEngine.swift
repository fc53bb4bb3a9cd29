import CWindowLabOracle
import EngineProtocol
import WindowModel

#if canImport(Glibc)
import Glibc
#endif

/// A Swift engine behind a C answer callback (`windowlab_engine`): a
/// `ProtocolSession` answers each request, the text kept in C memory until the next.
final class ServedEngine {
    private let factory: EngineFactory
    private let version: Int
    private var session: ProtocolSession
    private var answer: UnsafeMutablePointer<CChar>?
    private let declaration: UnsafeMutablePointer<CChar>?
    private let declining: String?
    /// Called with each request before it is answered (a test's hook into the callback).
    var onRequest: ((String) -> Void)?

    /// - Parameter declaration: given to the oracle instead of asking (the session is greeted first).
    /// - Parameter declining: answer `unsupported` to every statement starting with this word.
    init(_ engine: EngineFactory, version: Int = 2, declaration: String? = nil, declining: String? = nil) {
        (factory, self.version, self.declining) = (engine, version, declining)
        session = ProtocolSession(engine: engine, version: version)
        session.unsupportedKeyword = declining
        self.declaration = declaration.map { strdup($0) }
        if declaration != nil { _ = session.answer(EngineHello.request) }
    }

    deinit {
        free(answer)
        free(declaration)
    }

    /// The C struct: valid while this object lives.
    var engine: windowlab_engine {
        windowlab_engine(answer: { context, request, _, length in
            let served = Unmanaged<ServedEngine>.fromOpaque(context!).takeUnretainedValue()
            return served.respond(String(cString: request!), length: length)
        }, context: Unmanaged.passUnretained(self).toOpaque(), declaration: declaration.map { UnsafePointer($0) })
    }

    /// The answer; a `hello` starts a new session (each oracle greets the engine it is given).
    private func respond(_ request: String, length: UnsafeMutablePointer<Int>?) -> UnsafePointer<CChar>? {
        onRequest?(request)
        if request == EngineHello.request {
            session = ProtocolSession(engine: factory, version: version)
            session.unsupportedKeyword = declining
        }
        free(answer)
        answer = strdup(session.answer(request).lines.map { $0 + "\n" }.joined())
        length?.pointee = answer.map { strlen($0) } ?? 0
        return answer.map { UnsafePointer($0) }
    }
}
