import Foundation
import ProcessSupport
import WindowModel

/// Makes a failing command list minimal: fewer commands first, then simpler numbers
/// and simpler structure (see `Shrinker+Passes.swift`).
///
/// "Simpler" is defined once, by ``complexity(of:)``: a list with fewer commands is
/// simpler; with equally many, the one with less structure (shallower views, fewer
/// named spaces and scenes); then the one whose numbers cost less (zero costs
/// nothing, integers cost their size, fractions and extremes cost most). Every
/// accepted step lowers the complexity, so shrinking always ends. The shrinker only
/// edits the command list; it never knows what a window is: the caller's `fails`
/// closure decides whether a candidate still fails.
public struct Shrinker {
    /// Whether a candidate still fails; it returns how many leading commands are
    /// needed to show the failure (the rest are cut), or nil when it passes.
    public typealias FailureCheck = ([Command]) -> Int?
    /// A check that also ranks a failure: a lower rank is simpler whatever the list's
    /// complexity (a case that shows other differences before the one it is shrunk for
    /// ranks by how many: fewer is simpler, so shrinking drops them where it can).
    public typealias RankedFailureCheck = ([Command]) -> (needed: Int, rank: Int)?

    public let check: RankedFailureCheck
    /// The rank of the best list so far.
    public private(set) var bestRank = 0
    /// Candidates tried so far (a budget keeps shrinking of huge inputs bounded).
    public private(set) var attempts = 0
    public var maxAttempts: Int
    /// When to stop trying (the best list so far is returned): shrinking a case of
    /// thousands of windows can take long, and a campaign has a time box.
    public var deadline: ContinuousClock.Instant?

    public init(maxAttempts: Int = 20_000, deadline: ContinuousClock.Instant? = nil, fails: @escaping FailureCheck) {
        self.init(maxAttempts: maxAttempts, deadline: deadline, ranked: { fails($0).map { ($0, 0) } })
    }

    public init(maxAttempts: Int = 20_000, deadline: ContinuousClock.Instant? = nil,
                ranked: @escaping RankedFailureCheck) {
        check = ranked
        self.maxAttempts = maxAttempts
        self.deadline = deadline
    }

    /// Whether the budget (attempts or time) still allows another candidate, and
    /// nobody asked this process to stop (then the best list so far is returned).
    var canTry: Bool {
        attempts < maxAttempts && (deadline.map { ContinuousClock.now < $0 } ?? true) && !Interruption.requested
    }

    /// The minimal failing list reachable from `commands` (which must fail).
    public mutating func shrink(_ commands: [Command]) -> [Command] {
        var best = Self.valid(commands)
        if let (needed, rank) = check(best) { (best, bestRank) = (Array(best.prefix(needed)), rank) }
        var progress = true
        while progress && canTry {
            progress = false
            progress = dropKinds(&best) || progress
            progress = dropWindows(&best) || progress
            progress = thinKinds(&best) || progress
            progress = deleteChunks(&best) || progress
            progress = simplerKinds(&best) || progress
            progress = fillBoxes(&best) || progress
            progress = simplifyNumbers(&best) || progress
            progress = dropRootViews(&best) || progress
            progress = reparentViews(&best) || progress
            progress = screenSpaces(&best) || progress
            progress = foldScenes(&best) || progress
        }
        return best
    }

    /// Keeps only the commands a validator accepts in sequence: deleting a command
    /// that made a window also drops the later commands that named it.
    public static func valid(_ commands: [Command]) -> [Command] {
        var validator = CommandValidator()
        return commands.filter { command in
            do {
                try validator.validate(command)
                return true
            } catch {
                return false
            }
        }
    }

    /// Lower is simpler: (command count, structure, total value cost). Structure
    /// counts how deep each view is created (views under views), the named spaces
    /// of conversions, the mentions of scenes other than `main`, commands that do
    /// more than a simpler one of their class (a touch's `began` more than a `hit`,
    /// `makeKeyAndVisible` and `set W hidden` more than `show` or `hide`, `release`
    /// more than `hide`), and boxes of zero width or height: a degenerate box is a
    /// special case of its own (G2, G3), so a case that needs none keeps its boxes
    /// ordinary instead of leaning on how an engine treats an empty one.
    public static func complexity(of commands: [Command]) -> (Int, Int, Double) {
        (commands.count, structure(of: commands), commands.reduce(0) { $0 + $1.numbers.reduce(0) { $0 + cost($1) } })
    }

