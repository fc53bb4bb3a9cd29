@testable import IndexedEngine
import Testing

/// The record layout the route counts on: its prefetch asks for whole records, and its
/// view walk reads one contiguous part of each.
@Suite("Object record layout")
struct RecordLayoutTests {
    @Test("a record keeps its 128-byte stride, and every field the view walk reads lies in its first 72 bytes")
    func hitTestFieldsTogether() throws {
        #expect(MemoryLayout<ObjectRecord>.stride == 128)
        let walked: [PartialKeyPath<ObjectRecord>] = [\.frameX, \.frameY, \.width, \.height, \.boundsX, \.boundsY,
                                                      \.alpha, \.transform, \.lastChild, \.previousSibling,
                                                      \.isHidden, \.isInteractive]
        for field in walked {
            let offset = try #require(MemoryLayout<ObjectRecord>.offset(of: field))
            #expect(offset < 72, "\(field) at byte \(offset)")
        }
    }
}
