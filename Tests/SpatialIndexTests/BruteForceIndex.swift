import SpatialIndex

/// The obvious model of the index: a dictionary of leaves scanned in full.
struct BruteForceIndex {
    var leaves: [LeafID: (box: IndexBox, zKey: ZKey, payload: Int32)] = [:]

    /// The live leaves in handle order: what seeded tests draw from (a dictionary's
    /// own order changes from process to process, so a seed would not replay).
    var sortedLeaves: [LeafID] { leaves.keys.sorted { $0.rawValue < $1.rawValue } }

    /// The boxes in handle order.
    var sortedBoxes: [IndexBox] { sortedLeaves.map { leaves[$0]!.box } }

    /// Leaves containing the point, most in front first (ties by leaf id).
    func query(x: Double, y: Double) -> [LeafID] {
        leaves.filter { $0.value.box.contains(x: x, y: y) }
            .sorted { ($0.value.zKey, $1.key.rawValue) > ($1.value.zKey, $0.key.rawValue) }
            .map(\.key)
    }
}
