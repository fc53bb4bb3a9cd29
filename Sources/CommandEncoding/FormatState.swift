import WindowModel

/// The live objects of a partly decoded list, in the order the format indexes them.
///
/// The decoder picks objects by index into these arrays and the encoder finds the
/// index of a name in them, so both must update them identically: they call
/// ``apply(_:)`` with every command they accept, and nothing else changes them.
/// (``CommandValidator`` tracks the same objects but unordered, so it cannot
/// provide stable indices.)
struct FormatState {
    /// Live windows, in creation order.
    private(set) var windows: [String] = []
    /// Live views (root views included), in creation order.
    private(set) var views: [String] = []
    private(set) var scenes: [String] = [mainSceneName]
    /// Connected screens, `main` first, then in connection order.
    private(set) var screens: [String] = [mainScreenName]
    private(set) var screensCreated = 0
    private(set) var windowsCreated = 0
    /// Views created by `createView`: the counter behind the `vN` names.
    private(set) var namedViewsCreated = 0
    /// All views created, root views included: what ``CommandFormat/maxViews`` caps.
    private(set) var allViewsCreated = 0
    /// Parent (window or view) and depth of each live view.
    private var parent: [String: String] = [:]
    private var depth: [String: Int] = [:]

    var nextWindowName: String { "w\(windowsCreated)" }
    var nextViewName: String { "v\(namedViewsCreated)" }
    var nextSceneName: String { "s\(scenes.count)" }
    var canCreateScene: Bool { scenes.count < CommandFormat.maxScenes }
    var nextScreenName: String { "d\(screensCreated + 1)" }
    var canCreateScreen: Bool { screensCreated < CommandFormat.maxScreens }
    /// Connected screens that can be disconnected (all but `main`).
    var detachableScreens: ArraySlice<String> { screens.dropFirst() }
    var canCreateWindow: Bool { windowsCreated < CommandFormat.maxWindows }
    func canCreateViews(_ count: Int) -> Bool { allViewsCreated + count <= CommandFormat.maxViews }

    /// Depth a new child of `parent` would have, nil when `parent` is not live.
    func childDepth(of parentName: String) -> Int? {
        if windows.contains(parentName) { return 1 }
        return depth[parentName].map { $0 + 1 }
    }

    /// Records what an accepted command creates or destroys.
    mutating func apply(_ command: Command) {
        switch command {
        case let .createScene(name, _):
            scenes.append(name)
        case let .createWindow(name, _, _, _, withRootView):
            windows.append(name)
            windowsCreated += 1
            if withRootView { addView(name + ".root", parent: name, depth: 1) }
        case let .createView(name, parentName, _):
            namedViewsCreated += 1
            addView(name, parent: parentName, depth: childDepth(of: parentName) ?? 1)
        case let .connectScreen(name, _):
            screens.append(name)
            screensCreated += 1
        case let .disconnectScreen(name):
            screens.removeAll { $0 == name }
        case let .release(window):
            windows.removeAll { $0 == window }
            removeDescendants(of: window)
        case let .remove(view):
            removeDescendants(of: view)
            views.removeAll { $0 == view }
            parent[view] = nil
            depth[view] = nil
        default:
            break
        }
    }

    private mutating func addView(_ name: String, parent parentName: String, depth d: Int) {
        views.append(name)
        allViewsCreated += 1
        parent[name] = parentName
        depth[name] = d
    }

    /// Forgets every live view below `ancestor`. Views are few (at most 256) and
    /// shallow (at most 16), so walking each one's parent chain is cheap enough.
    private mutating func removeDescendants(of ancestor: String) {
        let doomed = Set(views.filter { isDescendant($0, of: ancestor) })
        guard !doomed.isEmpty else { return }
        views.removeAll { doomed.contains($0) }
        for name in doomed {
            parent[name] = nil
            depth[name] = nil
        }
    }

    private func isDescendant(_ view: String, of ancestor: String) -> Bool {
        var current = parent[view]
        while let name = current {
            if name == ancestor { return true }
            current = parent[name]
        }
        return false
    }
}
