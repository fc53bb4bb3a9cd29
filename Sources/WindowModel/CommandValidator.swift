/// Checks that each command of a list is meaningful where it stands: names are
/// well-formed, defined once, and refer to live objects of the right kind; numbers
/// are finite; sizes are not negative; limits hold.
///
/// It tracks which objects exist (windows, their scenes, the view tree) and nothing
/// of window semantics: no order, no key window, no hit testing. The parser, the
/// generator and the binary decoder all use it, so every engine only ever receives
/// valid commands.
public struct CommandValidator: Sendable {
    public let limits: CommandLimits

    private var scenes: Set<String> = [mainSceneName]
    /// Connected screens (D1); a disconnected one may be connected again.
    private var screens: Set<String> = [mainScreenName]
    /// Every window or view name ever defined, live or not: names are never reused.
    private var definedNames: Set<String> = []
    /// Live windows and the scene each is in.
    private var windowScene: [String: String] = [:]
    /// Live views: parent name (a window or a view) and depth below the window.
    private var viewParent: [String: String] = [:]
    private var viewDepth: [String: Int] = [:]
    private var children: [String: [String]] = [:]
    private var commandCount = 0
    private var sawCommand = false

    public init(limits: CommandLimits = .scenario) {
        self.limits = limits
    }

    // MARK: Queries for generators and decoders

    /// Live windows, in no particular order.
    public var liveWindows: Dictionary<String, String>.Keys { windowScene.keys }
    /// Live views, in no particular order.
    public var liveViews: Dictionary<String, String>.Keys { viewParent.keys }
    /// Scenes, in no particular order.
    public var sceneNames: Set<String> { scenes }
    /// Connected screens, `main` included, in no particular order.
    public var connectedScreenNames: Set<String> { screens }
    public func isLiveWindow(_ name: String) -> Bool { windowScene[name] != nil }
    public func isLiveView(_ name: String) -> Bool { viewParent[name] != nil }
    public func scene(ofWindow name: String) -> String? { windowScene[name] }
    public func depth(ofView name: String) -> Int? { viewDepth[name] }
    /// A live view's parent (a window or a view); nil for anything else.
    public func parent(ofView name: String) -> String? { viewParent[name] }
    /// The live subviews of a window or view, back to front.
    public func subviews(of name: String) -> [String] { children[name] ?? [] }

    /// Whether `text` is a well-formed window, view or scene name: letters, digits,
    /// `_`, `.`, `-`, starting with a letter or `_`.
    public static func isValidName<S: StringProtocol>(_ text: S) -> Bool {
        // Over the contiguous bytes when there are (native strings): the generic
        // view walk costs more than the check (this runs on every name an engine answers).
        if let valid = text.utf8.withContiguousStorageIfAvailable(isValidName(bytes:)) { return valid }
        return isValidName(bytes: Array(text.utf8))
    }

    private static func isValidName<C: Collection<UInt8>>(bytes: C) -> Bool {
        guard let first = bytes.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return bytes.allSatisfy { isLetter($0) || isDigit($0) || $0 == 95 || $0 == 46 || $0 == 45 }
    }

    /// Whether `text` is a well-formed key or touch id token: a name, or digits.
    public static func isValidToken<S: StringProtocol>(_ text: S) -> Bool {
        guard !text.isEmpty else { return false }
        return isValidName(text) || text.utf8.allSatisfy { isDigit($0) || isLetter($0) || $0 == 95 || $0 == 46 || $0 == 45 }
    }

    /// Whether `text` is an expectation in the form the scenario parser produces:
    /// no control characters, no tab, single spaces only between words, not `nothing`.
    public static func isCanonicalExpectation(_ text: String) -> Bool {
        guard text != "nothing", text.first != " ", text.last != " ", !text.contains("  ") else { return false }
        return text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
    }

