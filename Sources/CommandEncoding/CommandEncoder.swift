import WindowModel

/// Why a command list has no encoding.
public struct CommandEncodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Index of the first command that cannot be encoded.
    public var commandIndex: Int
    public var reason: String
    public var description: String { "command \(commandIndex + 1): \(reason)" }
}

/// Turns a command list into the bytes ``CommandDecoder`` reads back as that list.
///
/// Encodable lists are exactly the valid lists of the canonical subset, the lists the
/// decoder can produce:
/// - every command passes one ``CommandValidator`` with ``CommandFormat/limits``
///   in order (so names refer to live objects, numbers are finite, sizes are not
///   negative), and the list stays within the caps of ``CommandFormat``
///   (512 commands, 64 windows, 256 views root views included, 4 scenes, 3 screens
///   connected over the list, depth 16);
/// - new objects take the next canonical name: windows `w0`, `w1`, … and views
///   `v0`, `v1`, … in creation order (root views are `wN.root` and take no `vN`),
///   scenes `s1`, `s2`, `s3`, screens `d1`, `d2`, `d3` (never connected again);
/// - touch ids are tokens of at most 64 characters (`0` … `15` without leading zeros
///   take one byte; any other is spelled, version 4); keys are `k0` … `k7`.
///
/// For every such list `decode(encode(x)) == .commands(x)`; in particular
/// `decode(encode(decode(b))) == decode(b)` for any bytes `b` of the current version.
/// Every finite `Double` is encodable (bit for bit, `-0.0` included). The bytes are
/// canonical: the first opcode slot of a kind, unused flag bits 0, a number as a
/// table entry if it is one (compared by bit pattern), else on the grid, else raw.
public enum CommandEncoder {
    /// Encodes `commands`, or throws the first command outside the encodable subset.
    /// - Parameter version: the current one, or 3, which means the same bytes for lists
    ///   whose touch ids are all plain (`0` … `15`): the seed pack of version 3 is
    ///   regenerated with it.
    public static func encode(_ commands: [Command],
                              version: UInt8 = CommandFormat.version) throws(CommandEncodingError) -> [UInt8] {
        guard version == 3 || version == CommandFormat.version else {
            throw CommandEncodingError(commandIndex: 0, reason: "version \(version) is not written (3 or \(CommandFormat.version))")
        }
        var out: [UInt8] = [version]
        var state = FormatState()
        var validator = CommandValidator(limits: CommandFormat.limits)
        for (index, command) in commands.enumerated() {
            func fail(_ reason: String) -> CommandEncodingError {
                CommandEncodingError(commandIndex: index, reason: reason)
            }
            do {
                try validator.validate(command)
            } catch {
                throw fail("invalid here: \(error.message)")
            }
            if let reason = encodeOne(command, state, spelled: CommandFormat.spellsTouchIDs(version: version), &out) {
                throw fail(reason)
            }
            state.apply(command)
        }
        return out
    }