    static func structure(of commands: [Command]) -> Int {
        var depth: [String: Int] = [:], total = 0
        for command in commands {
            switch command {
            case let .createView(name, parent, frame):
                let d = (depth[parent] ?? 0) + 1
                depth[name] = d
                total += d + (frame.isDegenerate ? 1 : 0)
            case let .setFrame(_, frame):
                total += frame.isDegenerate ? 1 : 0
            case let .convert(_, from, to):
                total += (from == .screen ? 0 : 1) + (to == .screen ? 0 : 1)
            case .makeKeyAndVisible, .setHidden, .release:
                total += 1
            case let .touchBegan(_, _, scene):
                total += 1 + (scene == mainSceneName ? 0 : 1)
            case let .createWindow(_, scene, frame, _, _):
                total += (scene == mainSceneName ? 0 : 1) + (frame.isDegenerate ? 1 : 0)
            case let .press(_, scene),
                 let .hit(_, scene), let .order(scene), let .keyWindow(scene), let .moveWindow(_, scene),
                 let .placeScene(scene, _):
                total += scene == mainSceneName ? 0 : 1
            default:
                break
            }
        }
        return total
    }

    static func cost(_ value: Double) -> Double {
        if value == 0 { return value.sign == .minus ? 1 : 0 }
        let magnitude = log2(abs(value) + 1)
        return value.rounded() == value ? 2 + magnitude : 64 + magnitude
    }

    /// Tries `candidate` and keeps it when it still fails and is simpler.
    mutating func attempt(_ candidate: [Command], _ best: inout [Command]) -> Bool {
        guard canTry else { return false }
        attempts += 1
        let candidate = Self.valid(candidate)
        guard let (needed, rank) = check(candidate) else { return false }
        let cut = Array(candidate.prefix(needed))
        guard rank < bestRank || (rank == bestRank && Self.complexity(of: cut) < Self.complexity(of: best)) else {
            return false
        }
        (best, bestRank) = (cut, rank)
        return true
    }

    /// Deletes runs of commands, halving the run length down to one.
    private mutating func deleteChunks(_ best: inout [Command]) -> Bool {
        deleteChunks(among: { _ in true }, &best)
    }

    /// Deletes runs of the commands `selected` picks out (the others stay), halving
    /// the run length down to `smallest`: over every command, the ddmin of the
    /// classic shrinker; over one kind, a thinning of that kind alone.
    mutating func deleteChunks(among selected: (Command) -> Bool, smallest: Int = 1, _ best: inout [Command]) -> Bool {
        var progress = false
        var size = max(1, best.lazy.filter(selected).count / 2)
        while size >= smallest {
            var start = 0
            while true {
                // Positions of the selected commands now (a kept deletion moves them).
                let positions = best.indices.filter { selected(best[$0]) }
                guard start < positions.count, canTry else { break }
                let chosen = Set(positions[start..<min(positions.count, start + size)])
                let candidate = best.indices.filter { !chosen.contains($0) }.map { best[$0] }
                if attempt(candidate, &best) { progress = true } else { start += size }
            }
            if size == 1 { break }
            size /= 2
        }
        return progress
    }

    /// Replaces each number with a simpler one (0, 1, its integer part, half of it).
    private mutating func simplifyNumbers(_ best: inout [Command]) -> Bool {
        var progress = false
        var index = 0
        while index < best.count {
            let numbers = best[index].numbers
            for field in numbers.indices {
                // A field goes on getting simpler while it can (halving a large value
                // takes many steps): each step here costs a few candidates, where going
                // round every pass between steps would cost dozens.
                var simplified = true
                while simplified && index < best.count && field < best[index].numbers.count {
                    simplified = false
                    let value = best[index].numbers[field]
                    for simpler in [0, 1, value.rounded(.towardZero), (value / 2).rounded(.towardZero), abs(value)]
                    where simpler != value || simpler.sign != value.sign {
                        var changed = best[index].numbers
                        changed[field] = simpler
                        var candidate = best
                        candidate[index] = best[index].replacingNumbers(changed)
                        if attempt(candidate, &best) { (progress, simplified) = (true, true); break }
                    }
                }
                if index >= best.count { break }
            }
            index += 1
        }
        return progress
    }

    /// Creates windows without a root view where the failure does not need it.
    private mutating func dropRootViews(_ best: inout [Command]) -> Bool {
        var progress = false
        for index in best.indices where index < best.count {
            if case let .createWindow(name, scene, frame, level, true) = best[index] {
                progress = replace(at: index, withFirstOf: [
                    .createWindow(name: name, scene: scene, frame: frame, level: level, withRootView: false)], &best) || progress
            }
        }
        return progress
    }
}

extension Rect {
    /// A box of zero width or height.
    var isDegenerate: Bool { width == 0 || height == 0 }
}
