// boost_rtree.cpp: `boost-rstar16`, a Boost.Geometry R*-tree (16 entries a node)
// bulk-loaded with the packing constructor. A query collects the windows whose box
// meets the point (closed test), keeping the greatest z that passes the exact
// half-open test. A move removes the old value and inserts the new one.

// Boost 1.74's geometry includes headers it has itself deprecated; keep the build quiet.
#define BOOST_ALLOW_DEPRECATED_HEADERS
// GCC 12 sees Boost's fixed-capacity varray (R* reinsertion, sorted with std::partial_sort)
// as maybe uninitialized once inlined: a false positive, silenced for this file only.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <boost/geometry.hpp>
#include <boost/geometry/index/rtree.hpp>

#include <iterator>
#include <utility>

#include "harness.hpp"

namespace peers {
namespace {

namespace bg = boost::geometry;
namespace bgi = boost::geometry::index;

using BPoint = bg::model::point<double, 2, bg::cs::cartesian>;
using BBox = bg::model::box<BPoint>;
using Value = std::pair<BBox, uint32_t>;
using Tree = bgi::rtree<Value, bgi::rstar<16>>;

BBox toBox(const Rect& r) { return BBox(BPoint(r.minX, r.minY), BPoint(r.maxX, r.maxY)); }

// One query's point and the front-most window found so far holding it (-1: none).
struct Best {
    double x, y;
    int32_t z;
};

// An output iterator that allocates nothing: each value written is tested exactly
// and kept if it is the front-most so far.
class KeepFrontMost {
public:
    using iterator_category = std::output_iterator_tag;
    using value_type = void;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = void;

    explicit KeepFrontMost(Best* best) : best_(best) {}
    KeepFrontMost& operator*() { return *this; }
    KeepFrontMost& operator++() { return *this; }
    KeepFrontMost& operator++(int) { return *this; }
    KeepFrontMost& operator=(const Value& v) {
        int32_t z = int32_t(v.second);
        if (z > best_->z) {
            const BBox& b = v.first;
            if (b.min_corner().get<0>() <= best_->x && best_->x < b.max_corner().get<0>()
                && b.min_corner().get<1>() <= best_->y && best_->y < b.max_corner().get<1>()) {
                best_->z = z;
            }
        }
        return *this;
    }

private:
    Best* best_;
};

std::vector<Value> values(const std::vector<Rect>& windows) {
    std::vector<Value> out;
    out.reserve(windows.size());
    for (size_t i = 0; i < windows.size(); ++i) out.emplace_back(toBox(windows[i]), uint32_t(i));
    return out;
}

class BoostRstar16 {
public:
    explicit BoostRstar16(const std::vector<Rect>& windows) : rects_(windows), tree_(values(windows)) {}

    int32_t route(double x, double y) const {
        Best best{x, y, -1};
        tree_.query(bgi::intersects(BPoint(x, y)), KeepFrontMost(&best));
        return best.z;
    }

    void move(uint32_t window, const Rect& r) {
        tree_.remove(Value(toBox(rects_[window]), window));
        rects_[window] = r;
        tree_.insert(Value(toBox(r), window));
    }

private:
    std::vector<Rect> rects_;  // each window's current rect, to name the value to remove
    Tree tree_;
};

}  // namespace

PeerResult runBoostRstar16(const Workload& w, double overhead) {
    return runPeer<BoostRstar16>("boost-rstar16", w, overhead);
}

}  // namespace peers
