import WindowModel

/// The numbers the generator draws: mostly plain, often exactly on an edge that
/// already exists, sometimes at the extremes of `Double`.
extension CommandGenerator {
    /// A number that does not round exactly in binary, or is otherwise awkward.
    static let awkward: [Double] = [0.1, 0.2, 0.3, 1.0 / 3.0, 2.0 / 3.0, 0.7, 99.99, 1e-7, 0.5, 1.5]
    static let extremes: [Double] = [1e300, -1e300, 1e16, 1e16 + 2, -1e16, 1e-300, .leastNonzeroMagnitude, -0.0, 1.7e308]

    /// A point in screen space, aimed at the edges and insides of existing windows
    /// and of views (deep ones included), or anywhere. A transformed window is aimed
    /// at through its transform (A4, roughly), so its edges are probed too.
    mutating func screenPoint() -> Point {
        // What just changed, or a subview of it: a hidden, transparent or disabled
        // ancestor decides about its subtree (H4), so aim inside that subtree.
        if !recentlyChanged.isEmpty, random.chance(0.15) {
            let changed = random.pick(recentlyChanged)
            let below = views.filter { parents[$0] == changed }
            if let frame = screenFrame(of: below.isEmpty || random.chance(0.3) ? changed : random.pick(below)) {
                return Point(coordinate(in: frame.x, frame.width), coordinate(in: frame.y, frame.height))
            }
        }
        if reorderedSiblings.count >= 2, random.chance(0.2), let overlap = siblingOverlap() {
            return Point(coordinate(in: overlap.x, overlap.width), coordinate(in: overlap.y, overlap.height))
        }
        let targets = random.chance(0.5) ? views : windows
        if !targets.isEmpty, random.chance(0.3), let aimed = aimThroughTransform(random.pick(targets)) {
            return aimed
        }
        if !targets.isEmpty, random.chance(0.8), let frame = screenFrame(of: random.pick(targets)) {
            return Point(coordinate(in: frame.x, frame.width), coordinate(in: frame.y, frame.height))
        }
        return Point(plainCoordinate(), plainCoordinate())
    }

    /// Where two of the last reordered view's siblings overlap on the screen, if they do.
    private mutating func siblingOverlap() -> Rect? {
        let first = random.pick(reorderedSiblings)
        guard let second = reorderedSiblings.filter({ $0 != first }).randomElement(using: &random),
              let a = screenFrame(of: first), let b = screenFrame(of: second) else { return nil }
        let x = max(a.x, b.x), y = max(a.y, b.y)
        let width = min(a.x + a.width, b.x + b.width) - x, height = min(a.y + a.height, b.y + b.height) - y
        return width > 0 && height > 0 ? Rect(x, y, width, height) : nil
    }

    /// Roughly where an object is on the screen: its frame moved out through its
    /// ancestors (G4 outward). Only aims the generator; engines decide exactly.
    func screenFrame(of name: String) -> Rect? {
        guard var frame = frames[name] else { return nil }
        var current = name
        while let parent = parents[current], let parentFrame = frames[parent] {
            let origin = boundsOrigins[parent] ?? .zero
            frame.origin = Point(frame.x - origin.x + parentFrame.x, frame.y - origin.y + parentFrame.y)
            current = parent
        }
        return frame
    }

