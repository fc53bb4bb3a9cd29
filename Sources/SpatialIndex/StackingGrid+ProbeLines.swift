// The coordinates the grid treats specially, for a harness to probe.

extension StackingGrid {
    /// The lines where the grid's behaviour changes under the current layout: the
    /// region's edges and every cell border on each axis (as the real coordinates
    /// that map to a border in fixed point, so probing a line and its neighbouring
    /// floats crosses it). A differential campaign probes these, because an
    /// off-by-one in the cell or filter arithmetic shows only near them.
    /// - Complexity: O(columns + rows).
    public var probeLines: (xs: [Double], ys: [Double]) {
        func lines(_ axis: GridAxis, _ low: Double, _ high: Double) -> [Double] {
            var out = [low, high]
            out.reserveCapacity(axis.cells + 3)
            for border in 0 ... axis.cells {
                out.append(axis.origin + Double(border * 256) / axis.scale)
            }
            return out.filter(\.isFinite)
        }
        return (lines(xAxis, region.minX, region.maxX), lines(yAxis, region.minY, region.maxY))
    }
}
