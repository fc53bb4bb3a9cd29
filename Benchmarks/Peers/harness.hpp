// harness.hpp: runs one peer the same way for every peer (build, warm up, time
// each point, time each move, check every answer), and the list of peers.
//
// A peer is a class constructed from the workload's windows (the build) with
//   int32_t route(double x, double y)        front-most window holding (x, y), or -1
//   void move(uint32_t window, const Rect&)  the window's rect changes, z order does not
// runPeer<Peer> is instantiated in the peer's own file so route() inlines into the timed loop.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "timing.hpp"
#include "workload.hpp"

namespace peers {

struct Mismatch {
    bool found = false;
    bool afterMoves = false;
    uint32_t point = 0;
    int32_t expected = 0, got = 0;
};

struct PeerResult {
    std::string peer;
    double buildMs = 0;
    Summary route;
    Summary move;  // samples == 0 when the workload has no moves
    size_t mismatchesBefore = 0, mismatchesAfter = 0;
    Mismatch first;
};

using PeerRunner = PeerResult (*)(const Workload&, double clockOverhead);

struct PeerEntry {
    const char* name;
    PeerRunner run;
};

// Every peer compiled in, in output order (defined in main.cpp).
const std::vector<PeerEntry>& allPeers();

// The runners, one per peer file.
PeerResult runLinearPlain(const Workload&, double);
PeerResult runLinearSimd(const Workload&, double);  // only when AVX-512 or AVX2 is available
PeerResult runBoostRstar16(const Workload&, double);
PeerResult runBox2dDynamicTree(const Workload&, double);
extern const char* const kLinearSimdName;  // "linear-avx512", "linear-avx2", or nullptr

namespace detail {

inline size_t countMismatches(const std::vector<int32_t>& expected, const std::vector<int32_t>& got, bool after,
                              Mismatch& first) {
    size_t n = 0;
    for (size_t i = 0; i < expected.size(); ++i) {
        if (expected[i] == got[i]) continue;
        if (n++ == 0 && !first.found) first = Mismatch{true, after, uint32_t(i), expected[i], got[i]};
    }
    return n;
}

}  // namespace detail

template <class Peer>
PeerResult runPeer(const char* name, const Workload& w, double clockOverhead) {
    PeerResult result;
    result.peer = name;
    const size_t P = w.points.size();

    uint64_t buildStart = nowNs();
    auto peer = std::make_unique<Peer>(w.windows);
    result.buildMs = double(nowNs() - buildStart) / 1e6;

    std::vector<int32_t> got(P);
    for (size_t i = 0; i < P; ++i) got[i] = peer->route(w.points[i].x, w.points[i].y);  // warm-up, not timed

    const Point* points = w.points.data();
    int32_t* answers = got.data();
    Peer& p = *peer;
    std::vector<double> routeNs = sampleEach(
        P, clockOverhead, [&](size_t i) { return p.route(points[i].x, points[i].y); },
        [&](size_t i, int32_t a) { answers[i] = a; });
    result.route = summarize(std::move(routeNs));
    result.mismatchesBefore = detail::countMismatches(w.answersBefore, got, false, result.first);

    const Move* moves = w.moves.data();
    std::vector<double> moveNs = sampleEach(
        w.moves.size(), clockOverhead,
        [&](size_t i) {
            p.move(moves[i].window, moves[i].rect);
            return i;
        },
        [](size_t, size_t) {});
    result.move = summarize(std::move(moveNs));

    for (size_t i = 0; i < P; ++i) got[i] = p.route(points[i].x, points[i].y);
    result.mismatchesAfter = detail::countMismatches(w.answersAfter, got, true, result.first);
    return result;
}

}  // namespace peers
