/// The colours and sizes of a picture, in one place.
enum Palette {
    static let background = "#ffffff"
    static let ink = "#1a1a1a"
    static let faintInk = "#666666"
    static let sceneEdge = "#9e9e9e"
    /// The edge of a screen other than `main` (D2).
    static let screenEdge = "#1565c0"
    /// The scene's corner marks, drawn over the windows.
    static let sceneCorner = "#616161"
    /// A `convert`'s source point and its arrow (its landing uses ``point`` or the engines' colours).
    static let convertFrom = "#1565c0"
    /// The leader lines from a label to what it names, and the view tags.
    static let leader = "#8a8a8a"
    static let tagFill = "#fff8e1"
    static let tagStroke = "#8d6e00"
    /// The point marker and the target outline when every engine agrees.
    static let point = "#d62728"
    static let keyOutline = "#f2a900"
    static let offScale = "#d62728"

    /// Per-engine colours, in the order engines are given (reference first).
    static let engines = ["#c2185b", "#00897b", "#5e35b1", "#6d4c41", "#1565c0"]

    static func engine(_ index: Int) -> String { engines[index % engines.count] }

    /// A window's fill and stroke, by level band: below normal grey, normal blue,
    /// statusBar green, alert and above orange.
    static func window(level: Double) -> (fill: String, stroke: String) {
        if level >= 2000 { return ("#f9dcc4", "#b5541c") }
        if level >= 1000 { return ("#d6ecd2", "#3f7f35") }
        if level >= 0 { return ("#d4e2f4", "#3a5f95") }
        return ("#e4e4e4", "#6b6b6b")
    }

    static let viewFill = "#ffffff"

    // Sizes, in pixels. The font is monospaced so text widths are predictable.
    static let fontFamily = "DejaVu Sans Mono, Menlo, Consolas, monospace"
    static let labelFont = 12.0
    static let viewLabelFont = 10.0
    static let panelFont = 11.0
    static let titleFont = 14.0
    /// The advance of one character of a monospaced font, per point of font size.
    static let advance = 0.61

    static func textWidth(_ text: String, size: Double) -> Double { Double(text.count) * size * advance }

    /// `text` cut to `limit` characters, with an ellipsis when cut.
    static func truncate(_ text: String, _ limit: Int) -> String {
        guard text.count > limit, limit > 1 else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }
}

/// Greedy label placement: a label goes at the first candidate position that
/// overlaps no label (or reserved area) placed before it, or nowhere.
///
/// Callers place the most important labels first (the event point's, then
/// windows front to back, then views), so when space runs out it is the back-most
/// labels that are moved away or shortened; every window and view still gets at
/// least its number or tag (see ``SceneSVG/placeLabels()``).
///
/// Taken rectangles are filed in a grid of ``cell``-pixel buckets so that a
/// crowded picture (thousands of labels, dozens of candidates each) stays fast.
/// The grid is only looked up, never iterated, so the result is the same as a
/// plain scan's: the first free candidate.
struct LabelPlacer {
    static let cell = 48.0
    private var taken: [PixelRect] = []
    private var buckets: [Int: [Int]] = [:]

    /// Reserves `rect` unconditionally (a marker, a leader line's path).
    mutating func reserve(_ rect: PixelRect) {
        let index = taken.count
        taken.append(rect)
        for key in Self.keys(rect) { buckets[key, default: []].append(index) }
    }

    /// The index of the first candidate that is free, now reserved; nil if none is.
    mutating func place(_ candidates: [PixelRect]) -> Int? {
        for (index, candidate) in candidates.enumerated() where isFree(candidate) {
            reserve(candidate)
            return index
        }
        return nil
    }

    private func isFree(_ candidate: PixelRect) -> Bool {
        for key in Self.keys(candidate) {
            for index in buckets[key] ?? [] where overlaps(taken[index], candidate) { return false }
        }
        return true
    }

    /// The buckets a rectangle touches (rectangles are clamped to the canvas's reach).
    private static func keys(_ rect: PixelRect) -> [Int] {
        func bucket(_ value: Double) -> Int {
            value.isNaN ? 0 : Int((min(max(value, -1e5), 1e5) / cell).rounded(.down))
        }
        var out: [Int] = []
        for cx in bucket(rect.x)...max(bucket(rect.x), bucket(rect.maxX)) {
            for cy in bucket(rect.y)...max(bucket(rect.y), bucket(rect.maxY)) { out.append(cx &* 100_003 &+ cy) }
        }
        return out
    }

    private func overlaps(_ a: PixelRect, _ b: PixelRect) -> Bool {
        a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
    }
}

extension PixelRect {
    /// A plain pixel rectangle (no clamping information).
    init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// True when `other` lies entirely inside this rectangle.
    func encloses(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }
}
