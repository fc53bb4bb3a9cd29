/// A view named on the drawing only by a short tag, spelled out beside the drawing.
struct ViewTag {
    /// `v1`, `v2`, ... in the order the tags were given (views front to back).
    var tag: String
    var view: DrawnScene.DrawnView
    /// The name of the view's window.
    var window: String
}

/// Labels placed beside what they name, joined to it by a leader line when they
/// are not right next to it.
extension SceneSVG {
    /// Distances from the anchor tried for a view's name: close, so it reads as the view's.
    static let nearReach = [2.0, 8, 16, 28]
    /// Distances tried for window labels, markers and tags: anywhere nearby.
    static let farReach = [2.0, 8, 16, 28, 44, 64, 90, 120, 160]
    /// Directions tried at each distance, right-below first (labels read left to right).
    static let directions: [(Double, Double)] = [(1, 1), (1, -1), (1, 0), (0, 1), (0, -1), (-1, 1), (-1, -1), (-1, 0)]
    /// The same directions, below-left first (for views behind a stack's front).
    static let belowLeftFirst: [(Double, Double)] = [(-1, 1), (0, 1), (-1, 0), (-1, -1), (1, 1), (1, 0), (1, -1), (0, -1)]
    /// A leader line is drawn when the label is further than this from its anchor.
    static let leaderMinimum = 4.0

    /// Where a leader line starts on a rectangle: its centre when it is small,
    /// else a point just inside its top-left corner.
    static func anchor(in rect: PixelRect) -> (x: Double, y: Double) {
        (rect.x + min(rect.width / 2, 6), rect.y + min(rect.height / 2, 6))
    }

    /// Candidate boxes of the given size around `anchor`: each distance of
    /// `reach` in every direction, nearest first.
    static func calloutCandidates(_ anchor: (x: Double, y: Double), width: Double, height: Double,
                                  reach: [Double], directions: [(Double, Double)] = directions) -> [PixelRect] {
        reach.flatMap { r in
            directions.map { dx, dy in
                let x = dx > 0 ? anchor.x + r : dx < 0 ? anchor.x - r - width : anchor.x - width / 2
                let y = dy > 0 ? anchor.y + r : dy < 0 ? anchor.y - r - height : anchor.y - height / 2
                return PixelRect(x: x, y: y, width: width, height: height)
            }
        }
    }

    /// The first free place beside `anchor` for the first text (longest first)
    /// that has one, or nil.
    mutating func callout(_ anchor: (x: Double, y: Double), texts: [String], reach: [Double], size: Double,
                          kind: String, colour: String, data: [(String, String)],
                          directions: [(Double, Double)] = directions) -> PlacedLabel? {
        let height = size + 2 * Self.labelPadding
        for text in texts {
            let width = Palette.textWidth(text, size: size) + 2 * Self.labelPadding
            let candidates = Self.calloutCandidates(anchor, width: width, height: height, reach: reach,
                                                    directions: directions)
                .filter { onCanvas($0) }
            if let chosen = placer.place(candidates) {
                return PlacedLabel(text: text, box: candidates[chosen], size: size, colour: colour, kind: kind,
                                   data: data, anchor: anchor)
            }
        }
        return nil
    }

    /// A label put right-below `anchor` (kept on the canvas) even though it
    /// overlaps others: the last resort, so that nothing goes unmarked.
    mutating func forced(_ anchor: (x: Double, y: Double), text: String, size: Double, kind: String,
                         colour: String, data: [(String, String)]) -> PlacedLabel {
        let width = Palette.textWidth(text, size: size) + 2 * Self.labelPadding
        let height = size + 2 * Self.labelPadding
        let x = max(0, min(anchor.x + 2, Self.panelX - 6 - width))
        let y = max(Self.top - 14, min(anchor.y + 2, drawingBottom - height))
        let box = PixelRect(x: x, y: y, width: width, height: height)
        placer.reserve(box)
        return PlacedLabel(text: text, box: box, size: size, colour: colour, kind: kind, data: data, anchor: anchor,
                           forced: true)
    }

    /// The leader line from a label's anchor to the nearest point of its box, when
    /// the label is not right next to its anchor.
    mutating func drawLeader(_ label: PlacedLabel) {
        guard let anchor = label.anchor else { return }
        let box = label.box
        let x = min(max(anchor.x, box.x), box.maxX), y = min(max(anchor.y, box.y), box.maxY)
        let dx = x - anchor.x, dy = y - anchor.y
        guard dx * dx + dy * dy > Self.leaderMinimum * Self.leaderMinimum else { return }
        var attributes: [(String, SVGWriter.Value)] = [("class", .text("leader"))]
        attributes += label.data.map { ($0.0, .text($0.1)) }
        attributes += [("x1", .number(anchor.x)), ("y1", .number(anchor.y)), ("x2", .number(x)), ("y2", .number(y)),
                       ("stroke", .text(label.kind == "convert-label" ? label.colour : Palette.leader)),
                       ("stroke-width", .number(0.75))]
        writer.element("line", attributes)
        writer.element("circle", [("class", .text("leader-end")), ("cx", .number(anchor.x)), ("cy", .number(anchor.y)),
                                  ("r", .number(1.5)), ("fill", .text(Palette.leader))])
    }
}
