extension EngineLimits {
    /// `command` with every number moved inside the limits, on the grid of `numbers`
    /// (give it a command already in that domain: ``NumericDomain/project(_:)``). A
    /// coordinate is clamped into ``coordinates``, a width or height into ``sizes``,
    /// and the point of a hit or touch onto `screen` (the size of its scene's screen)
    /// when ``pointsOnScreen``.
    ///
    /// ```swift
    /// let x11 = EngineLimits(coordinates: -32768...32767, sizes: 1...65535)
    /// x11.project(.setFrame(target: "w", frame: Rect(-1e6, 0, 0, 10)), numbers: .integer, screen: nil)
    /// // set w frame -32768 0 2 10   (sizes of an integer engine are even)
    /// ```
    public func project(_ command: Command, numbers: NumericDomain, screen: Size?) -> Command {
        guard !isNone else { return command }
        let onScreen = pointsOnScreen ? screen : nil
        switch command {
        case let .createWindow(name, scene, frame, level, root):
            return .createWindow(name: name, scene: scene, frame: box(frame, numbers), level: level, withRootView: root)
        case let .createView(name, parent, frame): return .createView(name: name, parent: parent, frame: box(frame, numbers))
        case let .setFrame(target, frame): return .setFrame(target: target, frame: box(frame, numbers))
        case let .setBoundsOrigin(target, origin): return .setBoundsOrigin(target: target, origin: point(origin, numbers, nil))
        case let .setTransform(target, t):
            let moved = point(Point(t.tx, t.ty), numbers, nil)
            return .setTransform(target: target, transform: ViewTransform(t.a, t.b, t.c, t.d, moved.x, moved.y))
        case let .hit(at, scene): return .hit(at: point(at, numbers, onScreen), scene: scene)
        case let .touchBegan(id, at, scene): return .touchBegan(id: id, at: point(at, numbers, onScreen), scene: scene)
        case let .touchMoved(id, to): return .touchMoved(id: id, to: point(to, numbers, onScreen))
        case let .touchEnded(id, at): return .touchEnded(id: id, at: point(at, numbers, onScreen))
        case let .convert(at, from, to): return .convert(point: point(at, numbers, nil), from: from, to: to)
        default: return command
        }
    }

    private func box(_ frame: Rect, _ numbers: NumericDomain) -> Rect {
        let origin = point(Point(frame.x, frame.y), numbers, nil)
        return Rect(origin.x, origin.y, size(frame.width, numbers), size(frame.height, numbers))
    }

    private func point(_ p: Point, _ numbers: NumericDomain, _ screen: Size?) -> Point {
        var x = p.x, y = p.y
        if let coordinates {
            x = Self.clamp(x, into: coordinates, step: numbers.step)
            y = Self.clamp(y, into: coordinates, step: numbers.step)
        }
        if let screen {
            x = Self.clamp(x, into: 0...Swift.max(0, screen.width - 1), step: numbers.step)
            y = Self.clamp(y, into: 0...Swift.max(0, screen.height - 1), step: numbers.step)
        }
        return Point(x, y)
    }

    private func size(_ value: Double, _ numbers: NumericDomain) -> Double {
        guard let sizes else { return value }
        return Self.clamp(value, into: sizes, step: numbers.sizeStep)
    }

    /// `value` clamped into `range`, whose bounds are first moved inward onto the grid
    /// of `step` (so the result stays on it); a range too narrow for a grid point keeps
    /// its lower bound. A value inside is returned as it is (its sign of zero too).
    static func clamp(_ value: Double, into range: ClosedRange<Double>, step: Double?) -> Double {
        var low = range.lowerBound, high = range.upperBound
        if let step {
            low = (low / step).rounded(.up) * step
            high = (high / step).rounded(.down) * step
            if high < low { high = low }
        }
        if value < low { return low }
        if value > high { return high }
        return value
    }
}
