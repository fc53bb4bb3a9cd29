/// The one stretch of a program that an instruction count measures.
///
/// Run the program under callgrind with collection off at the start and toggled by
/// this region's C symbol, and the count it writes is the instructions executed
/// inside ``measure(_:)`` alone (set-up, start-up and shut-down are left out):
///
/// ```sh
/// SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --collect-atstart=no \
///   --toggle-collect=windowlab_counted_region --callgrind-out-file=out ./my-benchmark
/// ```
///
/// Instruction counts need no hardware counters and do not depend on what else the
/// machine runs: the same binary on the same input counts the same (give Swift's
/// hashing a fixed seed, as above, so dictionaries are laid out the same every run).
/// Call ``measure(_:)`` once per process: the counts of every call are added.
public enum CountedRegion {
    /// The C symbol callgrind's `--toggle-collect` names.
    public static let symbol = "windowlab_counted_region"

    /// Runs `body` inside the counted region.
    public static func measure(_ body: () -> Void) {
        withoutActuallyEscaping(body) { escapable in
            regionBody = escapable
            windowlab_counted_region()
            regionBody = nil
        }
    }
}

/// The body ``CountedRegion/measure(_:)`` runs (one region at a time: a benchmark
/// process measures one thing).
nonisolated(unsafe) private var regionBody: (() -> Void)?

/// The counted region's entry: a function whose symbol is this plain name (not a
/// mangled one), so callgrind finds it, never inlined, so that entering and leaving it
/// toggles the collection. (`@_cdecl` would not do: Swift callers call the mangled
/// function, and only C callers its C-named thunk.)
@_silgen_name("windowlab_counted_region")
@inline(never)
public func windowlab_counted_region() {
    regionBody?()
}
