// Top-down rebuild: replaces every internal node, keeping leaves (and their
// handles) where they are.

extension DynamicBoxTree {
    /// How many centroid bins the binned-SAH builder evaluates per split.
    static let rebuildBinCount = 16
    /// Subtrees at most this size are split at the median instead (cheap, and SAH
    /// gains little there).
    static let rebuildMedianThreshold = 4

    /// Rebuilds the tree top-down with a binned surface-area heuristic: each split
    /// puts leaves by box centre into ``rebuildBinCount`` bins along the longer axis
    /// and picks the bin boundary that minimises
    /// `P(left) * count(left) + P(right) * count(right)`.
    ///
    /// Incremental insertion builds a worse tree than a global build (every
    /// insertion decides with what is already there); the owner can call this after
    /// many insertions. Leaf handles, boxes, z-keys and payloads are unchanged.
    /// - Complexity: O(n log n).
    public mutating func rebuild() {
        changesSinceRebuild = 0
        guard count > 2 else { return }
        var leaves: [Int32] = []
        leaves.reserveCapacity(count)
        var stack: [Int32] = [root]
        while let i = stack.popLast() {
            let n = nodes[Int(i)]
            if n.isLeaf {
                leaves.append(i)
            } else {
                stack.append(n.child1)
                stack.append(n.child2)
                free(i)
            }
        }
        root = build(&leaves, 0..<leaves.count)
        nodes[Int(root)].parentOrNext = Self.null
    }

    private func centre(_ i: Int32, _ axisX: Bool) -> Double {
        let b = nodes[Int(i)].box
        return axisX ? b.minX * 0.5 + b.maxX * 0.5 : b.minY * 0.5 + b.maxY * 0.5
    }

    /// Builds the subtree over `leaves[range]` and returns its root.
    private mutating func build(_ leaves: inout [Int32], _ range: Range<Int>) -> Int32 {
        if range.count == 1 { return leaves[range.lowerBound] }
        var lo = Double.infinity, hi = -Double.infinity, loY = Double.infinity, hiY = -Double.infinity
        for i in range {
            let cx = centre(leaves[i], true), cy = centre(leaves[i], false)
            lo = min(lo, cx); hi = max(hi, cx); loY = min(loY, cy); hiY = max(hiY, cy)
        }
        let axisX = !((hiY - loY) > (hi - lo))
        let (axisLo, axisHi) = axisX ? (lo, hi) : (loY, hiY)
        var split = range.lowerBound + range.count / 2
        if range.count > Self.rebuildMedianThreshold && axisHi > axisLo && (axisHi - axisLo).isFinite {
            split = binnedSplit(&leaves, range, axisX: axisX, lo: axisLo, hi: axisHi) ?? split
        }
        if split == range.lowerBound + range.count / 2 {
            // Median split: partial sort around the middle.
            leaves[range].sort { centre($0, axisX) < centre($1, axisX) }
        }
        let left = build(&leaves, range.lowerBound..<split)
        let right = build(&leaves, split..<range.upperBound)
        let parent = allocate()
        nodes[Int(parent)].payload = -1
        nodes[Int(parent)].child1 = left
        nodes[Int(parent)].child2 = right
        nodes[Int(left)].parentOrNext = parent
        nodes[Int(right)].parentOrNext = parent
        refresh(parent)
        return parent
    }

    /// Partitions `leaves[range]` at the best SAH bin boundary; returns the split
    /// index, or nil when every leaf falls in one bin.
    private func binnedSplit(_ leaves: inout [Int32], _ range: Range<Int>, axisX: Bool, lo: Double, hi: Double) -> Int? {
        let binCount = Self.rebuildBinCount
        let scale = Double(binCount) / (hi - lo)
        func bin(_ i: Int32) -> Int { min(binCount - 1, max(0, Int((centre(i, axisX) - lo) * scale))) }
        var counts = [Int](repeating: 0, count: binCount)
        var boxes = [IndexBox?](repeating: nil, count: binCount)
        for i in range {
            let b = bin(leaves[i])
            counts[b] += 1
            boxes[b] = boxes[b].map { $0.union(nodes[Int(leaves[i])].box) } ?? nodes[Int(leaves[i])].box
        }
        // Sweep from the right to know each suffix's cost, then from the left.
        var rightCost = [Double](repeating: 0, count: binCount)
        var box: IndexBox? = nil, n = 0
        for b in stride(from: binCount - 1, through: 1, by: -1) {
            if let bb = boxes[b] { box = box.map { $0.union(bb) } ?? bb }
            n += counts[b]
            rightCost[b] = (box?.halfPerimeter ?? 0) * Double(n)
        }
        var best = Double.infinity, bestBin = -1
        box = nil; n = 0
        for b in 0..<(binCount - 1) {
            if let bb = boxes[b] { box = box.map { $0.union(bb) } ?? bb }
            n += counts[b]
            guard n > 0, n < range.count else { continue }
            let cost = (box?.halfPerimeter ?? 0) * Double(n) + rightCost[b + 1]
            if cost < best { best = cost; bestBin = b }
        }
        guard bestBin >= 0 else { return nil }
        let split = leaves[range].partition { bin($0) > bestBin }
        return split == range.lowerBound || split == range.upperBound ? nil : split
    }
}
