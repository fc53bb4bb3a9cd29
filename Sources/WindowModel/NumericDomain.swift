/// The numbers an engine computes with, as it declares them
/// (`hello 1 NAME FEATURE… numbers float32`, or ``EngineFactory/numbers``).
///
/// The reference computes in `Double`. An engine that stores `Float` (as Core
/// Animation does) or integers (as X11 and Wayland do) rounds where the reference
/// does not, so every value would be a finding. For such an engine the harness sends
/// only values on which the domain's arithmetic gives the reference's answers
/// exactly: ``project(_:)`` moves every number of a command into the domain before
/// any engine sees it, so generated cases, probes, shrunk cases and replays all stay
/// in it. The engine's real bugs are still found; rounding is not one of them.
public enum NumericDomain: String, Hashable, Sendable, CaseIterable {
    /// `Double` throughout, as the reference: every value is sent as it is.
    case double
    /// 32-bit floats: coordinates are multiples of 1/8 within ±2048, transforms
    /// scale by 1/2, 1 or 2 along the axes or swap them (quarter turns, reflections),
    /// alphas are multiples of 1/64, levels are integers. Every sum, difference and
    /// product the rules take of such values is exact in `Float` (24-bit significand).
    case float32
    /// Integers: coordinates are integers within ±2^20, sizes even (so a bounds
    /// centre is an integer), transforms are quarter turns and reflections with
    /// integer translations, alphas are multiples of 1/64, levels are integers.
    case integer

    /// The coarsest of several engines' domains: what a comparison of them can use.
    public static func shared<S: Sequence>(_ domains: S) -> NumericDomain where S.Element == NumericDomain {
        var result = NumericDomain.double
        for domain in domains where domain != .double {
            result = (result == .integer || domain == .integer) ? .integer : .float32
        }
        return result
    }

    /// `command` with every number moved into the domain (itself for ``double``).
    ///
    /// ```swift
    /// NumericDomain.float32.project(.hit(at: Point(0.1, 3), scene: "main"))  // hit 0.125 3
    /// ```
    public func project(_ command: Command) -> Command {
        guard self != .double else { return command }
        switch command {
        case let .createWindow(name, scene, frame, level, root):
            return .createWindow(name: name, scene: scene, frame: project(frame), level: projectLevel(level),
                                 withRootView: root)
        case let .createView(name, parent, frame): return .createView(name: name, parent: parent, frame: project(frame))
        case let .setFrame(target, frame): return .setFrame(target: target, frame: project(frame))
        case let .setLevel(window, level): return .setLevel(window: window, level: projectLevel(level))
        case let .setAlpha(target, alpha): return .setAlpha(target: target, alpha: projectAlpha(alpha))
        case let .setTransform(target, transform): return .setTransform(target: target, transform: project(transform))
        case let .createScene(name, size): return .createScene(name: name, size: project(size))
        case let .connectScreen(name, size): return .connectScreen(name: name, size: project(size))
        default:
            // Points: bounds origins, touches, hits and conversions.
            let numbers = command.numbers
            return numbers.isEmpty ? command : command.replacingNumbers(numbers.map(coordinate))
        }
    }

    /// Whether `project(command) == command`: the command is in the domain already.
    public func contains(_ command: Command) -> Bool { project(command) == command }

    // MARK: The grids

    /// The grid's step (none for `double`, which has no grid).
    var step: Double? { self == .double ? nil : self == .float32 ? 0.125 : 1 }
    /// The step of sizes: integers are even (a bounds centre is an integer).
    var sizeStep: Double? { self == .integer ? 2 : step }
    private var gridStep: Double { step ?? 1 }
    private var limit: Double { self == .float32 ? 2048 : 1_048_576 }

    /// The nearest multiple of the step within the limit; -0 stays -0 for `float32`
    /// and is 0 for integers (an integer has no sign of zero: X answers `0` where the
    /// reference answers `-0`).
    func coordinate(_ value: Double) -> Double {
        let clamped = Swift.min(Swift.max(value, -limit), limit)
        let snapped = (clamped / gridStep).rounded() * gridStep
        return snapped == 0 ? (value.sign == .minus && self != .integer ? -0.0 : 0) : snapped
    }

    /// A size: a coordinate that is not negative (and even for integers).
    func size(_ value: Double) -> Double {
        let magnitude = Swift.max(0, value)
        if self == .integer { return Swift.min(((magnitude / 2).rounded() * 2), limit) }
        return coordinate(magnitude)
    }

    func project(_ rect: Rect) -> Rect { Rect(coordinate(rect.x), coordinate(rect.y), size(rect.width), size(rect.height)) }
    func project(_ size: Size) -> Size { Size(self.size(size.width), self.size(size.height)) }

    func projectLevel(_ level: Double) -> Double {
        let snapped = Swift.min(Swift.max(level, -1_048_576), 1_048_576).rounded()
        return snapped == 0 ? (level.sign == .minus && self != .integer ? -0.0 : 0) : snapped
    }

    /// Multiples of 1/64 in [-1, 2]: the clamp (G5) is still reached, and no value lies
    /// between 0 and 0.01 but 0 itself, so the H2 threshold is met only exactly away.
    func projectAlpha(_ alpha: Double) -> Double {
        let snapped = (Swift.min(Swift.max(alpha, -1), 2) * 64).rounded() / 64
        return snapped == 0 ? 0 : snapped
    }

    /// Axis-aligned scales and quarter turns: the larger pair of the matrix kept, each
    /// entry snapped to a signed power of two (1/2, 1, 2 for float32; 1 for integers)
    /// or to zero when it is zero, so the determinant is a power of two or zero.
    func project(_ t: ViewTransform) -> ViewTransform {
        func entry(_ v: Double) -> Double {
            guard v != 0, v.isFinite else { return 0 }
            if self == .integer { return v < 0 ? -1 : 1 }
            let exponent = Swift.min(Swift.max(Double(v.magnitude.exponent), -1), 1)
            let magnitude = exponent == -1 ? 0.5 : exponent == 0 ? 1 : 2
            return v < 0 ? -magnitude : magnitude
        }
        let diagonal = Swift.abs(t.a) + Swift.abs(t.d) >= Swift.abs(t.b) + Swift.abs(t.c)
        return diagonal
            ? ViewTransform(entry(t.a), 0, 0, entry(t.d), coordinate(t.tx), coordinate(t.ty))
            : ViewTransform(0, entry(t.b), entry(t.c), 0, coordinate(t.tx), coordinate(t.ty))
    }

    /// Parses `double`, `float32` or `integer`.
    public static func parse(_ word: String) -> NumericDomain? { NumericDomain(rawValue: word) }
}
