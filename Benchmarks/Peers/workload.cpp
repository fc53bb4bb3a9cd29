// workload.cpp: reads a WLPEER01 file in one read and validates every field
// (sizes, magic, finite coordinates, min <= max, window indices, answers).
#include "workload.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>

#include <sys/stat.h>

namespace peers {
namespace {

constexpr char kMagic[8] = {'W', 'L', 'P', 'E', 'E', 'R', '0', '1'};
constexpr uint64_t kHeaderBytes = 24, kWindowBytes = 32, kPointBytes = 16, kAnswerBytes = 4, kMoveBytes = 40;

// Little-endian decoding that does not depend on the host's byte order or alignment.
uint32_t u32At(const unsigned char* p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

double f64At(const unsigned char* p) {
    uint64_t bits = uint64_t(u32At(p)) | uint64_t(u32At(p + 4)) << 32;
    double v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
}

std::string number(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

// Decodes one rect at `p`; `what` names it ("window 3", "move 7") for messages.
bool decodeRect(const unsigned char* p, uint64_t offset, const std::string& what, Rect& r, std::string& error) {
    static const char* const names[4] = {"minX", "minY", "maxX", "maxY"};
    double v[4];
    for (int k = 0; k < 4; ++k) {
        v[k] = f64At(p + 8 * k);
        if (!std::isfinite(v[k])) {
            error = what + " (byte " + std::to_string(offset + 8 * k) + "): " + names[k] + " = " + number(v[k])
                + " is not finite";
            return false;
        }
    }
    r = Rect{v[0], v[1], v[2], v[3]};
    if (r.minX > r.maxX || r.minY > r.maxY) {
        bool xs = r.minX > r.maxX;
        error = what + " (byte " + std::to_string(offset) + "): " + (xs ? "minX " : "minY ")
            + number(xs ? r.minX : r.minY) + " > " + (xs ? "maxX " : "maxY ") + number(xs ? r.maxX : r.maxY);
        return false;
    }
    return true;
}

bool decodeAnswers(const unsigned char* base, uint64_t offset, uint32_t count, uint32_t windows, const char* when,
                   std::vector<int32_t>& out, std::string& error) {
    out.resize(count);
    for (uint32_t i = 0; i < count; ++i) {
        int32_t a = int32_t(u32At(base + offset + uint64_t(i) * kAnswerBytes));
        if (a < -1 || int64_t(a) >= int64_t(windows)) {
            error = "expected answer " + std::string(when) + " moves for point " + std::to_string(i) + " (byte "
                + std::to_string(offset + uint64_t(i) * kAnswerBytes) + ") is " + std::to_string(a)
                + ", outside -1.." + std::to_string(int64_t(windows) - 1);
            return false;
        }
        out[i] = a;
    }
    return true;
}

bool readAll(const std::string& path, std::vector<unsigned char>& bytes, std::string& error) {
    FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) {
        error = std::string("cannot open: ") + std::strerror(errno);
        return false;
    }
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
        error = "not a regular file";
        std::fclose(f);
        return false;
    }
    bool ok = std::fseek(f, 0, SEEK_END) == 0;
    long size = ok ? std::ftell(f) : -1;
    ok = ok && size >= 0 && std::fseek(f, 0, SEEK_SET) == 0;
    if (!ok) {
        error = std::string("cannot determine the size: ") + std::strerror(errno);
        std::fclose(f);
        return false;
    }
    bytes.resize(size_t(size));
    size_t got = size > 0 ? std::fread(bytes.data(), 1, bytes.size(), f) : 0;
    bool readError = std::ferror(f) != 0;
    std::fclose(f);
    if (readError || got != bytes.size()) {
        error = "read " + std::to_string(got) + " of " + std::to_string(bytes.size()) + " bytes";
        return false;
    }
    return true;
}

}  // namespace

bool readWorkload(const std::string& path, Workload& out, std::string& error) {
    std::vector<unsigned char> bytes;
    if (!readAll(path, bytes, error)) return false;
    const uint64_t size = bytes.size();
    const unsigned char* b = bytes.data();
    if (size < kHeaderBytes) {
        error = "truncated header: " + std::to_string(size) + " bytes, the header alone is 24";
        return false;
    }
    if (std::memcmp(b, kMagic, 8) != 0) {
        error = "bad magic at byte 0 (expected \"WLPEER01\")";
        return false;
    }
    const uint32_t W = u32At(b + 8), P = u32At(b + 12), M = u32At(b + 16), flags = u32At(b + 20);
    if (W < 1) { error = "window count (byte 8) is 0, at least 1 expected"; return false; }
    if (P < 1) { error = "point count (byte 12) is 0, at least 1 expected"; return false; }
    if (flags != 0) { error = "flags (byte 20) are " + std::to_string(flags) + ", expected 0"; return false; }

    const uint64_t windowsAt = kHeaderBytes;
    const uint64_t pointsAt = windowsAt + uint64_t(W) * kWindowBytes;
    const uint64_t beforeAt = pointsAt + uint64_t(P) * kPointBytes;
    const uint64_t movesAt = beforeAt + uint64_t(P) * kAnswerBytes;
    const uint64_t afterAt = movesAt + uint64_t(M) * kMoveBytes;
    const uint64_t expected = afterAt + uint64_t(P) * kAnswerBytes;
    if (size != expected) {
        error = std::string(size < expected ? "truncated" : "trailing bytes") + ": " + std::to_string(size)
            + " bytes, but W = " + std::to_string(W) + ", P = " + std::to_string(P) + ", M = " + std::to_string(M)
            + " make " + std::to_string(expected);
        return false;
    }

    out.windows.resize(W);
    for (uint32_t i = 0; i < W; ++i) {
        uint64_t at = windowsAt + uint64_t(i) * kWindowBytes;
        if (!decodeRect(b + at, at, "window " + std::to_string(i), out.windows[i], error)) return false;
    }
    out.points.resize(P);
    for (uint32_t i = 0; i < P; ++i) {
        uint64_t at = pointsAt + uint64_t(i) * kPointBytes;
        double x = f64At(b + at), y = f64At(b + at + 8);
        if (!std::isfinite(x) || !std::isfinite(y)) {
            bool xs = !std::isfinite(x);
            error = "point " + std::to_string(i) + " (byte " + std::to_string(at + (xs ? 0 : 8)) + "): "
                + (xs ? "x = " : "y = ") + number(xs ? x : y) + " is not finite";
            return false;
        }
        out.points[i] = Point{x, y};
    }
    if (!decodeAnswers(b, beforeAt, P, W, "before", out.answersBefore, error)) return false;
    out.moves.resize(M);
    for (uint32_t i = 0; i < M; ++i) {
        uint64_t at = movesAt + uint64_t(i) * kMoveBytes;
        uint32_t window = u32At(b + at), zero = u32At(b + at + 4);
        if (window >= W) {
            error = "move " + std::to_string(i) + " (byte " + std::to_string(at) + "): window " + std::to_string(window)
                + " out of range, W = " + std::to_string(W);
            return false;
        }
        if (zero != 0) {
            error = "move " + std::to_string(i) + " (byte " + std::to_string(at + 4) + "): reserved field is "
                + std::to_string(zero) + ", expected 0";
            return false;
        }
        out.moves[i].window = window;
        if (!decodeRect(b + at + 8, at + 8, "move " + std::to_string(i), out.moves[i].rect, error)) return false;
    }
    return decodeAnswers(b, afterAt, P, W, "after", out.answersAfter, error);
}

}  // namespace peers
