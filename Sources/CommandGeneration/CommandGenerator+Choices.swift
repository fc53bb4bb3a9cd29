import WindowModel

extension CommandGenerator {
    /// The kinds of command the generator draws, with their weights.
    enum Kind: CaseIterable {
        case scene, window, view
        case show, hide, release, makeKey, makeKeyAndVisible
        case frame, origin, alpha, hidden, interaction, level, passthrough
        case remove, front, back
        case began, moved, ended, cancelled, press
        case hit, order, keyWindow, convert
        case exclusiveTouch, multipleTouch, transform, move
        case screen, place, disconnect

        var weight: Int {
            switch self {
            case .scene: return 1
            case .window: return 8
            case .view: return 9
            case .show: return 6
            case .hide: return 3
            case .release: return 1
            case .makeKey: return 3
            case .makeKeyAndVisible: return 5
            case .frame: return 4
            case .origin: return 2
            case .alpha: return 3
            case .hidden: return 2
            case .interaction: return 2
            case .level: return 3
            case .passthrough: return 2
            case .remove: return 1
            case .front, .back: return 1
            case .began: return 7
            case .moved: return 5
            case .ended: return 3
            case .cancelled: return 1
            case .press: return 2
            case .hit: return 16
            case .order: return 2
            case .keyWindow: return 2
            case .convert: return 3
            case .exclusiveTouch, .multipleTouch: return 2
            case .transform: return 4
            case .move: return 2
            case .screen: return 2
            case .place: return 2
            case .disconnect: return 2
            }
        }

        /// The kind of ``Command`` this draws (its ``Command/kindName``).
        var commandKind: String {
            switch self {
            case .scene: return "createScene"
            case .window: return "createWindow"
            case .view: return "createView"
            case .show: return "show"
            case .hide: return "hide"
            case .release: return "release"
            case .makeKey: return "makeKey"
            case .makeKeyAndVisible: return "makeKeyAndVisible"
            case .frame: return "setFrame"
            case .origin: return "setBoundsOrigin"
            case .alpha: return "setAlpha"
            case .hidden: return "setHidden"
            case .interaction: return "setInteraction"
            case .level: return "setLevel"
            case .passthrough: return "setPassthrough"
            case .remove: return "remove"
            case .front: return "bringToFront"
            case .back: return "sendToBack"
            case .began: return "touchBegan"
            case .moved: return "touchMoved"
            case .ended: return "touchEnded"
            case .cancelled: return "touchCancelled"
            case .press: return "press"
            case .hit: return "hit"
            case .order: return "order"
            case .keyWindow: return "keyWindow"
            case .convert: return "convert"
            case .exclusiveTouch: return "setExclusiveTouch"
            case .multipleTouch: return "setMultipleTouch"
            case .transform: return "setTransform"
            case .move: return "moveWindow"
            case .screen: return "connectScreen"
            case .place: return "placeScene"
            case .disconnect: return "disconnectScreen"
            }
        }

        /// The rule groups of SEMANTICS.md a command of this kind can decide (by the
        /// letter of their ids), for coverage-guided weighting.
        var ruleGroups: Set<Character> {
            switch self {
            case .scene: return ["S"]
            case .window: return ["W", "G", "S"]
            case .view: return ["V", "H"]
            case .show, .hide, .release: return ["W", "N", "K", "T"]
            case .makeKey, .makeKeyAndVisible: return ["K", "N", "W"]
            case .frame, .origin: return ["G", "V", "W", "H"]
            case .alpha, .hidden, .interaction: return ["H", "G", "V", "W"]
            case .level: return ["W"]
            case .passthrough: return ["T"]
            case .remove: return ["V", "T"]
            case .front, .back: return ["V", "H"]
            case .began, .moved, .ended, .cancelled: return ["T", "H", "G"]
            case .press: return ["K"]
            case .hit: return ["T", "H", "G"]
            case .order: return ["Q", "W"]
            case .keyWindow: return ["Q", "K"]
            case .convert: return ["Q", "G", "A"]
            case .exclusiveTouch, .multipleTouch: return ["T"]
            case .transform: return ["A", "H", "G"]
            case .move: return ["M", "K", "N", "T"]
            case .screen: return ["D"]
            case .place: return ["D", "T"]
            case .disconnect: return ["D", "K", "N", "T"]
            }
        }
    }
}

