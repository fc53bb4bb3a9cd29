import IndexedEngine
import RoutingWorkloads
import SpatialIndex
import WindowModel

// update-probe [N] [samples] [ONLY]: p50 / p99 / mean ns of each update kind on the
// indexed engine (one `apply`, name lookup included), of a dictionary lookup like the
// engine's, and of raises and moves on a StackingGrid holding the workload's boxes
// (desktop workload, fixed seeds). ONLY times just the figure whose label contains it
// (for a profiler: `perf record ... update-probe 1000 200000 "engine raise"`).
struct Random {
    var state: UInt64 = 12345
    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state >> 17
    }
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let n = arguments.first ?? 100_000, samples = arguments.dropFirst().first ?? 20_000
let only = CommandLine.arguments.dropFirst().first { Int($0) == nil }
var random = Random()
func time(_ label: String, _ count: Int, _ body: (Int) -> Void) {
    if let only, !label.contains(only) { return }
    let values = LatencySampler.sample(count: count, body)
    let s = LatencySummary(values)
    print("\(label): p50 \(Int(s.p50)) p99 \(Int(s.p99)) mean \(Int(s.mean)) ns")
}

let workload = RoutingWorkload(kind: .desktop, windowCount: n, touchCount: 16)
let engine = RoutingWorkload.build(IndexedWindowSystem(), workload.commands())
for kind in [UpdateKind.moveResize, .raise, .hide, .levelChange] {
    let commands = workload.updateCommands(kind, count: samples)
    time("engine \(kind.rawValue)", commands.count) { i in _ = engine.apply(commands[i]) }
}

var names: [String: Int32] = [:]
for (i, spec) in workload.windows.enumerated() { names[spec.name] = Int32(i); names[spec.name + ".root"] = Int32(i) }
let probes = (0..<samples).map { _ in workload.windows[1 + Int(random.next() % UInt64(workload.windows.count - 1))].name }
var sink: Int32 = 0
time("name lookup", samples) { i in sink &+= names[probes[i]]! }

var grid = StackingGrid(bounds: IndexBox(minX: 0, minY: 0, maxX: 3840, maxY: 2160))
var leaves: [LeafID] = []
var sequence: UInt64 = 1 << 40
for spec in workload.windows where !spec.isHidden {
    sequence += 1
    let f = spec.frame
    leaves.append(grid.insert(box: IndexBox(minX: f.x, minY: f.y, maxX: f.x + f.width, maxY: f.y + f.height),
                              zKey: ZKey(level: spec.level, sequence: sequence), payload: 0))
}
print("grid: \(grid.cellDimensions.columns) x \(grid.cellDimensions.rows) cells, \(grid.entryCount) entries, "
      + "\(grid.memoryBytes / leaves.count) bytes a window")
let picks = (0..<samples).map { _ in leaves[Int(random.next() % UInt64(leaves.count))] }
time("grid raise", samples) { i in
    sequence += 1
    grid.updateZKey(picks[i], to: ZKey(level: grid.zKey(of: picks[i]).level, sequence: sequence))
}
time("grid move", samples) { i in
    let x = Double(random.next() % 3500), y = Double(random.next() % 1900), side = Double(16 + random.next() % 284)
    grid.updateBox(picks[i], to: IndexBox(minX: x, minY: y, maxX: x + side, maxY: y + side))
}
print(sink == 0 ? "" : "(checksum \(sink))")