    /// Appends `command`; returns why it is not encodable instead when it is not.
    private static func encodeOne(_ command: Command, _ s: FormatState, spelled: Bool, _ out: inout [UInt8]) -> String? {
        var w = Writer(state: s, spelledTouchIDs: spelled)
        switch command {
        case let .createScene(name, size):
            guard s.canCreateScene else { return "more than \(CommandFormat.maxScenes) scenes" }
            guard name == s.nextSceneName else { return "scene '\(name)' should be named '\(s.nextSceneName)'" }
            w.op(.createScene); w.number(size.width); w.number(size.height)
        case let .createWindow(name, scene, frame, level, withRootView):
            guard s.canCreateWindow else { return "more than \(CommandFormat.maxWindows) windows" }
            guard name == s.nextWindowName else { return "window '\(name)' should be named '\(s.nextWindowName)'" }
            guard !withRootView || s.canCreateViews(1) else { return "more than \(CommandFormat.maxViews) views" }
            w.op(.createWindow, flag: withRootView); w.index(scene, in: s.scenes); w.frame(frame); w.number(level)
        case let .createView(name, parent, frame):
            guard s.canCreateViews(1) else { return "more than \(CommandFormat.maxViews) views" }
            guard name == s.nextViewName else { return "view '\(name)' should be named '\(s.nextViewName)'" }
            w.opWithObject(.createView, parent); w.frame(frame)
        case let .show(x): w.op(.show); w.index(x, in: s.windows)
        case let .hide(x): w.op(.hide); w.index(x, in: s.windows)
        case let .release(x): w.op(.release); w.index(x, in: s.windows)
        case let .makeKey(x): w.op(.makeKey); w.index(x, in: s.windows)
        case let .makeKeyAndVisible(x): w.op(.makeKeyAndVisible); w.index(x, in: s.windows)
        case let .setLevel(x, level): w.op(.setLevel); w.index(x, in: s.windows); w.number(level)
        case let .setPassthrough(x, on): w.op(.setPassthrough, flag: on); w.index(x, in: s.windows)
        case let .setFrame(t, frame): w.opWithObject(.setFrame, t); w.frame(frame)
        case let .setBoundsOrigin(t, p): w.opWithObject(.setBoundsOrigin, t); w.number(p.x); w.number(p.y)
        case let .setAlpha(t, alpha): w.opWithObject(.setAlpha, t); w.number(alpha)
        case let .setHidden(t, on): w.opWithObject(.setHidden, t, flag: on)
        case let .setInteraction(t, on): w.opWithObject(.setInteraction, t, flag: on)
        case let .setExclusiveTouch(t, on): w.opWithObject(.setExclusiveTouch, t, flag: on)
        case let .setMultipleTouch(t, on): w.opWithObject(.setMultipleTouch, t, flag: on)
        case let .setTransform(t, m):
            w.opWithObject(.setTransform, t)
            for value in m.numbers { w.number(value) }
        case let .moveWindow(x, scene): w.op(.moveWindow); w.index(x, in: s.windows); w.index(scene, in: s.scenes)
        case let .connectScreen(name, size):
            guard s.canCreateScreen else { return "more than \(CommandFormat.maxScreens) screens" }
            guard name == s.nextScreenName else { return "screen '\(name)' should be named '\(s.nextScreenName)'" }
            w.op(.connectScreen); w.number(size.width); w.number(size.height)
        case let .placeScene(scene, screen):
            w.op(.placeScene); w.index(scene, in: s.scenes); w.index(screen, in: s.screens)
        case let .disconnectScreen(name):
            w.op(.disconnectScreen); w.index(name, in: Array(s.detachableScreens))
        case let .remove(v): w.op(.remove); w.index(v, in: s.views)
        case let .bringToFront(v): w.op(.bringToFront); w.index(v, in: s.views)
        case let .sendToBack(v): w.op(.sendToBack); w.index(v, in: s.views)
        case let .touchBegan(id, p, scene):
            w.op(.touchBegan); w.touch(id); w.number(p.x); w.number(p.y); w.index(scene, in: s.scenes)
        case let .touchMoved(id, p): w.op(.touchMoved); w.touch(id); w.number(p.x); w.number(p.y)
        case let .touchEnded(id, p): w.op(.touchEnded); w.touch(id); w.number(p.x); w.number(p.y)
        case let .touchCancelled(id): w.op(.touchCancelled); w.touch(id)
        case let .press(key, scene):
            w.op(.press)
            guard let k = (0..<CommandFormat.keyCount).first(where: { "k\($0)" == key }) else {
                return "key '\(key)' is not one of k0 … k\(CommandFormat.keyCount - 1)"
            }
            w.bytes.append(UInt8(k)); w.index(scene, in: s.scenes)
        case let .hit(p, scene): w.op(.hit); w.number(p.x); w.number(p.y); w.index(scene, in: s.scenes)
        case let .order(scene): w.op(.order); w.index(scene, in: s.scenes)
        case let .keyWindow(scene): w.op(.keyWindow); w.index(scene, in: s.scenes)
        case let .convert(p, from, to):
            w.op(.convert); w.number(p.x); w.number(p.y)
            let (fromClass, fromIndex) = w.space(from), (toClass, toIndex) = w.space(to)
            w.bytes.append(fromClass | toClass << 4)
            w.bytes.append(contentsOf: [fromIndex, toIndex].compactMap { $0 })
        }
        if let problem = w.problem { return problem }
        out.append(contentsOf: w.bytes)
        return nil
    }
}

