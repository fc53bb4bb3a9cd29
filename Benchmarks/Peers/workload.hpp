// workload.hpp: the peer workload file (WLPEER01) as the peers see it, and the
// exact half-open containment test every peer's answer must agree with.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace peers {

struct Rect {
    double minX, minY, maxX, maxY;
};

struct Point {
    double x, y;
};

struct Move {
    uint32_t window;
    Rect rect;
};

// Half-open like CGRectContainsPoint: a rect of zero width or height holds nothing.
inline bool contains(const Rect& r, double x, double y) {
    return r.minX <= x && x < r.maxX && r.minY <= y && y < r.maxY;
}

struct Workload {
    std::vector<Rect> windows;           // back to front: window i+1 is in front of window i
    std::vector<Point> points;
    std::vector<int32_t> answersBefore;  // front-most window holding each point, or -1
    std::vector<Move> moves;             // applied in order
    std::vector<int32_t> answersAfter;   // the same points after every move
};

// Reads and validates the whole file. On failure returns false and sets `error`
// to what is wrong and where (without the file name).
bool readWorkload(const std::string& path, Workload& out, std::string& error);

}  // namespace peers
