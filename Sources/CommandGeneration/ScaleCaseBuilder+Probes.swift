import WindowModel

/// Dense probing of a built state: hits (and some touches and conversions) at
/// every kind of coordinate where a window system's arithmetic can be off by one.
extension ScaleCaseBuilder {
    /// One probe phase of 150 to 400 probes at points drawn from:
    /// - the edges, the floats next to them, midpoints and corners of a sample of
    ///   windows and views (as the generator knows their screen frames);
    /// - the engines' probe hints for the scene (cell borders, split lines,
    ///   region edges) and the floats next to them, crossed with window edges;
    /// - a regular lattice over the scene.
    mutating func probe() {
        guard live else { return }
        let sample = (0..<64).compactMap { _ in generator.windows.isEmpty ? nil : generator.random.pick(generator.windows) }
            + (0..<16).compactMap { _ in generator.views.isEmpty ? nil : generator.random.pick(generator.views) }
        var xs: [Double] = [], ys: [Double] = []
        var corners: [Point] = []
        for name in sample {
            guard let f = generator.screenFrame(of: name) else { continue }
            let (maxX, maxY) = (f.x + f.width, f.y + f.height)
            xs += [f.x, f.x.nextDown, f.x.nextUp, maxX, maxX.nextDown, maxX.nextUp, f.x + f.width / 2]
            ys += [f.y, f.y.nextDown, f.y.nextUp, maxY, maxY.nextDown, maxY.nextUp, f.y + f.height / 2]
            corners += [Point(f.x, f.y), Point(maxX.nextDown, maxY.nextDown), Point(maxX, f.y), Point(f.x, maxY)]
            // A transformed window's edges are where its inverse (A3) and its box meet.
            for _ in 0..<4 {
                if let aimed = generator.aimThroughTransform(name), aimed.x.isFinite, aimed.y.isFinite {
                    corners.append(aimed)
                }
            }
        }
        let hints = session.probeHints(scene: scene)
        if generator.random.chance(0.5) { alignWindows(to: hints) }
        let hintXs = neighbours(sampled(hints.xs, 64)), hintYs = neighbours(sampled(hints.ys, 64))
        let (ex, ey) = extent
        let lattice = (0...8).map { Double($0) / 8 }
        xs = xs.filter(\.isFinite)
        ys = ys.filter(\.isFinite)

        for _ in 0 ..< Int.random(in: 150...400, using: &generator.random) where live {
            let point: Point
            let roll = Int.random(in: 0..<10, using: &generator.random)
            if roll < 2 && !corners.isEmpty {
                point = generator.random.pick(corners)
            } else if roll < 4 && !hintXs.isEmpty && !ys.isEmpty {
                point = Point(generator.random.pick(hintXs), generator.random.pick(ys))
            } else if roll < 6 && !hintYs.isEmpty && !xs.isEmpty {
                point = Point(generator.random.pick(xs), generator.random.pick(hintYs))
            } else if roll == 6 && !hintXs.isEmpty && !hintYs.isEmpty {
                point = Point(generator.random.pick(hintXs), generator.random.pick(hintYs))
            } else if roll == 7 || xs.isEmpty || ys.isEmpty {
                point = Point(generator.random.pick(lattice) * ex, generator.random.pick(lattice) * ey)
            } else {
                point = Point(generator.random.pick(xs), generator.random.pick(ys))
            }
            emitProbe(at: point)
        }
        session.checkInvariantsNow()   // the end of a phase: a corruption it left is caught here
    }

    /// Moves a few windows so that an edge lies exactly on a hinted line (or the
    /// float after it), then probes just inside that edge: where an engine's cell or
    /// split arithmetic meets a window's own edge, an off-by-one shows.
    private mutating func alignWindows(to hints: ProbeHints) {
        guard !generator.windows.isEmpty, !hints.xs.isEmpty || !hints.ys.isEmpty else { return }
        let xs = Array(Set(hints.xs)).sorted(), ys = Array(Set(hints.ys)).sorted()
        for _ in 0 ..< Int.random(in: 1...8, using: &generator.random) where live {
            let w = generator.random.pick(generator.windows)
            guard var frame = generator.frames[w] else { continue }
            if !xs.isEmpty && (ys.isEmpty || generator.random.chance(0.5)) {
                frame.origin = Point(justInside(xs), frame.y)
            } else {
                frame.origin = Point(frame.x, justInside(ys))
            }
            emit(.setFrame(target: w, frame: frame))
            guard let f = generator.screenFrame(of: w) else { continue }
            for point in [Point(f.x, f.y), Point(f.x, f.y + f.height / 2), Point(f.x + f.width / 2, f.y),
                          Point(f.x.nextUp, f.y.nextUp)] {
                emitProbe(at: point)
            }
        }
    }

    /// A hinted line, the float after it, or a point a tiny fraction of the way to
    /// the next line (an engine's own fixed-point steps are fractions of that gap,
    /// so an edge there falls in the first step past the line). `lines` is sorted.
    private mutating func justInside(_ lines: [Double]) -> Double {
        let i = Int.random(in: 0..<lines.count, using: &generator.random)
        let line = lines[i]
        let gap = i + 1 < lines.count ? lines[i + 1] - line : 0
        switch Int.random(in: 0..<5, using: &generator.random) {
        case 0: return line.nextUp
        case 1 where gap > 0: return line + gap / 512
        case 2 where gap > 0: return line + gap / 4096
        default: return line
        }
    }

    /// A hit most often; sometimes a touch that begins here and moves, ends or is
    /// cancelled, a conversion into a window, or a press.
    private mutating func emitProbe(at point: Point) {
        switch Int.random(in: 0..<20, using: &generator.random) {
        case 0, 1:
            let id = generator.touchID()
            emit(.touchBegan(id: id, at: point, scene: scene))
            switch Int.random(in: 0..<3, using: &generator.random) {
            case 0: emit(.touchMoved(id: id, to: Point(point.x.nextUp, point.y)))
            case 1: emit(.touchEnded(id: id, at: point))
            default: break   // left down: a later hide, release or remove cancels it
            }
        case 2 where !generator.windows.isEmpty:
            emit(.convert(point: point, from: .screen, to: .named(generator.random.pick(generator.windows + generator.views))))
        case 3:
            emit(.press(key: "k\(Int.random(in: 0..<8, using: &generator.random))", scene: scene))
        default:
            emit(.hit(at: point, scene: scene))
        }
    }

    /// Up to `limit` of `values`, drawn at random.
    private mutating func sampled(_ values: [Double], _ limit: Int) -> [Double] {
        guard values.count > limit else { return values }
        return (0..<limit).map { _ in generator.random.pick(values) }
    }

    /// Each value and the floats either side of it.
    private func neighbours(_ values: [Double]) -> [Double] {
        values.flatMap { [$0, $0.nextUp, $0.nextDown] }.filter(\.isFinite)
    }
}
