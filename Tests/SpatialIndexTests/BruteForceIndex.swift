import SpatialIndex

/// The obvious model of the index: a dictionary of leaves scanned in full.
struct BruteForceIndex {
    var leaves: [LeafID: (box: IndexBox, zKey: ZKey, payload: Int32)] = [:]

    /// Leaves containing the point, most in front first (ties by leaf id).
    func query(x: Double, y: Double) -> [LeafID] {
        leaves.filter { $0.value.box.contains(x: x, y: y) }
            .sorted { ($0.value.zKey, $1.key.rawValue) > ($1.value.zKey, $0.key.rawValue) }
            .map(\.key)
    }
}

/// Checks a tree's query answer against the brute force: the same set of leaves,
/// with non-increasing z-keys (equal keys may come in any order).
func queryMismatch(_ tree: DynamicBoxTree, _ model: BruteForceIndex, x: Double, y: Double) -> String? {
    let got = tree.leaves(containingX: x, y: y)
    let expected = model.query(x: x, y: y)
    if Set(got) != Set(expected) || got.count != expected.count {
        return "at (\(x), \(y)): tree \(got) but brute force \(expected)"
    }
    let keys = got.map { tree.zKey(of: $0) }
    if zip(keys, keys.dropFirst()).contains(where: { $0 < $1 }) {
        return "at (\(x), \(y)): z-keys not front to back: \(keys)"
    }
    for leaf in got where tree.payload(of: leaf) != model.leaves[leaf]?.payload {
        return "payload of \(leaf) is \(tree.payload(of: leaf))"
    }
    return nil
}