    /// A coordinate inside, on or just beside the span `[start, start + length)`.
    private mutating func coordinate(in start: Double, _ length: Double) -> Double {
        let end = start + length
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return start
        case 1: return end
        case 2: return end.nextDown
        case 3: return start.nextDown
        case 4: return start + length / 3
        default: return start + Double.random(in: 0...1, using: &random) * length
        }
    }

    private mutating func plainCoordinate() -> Double {
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return random.pick(Self.extremes)
        case 1: return random.pick(Self.awkward) * Double(Int.random(in: 1...900, using: &random))
        case 2: return -Double(Int.random(in: 1...200, using: &random))
        default: return Double(Int.random(in: 0...1000, using: &random))
        }
    }

    /// A frame, often sharing an edge with `near` or nested in it.
    mutating func rect(near: Rect?) -> Rect {
        if let near, random.chance(0.5) {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return Rect(near.x + near.width, near.y, dimension(), dimension())  // touching right edge
            case 1: return Rect(near.x, near.y + near.height, dimension(), dimension())  // touching bottom edge
            case 2: return near  // the same rectangle
            default:
                return Rect(near.x + near.width / 4, near.y + near.height / 4, near.width / 2, near.height / 2)
            }
        }
        if random.chance(0.04) {
            return Rect(random.pick(Self.extremes), random.pick(Self.extremes), abs(random.pick(Self.extremes)), 1e300)
        }
        return Rect(plainCoordinate(), plainCoordinate(), dimension(), dimension())
    }

    /// A width or height: mostly ordinary, sometimes zero, awkward, tiny or huge.
    private mutating func dimension() -> Double {
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return 0
        case 1: return random.pick(Self.awkward) * 100
        case 2: return 1e-300
        case 3: return 1e300
        default: return Double(Int.random(in: 1...600, using: &random))
        }
    }

    mutating func sceneDimension() -> Double { Double(Int.random(in: 1...4000, using: &random)) }

    /// A bounds origin (scroll offset).
    mutating func offset() -> Double {
        switch Int.random(in: 0..<7, using: &random) {
        case 0: return 0
        case 1: return random.pick(Self.awkward) * 10
        case 2: return -Double(Int.random(in: 1...100, using: &random))
        case 3 where random.chance(0.5): return random.pick([1e6, -1e9, 1e15, -0.0, 0x1p53, 1e300])
        default: return Double(Int.random(in: 1...300, using: &random))
        }
    }

    /// An alpha, most often right around the 0.01 threshold or outside [0, 1].
    mutating func alpha() -> Double {
        random.pick([0.01, 0.01.nextDown, 0.01.nextUp, 0.0, 1.0, 0.5, 2.0, -1.0, 0.009, 0.011, 0.0100001])
    }

    /// A level: often one a window already has, so same-level ordering is exercised;
    /// sometimes one that only a `Float` would store as `statusBar` (an engine that
    /// keeps levels as `Float` then orders two levels as one).
    mutating func level() -> Double {
        if random.chance(0.5) { return random.pick(levels) }
        return random.pick([
            WindowLevel.normal, WindowLevel.statusBar, WindowLevel.alert, WindowLevel.alert + 1, -1, 0.5, 1e300,
            -0.0, -2, -1e300, 1e15, 0.1 + 0.2, -(0.1 + 0.2), WindowLevel.statusBar + 0x1p-20,
        ])
    }

    /// A transform (A1): right-angle turns and flips (exact), scales, shears, odd
    /// angles, translations, singular ones (A5) and sometimes the identity again.
    mutating func transform() -> ViewTransform {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return random.pick([ViewTransform(0, 1, -1, 0, 0, 0), ViewTransform(-1, 0, 0, -1, 0, 0),
                                    ViewTransform(0, -1, 1, 0, 0, 0), ViewTransform(-1, 0, 0, 1, 0, 0)])
        case 1:
            // 1 + 2^-30 is 1 once stored as a Float: an engine that does so answers differently.
            let sx = random.pick([0.5, 2, 0.25, 3, -1, 1.5, 0.1, 1e-3, 1 + 0x1p-30])
            return ViewTransform(sx, 0, 0, random.chance(0.5) ? sx : random.pick([1, 0.5, 2, -2]), 0, 0)
        case 2:
            // An odd angle: cos and sin of 30, 45 or 17 degrees, as a parser writes them.
            let (c, s) = random.pick([(0.8660254037844387, 0.49999999999999994), (0.7071067811865476, 0.7071067811865475),
                                      (0.9563047559630354, 0.29237170472273677)])
            return ViewTransform(c, s, -s, c, 0, 0)
        case 3: return ViewTransform(1, 0, random.pick([0.5, -1, 0.1, 2]), 1, 0, 0)   // shear
        case 4: return ViewTransform(1, 0, 0, 1, offset(), offset())
        case 5: return random.pick([ViewTransform(0, 0, 0, 0, 0, 0), ViewTransform(1, 2, 2, 4, 0, 0),
                                    ViewTransform(0, 0, 0, 1, 5, 5), ViewTransform(1e-200, 0, 0, 1e-200, 0, 0)])
        case 6: return .identity
        case 7: return ViewTransform(random.pick([1e300, 1e-300, 0.1, 3]), random.pick([0, 0.1, -0.0]),
                                     random.pick([0, 0.2]), random.pick([1e-300, 7, 0.3]), offset(), offset())
        default:
            let k = random.pick([0.5, 2, 0.75])
            return ViewTransform(0, k, -k, 0, Double(Int.random(in: -50...50, using: &random)), 0)
        }
    }

    /// A point near the edges or inside a transformed window, mapped out by its
    /// transform about its centre; nil when `name` is not a transformed window.
    mutating func aimThroughTransform(_ name: String) -> Point? {
        guard parents[name] == nil, let t = transforms[name], let frame = frames[name] else { return nil }
        let origin = boundsOrigins[name] ?? .zero
        let x = coordinate(in: origin.x, frame.width) - (origin.x + frame.width * 0.5)
        let y = coordinate(in: origin.y, frame.height) - (origin.y + frame.height * 0.5)
        return Point((((t.a * x) + (t.c * y)) + t.tx) + (frame.x + frame.width * 0.5),
                     (((t.b * x) + (t.d * y)) + t.ty) + (frame.y + frame.height * 0.5))
    }
}