/// Appends one command's bytes, remembering the first reason it cannot.
private struct Writer {
    let state: FormatState
    /// Whether touch ids other than the plain ones may be spelled (version 4).
    let spelledTouchIDs: Bool
    var bytes: [UInt8] = []
    var problem: String?

    /// The opcode byte; a version-2 or -3 kind goes behind the extension slot.
    mutating func op(_ kind: CommandFormat.Kind, flag: Bool = false, view: Bool = false) {
        let flags = (flag ? CommandFormat.flagBool : 0) | (view ? CommandFormat.flagView : 0)
        if let pick = CommandFormat.extensionKinds.firstIndex(of: kind) {
            bytes.append(CommandFormat.slot(of: .extensionSlot) | flags)
            bytes.append(UInt8(pick))
        } else {
            bytes.append(CommandFormat.slot(of: kind) | flags)
        }
    }

    /// An opcode whose operand is a window or a view, then that operand.
    mutating func opWithObject(_ kind: CommandFormat.Kind, _ name: String, flag: Bool = false) {
        let isView = state.views.contains(name)
        op(kind, flag: flag, view: isView)
        index(name, in: isView ? state.views : state.windows)
    }

    mutating func index(_ name: String, in names: [String]) {
        // Live objects fit a byte: at most 64 windows, 256 views, 4 scenes.
        guard let i = names.firstIndex(of: name), i <= 255 else {
            problem = problem ?? "'\(name)' is not live here"
            return
        }
        bytes.append(UInt8(i))
    }

    /// (class, index byte) of a coordinate space.
    mutating func space(_ space: CoordinateSpace) -> (UInt8, UInt8?) {
        guard case let .named(name) = space else { return (0, nil) }
        let isView = state.views.contains(name)
        let names = isView ? state.views : state.windows
        guard let i = names.firstIndex(of: name) else {
            problem = problem ?? "'\(name)' is not live here"
            return (0, nil)
        }
        return (isView ? 2 : 1, UInt8(i))
    }

    /// A plain id (`0` … `15`, no leading zero) as its byte; any other as spelled (version 4).
    mutating func touch(_ id: TouchID) {
        if let n = (0..<CommandFormat.touchIDCount).first(where: { TouchID($0) == id }) {
            bytes.append(UInt8(n))
            return
        }
        let characters = Array(id.text)
        let indices = characters.compactMap { CommandFormat.touchAlphabet.firstIndex(of: $0) }
        guard spelledTouchIDs else {
            problem = problem ?? "touch id '\(id)' is not one of 0 … \(CommandFormat.touchIDCount - 1) (version 3)"
            return
        }
        guard !characters.isEmpty, characters.count <= CommandFormat.maxSpelledTouchLength,
              indices.count == characters.count else {
            problem = problem ?? "touch id '\(id)' is not 1 to \(CommandFormat.maxSpelledTouchLength) of the characters "
                + "0-9 a-z A-Z _ . -"
            return
        }
        bytes.append(CommandFormat.spelledTouchMarker)
        bytes.append(UInt8(characters.count - 1))
        bytes += indices.map { UInt8($0) }
    }

    mutating func frame(_ r: Rect) {
        number(r.x); number(r.y); number(r.width); number(r.height)
    }

    /// A table byte if the value is in the table (by bit pattern, so -0.0 stays -0.0),
    /// else a grid byte, else the raw double.
    mutating func number(_ value: Double) {
        if let i = CommandFormat.interestingValues.firstIndex(where: { $0.bitPattern == value.bitPattern }) {
            bytes.append(UInt8(i))
            return
        }
        let steps = value / CommandFormat.gridStep
        let gridCount = Double(CommandFormat.rawNumberMarker - CommandFormat.tableCount)
        if value.bitPattern != (-0.0).bitPattern, steps >= 0, steps < gridCount, steps == steps.rounded(),
           Double(Int(steps)) * CommandFormat.gridStep == value {
            bytes.append(CommandFormat.tableCount + UInt8(Int(steps)))
            return
        }
        bytes.append(CommandFormat.rawNumberMarker)
        var bits = value.bitPattern
        for _ in 0..<8 {
            bytes.append(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }
}
