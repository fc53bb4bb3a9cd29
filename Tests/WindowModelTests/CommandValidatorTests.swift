import Testing
import WindowModel

@Suite("CommandValidator")
struct CommandValidatorTests {
    static func window(_ name: String, root: Bool = false, width: Double = 10) -> Command {
        .createWindow(name: name, scene: mainSceneName, frame: Rect(0, 0, width, 10), level: 0, withRootView: root)
    }

    /// The message of the first command the validator rejects, or nil.
    static func firstError(_ commands: [Command], limits: CommandLimits = .scenario) -> String? {
        firstError(commands.map(Statement.command), limits: limits)
    }

    static func firstError(_ statements: [Statement], limits: CommandLimits = .scenario) -> String? {
        var validator = CommandValidator(limits: limits)
        for statement in statements {
            do { try validator.validate(statement) } catch { return error.message }
        }
        return nil
    }

    @Test("a name is defined once, even after release")
    func duplicateNames() {
        #expect(Self.firstError([Self.window("a"), Self.window("a")])?.contains("already defined") == true)
        #expect(Self.firstError([Self.window("a"), .release(window: "a"), Self.window("a")])?.contains("already defined") == true)
        #expect(Self.firstError([Self.window("a", root: true), Self.window("a.root")])?.contains("already defined") == true)
    }

    @Test("released windows and removed views (with their subtrees) cannot be named")
    func goneNames() {
        let tree: [Command] = [
            Self.window("w", root: true),
            .createView(name: "v", parent: "w.root", frame: Rect(0, 0, 1, 1)),
            .createView(name: "leaf", parent: "v", frame: Rect(0, 0, 1, 1)),
        ]
        #expect(Self.firstError(tree + [.remove(view: "v"), .show(window: "w"), .setAlpha(target: "leaf", alpha: 1)])?
            .contains("no longer exists") == true)
        #expect(Self.firstError(tree + [.release(window: "w"), .setHidden(target: "w.root", hidden: true)])?
            .contains("no longer exists") == true)
        #expect(Self.firstError(tree + [.remove(view: "w")])?.contains("is a window, not a view") == true)
        #expect(Self.firstError(tree + [.show(window: "v")])?.contains("is a view, not a window") == true)
    }

    @Test("G1 and G3: non-finite numbers and negative sizes are errors; zero sizes are fine")
    func numbers() {
        #expect(Self.firstError([Self.window("a", width: -1)])?.contains("cannot be negative") == true)
        #expect(Self.firstError([Self.window("a", width: .infinity)])?.contains("finite") == true)
        #expect(Self.firstError([Self.window("a"), .setAlpha(target: "a", alpha: .nan)])?.contains("finite") == true)
        #expect(Self.firstError([Self.window("a", width: 0)]) == nil)
    }

    @Test("limits: statements, objects, scenes and view depth")
    func limits() {
        let tight = CommandLimits(maxCommands: 3, maxObjects: 2, maxScenes: 2, maxViewDepth: 2, maxNameLength: 4)
        #expect(Self.firstError(Array(repeating: .order(scene: mainSceneName), count: 4), limits: tight)?.contains("more than 3") == true)
        #expect(Self.firstError([Self.window("a"), Self.window("b"), Self.window("c")], limits: tight)?.contains("more than 2") == true)
        #expect(Self.firstError([Self.window("abcde")], limits: tight)?.contains("longer than 4") == true)
        let deep: [Command] = [
            Self.window("w"),
            .createView(name: "v1", parent: "w", frame: Rect(0, 0, 1, 1)),
            .createView(name: "v2", parent: "v1", frame: Rect(0, 0, 1, 1)),
        ]
        let roomy = CommandLimits(maxCommands: 10, maxObjects: 10, maxScenes: 2, maxViewDepth: 1, maxNameLength: 8)
        #expect(Self.firstError(deep, limits: roomy)?.contains("deeper than 1") == true)
    }

    @Test("expectations need a statement before them; 'screen' is reserved")
    func expectationsAndReservedNames() {
        #expect(Self.firstError([.expectation(.observation("order main:"))])?.contains("no statement before it") == true)
        #expect(Self.firstError([.expectation(.nothing)])?.contains("no statement before it") == true)
        #expect(Self.firstError([.command(.order(scene: mainSceneName)), .expectation(.observation("order main:"))]) == nil)
        #expect(Self.firstError([Self.window("screen")])?.contains("reserved") == true)
        #expect(Self.firstError([.order(scene: "elsewhere")])?.contains("unknown scene") == true)
    }
}
