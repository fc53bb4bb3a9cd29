import WindowModel

// Where a pixel hit model may answer otherwise (the G2 dialect): a point near an edge.

extension ReferenceWindowSystem: EdgeProximityReporting {
    /// Whether the square of half-side `distance` about `point` crosses an edge of a
    /// visible window of `scene`, or of a view its hit test could reach (not hidden,
    /// interaction on, alpha at least 0.01, an invertible transform, inside its
    /// ancestors' bounds): there a point and the pixel at it may hit different views.
    /// The square is mapped into each view's space as a hit test maps a point (G4, A3),
    /// so transforms are followed; a corner that is not finite there counts as near.
    /// Records no rule outcome.
    ///
    /// - Complexity: O(views of the scene's visible windows).
    public func isNearHittableEdge(_ point: Point, scene: String, within distance: Double) -> Bool {
        let corners = [Point(point.x - distance, point.y - distance), Point(point.x + distance, point.y - distance),
                       Point(point.x - distance, point.y + distance), Point(point.x + distance, point.y + distance)]
        return self.scene(scene).order.contains { Self.squareCrossesEdge(corners, $0.node) }
    }

    /// Whether the square (its corners in `node`'s parent's space) crosses an edge of
    /// `node` or of a subview a hit could reach through it.
    private static func squareCrossesEdge(_ cornersInParent: [Point], _ node: ViewNode) -> Bool {
        guard !node.isHidden, node.isInteractionEnabled, !(node.alpha < minimumHittableAlpha),
              isIdentity(node.transform) || determinant(node.transform) != 0 else { return false }
        let corners = cornersInParent.map { intoChild($0, node) }
        guard corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return true }
        let minX = node.boundsOrigin.x, minY = node.boundsOrigin.y
        let maxX = minX + node.frame.width, maxY = minY + node.frame.height
        let low = Point(corners.map(\.x).min()!, corners.map(\.y).min()!)
        let high = Point(corners.map(\.x).max()!, corners.map(\.y).max()!)
        // Apart from the closed box: no edge crossed, and no subview reached (H4).
        if high.x < minX || low.x > maxX || high.y < minY || low.y > maxY { return false }
        // Touching it, and not strictly inside: an edge is crossed (or the square holds the box).
        if !corners.allSatisfy({ minX < $0.x && $0.x < maxX && minY < $0.y && $0.y < maxY }) { return true }
        return node.subviews.contains { squareCrossesEdge(corners, $0) }
    }
}