extension CommandGenerator {
    /// A swarm draw: each kind is left out with probability 1/2 (making windows
    /// never is: without windows nothing else means anything), and each kept one
    /// gets a weight from 1 to 3 times its default.
    static func swarmWeights(_ random: inout SeededRandom) -> [Int] {
        Kind.allCases.map { kind in
            guard kind == .window || random.chance(0.5) else { return 0 }
            return kind.weight * Int.random(in: 1...3, using: &random)
        }
    }

    mutating func nextCommand() -> Command {
        var roll = Int.random(in: 0..<totalWeight, using: &random)
        var kind = Kind.hit
        for (candidate, weight) in zip(Kind.allCases, weights) {
            roll -= weight
            if roll < 0 { kind = candidate; break }
        }
        // Early on, build something to act on.
        if windows.count < 2 && random.chance(0.5) { kind = .window }
        return make(kind) ?? makeWindow() ?? .order(scene: mainSceneName)
    }

    mutating func make(_ kind: Kind) -> Command? {
        switch kind {
        case .scene:
            guard scenes.count < configuration.maxScenes else { return nil }
            let size = random.chance(0.5) ? defaultSceneSize : Size(sceneDimension(), sceneDimension())
            return .createScene(name: "s\(scenes.count)", size: size)
        case .window: return makeWindow()
        case .view: return makeView()
        case .show: return (strandedWindow() ?? window()).map { .show(window: $0) }
        case .hide:
            // Often the window made key last: K4 hands key status on only when the
            // key window goes (a guess: the generator does not see the answers).
            if let key = lastMadeKey, random.chance(0.3) { return .hide(window: key) }
            return window().map { .hide(window: $0) }
        case .release: return window().map { .release(window: $0) }
        case .makeKey: return window().map { .makeKey(window: $0) }
        case .makeKeyAndVisible: return window().map { .makeKeyAndVisible(window: $0) }
        case .frame:
            guard let target = object() else { return nil }
            return .setFrame(target: target, frame: rect(near: frames[target]))
        case .origin:
            guard let target = object() else { return nil }
            return .setBoundsOrigin(target: target, origin: Point(offset(), offset()))
        case .alpha: return object().map { .setAlpha(target: $0, alpha: alpha()) }
        case .hidden: return object().map { .setHidden(target: $0, hidden: random.chance(0.5)) }
        case .interaction: return object().map { .setInteraction(target: $0, enabled: random.chance(0.6)) }
        case .level: return window().map { .setLevel(window: $0, level: level()) }
        case .passthrough: return window().map { .setPassthrough(window: $0, enabled: random.chance(0.7)) }
        case .remove:
            // With fingers down, often a subtree near a window's root: one that can hold
            // several of them, whose cancellations T5 orders.
            if touchPoints.count >= 2, random.chance(0.5) {
                let subtrees = views.filter { parents[$0].map { !views.contains($0) } ?? false }
                if !subtrees.isEmpty { return .remove(view: random.pick(subtrees)) }
            }
            return view().map { .remove(view: $0) }
        case .front: return reorderedView().map { .bringToFront(view: $0) }
        case .back: return reorderedView().map { .sendToBack(view: $0) }
        case .began:
            // With a finger down, another often lands beside it (in the same view, or
            // a scene of another window there): several touches in one subtree, or in
            // each of two scenes, for a removal, a hide, a move or a disconnection to cancel.
            if let (held, scene) = heldTouch(), random.chance(0.3) {
                let near = Point(held.x + Double(Int.random(in: -3...3, using: &random)),
                                 held.y + Double(Int.random(in: -3...3, using: &random)))
                return .touchBegan(id: touchID(), at: near, scene: random.chance(0.7) ? scene : self.scene())
            }
            if !touchOptionTargets.isEmpty, random.chance(0.4), let point = nearTouchOptionTarget() {
                return .touchBegan(id: touchID(), at: point, scene: sceneOfObject(random.pick(touchOptionTargets)))
            }
            return .touchBegan(id: touchID(), at: screenPoint(), scene: scene())
        case .moved:
            let id = touchID()
            if let held = touchPoints[id], random.chance(0.15) { return .touchMoved(id: id, to: held) }
            return .touchMoved(id: id, to: screenPoint())
        case .ended: return .touchEnded(id: touchID(), at: screenPoint())
        case .cancelled: return .touchCancelled(id: touchID())
        case .press: return .press(key: "k\(Int.random(in: 0..<8, using: &random))", scene: scene())
        case .hit: return .hit(at: screenPoint(), scene: scene())
        case .order: return .order(scene: scene())
        case .keyWindow: return .keyWindow(scene: scene())
        case .convert: return .convert(point: screenPoint(), from: space(), to: space())
        case .exclusiveTouch: return object().map { .setExclusiveTouch(target: $0, enabled: random.chance(0.7)) }
        case .multipleTouch: return object().map { .setMultipleTouch(target: $0, enabled: random.chance(0.3)) }
        case .transform: return object().map { .setTransform(target: $0, transform: transform()) }
        case .move:
            guard scenes.count > 1, let w = window() else { return nil }
            return .moveWindow(window: w, scene: random.chance(0.1) ? validator.scene(ofWindow: w) ?? mainSceneName
                               : random.pick(scenes))
        case .screen: return makeScreen()
        case .place:
            // Often the scene of the latest touch (D2 cancels its touches when the
            // screen changes, and must not when it stays); else main half the time:
            // most windows and keys are there.
            let scene = random.chance(0.4) ? lastTouchScene
                : random.chance(0.5) ? mainSceneName : random.pick(scenes)
            // Its own screen a third of the time: D2's "nothing" must hold after
            // disconnections sent scenes back to main, too.
            let own = sceneScreens[scene] ?? mainScreenName
            return .placeScene(scene: scene, screen: random.chance(0.3) ? own : random.pick(screens))
        case .disconnect:
            guard screens.count > 1 else { return nil }
            return .disconnectScreen(name: random.pick(Array(screens.dropFirst())))
        }
    }

