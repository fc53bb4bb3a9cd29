import WindowModel

/// The byte layout of a fuzz input (version 4, which reads versions 1 to 3 unchanged),
/// shared by ``CommandDecoder`` and ``CommandEncoder`` so the two cannot drift apart.
///
/// ```
/// input   := version body          version: one byte, 1 to 4 (CommandFormat.version)
/// body    := command*              decoding stops at the end of the bytes, at the
///                                  first incomplete command, or after maxCommands
/// command := opcode operand*
/// opcode  := low 5 bits: index into `opcodes` (32 slots for 27 kinds: the common
///            kinds have two slots, so random bytes make more of them)
///            bit 5 (0x20): the boolean of setHidden/setInteraction/setPassthrough,
///                          withRootView of createWindow
///            bit 6 (0x40): the target (or createView's parent) is a view, not a window
///            bit 7: unused (the encoder writes 0; the decoder ignores it)
///            versions 2 and 3: slots 27 and 31 (version 1: a second `hit` and a
///            second `makeKeyAndVisible`) are the extension slot, followed by
///            one byte whose value % 4 picks setExclusiveTouch, setMultipleTouch,
///            setTransform or moveWindow; version 3: % 7, the same four then
///            connectScreen, placeScene, disconnectScreen
/// number  := byte < tableCount        -> interestingValues[byte]
///          | byte in tableCount..<255 -> Double(byte - tableCount) * gridStep
///          | 0xFF, 8 bytes            -> raw little-endian IEEE double
/// window  := byte -> live windows[byte % count]            (creation order)
/// view    := byte -> live views[byte % count]              (creation order, roots included)
/// scene   := byte -> scenes[byte % count]                  (main, s1, s2, s3)
/// screen  := byte -> connected screens[byte % count]       (main, then d1, d2, d3
///            in connection order; disconnectScreen picks among those but main)
/// touch   := byte -> TouchID(byte % 16)   (versions 1 to 3: every byte)
///          | 0xFF, length byte, (length % 64 + 1) bytes
///                    -> the id spelled in touchAlphabet[byte % 65]   (version 4)
/// key     := byte -> "k\(byte % 8)"
/// space   := class byte (low nibble: from, high nibble: to; each % 3 = screen,
///            window, view) then one index byte per non-screen side
/// ```
/// Operands by kind (names of new objects are implicit: the next `wN`, `vN`, `sN`):
/// createScene `number number`; createWindow `scene number×4 number(level)`;
/// createView `ref number×4`; show/hide/release/makeKey/makeKeyAndVisible `window`;
/// setFrame `ref number×4`; setBoundsOrigin `ref number×2`; setAlpha `ref number`;
/// setHidden/setInteraction `ref`; setLevel `window number`; setPassthrough `window`;
/// remove/bringToFront/sendToBack `view`; touchBegan `touch number×2 scene`;
/// touchMoved/touchEnded `touch number×2`; touchCancelled `touch`; press `key scene`;
/// hit `number×2 scene`; order/keyWindow `scene`; convert `number×2 space`;
/// version 2: setExclusiveTouch/setMultipleTouch `ref` (the boolean in bit 5);
/// setTransform `ref number×6` (a b c d tx ty); moveWindow `window scene`;
/// version 3: connectScreen `number number` (the next `dN`, at most 3 over the
/// input); placeScene `scene screen`; disconnectScreen `screen`;
/// version 4: any touch id the language spells (`007`, `f1`, 40 digits), after 0xFF.
/// A `ref` is a window or a view as bit 6 says; when that class has no live object
/// the other class is used, and a command with nothing to refer to is skipped.
public enum CommandFormat {
    /// The format version the encoder writes: the first byte of every input it makes.
    public static let version: UInt8 = 4
    /// The versions the decoder reads. A version-1 input means exactly what it meant
    /// before version 2 existed: its opcode table has no extension slot. A version-2
    /// input picks among the first four extension kinds only, as it always did.
    public static let readableVersions: ClosedRange<UInt8> = 1...4

    /// Caps on one decoded input, so any bytes make a small, fast test case.
    /// Counts are of objects created over the whole list (released ones included).
    public static let maxWindows = 64
    /// Views created, root views included.
    public static let maxViews = 256
    public static let maxCommands = 512
    /// Scenes, `main` included.
    public static let maxScenes = 4
    /// Screens connected over the whole input, `main` not counted.
    public static let maxScreens = 3
    /// Depth below the window (a root view has depth 1).
    public static let maxViewDepth = 16
    public static let touchIDCount = 16
    /// Version 4: the byte before a spelled touch id (any other byte is one of the
    /// `touchIDCount` plain ids, as in every version).
    static let spelledTouchMarker: UInt8 = 0xFF
    /// The longest spelled touch id (and the longest token the decoder accepts).
    public static let maxSpelledTouchLength = 64
    /// The characters a spelled touch id is made of: those of the language's tokens.
    static let touchAlphabet: [Character] = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_.-")

