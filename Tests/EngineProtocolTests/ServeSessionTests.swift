import EngineProtocol
import Foundation
import ScenarioLanguage
import Testing
import WindowLabTestSupport
import WindowModel

/// `serve`'s statement handling a line at a time (what its fuzz target drives): one
/// request, one answer, never a crash.
@Suite("Engine protocol: serve, a line at a time")
struct ServeSessionTests {
    static let engine = TestEngines.reference

    /// Every answer ends with one `ok` or `error` line and holds no other; its other
    /// lines read back as trace lines.
    static func expectOneAnswerEach(_ requests: [String], _ name: String = "") {
        var session = ProtocolSession(engine: engine)
        _ = session.answer(EngineHello.request)
        for (index, request) in requests.enumerated() {
            let lines = session.answer(request).lines
            let finals = lines.filter { $0.hasPrefix("ok") || $0.hasPrefix("error ") }
            // Version 2: the end names the request's number (the hello is 1).
            #expect(finals.count == 1 && finals.first == lines.last, "\(name): `\(request.prefix(80))` -> \(lines)")
            #expect(lines.last == "ok \(index + 2)" || lines.last?.hasPrefix("error ") == true, "\(name): \(lines)")
            for body in lines.dropLast() where !body.hasPrefix("violation ") {
                #expect((try? ObservationParser.parse(body))?.description == body, "\(name): `\(body)` does not read back")
            }
        }
    }

    @Test("hostile requests each get exactly one answer")
    func hostileRequests() {
        Self.expectOneAnswerEach([
            "", "   ", "ok", "error x", "hello 1", "snapshot", "window a in main frame 0 0 9 9 level 0",
            "show a", "show a\u{200B}", "window b frame nan 0 1 1", String(repeating: "x", count: 5000),
            "touch 1 began 1 1 in main", "\u{1B}[31m", "reset", "invariants", "window \u{0} frame",
            "set a alpha 1e999", "convert 1 1 from a to screen",
        ])
    }

    @Test("version 1 ends answers with a bare ok, version 2 numbers them from the hello")
    func versions() {
        var one = ProtocolSession(engine: Self.engine, version: 1)
        #expect(one.answer(EngineHello.request).lines.last == "ok")
        #expect(one.answer("snapshot").lines.last == "ok")
        var two = ProtocolSession(engine: Self.engine)
        #expect(two.answer(EngineHello.request).lines.first?.hasPrefix("hello 2 reference ") == true)
        #expect(two.answer("snapshot").lines.last == "ok 2")
    }

    @Test("an over-long request is answered with one error and ends nothing after the handshake")
    func overLong() {
        var session = ProtocolSession(engine: Self.engine)
        #expect(session.answer(String(repeating: "a", count: 5000)).stop == 2)
        var greeted = ProtocolSession(engine: Self.engine)
        _ = greeted.answer(EngineHello.request)
        let answer = greeted.answer(String(repeating: "a", count: 5000))
        #expect(answer.stop == nil)
        #expect(answer.lines == ["error request 2 is longer than 4096 bytes"])
    }

    @Test("serve fuzz regressions (corpus/regressions/serve) replay with one answer per request")
    func regressions() throws {
        let folder = Repository.path("corpus/regressions/serve")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !name.hasPrefix(".") {
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            Self.expectOneAnswerEach(String(decoding: data, as: UTF8.self)
                .split(separator: "\n", omittingEmptySubsequences: false).prefix(200).map(String.init), name)
        }
    }
}
