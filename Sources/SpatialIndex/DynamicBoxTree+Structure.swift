// Insertion, removal and rebalancing: the parts of the tree that change its shape.

extension DynamicBoxTree {
    /// Links the (already filled) leaf node `leaf` into the tree.
    ///
    /// 1. Choose a sibling by descending from the root. At node N with box B, for a
    ///    leaf box L (P(x) = half perimeter):
    ///
    ///    ```
    ///    cost of pairing L with N itself    = 2 P(B ∪ L)
    ///    inherited cost of going below N   = 2 (P(B ∪ L) - P(B))   (N's box grows)
    ///    cost of descending into child C   = inherited + P(C ∪ L)            if C is a leaf
    ///                                      = inherited + P(C ∪ L) - P(C)     otherwise
    ///    ```
    ///    Stop at N when pairing with it is cheaper than both descents; otherwise go
    ///    into the cheaper child. With infinite boxes the costs may be NaN: every
    ///    comparison is then false and the descent goes to child2; any sibling
    ///    gives a valid tree.
    ///
    /// 2. Make a new parent for the sibling S and the leaf:
    ///
    ///    ```
    ///         G                G
    ///         |                |
    ///         S      ==>       P'        P' = new node, box S ∪ L, z max(S, L)
    ///                         / \
    ///                        S   L
    ///    ```
    /// 3. Walk from P' to the root: rebalance each node (see ``balance(_:)``) and
    ///    recompute its box, height and maximum z-key.
    mutating func insertLeaf(_ leaf: Int32) {
        if root == Self.null {
            root = leaf
            nodes[Int(leaf)].parentOrNext = Self.null
            return
        }
        let leafBox = nodes[Int(leaf)].box
        var index = root
        while !nodes[Int(index)].isLeaf {
            let node = nodes[Int(index)]
            let area = node.box.halfPerimeter
            let combinedArea = node.box.union(leafBox).halfPerimeter
            let cost = 2 * combinedArea
            let inheritance = 2 * (combinedArea - area)
            let cost1 = descentCost(node.child1, leafBox) + inheritance
            let cost2 = descentCost(node.child2, leafBox) + inheritance
            if cost < cost1 && cost < cost2 { break }
            index = cost1 < cost2 ? node.child1 : node.child2
        }
        let sibling = index
        let oldParent = nodes[Int(sibling)].parentOrNext
        let newParent = allocateInternal()
        nodes[Int(newParent)].parentOrNext = oldParent
        nodes[Int(newParent)].child1 = sibling
        nodes[Int(newParent)].child2 = leaf
        nodes[Int(sibling)].parentOrNext = newParent
        nodes[Int(leaf)].parentOrNext = newParent
        replaceChild(of: oldParent, sibling, with: newParent)
        refresh(newParent)
        fixUpward(from: oldParent)
    }

    private func descentCost(_ child: Int32, _ leafBox: IndexBox) -> Double {
        let c = nodes[Int(child)]
        let grown = c.box.union(leafBox).halfPerimeter
        return c.isLeaf ? grown : grown - c.box.halfPerimeter
    }

    /// Takes an internal slot from the free list (insertLeaf's new parent).
    private mutating func allocateInternal() -> Int32 {
        let slot = allocate()
        nodes[Int(slot)].payload = -1
        return slot
    }

    /// Unlinks leaf `leaf` (its node stays allocated) and frees its parent:
    ///
    /// ```
    ///         G                G
    ///         |                |
    ///         P       ==>      S          P is freed; S takes its place
    ///        / \
    ///       L   S
    /// ```
    /// then rebalances and refreshes from G to the root.
    mutating func removeLeaf(_ leaf: Int32) {
        if leaf == root {
            root = Self.null
            return
        }
        let parent = nodes[Int(leaf)].parentOrNext
        let grandParent = nodes[Int(parent)].parentOrNext
        let sibling = nodes[Int(parent)].child1 == leaf ? nodes[Int(parent)].child2 : nodes[Int(parent)].child1
        replaceChild(of: grandParent, parent, with: sibling)
        nodes[Int(sibling)].parentOrNext = grandParent
        nodes[Int(leaf)].parentOrNext = Self.null
        free(parent)
        fixUpward(from: grandParent)
    }

    /// Rebalances and refreshes every node from `start` up to the root.
    private mutating func fixUpward(from start: Int32) {
        var index = start
        while index != Self.null {
            index = balance(index)
            refresh(index)
            index = nodes[Int(index)].parentOrNext
        }
    }

    /// If the subtree at `a` leans by more than one level, rotates its taller child
    /// up and returns the subtree's new root; otherwise returns `a`.
    ///
    /// Case "right heavy" (C taller than B by 2 or more); F, G are C's children, and
    /// the taller of them stays under C while the shorter moves under A:
    ///
    /// ```
    ///         A                       C
    ///       /   \                   /   \
    ///      B     C       ==>       A     F      (when F is taller than G)
    ///           / \               / \
    ///          F   G             B   G
    /// ```
    /// (with G staying under C and F moving to A when G is the taller). The
    /// "left heavy" case is the mirror image, with B's children D, E. A is refreshed
    /// first (it is now C's child), then C; the caller refreshes C again, harmlessly.
    /// Boxes, heights and maximum z-keys are all recomputed from children, so z-key
    /// maxima stay exact through rotations.
    mutating func balance(_ a: Int32) -> Int32 {
        let nodeA = nodes[Int(a)]
        if nodeA.isLeaf || nodeA.height < 2 { return a }
        let b = nodeA.child1, c = nodeA.child2
        let lean = nodes[Int(c)].height - nodes[Int(b)].height
        if lean > 1 {
            rotateUp(c, over: a, aChildSlotIsSecond: true)
            return c
        }
        if lean < -1 {
            rotateUp(b, over: a, aChildSlotIsSecond: false)
            return b
        }
        return a
    }

    /// Rotates child `up` of `a` into `a`'s place. `aChildSlotIsSecond` says whether
    /// `up` was `a.child2` (right heavy) or `a.child1` (left heavy).
    private mutating func rotateUp(_ up: Int32, over a: Int32, aChildSlotIsSecond: Bool) {
        let f = nodes[Int(up)].child1, g = nodes[Int(up)].child2
        let aParent = nodes[Int(a)].parentOrNext
        // `up` replaces `a` under a's parent, and adopts `a` as its first child.
        nodes[Int(up)].child1 = a
        nodes[Int(up)].parentOrNext = aParent
        nodes[Int(a)].parentOrNext = up
        replaceChild(of: aParent, a, with: up)
        // The taller grandchild stays with `up`; the shorter one fills `a`'s freed slot.
        let (keep, move) = nodes[Int(f)].height > nodes[Int(g)].height ? (f, g) : (g, f)
        nodes[Int(up)].child2 = keep
        if aChildSlotIsSecond {
            nodes[Int(a)].child2 = move
        } else {
            nodes[Int(a)].child1 = move
        }
        nodes[Int(move)].parentOrNext = a
        refresh(a)
        refresh(up)
    }
}
