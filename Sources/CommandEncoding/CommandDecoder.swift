import WindowModel

/// What a fuzz input decodes to.
public enum DecodedInput: Hashable, Sendable {
    /// An input of the current format version: a valid command list within the caps
    /// of ``CommandFormat``.
    case commands([Command])
    /// An input whose first byte names another format version. It is never read as
    /// commands: a corpus entry from an older format is recognised as old, not
    /// silently given a new meaning.
    case unsupportedVersion(UInt8)

    /// The command list, or nil for an unsupported version.
    public var commandList: [Command]? {
        if case let .commands(list) = self { return list }
        return nil
    }
}

/// Turns any bytes into a valid, bounded command list: the fuzz targets' front end.
///
/// The decoder is total: every byte string decodes, nothing traps, and the work is
/// linear in the input. Every command it returns was accepted by a fresh
/// ``CommandValidator`` (with ``CommandFormat/limits``) in list order, and the list
/// respects the caps of ``CommandFormat`` (64 windows, 256 views, 512 commands,
/// 4 scenes, 3 screens `d1` to `d3`, view depth 16). Candidates that would break a cap or that the validator
/// rejects are skipped (their bytes are consumed, so later bytes keep their meaning);
/// a window whose root view would exceed the view cap is created without one.
///
/// ```swift
/// CommandDecoder.decode([1, 0x20, 0, 60, 60, 100, 100, 0])
/// // .commands([.createWindow(name: "w0", scene: "main",
/// //            frame: Rect(100, 100, 300, 300), level: 0, withRootView: true)])
/// CommandDecoder.decode([7, 1, 2])  // .unsupportedVersion(7)
/// ```
/// An empty input decodes to an empty list (libFuzzer always tries it).
public enum CommandDecoder {
    /// Decodes `bytes`; see ``CommandFormat`` for the layout.
    public static func decode(_ bytes: some Collection<UInt8>) -> DecodedInput {
        var reader = ByteReader(Array(bytes))
        guard let version = reader.byte() else { return .commands([]) }
        guard CommandFormat.readableVersions.contains(version) else { return .unsupportedVersion(version) }
        var state = FormatState()
        var validator = CommandValidator(limits: CommandFormat.limits)
        return .commands(decodeCommands(&reader, &state, &validator, CommandFormat.opcodes(version: version),
                                        CommandFormat.extensionKinds(version: version),
                                        spelled: CommandFormat.spellsTouchIDs(version: version)))
    }

    /// Decodes `body` (the bytes of an input after its version byte) as commands
    /// that continue `prefix`, a valid list the decoder did not make (a big
    /// generated state): the body's references pick among the prefix's live objects
    /// too, in creation order, and the body adds at most ``CommandFormat/maxCommands``
    /// commands. The prefix is validated with the scenario limits; the body creates
    /// objects only within the format's caps (counted with the prefix's objects, so a
    /// prefix beyond them makes none). Returns the body's commands alone, or nil when
    /// the prefix is not a valid list. The scale fuzz target's second encoding.
    public static func decodeBody(_ body: some Collection<UInt8>, after prefix: [Command]) -> [Command]? {
        var state = FormatState()
        var validator = CommandValidator(limits: .scenario)
        for command in prefix {
            guard (try? validator.validate(command)) != nil else { return nil }
            state.apply(command)
        }
        var reader = ByteReader(Array(body))
        return decodeCommands(&reader, &state, &validator, CommandFormat.opcodes, CommandFormat.extensionKinds[...],
                              spelled: true)
    }

    /// The decoding loop: commands until the bytes end or the command cap.
    private static func decodeCommands(_ reader: inout ByteReader, _ state: inout FormatState,
                                       _ validator: inout CommandValidator,
                                       _ opcodes: [CommandFormat.Kind],
                                       _ extensions: ArraySlice<CommandFormat.Kind>, spelled: Bool) -> [Command] {
        var commands: [Command] = []
        while commands.count < CommandFormat.maxCommands {
            guard let opcode = reader.byte(),
                  let candidate = readCommand(opcode, opcodes, extensions, &reader, state, spelled: spelled) else { break }
            guard let command = candidate else { continue }
            do {
                try validator.validate(command)
            } catch {
                continue  // a safety net: the checks in readCommand should prevent this
            }
            state.apply(command)
            commands.append(command)
        }
        return commands
    }

