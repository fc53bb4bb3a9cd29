import CommandEncoding
import Testing
import WindowModel

/// Encoding version 3: screens behind the extension slot; version-2 inputs keep
/// picking among their four kinds.
@Suite struct VersionThreeTests {
    static let setup: [Command] = [
        .createScene(name: "s1", size: Size(500, 500)),
        .createWindow(name: "w0", scene: "s1", frame: Rect(0, 0, 100, 100), level: 0, withRootView: true),
    ]

    @Test("D1-D3: screen, place and disconnect round-trip, with the dN names and the cap of three screens")
    func screensRoundTrip() throws {
        let x = Self.setup + [
            .connectScreen(name: "d1", size: Size(1920, 1080)),
            .placeScene(scene: "s1", screen: "d1"),
            .connectScreen(name: "d2", size: defaultScreenSize),
            .placeScene(scene: "main", screen: "d2"),
            .disconnectScreen(name: "d1"),
            .connectScreen(name: "d3", size: Size(0, 0)),
            .disconnectScreen(name: "d3"),
            .placeScene(scene: "s1", screen: "main"),
        ]
        let bytes = try CommandEncoder.encode(x, version: 3)
        #expect(bytes.first == 3)
        #expect(CommandDecoder.decode(bytes) == .commands(x))
        // Version 4 writes the same bytes for them (its plain touch ids are version 3's).
        #expect(try CommandEncoder.encode(x) == [4] + bytes.dropFirst())
        #expect(throws: CommandEncodingError.self) { try CommandEncoder.encode(x + [.connectScreen(name: "d4", size: Size(1, 1))]) }
        #expect(throws: CommandEncodingError.self) { try CommandEncoder.encode([.connectScreen(name: "tv", size: Size(1, 1))]) }
    }

    @Test func versionTwoPicksAmongFourExtensionKinds() {
        // w0, then slot 27 with pick 4: version 2 reads setExclusiveTouch (4 % 4 == 0)
        // of w0; version 3 reads connectScreen with two numbers (bytes 0 and 0).
        let body: [UInt8] = [0x00, 0, 60, 60, 100, 100, 0, 27, 4, 0, 0]
        #expect(CommandDecoder.decode([2] + body).commandList?.last == .setExclusiveTouch(target: "w0", enabled: false))
        #expect(CommandDecoder.decode([3] + body).commandList?.last == .connectScreen(name: "d1", size: Size(0, 0)))
    }

    @Test func disconnectNeedsAScreenOtherThanMain() {
        // Slot 27, pick 6 (disconnectScreen) with no screen but main: skipped.
        #expect(CommandDecoder.decode([3, 27, 6, 0]).commandList == [])
    }
}
