// linear_walk.cpp: the linear walks. Windows as four arrays (structure of arrays)
// in z order, scanned from the front (index W-1) down; the first window holding the
// point wins. `linear-plain` is a scalar early-exit loop; `linear-avx512` (or
// `linear-avx2`) tests 8 (or 4) windows per step. A move is an in-place write.
#include <cstdlib>
#include <cstring>
#include <new>

#if defined(__AVX512F__) || defined(__AVX2__)
#include <immintrin.h>
#endif

#include "harness.hpp"

// Keeps a loop scalar. GCC before 14 never vectorizes a loop with an early exit;
// newer compilers are told so explicitly.
#if defined(__clang__)
#define PEERS_SCALAR_LOOP _Pragma("clang loop vectorize(disable) interleave(disable)")
#elif defined(__GNUC__) && __GNUC__ >= 14
#define PEERS_SCALAR_LOOP _Pragma("GCC novector")
#else
#define PEERS_SCALAR_LOOP
#endif

namespace peers {
namespace {

// Four 64-byte aligned double arrays, padded to a multiple of 8 entries with empty
// rects (all zero: zero width holds nothing).
class SoA {
public:
    explicit SoA(const std::vector<Rect>& windows) : count_(windows.size()), padded_((windows.size() + 7) / 8 * 8) {
        size_t bytes = padded_ * sizeof(double);
        for (double*& a : arrays_) {
            a = static_cast<double*>(std::aligned_alloc(64, bytes));
            if (!a) throw std::bad_alloc();
            std::memset(a, 0, bytes);
        }
        for (size_t i = 0; i < count_; ++i) set(uint32_t(i), windows[i]);
    }
    ~SoA() {
        for (double* a : arrays_) std::free(a);
    }
    SoA(const SoA&) = delete;
    SoA& operator=(const SoA&) = delete;

    void set(uint32_t i, const Rect& r) {
        arrays_[0][i] = r.minX;
        arrays_[1][i] = r.minY;
        arrays_[2][i] = r.maxX;
        arrays_[3][i] = r.maxY;
    }

    size_t count() const { return count_; }
    size_t padded() const { return padded_; }
    const double* minX() const { return arrays_[0]; }
    const double* minY() const { return arrays_[1]; }
    const double* maxX() const { return arrays_[2]; }
    const double* maxY() const { return arrays_[3]; }

private:
    size_t count_, padded_;
    double* arrays_[4] = {nullptr, nullptr, nullptr, nullptr};
};

class LinearPlain {
public:
    explicit LinearPlain(const std::vector<Rect>& windows) : soa_(windows) {}

    // Kept scalar on purpose: one window per iteration, leaving at the first hit.
    int32_t route(double x, double y) const {
        const double *minX = soa_.minX(), *minY = soa_.minY(), *maxX = soa_.maxX(), *maxY = soa_.maxY();
        PEERS_SCALAR_LOOP
        for (int64_t i = int64_t(soa_.count()) - 1; i >= 0; --i) {
            if (minX[i] <= x && x < maxX[i] && minY[i] <= y && y < maxY[i]) return int32_t(i);
        }
        return -1;
    }

    void move(uint32_t window, const Rect& r) { soa_.set(window, r); }

private:
    SoA soa_;
};

#if defined(__AVX512F__)

class LinearSimd {
public:
    explicit LinearSimd(const std::vector<Rect>& windows) : soa_(windows) {}

    // 8 windows a step from the front-most block down; in the first block with a
    // hit, the highest set bit of the mask is the front-most window.
    int32_t route(double x, double y) const {
        const __m512d vx = _mm512_set1_pd(x), vy = _mm512_set1_pd(y);
        for (int64_t at = int64_t(soa_.padded()) - 8; at >= 0; at -= 8) {
            __mmask8 m = _mm512_cmp_pd_mask(_mm512_load_pd(soa_.minX() + at), vx, _CMP_LE_OQ);
            m = _mm512_mask_cmp_pd_mask(m, vx, _mm512_load_pd(soa_.maxX() + at), _CMP_LT_OQ);
            m = _mm512_mask_cmp_pd_mask(m, _mm512_load_pd(soa_.minY() + at), vy, _CMP_LE_OQ);
            m = _mm512_mask_cmp_pd_mask(m, vy, _mm512_load_pd(soa_.maxY() + at), _CMP_LT_OQ);
            if (m) return int32_t(at + 31 - __builtin_clz(unsigned(m)));
        }
        return -1;
    }

    void move(uint32_t window, const Rect& r) { soa_.set(window, r); }

private:
    SoA soa_;
};

#elif defined(__AVX2__)

class LinearSimd {
public:
    explicit LinearSimd(const std::vector<Rect>& windows) : soa_(windows) {}

    // 4 windows a step from the front down (the arrays are padded to 8, so the
    // padded length is a multiple of 4 too).
    int32_t route(double x, double y) const {
        const __m256d vx = _mm256_set1_pd(x), vy = _mm256_set1_pd(y);
        for (int64_t at = int64_t(soa_.padded()) - 4; at >= 0; at -= 4) {
            __m256d in = _mm256_and_pd(_mm256_cmp_pd(_mm256_load_pd(soa_.minX() + at), vx, _CMP_LE_OQ),
                                       _mm256_cmp_pd(vx, _mm256_load_pd(soa_.maxX() + at), _CMP_LT_OQ));
            in = _mm256_and_pd(in, _mm256_cmp_pd(_mm256_load_pd(soa_.minY() + at), vy, _CMP_LE_OQ));
            in = _mm256_and_pd(in, _mm256_cmp_pd(vy, _mm256_load_pd(soa_.maxY() + at), _CMP_LT_OQ));
            int m = _mm256_movemask_pd(in);
            if (m) return int32_t(at + 31 - __builtin_clz(unsigned(m)));
        }
        return -1;
    }

    void move(uint32_t window, const Rect& r) { soa_.set(window, r); }

private:
    SoA soa_;
};

#endif

}  // namespace

PeerResult runLinearPlain(const Workload& w, double overhead) {
    return runPeer<LinearPlain>("linear-plain", w, overhead);
}

#if defined(__AVX512F__)
const char* const kLinearSimdName = "linear-avx512";
#elif defined(__AVX2__)
const char* const kLinearSimdName = "linear-avx2";
#else
const char* const kLinearSimdName = nullptr;
#endif

PeerResult runLinearSimd(const Workload& w, double overhead) {
#if defined(__AVX512F__) || defined(__AVX2__)
    return runPeer<LinearSimd>(kLinearSimdName, w, overhead);
#else
    (void)w;
    (void)overhead;
    std::abort();  // never listed without SIMD (see allPeers)
#endif
}

}  // namespace peers
