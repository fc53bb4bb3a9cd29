// box2d_tree.cpp: `box2d-dynamic-tree`, Box2D 2.4.1's b2DynamicTree (an AABB tree
// with fattened float boxes, built by insertion, front to back). Each window is one
// proxy whose float box contains its double rect; a query with the point's float
// box visits candidates and keeps the greatest z passing the exact half-open test
// on the double rects kept here. A move is MoveProxy plus an update of those rects.
#include <box2d/b2_dynamic_tree.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>

#include "harness.hpp"

namespace peers {
namespace {

// The greatest float <= v. Beyond the float range, the nearest finite float: every
// coordinate, window or point, goes through the same monotonic clamp, so a window
// holding a point still overlaps it in float, and the tree never sees an infinity.
float floatDown(double v) {
    v = std::min(std::max(v, -double(FLT_MAX)), double(FLT_MAX));
    float f = float(v);
    return double(f) > v ? std::nextafterf(f, -INFINITY) : f;
}

// The least float >= v (clamped the same way).
float floatUp(double v) {
    v = std::min(std::max(v, -double(FLT_MAX)), double(FLT_MAX));
    float f = float(v);
    return double(f) < v ? std::nextafterf(f, INFINITY) : f;
}

// A float box containing the double rect: if the rect holds (x, y), the rect's box
// overlaps pointBox(x, y) in Box2D's closed test.
b2AABB floatBox(const Rect& r) {
    b2AABB box;
    box.lowerBound = b2Vec2(floatDown(r.minX), floatDown(r.minY));
    box.upperBound = b2Vec2(floatUp(r.maxX), floatUp(r.maxY));
    return box;
}

b2AABB pointBox(double x, double y) { return floatBox(Rect{x, y, x, y}); }

// Query callback: Box2D calls QueryCallback(proxyId) for each overlapping proxy.
struct KeepFrontMost {
    const b2DynamicTree* tree;
    const Rect* rects;
    double x, y;
    int32_t best;

    bool QueryCallback(int32 proxyId) {
        auto z = int32_t(reinterpret_cast<uintptr_t>(tree->GetUserData(proxyId)));
        if (z > best && contains(rects[z], x, y)) best = z;
        return true;  // keep going: a later proxy may be in front
    }
};

class Box2dDynamicTree {
public:
    explicit Box2dDynamicTree(const std::vector<Rect>& windows) : rects_(windows), proxies_(windows.size()) {
        // Front to back, so the whole-scene window at the back comes last: inserted
        // first, every branch holding it already spans the scene, adding a window
        // under it does not grow the branch's perimeter, and Box2D 2.4.1's insertion
        // rule keeps following it (queries were 20x slower at 10,000 windows).
        // `RebuildBottomUp()` would do better still, but it compares every pair of
        // nodes for each merge: cubic in the windows, minutes at 10,000.
        for (size_t i = windows.size(); i-- > 0;) {
            proxies_[i] = tree_.CreateProxy(floatBox(windows[i]), reinterpret_cast<void*>(uintptr_t(i)));
        }
    }

    int32_t route(double x, double y) const {
        KeepFrontMost callback{&tree_, rects_.data(), x, y, -1};
        tree_.Query(&callback, pointBox(x, y));
        return callback.best;
    }

    void move(uint32_t window, const Rect& r) {
        rects_[window] = r;
        // False when the fat box still holds the new one: nothing to do in the tree.
        tree_.MoveProxy(proxies_[window], floatBox(r), b2Vec2(0, 0));
    }

private:
    std::vector<Rect> rects_;  // the exact double rects, by window
    std::vector<int32> proxies_;
    b2DynamicTree tree_;
};

}  // namespace

PeerResult runBox2dDynamicTree(const Workload& w, double overhead) {
    return runPeer<Box2dDynamicTree>("box2d-dynamic-tree", w, overhead);
}

}  // namespace peers
