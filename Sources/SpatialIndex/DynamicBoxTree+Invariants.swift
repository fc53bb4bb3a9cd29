// The whole-structure validation that tests run after every operation.

extension DynamicBoxTree {
    /// Walks the whole tree and returns every broken invariant, empty when sound:
    ///
    /// - the root has no parent; every child's parent link points back to its parent;
    /// - leaves have no children, height 0 and a valid box; internal nodes have two
    ///   children, height `1 + max(children)`, and store exactly the union of their
    ///   children's boxes and the maximum of their children's z-keys (so every
    ///   ancestor's box contains each leaf box and its key bounds each leaf key);
    /// - reachable leaves == `count`, reachable nodes == used slots, and the free
    ///   list holds exactly the other slots, each marked free, with no cycle.
    ///
    /// Release builds compile the walk away and return `[]` (the check is O(n) and
    /// tests run in debug).
    /// - Complexity: O(n) in debug builds, O(1) in release builds.
    public func checkInvariants() -> [String] {
        #if DEBUG
        return invariantProblems()
        #else
        return []
        #endif
    }

    #if DEBUG
    private func invariantProblems() -> [String] {
        var problems: [String] = []
        func fail(_ text: String) { if problems.count < 20 { problems.append(text) } }
        var reachable = 0, leaves = 0
        var seen = [Bool](repeating: false, count: nodes.count)
        if root != Self.null {
            if !(0..<Int32(nodes.count)).contains(root) { return ["root \(root) out of range"] }
            if nodes[Int(root)].parentOrNext != Self.null { fail("root \(root) has a parent") }
            var stack: [Int32] = [root]
            while let i = stack.popLast() {
                guard (0..<Int32(nodes.count)).contains(i), !seen[Int(i)] else {
                    fail("node \(i) out of range or reached twice"); continue
                }
                seen[Int(i)] = true
                reachable += 1
                let n = nodes[Int(i)]
                guard n.height >= 0 else { fail("free node \(i) is linked into the tree"); continue }
                if n.isLeaf {
                    leaves += 1
                    if n.child2 != Self.null { fail("leaf \(i) has a second child") }
                    if n.height != 0 { fail("leaf \(i) has height \(n.height)") }
                    if !n.box.isValid { fail("leaf \(i) has an invalid box \(n.box)") }
                    continue
                }
                let a = n.child1, b = n.child2
                guard (0..<Int32(nodes.count)).contains(a), (0..<Int32(nodes.count)).contains(b), a != b else {
                    fail("node \(i) has bad children \(a), \(b)"); continue
                }
                let na = nodes[Int(a)], nb = nodes[Int(b)]
                if na.parentOrNext != i { fail("child \(a) of \(i) has parent \(na.parentOrNext)") }
                if nb.parentOrNext != i { fail("child \(b) of \(i) has parent \(nb.parentOrNext)") }
                if n.height != 1 + max(na.height, nb.height) { fail("node \(i) height \(n.height) is stale") }
                if n.box != na.box.union(nb.box) { fail("node \(i) box \(n.box) is not its children's union") }
                if n.zKey != max(na.zKey, nb.zKey) { fail("node \(i) z-key \(n.zKey) is not its subtree maximum") }
                if n.payload != -1 { fail("internal node \(i) has payload \(n.payload)") }
                stack.append(a)
                stack.append(b)
            }
        }
        if leaves != count { fail("count is \(count) but \(leaves) leaves are reachable") }
        if reachable != usedNodeCount { fail("\(usedNodeCount) nodes in use but \(reachable) reachable") }
        var free = freeList, freeCount = 0
        while free != Self.null {
            guard (0..<Int32(nodes.count)).contains(free), !seen[Int(free)] else {
                fail("free list reaches \(free): out of range, in the tree or a cycle"); break
            }
            seen[Int(free)] = true
            if nodes[Int(free)].height != -1 { fail("free node \(free) is not marked free") }
            freeCount += 1
            free = nodes[Int(free)].parentOrNext
        }
        if reachable + freeCount != nodes.count {
            fail("\(nodes.count) slots but \(reachable) used and \(freeCount) free")
        }
        return problems
    }
    #endif
}