    /// Whether a readable `version` spells touch ids after ``spelledTouchMarker``.
    static func spellsTouchIDs(version: UInt8) -> Bool { version >= 4 }
    public static let keyCount = 8

    /// The validator limits matching the caps above.
    public static let limits = CommandLimits(
        maxCommands: maxCommands, maxObjects: maxWindows + maxViews, maxScenes: maxScenes,
        maxViewDepth: maxViewDepth, maxNameLength: maxSpelledTouchLength)

    /// The kinds of command the format can carry.
    enum Kind: CaseIterable {
        case createScene, createWindow, createView
        case show, hide, release, makeKey, makeKeyAndVisible
        case setFrame, setBoundsOrigin, setAlpha, setHidden, setInteraction, setLevel, setPassthrough
        case remove, bringToFront, sendToBack
        case touchBegan, touchMoved, touchEnded, touchCancelled, press
        case hit, order, keyWindow, convert
        // Version 2, behind the extension slot.
        case setExclusiveTouch, setMultipleTouch, setTransform, moveWindow
        // Version 3, behind the extension slot too.
        case connectScreen, placeScene, disconnectScreen
        /// The extension slot of versions 2 and 3: the next byte picks one of
        /// `extensionKinds(version:)`.
        case extensionSlot
    }

    /// The kinds behind the extension slot, by the byte after it (% count).
    static let extensionKinds: [Kind] = [.setExclusiveTouch, .setMultipleTouch, .setTransform, .moveWindow,
                                         .connectScreen, .placeScene, .disconnectScreen]

    /// The extension kinds a readable version picks among: version 2 knew four.
    static func extensionKinds(version: UInt8) -> ArraySlice<Kind> {
        version == 2 ? extensionKinds[..<4] : extensionKinds[...]
    }

    /// Opcode slot -> kind in version 1.
    static let opcodesVersion1: [Kind] = [
        .createWindow, .createWindow, .createView, .createView, .createScene,
        .show, .hide, .release, .makeKey, .makeKeyAndVisible,
        .setFrame, .setBoundsOrigin, .setAlpha, .setHidden, .setInteraction, .setLevel, .setPassthrough,
        .remove, .bringToFront, .sendToBack,
        .touchBegan, .touchBegan, .touchMoved, .touchEnded, .touchCancelled, .press,
        .hit, .hit, .order, .keyWindow, .convert, .makeKeyAndVisible,
    ]
    /// Opcode slot -> kind in version 2: version 1's table with its second `hit`
    /// (27) and second `makeKeyAndVisible` (31) turned into the extension slot.
    /// The encoder writes the first slot of a kind.
    static let opcodes: [Kind] = {
        var table = opcodesVersion1
        table[27] = .extensionSlot
        table[31] = .extensionSlot
        return table
    }()

    /// The opcode table of a readable version.
    static func opcodes(version: UInt8) -> [Kind] { version == 1 ? opcodesVersion1 : opcodes }

    static let opcodeMask: UInt8 = 0x1F
    static let flagBool: UInt8 = 0x20
    static let flagView: UInt8 = 0x40

    static func slot(of kind: Kind) -> UInt8 {
        UInt8(opcodes.firstIndex(of: kind)!)
    }

    /// Values where window semantics have edges: zeros of both signs, the 0.01 alpha
    /// threshold and its neighbours, the edges of a 1000 x 1000 scene, the named
    /// levels and their neighbours, and extremes of `Double`.
    static let interestingValues: [Double] = [
        0, -0.0, 0.01, 0.01.nextDown, 0.01.nextUp, 1, 0.1, 0.5,
        1e-300, 1e300, -1e300, .leastNonzeroMagnitude, -1, -0.5, 0.25, 0.99,
        999, 999.999, 1000.0.nextDown, 1000, 1000.0.nextUp, 1001, 16, 100,
        400, 500, -1000, 2000, 2001, 1999, 1000.5, -2000,
        0.5.nextDown, 1e-9, 9_007_199_254_740_992, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, .leastNormalMagnitude, 1e15, 1.5,
    ]
    static var tableCount: UInt8 { UInt8(interestingValues.count) }
    /// Bytes past the table are multiples of 5: 0, 5, ..., 1070.
    static let gridStep: Double = 5
    static let rawNumberMarker: UInt8 = 0xFF

    /// Raw doubles must be finite: NaN becomes 0, infinities the largest finite values.
    static func finite(_ value: Double) -> Double {
        if value.isNaN { return 0 }
        if value == .infinity { return .greatestFiniteMagnitude }
        if value == -.infinity { return -.greatestFiniteMagnitude }
        return value
    }
}
