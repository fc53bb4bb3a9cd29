// main.cpp: the `peers` command. Reads a WLPEER01 workload, runs each peer index
// on it (build, route every point, apply every move, check every answer) and
// prints one JSON object per peer per line.
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "harness.hpp"

namespace peers {

const std::vector<PeerEntry>& allPeers() {
    static const std::vector<PeerEntry> list = [] {
        std::vector<PeerEntry> l;
        l.push_back({"linear-plain", runLinearPlain});
        if (kLinearSimdName) l.push_back({kLinearSimdName, runLinearSimd});
        l.push_back({"boost-rstar16", runBoostRstar16});
        l.push_back({"box2d-dynamic-tree", runBox2dDynamicTree});
        return l;
    }();
    return list;
}

namespace {

const char* const kUsage =
    "usage: peers FILE [--only NAME,NAME,...]\n"
    "       peers --list\n"
    "Runs the peer indexes on a WLPEER01 workload file and prints one JSON line per peer.\n"
    "Exit status: 0 every peer agreed on every point, 1 some peer disagreed, 2 bad usage or file.\n";

int usageError(const std::string& message) {
    std::fprintf(stderr, "peers: %s\n%s", message.c_str(), kUsage);
    return 2;
}

std::string peerNames() {
    std::string names;
    for (const PeerEntry& e : allPeers()) names += (names.empty() ? "" : ", ") + std::string(e.name);
    return names;
}

void printSummary(const Summary& s) {
    std::printf("{\"samples\":%zu,\"p50\":%.0f,\"p99\":%.0f,\"mean\":%.1f}", s.samples, s.p50, s.p99, s.mean);
}

void printResult(const PeerResult& r, const Workload& w) {
    std::printf("{\"peer\":\"%s\",\"windows\":%zu,\"points\":%zu,\"moves\":%zu,\"buildMs\":%.3f,\"route\":",
                r.peer.c_str(), w.windows.size(), w.points.size(), w.moves.size(), r.buildMs);
    printSummary(r.route);
    std::printf(",\"move\":");
    if (w.moves.empty()) {
        std::printf("null");
    } else {
        printSummary(r.move);
    }
    std::printf(",\"mismatchesBefore\":%zu,\"mismatchesAfter\":%zu}\n", r.mismatchesBefore, r.mismatchesAfter);
    std::fflush(stdout);
}

}  // namespace
}  // namespace peers

namespace {

int run(int argc, char** argv) {
    using namespace peers;
    std::string file, only;
    bool haveOnly = false;
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        if (arg == "--list") {
            for (const PeerEntry& e : allPeers()) std::printf("%s\n", e.name);
            return 0;
        } else if (arg == "--help" || arg == "-h") {
            std::fputs(kUsage, stdout);
            return 0;
        } else if (arg == "--only" || arg.rfind("--only=", 0) == 0) {
            if (arg == "--only") {
                if (i + 1 >= argc) return usageError("--only needs a list of peer names");
                only = argv[++i];
            } else {
                only = arg.substr(7);
            }
            haveOnly = true;
        } else if (!arg.empty() && arg[0] == '-') {
            return usageError("unknown option '" + arg + "'");
        } else if (file.empty()) {
            file = arg;
        } else {
            return usageError("more than one file ('" + file + "', '" + arg + "')");
        }
    }
    if (file.empty()) return usageError("no workload file");

    std::vector<PeerEntry> chosen;
    if (!haveOnly) {
        chosen = allPeers();
    } else {
        std::vector<bool> wanted(allPeers().size(), false);
        size_t start = 0;
        while (start <= only.size()) {
            size_t comma = only.find(',', start);
            if (comma == std::string::npos) comma = only.size();
            std::string name = only.substr(start, comma - start);
            start = comma + 1;
            if (name.empty()) continue;
            size_t k = 0;
            while (k < allPeers().size() && name != allPeers()[k].name) ++k;
            if (k == allPeers().size()) return usageError("unknown peer '" + name + "' (peers: " + peerNames() + ")");
            wanted[k] = true;
        }
        for (size_t k = 0; k < wanted.size(); ++k) {
            if (wanted[k]) chosen.push_back(allPeers()[k]);
        }
        if (chosen.empty()) return usageError("--only names no peer (peers: " + peerNames() + ")");
    }

    Workload workload;
    std::string error;
    if (!readWorkload(file, workload, error)) {
        std::fprintf(stderr, "peers: %s: %s\n", file.c_str(), error.c_str());
        return 2;
    }

    const double overhead = measureClockOverhead();
    bool allAgree = true;
    for (const PeerEntry& entry : chosen) {
        PeerResult r = entry.run(workload, overhead);
        printResult(r, workload);
        if (r.first.found) {
            allAgree = false;
            const Point& p = workload.points[r.first.point];
            std::fprintf(stderr, "peers: %s disagrees %s the moves at point %u (%.17g, %.17g): expected %d, got %d"
                         " (%zu points differ before the moves, %zu after)\n",
                         r.peer.c_str(), r.first.afterMoves ? "after" : "before", r.first.point, p.x, p.y,
                         r.first.expected, r.first.got, r.mismatchesBefore, r.mismatchesAfter);
        }
    }
    return allAgree ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        return run(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "peers: %s\n", e.what());
        return 2;
    }
}