    /// A touch that is down (its last point and its scene), when there is one.
    private mutating func heldTouch() -> (Point, String)? {
        guard !touchPoints.isEmpty else { return nil }
        let id = touchPoints.keys.sorted { $0.text < $1.text }[0]
        return (touchPoints[id]!, touchScenes[id] ?? mainSceneName)
    }

    /// A screen `d1`, `d2`, `d3` (the encoding's names and cap); without the
    /// encoding's limits, sometimes a disconnected one connected again (D1).
    private mutating func makeScreen() -> Command? {
        let size = random.chance(0.5) ? defaultScreenSize : Size(sceneDimension(), sceneDimension())
        let gone = disconnectedScreens.filter { !screens.contains($0) }
        if !configuration.encodable, !gone.isEmpty, random.chance(0.5) {
            return .connectScreen(name: random.pick(gone), size: size)
        }
        guard screensConnected < 3 else { return nil }
        return .connectScreen(name: "d\(screensConnected + 1)", size: size)
    }

    mutating func makeWindow() -> Command? {
        guard windows.count < configuration.maxWindows else { return nil }
        windowCount += 1
        let name = "w\(windowCount - 1)"
        let frame = rect(near: windows.isEmpty ? nil : frames[random.pick(windows)])
        return .createWindow(
            name: name, scene: random.chance(0.8) ? mainSceneName : scene(),
            frame: frame, level: random.chance(0.6) ? 0 : level(), withRootView: random.chance(0.7))
    }

    private mutating func makeView() -> Command? {
        guard views.count < configuration.maxViews else { return nil }
        // Prefer the newest view as parent, or its parent, so trees grow deep as well as
        // wide: several siblings show their order (V2, H3).
        let candidates = windows + views
        guard !candidates.isEmpty else { return nil }
        let parent: String
        switch (views.last, Int.random(in: 0..<20, using: &random)) {
        case let (newest?, draw) where draw < 7: parent = newest
        case let (newest?, draw) where draw < 14: parent = parents[newest] ?? newest
        default: parent = random.pick(candidates)
        }
        viewCount += 1
        // Often beside or over a sibling: siblings that overlap show their order (V2, H3).
        let siblings = views.filter { parents[$0] == parent }
        let near = !siblings.isEmpty && random.chance(0.3) ? frames[random.pick(siblings)]
            : frames[parent].map { Rect(0, 0, $0.width, $0.height) }
        return .createView(name: "v\(viewCount - 1)", parent: parent, frame: rect(near: near))
    }