    /// Reads one command's operands. Outer nil: the input ended inside the command.
    /// Inner nil: the command cannot apply here (nothing to refer to, a cap) and is skipped.
    private static func readCommand(_ opcode: UInt8, _ opcodes: [CommandFormat.Kind],
                                    _ extensions: ArraySlice<CommandFormat.Kind>,
                                    _ r: inout ByteReader, _ s: FormatState, spelled: Bool) -> Command?? {
        var kind = opcodes[Int(opcode & CommandFormat.opcodeMask)]
        if kind == .extensionSlot {
            guard let pick = r.byte() else { return nil }
            kind = extensions[extensions.startIndex + Int(pick) % extensions.count]
        }
        let flag = opcode & CommandFormat.flagBool != 0
        let wantsView = opcode & CommandFormat.flagView != 0
        switch kind {
        case .createScene:
            guard let w = r.number(), let h = r.number() else { return nil }
            guard s.canCreateScene else { return .some(nil) }
            return .createScene(name: s.nextSceneName, size: Size(magnitude(w), magnitude(h)))
        case .createWindow:
            guard let scene = r.byte(), let frame = r.frame(), let level = r.number() else { return nil }
            guard s.canCreateWindow else { return .some(nil) }
            return .createWindow(name: s.nextWindowName, scene: pick(s.scenes, scene)!, frame: frame,
                                 level: level, withRootView: flag && s.canCreateViews(1))
        case .createView:
            guard let ref = r.byte(), let frame = r.frame() else { return nil }
            guard s.canCreateViews(1), let parent = object(s, ref, wantsView),
                  let depth = s.childDepth(of: parent), depth <= CommandFormat.maxViewDepth
            else { return .some(nil) }
            return .createView(name: s.nextViewName, parent: parent, frame: frame)
        case .show, .hide, .release, .makeKey, .makeKeyAndVisible, .setLevel, .setPassthrough:
            guard let ref = r.byte() else { return nil }
            var level = 0.0
            if kind == .setLevel { guard let value = r.number() else { return nil }; level = value }
            guard let w = pick(s.windows, ref) else { return .some(nil) }
            switch kind {
            case .show: return .show(window: w)
            case .hide: return .hide(window: w)
            case .release: return .release(window: w)
            case .makeKey: return .makeKey(window: w)
            case .makeKeyAndVisible: return .makeKeyAndVisible(window: w)
            case .setLevel: return .setLevel(window: w, level: level)
            default: return .setPassthrough(window: w, enabled: flag)
            }
        case .setFrame, .setBoundsOrigin, .setAlpha, .setHidden, .setInteraction:
            guard let ref = r.byte() else { return nil }
            var values: [Double] = []
            let count = kind == .setFrame ? 4 : kind == .setBoundsOrigin ? 2 : kind == .setAlpha ? 1 : 0
            for _ in 0..<count { guard let v = r.number() else { return nil }; values.append(v) }
            guard let target = object(s, ref, wantsView) else { return .some(nil) }
            switch kind {
            case .setFrame:
                return .setFrame(target: target, frame: Rect(values[0], values[1], magnitude(values[2]), magnitude(values[3])))
            case .setBoundsOrigin: return .setBoundsOrigin(target: target, origin: Point(values[0], values[1]))
            case .setAlpha: return .setAlpha(target: target, alpha: values[0])
            case .setHidden: return .setHidden(target: target, hidden: flag)
            default: return .setInteraction(target: target, enabled: flag)
            }
        case .remove, .bringToFront, .sendToBack:
            guard let ref = r.byte() else { return nil }
            guard let v = pick(s.views, ref) else { return .some(nil) }
            return kind == .remove ? .remove(view: v) : kind == .bringToFront ? .bringToFront(view: v) : .sendToBack(view: v)
        case .touchBegan, .touchMoved, .touchEnded:
            guard let id = r.touch(spelled: spelled), let x = r.number(), let y = r.number() else { return nil }
            let point = Point(x, y)
            if kind == .touchMoved { return .touchMoved(id: id, to: point) }
            if kind == .touchEnded { return .touchEnded(id: id, at: point) }
            guard let scene = r.byte() else { return nil }
            return .touchBegan(id: id, at: point, scene: pick(s.scenes, scene)!)
        case .touchCancelled:
            guard let id = r.touch(spelled: spelled) else { return nil }
            return .touchCancelled(id: id)
        case .press:
            guard let k = r.byte(), let scene = r.byte() else { return nil }
            return .press(key: "k\(Int(k) % CommandFormat.keyCount)", scene: pick(s.scenes, scene)!)
        case .hit:
            guard let x = r.number(), let y = r.number(), let scene = r.byte() else { return nil }
            return .hit(at: Point(x, y), scene: pick(s.scenes, scene)!)
        case .order, .keyWindow:
            guard let scene = r.byte() else { return nil }
            let name = pick(s.scenes, scene)!
            return kind == .order ? .order(scene: name) : .keyWindow(scene: name)
        case .setExclusiveTouch, .setMultipleTouch:
            guard let ref = r.byte() else { return nil }
            guard let target = object(s, ref, wantsView) else { return .some(nil) }
            return kind == .setExclusiveTouch ? .setExclusiveTouch(target: target, enabled: flag)
                : .setMultipleTouch(target: target, enabled: flag)
        case .setTransform:
            guard let ref = r.byte() else { return nil }
            var m: [Double] = []
            for _ in 0..<6 { guard let v = r.number() else { return nil }; m.append(v) }
            guard let target = object(s, ref, wantsView) else { return .some(nil) }
            return .setTransform(target: target, transform: ViewTransform(m[0], m[1], m[2], m[3], m[4], m[5]))
        case .moveWindow:
            guard let ref = r.byte(), let scene = r.byte() else { return nil }
            guard let w = pick(s.windows, ref) else { return .some(nil) }
            return .moveWindow(window: w, scene: pick(s.scenes, scene)!)
        case .connectScreen:
            guard let w = r.number(), let h = r.number() else { return nil }
            guard s.canCreateScreen else { return .some(nil) }
            return .connectScreen(name: s.nextScreenName, size: Size(magnitude(w), magnitude(h)))
        case .placeScene:
            guard let scene = r.byte(), let screen = r.byte() else { return nil }
            return .placeScene(scene: pick(s.scenes, scene)!, screen: pick(s.screens, screen)!)
        case .disconnectScreen:
            guard let screen = r.byte() else { return nil }
            guard let name = pick(Array(s.detachableScreens), screen) else { return .some(nil) }
            return .disconnectScreen(name: name)
        case .extensionSlot:
            return .some(nil)   // unreachable: resolved above
        case .convert:
            guard let x = r.number(), let y = r.number(), let classes = r.byte() else { return nil }
            guard let from = space(classes & 0x0F, &r, s), let to = space(classes >> 4, &r, s) else { return nil }
            return .convert(point: Point(x, y), from: from, to: to)
        }
    }