    private static func isLetter(_ b: UInt8) -> Bool { (b >= 65 && b <= 90) || (b >= 97 && b <= 122) }
    private static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }

    // MARK: Validation

    /// Checks `command` against everything validated before it and, when it is
    /// valid, records what it creates or destroys.
    public mutating func validate(_ command: Command) throws(CommandError) {
        guard commandCount < limits.maxCommands else {
            throw CommandError("more than \(limits.maxCommands) statements", kind: .limit)
        }
        try check(command)
        record(command)
        commandCount += 1
        sawCommand = true
    }

    /// Checks `expectation`: it needs a command before it, and its text must be one
    /// scenario text can spell.
    public mutating func validate(_ expectation: Expectation) throws(CommandError) {
        guard commandCount < limits.maxCommands else {
            throw CommandError("more than \(limits.maxCommands) statements", kind: .limit)
        }
        guard sawCommand else { throw CommandError("'expect' has no statement before it") }
        if case let .observation(text) = expectation {
            guard !text.isEmpty else { throw CommandError("'expect' needs an observation") }
            guard !text.contains("#"), !text.contains("\n") else {
                throw CommandError("an expectation cannot contain '#' or a line break")
            }
            // Only texts that scenario text can spell, so that parse(print(x)) == x.
            guard Self.isCanonicalExpectation(text) else {
                throw CommandError("an expectation must be printable text with single spaces between words"
                    + " and not the word 'nothing' alone")
            }
        }
        commandCount += 1
    }

    /// Checks a statement: a command or an expectation.
    public mutating func validate(_ statement: Statement) throws(CommandError) {
        switch statement {
        case let .command(command): try validate(command)
        case let .expectation(expectation): try validate(expectation)
        }
    }

    private func check(_ command: Command) throws(CommandError) {
        switch command {
        case let .createScene(name, size):
            try requireName(name)
            guard !scenes.contains(name) else { throw CommandError("scene '\(name)' is already defined", kind: .name, token: name) }
            guard scenes.count < limits.maxScenes else { throw CommandError("more than \(limits.maxScenes) scenes", kind: .limit) }
            try requireSize(size, "scene size")
        case let .createWindow(name, scene, frame, level, withRootView):
            try requireNew(name)
            if withRootView { try requireNew(name + ".root") }
            try requireScene(scene)
            try requireFrame(frame)
            try requireFinite(level, "level")
            guard definedNames.count + (withRootView ? 2 : 1) <= limits.maxObjects else {
                throw CommandError("more than \(limits.maxObjects) windows and views", kind: .limit)
            }
        case let .createView(name, parent, frame):
            try requireNew(name)
            let parentDepth: Int
            if windowScene[parent] != nil {
                parentDepth = 0
            } else if let depth = viewDepth[parent] {
                parentDepth = depth
            } else {
                throw unknown(parent, "window or view")
            }
            guard parentDepth + 1 <= limits.maxViewDepth else {
                throw CommandError("view '\(name)' would be nested deeper than \(limits.maxViewDepth) levels",
                                   kind: .limit, token: name)
            }
            try requireFrame(frame)
            guard definedNames.count < limits.maxObjects else {
                throw CommandError("more than \(limits.maxObjects) windows and views", kind: .limit)
            }
        case let .show(w), let .hide(w), let .release(w), let .makeKey(w), let .makeKeyAndVisible(w),
             let .setPassthrough(w, _):
            try requireWindow(w)
        case let .setLevel(w, level):
            try requireWindow(w)
            try requireFinite(level, "level")
        case let .setFrame(target, frame):
            try requireObject(target)
            try requireFrame(frame)
        case let .setBoundsOrigin(target, origin):
            try requireObject(target)
            try requirePoint(origin)
        case let .setAlpha(target, alpha):
            try requireObject(target)
            try requireFinite(alpha, "alpha")
        case let .setHidden(target, _), let .setInteraction(target, _),
             let .setExclusiveTouch(target, _), let .setMultipleTouch(target, _):
            try requireObject(target)
        case let .setTransform(target, transform):
            try requireObject(target)
            for number in transform.numbers { try requireFinite(number, "transform") }
        case let .moveWindow(w, scene):
            try requireWindow(w)
            try requireScene(scene)
        case let .connectScreen(name, size):
            try requireName(name)
            guard !screens.contains(name) else { throw CommandError("screen '\(name)' is already connected", kind: .name, token: name) }
            guard screens.count < limits.maxScenes else { throw CommandError("more than \(limits.maxScenes) screens", kind: .limit) }
            try requireSize(size, "screen size")
        case let .placeScene(scene, screen):
            try requireScene(scene)
            try requireScreen(screen)
        case let .disconnectScreen(name):
            try requireScreen(name)
            guard name != mainScreenName else {
                throw CommandError("the main screen cannot be disconnected (it is the device's own)")
            }
        case let .remove(v), let .bringToFront(v), let .sendToBack(v):
            guard viewParent[v] != nil else {
                if windowScene[v] != nil { throw CommandError("'\(v)' is a window, not a view", kind: .name, token: v) }
                throw unknown(v, "view")
            }
        case let .touchBegan(id, point, scene):
            try requireToken(id.text, "touch id")
            try requirePoint(point)
            try requireScene(scene)
        case let .touchMoved(id, point), let .touchEnded(id, point):
            try requireToken(id.text, "touch id")
            try requirePoint(point)
        case let .touchCancelled(id):
            try requireToken(id.text, "touch id")
        case let .press(key, scene):
            try requireToken(key, "key")
            try requireScene(scene)
        case let .hit(point, scene):
            try requirePoint(point)
            try requireScene(scene)
        case let .order(scene), let .keyWindow(scene):
            try requireScene(scene)
        case let .convert(point, from, to):
            try requirePoint(point)
            try requireSpace(from)
            try requireSpace(to)
        }
    }

    private mutating func record(_ command: Command) {
        switch command {
        case let .createScene(name, _):
            scenes.insert(name)
        case let .createWindow(name, scene, _, _, withRootView):
            definedNames.insert(name)
            windowScene[name] = scene
            if withRootView { addView(name + ".root", parent: name, depth: 1) }
        case let .createView(name, parent, _):
            addView(name, parent: parent, depth: (viewDepth[parent] ?? 0) + 1)
        case let .moveWindow(w, scene):
            windowScene[w] = scene
        case let .connectScreen(name, _):
            screens.insert(name)
        case let .disconnectScreen(name):
            screens.remove(name)
        case let .release(w):
            windowScene[w] = nil
            for child in children[w] ?? [] { forget(child) }
            children[w] = nil
        case let .remove(v):
            if let parent = viewParent[v] { children[parent]?.removeAll { $0 == v } }
            forget(v)
        default:
            break
        }
    }

    private mutating func addView(_ name: String, parent: String, depth: Int) {
        definedNames.insert(name)
        viewParent[name] = parent
        viewDepth[name] = depth
        children[parent, default: []].append(name)
    }

    /// Forgets a view and its whole subtree (iteratively: trees may be deep).
    private mutating func forget(_ view: String) {
        var pending = [view]
        while let next = pending.popLast() {
            viewParent[next] = nil
            viewDepth[next] = nil
            pending.append(contentsOf: children[next] ?? [])
            children[next] = nil
        }
    }

    // MARK: Checks

    private func requireName(_ name: String) throws(CommandError) {
        guard name.utf8.count <= limits.maxNameLength else {
            throw CommandError("name is longer than \(limits.maxNameLength) bytes", kind: .tooLong, token: name)
        }
        guard Self.isValidName(name) else { throw CommandError("'\(name)' is not a valid name", kind: .name, token: name) }
    }

    private func requireToken(_ token: String, _ what: String) throws(CommandError) {
        guard token.utf8.count <= limits.maxNameLength else {
            throw CommandError("\(what) is longer than \(limits.maxNameLength) bytes", kind: .tooLong, token: token)
        }
        guard Self.isValidToken(token) else { throw CommandError("'\(token)' is not a valid \(what)", kind: .name, token: token) }
    }

    private func requireNew(_ name: String) throws(CommandError) {
        try requireName(name)
        guard name != CoordinateSpace.screenKeyword else {
            throw CommandError("'\(name)' is reserved for the screen", kind: .name, token: name)
        }
        guard !definedNames.contains(name) else {
            throw CommandError("'\(name)' is already defined (names are never reused, even after release)",
                               kind: .name, token: name)
        }
    }

    private func unknown(_ name: String, _ kind: String) -> CommandError {
        if definedNames.contains(name) {
            return CommandError("'\(name)' no longer exists (it was released or removed)", kind: .name, token: name)
        }
        return CommandError("unknown \(kind) '\(name)'", kind: .name, token: name)
    }

    private func requireWindow(_ name: String) throws(CommandError) {
        guard windowScene[name] != nil else {
            if viewParent[name] != nil { throw CommandError("'\(name)' is a view, not a window", kind: .name, token: name) }
            throw unknown(name, "window")
        }
    }

    private func requireObject(_ name: String) throws(CommandError) {
        guard windowScene[name] != nil || viewParent[name] != nil else { throw unknown(name, "window or view") }
    }

    private func requireScene(_ name: String) throws(CommandError) {
        guard scenes.contains(name) else { throw CommandError("unknown scene '\(name)'", kind: .name, token: name) }
    }

    private func requireScreen(_ name: String) throws(CommandError) {
        guard screens.contains(name) else { throw CommandError("no connected screen '\(name)'", kind: .name, token: name) }
    }

    private func requireSpace(_ space: CoordinateSpace) throws(CommandError) {
        if case let .named(name) = space { try requireObject(name) }
    }

    private func requireFinite(_ value: Double, _ what: String) throws(CommandError) {
        guard value.isFinite else { throw CommandError("\(what) must be a finite number", kind: .notFinite) }
    }

    private func requirePoint(_ point: Point) throws(CommandError) {
        try requireFinite(point.x, "x")
        try requireFinite(point.y, "y")
    }

    private func requireSize(_ size: Size, _ what: String) throws(CommandError) {
        try requireFinite(size.width, "width")
        try requireFinite(size.height, "height")
        guard size.width >= 0, size.height >= 0 else {
            throw CommandError("\(what) cannot be negative (\(NumberText.format(size.width)) x \(NumberText.format(size.height)))",
                               kind: .negativeSize)
        }
    }

    private func requireFrame(_ frame: Rect) throws(CommandError) {
        try requirePoint(frame.origin)
        try requireSize(frame.size, "frame size")
    }
}
