// timing.hpp: the clock, its overhead, the per-call sampler and the nearest-rank
// summary, the same method as the Swift side's LatencySampler so numbers compare.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <ctime>
#include <vector>

namespace peers {

// Monotonic nanoseconds.
inline uint64_t nowNs() {
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return uint64_t(t.tv_sec) * 1000000000u + uint64_t(t.tv_nsec);
}

// Forces `value` to be computed here (before whatever follows) and kept.
template <class T>
inline void keep(const T& value) {
    asm volatile("" : : "r"(value) : "memory");
}

struct Summary {
    size_t samples = 0;
    double p50 = 0, p99 = 0, mean = 0;
};

// Nearest rank: the p-th percentile of n ascending values is sorted[ceil(p/100*n) - 1], clamped.
inline double percentile(const std::vector<double>& sorted, double p) {
    if (sorted.empty()) return 0;
    auto rank = int64_t(std::ceil(p / 100 * double(sorted.size())));
    rank = std::min<int64_t>(std::max<int64_t>(rank, 1), int64_t(sorted.size()));
    return sorted[size_t(rank - 1)];
}

inline Summary summarize(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    Summary s;
    s.samples = values.size();
    s.p50 = percentile(values, 50);
    s.p99 = percentile(values, 99);
    double sum = 0;
    for (double v : values) sum += v;
    s.mean = values.empty() ? 0 : sum / double(values.size());
    return s;
}

// The median cost of two back-to-back clock reads (10,001 pairs), in ns.
inline double measureClockOverhead() {
    std::vector<double> values(10001);
    for (double& v : values) {
        uint64_t start = nowNs();
        uint64_t end = nowNs();
        v = double(end - start);
    }
    std::sort(values.begin(), values.end());
    return percentile(values, 50);
}

// Times `body(i)` for i in 0..<count, one sample per call, overhead removed, never
// below 0. The value body returns is forced before the second clock read, then handed
// to `record(i, value)` outside the timed span.
template <class Body, class Record>
std::vector<double> sampleEach(size_t count, double overhead, Body&& body, Record&& record) {
    std::vector<double> values(count);
    for (size_t i = 0; i < count; ++i) {
        uint64_t start = nowNs();
        auto result = body(i);
        keep(result);
        uint64_t end = nowNs();
        values[i] = std::max(0.0, double(end - start) - overhead);
        record(i, result);
    }
    return values;
}

}  // namespace peers