    /// A coordinate space of class `c % 3` (screen, window, view); nil when the input
    /// ends before its index byte. An empty class falls back to the other, then the screen.
    private static func space(_ c: UInt8, _ r: inout ByteReader, _ s: FormatState) -> CoordinateSpace? {
        let spaceClass = c % 3
        if spaceClass == 0 { return .screen }
        guard let index = r.byte() else { return nil }
        return object(s, index, spaceClass == 2).map(CoordinateSpace.named) ?? .screen
    }

    /// A live window or view (as `wantsView` says; the other class when that one is empty).
    private static func object(_ s: FormatState, _ index: UInt8, _ wantsView: Bool) -> String? {
        let (first, second) = wantsView ? (s.views, s.windows) : (s.windows, s.views)
        return pick(first, index) ?? pick(second, index)
    }

    private static func pick(_ names: [String], _ index: UInt8) -> String? {
        names.isEmpty ? nil : names[Int(index) % names.count]
    }

    /// Sizes cannot be negative; a negative number read as a size means its magnitude.
    private static func magnitude(_ value: Double) -> Double { value < 0 ? -value : value }
}

/// Reads bytes front to back; every read returns nil once the input is exhausted.
struct ByteReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number as ``CommandFormat`` lays it out.
    mutating func number() -> Double? {
        guard let b = byte() else { return nil }
        if b == CommandFormat.rawNumberMarker {
            var bits: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 8) {
                guard let next = byte() else { return nil }
                bits |= UInt64(next) << UInt64(shift)
            }
            return CommandFormat.finite(Double(bitPattern: bits))
        }
        if b < CommandFormat.tableCount { return CommandFormat.interestingValues[Int(b)] }
        return Double(b - CommandFormat.tableCount) * CommandFormat.gridStep
    }

    /// A touch id: one of the plain ids `0` … `15` by a byte, or (when `spelled`, version
    /// 4) after ``CommandFormat/spelledTouchMarker`` a length byte and the id's characters.
    mutating func touch(spelled: Bool) -> TouchID? {
        guard let b = byte() else { return nil }
        guard spelled, b == CommandFormat.spelledTouchMarker else { return TouchID(Int(b) % CommandFormat.touchIDCount) }
        guard let length = byte() else { return nil }
        var text = ""
        for _ in 0 ... Int(length) % CommandFormat.maxSpelledTouchLength {
            guard let c = byte() else { return nil }
            text.append(CommandFormat.touchAlphabet[Int(c) % CommandFormat.touchAlphabet.count])
        }
        return TouchID(text)
    }

    /// `x y w h`; a negative width or height becomes its magnitude.
    mutating func frame() -> Rect? {
        guard let x = number(), let y = number(), let w = number(), let h = number() else { return nil }
        return Rect(x, y, w < 0 ? -w : w, h < 0 ? -h : h)
    }
}
