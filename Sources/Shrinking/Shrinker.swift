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

    public let fails: FailureCheck
    /// Candidates tried so far (a budget keeps shrinking of huge inputs bounded).
    public private(set) var attempts = 0
    public var maxAttempts: Int
    /// When to stop trying (the best list so far is returned): shrinking a case of
    /// thousands of windows can take long, and a campaign has a time box.
    public var deadline: ContinuousClock.Instant?

    public init(maxAttempts: Int = 20_000, deadline: ContinuousClock.Instant? = nil, fails: @escaping FailureCheck) {
        self.fails = fails
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
        if let needed = fails(best) { best = Array(best.prefix(needed)) }
        var progress = true
        while progress && canTry {
            progress = false
            progress = dropKinds(&best) || progress
            progress = deleteChunks(&best) || progress
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
    /// of conversions and the mentions of scenes other than `main`.
    public static func complexity(of commands: [Command]) -> (Int, Int, Double) {
        (commands.count, structure(of: commands), commands.reduce(0) { $0 + $1.numbers.reduce(0) { $0 + cost($1) } })
    }

    static func structure(of commands: [Command]) -> Int {
        var depth: [String: Int] = [:], total = 0
        for command in commands {
            switch command {
            case let .createView(name, parent, _):
                let d = (depth[parent] ?? 0) + 1
                depth[name] = d
                total += d
            case let .convert(_, from, to):
                total += (from == .screen ? 0 : 1) + (to == .screen ? 0 : 1)
            case let .createWindow(_, scene, _, _, _), let .touchBegan(_, _, scene), let .press(_, scene),
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
        guard let needed = fails(candidate) else { return false }
        let cut = Array(candidate.prefix(needed))
        guard Self.complexity(of: cut) < Self.complexity(of: best) else { return false }
        best = cut
        return true
    }

    /// Deletes runs of commands, halving the run length down to one.
    private mutating func deleteChunks(_ best: inout [Command]) -> Bool {
        var progress = false
        var size = max(1, best.count / 2)
        while size >= 1 {
            var start = 0
            while start < best.count {
                var candidate = best
                candidate.removeSubrange(start..<min(best.count, start + size))
                if attempt(candidate, &best) { progress = true } else { start += size }
            }
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
                let value = best[index].numbers[field]
                for simpler in [0, 1, value.rounded(.towardZero), (value / 2).rounded(.towardZero), abs(value)]
                where simpler != value || simpler.sign != value.sign {
                    var changed = best[index].numbers
                    changed[field] = simpler
                    var candidate = best
                    candidate[index] = best[index].replacingNumbers(changed)
                    if attempt(candidate, &best) { progress = true; break }
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