    /// A point on an object given a touch option, or on one of its siblings (T7,
    /// T8 decide between touches on the same window).
    mutating func nearTouchOptionTarget() -> Point? {
        let target = random.pick(touchOptionTargets)
        let siblings = views.filter { parents[$0] != nil && parents[$0] == parents[target] }
        // After a finger on an optioned object, the next one mostly lands beside it.
        let beside = aimedAtOptionTarget ? 0.8 : 0.5
        let aim = siblings.isEmpty || !random.chance(beside) ? target : random.pick(siblings)
        aimedAtOptionTarget = aim == target
        guard let frame = screenFrame(of: aim) else { return nil }
        return Point(frame.x + frame.width * Double.random(in: 0..<1, using: &random),
                     frame.y + frame.height * Double.random(in: 0..<1, using: &random))
    }

    /// The scene of a window or view (its window's scene).
    func sceneOfObject(_ name: String) -> String {
        var top = name
        while let parent = parents[top] { top = parent }
        return validator.scene(ofWindow: top) ?? mainSceneName
    }

    mutating func window() -> String? { windows.isEmpty ? nil : random.pick(windows) }

    /// Usually, a window its screen's disconnection hid (D3), taken off the list:
    /// shown again, it meets what the scene kept or forgot (key history, index).
    mutating func strandedWindow() -> String? {
        guard !strandedWindows.isEmpty, random.chance(0.6) else { return nil }
        return strandedWindows.remove(at: Int.random(in: 0..<strandedWindows.count, using: &random))
    }
    mutating func view() -> String? { views.isEmpty ? nil : random.pick(views) }

    /// A view to bring to the front or send to the back: mostly one with two siblings
    /// at least, since V2 keeps the others' order and only a point where two of them
    /// overlap shows it (then aimed at: ``reorderedSiblings``).
    mutating func reorderedView() -> String? {
        var children: [String: Int] = [:]
        for view in views { if let parent = parents[view] { children[parent, default: 0] += 1 } }
        let crowded = views.filter { parents[$0].map { children[$0, default: 0] >= 3 } ?? false }
        return !crowded.isEmpty && random.chance(0.7) ? random.pick(crowded) : view()
    }
    mutating func object() -> String? {
        let all = windows + views
        return all.isEmpty ? nil : random.pick(all)
    }
    mutating func scene() -> String { random.chance(0.85) ? mainSceneName : random.pick(scenes) }
    mutating func touchID() -> TouchID {
        // A case that spelled an id unusually goes on doing so half the time: a relative
        // of one it used (the same digits longer or shorter, padded, one more).
        if let model = lastUnusualTouchID, !configuration.encodable, random.chance(0.5) {
            lastUnusualTouchID = TouchID(random.pick(Self.relatives(of: model.text)))
            return lastUnusualTouchID!
        }
        if random.chance(0.9) { return TouchID(Int.random(in: 0..<4, using: &random)) }
        if configuration.encodable || random.chance(0.7) { return TouchID(Int.random(in: 0..<16, using: &random)) }
        // Names, zero-padded digits and numbers past 64 bits (20 to 40 digits): the T5
        // order compares them, and an engine that reads ids as machine integers misreads them.
        let digits = (0..<Int.random(in: 20...40, using: &random)).map { _ in String(Int.random(in: 0...9, using: &random)) }
        let id = TouchID(random.pick(["f1", "f10", "f2", "01", "001", "10", "18446744073709551616",
                                      "99999999999999999999", "a", "A", "0", "1" + digits.joined(), "000" + digits.joined()]))
        lastUnusualTouchID = id
        return id
    }

    /// Spellings that an engine comparing ids wrongly may confuse with `text`: padded and
    /// unpadded, one digit more or less, the last digit changed, a number past 64 bits.
    public static func relatives(of text: String) -> [String] {
        let bare = String(text.drop { $0 == "0" })
        var relatives = ["0" + text, bare.isEmpty ? "0" : bare, text + "0", String(text.dropLast()).isEmpty ? "1" : String(text.dropLast()),
                         "18446744073709551616", "18446744073709551617", "99999999999999999999"]
        if let last = text.last, let digit = last.wholeNumberValue {
            relatives.append(String(text.dropLast()) + String((digit + 1) % 10))
        } else {
            relatives += [text + "1", text.uppercased(), text.lowercased()]
        }
        return relatives.filter { !$0.isEmpty }
    }
    private mutating func space() -> CoordinateSpace {
        guard let name = object(), random.chance(0.85) else { return .screen }
        return .named(name)
    }
}
