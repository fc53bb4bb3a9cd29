import Lockstep
import WindowModel

/// Steers a job's later small cases around the kinds of command that led into the
/// divergences of its earlier ones, so that a dominant cause (a bug every `show`
/// meets) does not mask the rest: a share of the cases is drawn without a random half
/// of those kinds, as a swarm draw leaves kinds out (Groce et al., ISSTA 2012).
///
/// Each job steers by its own cases only, and which kinds a case leaves out is drawn
/// from its seed, so a case depends on the campaign's seed, `--jobs` and where the
/// job started, not on timing; a finding names the kinds its case left out, which
/// regenerate it with its seed (`WINDOWLAB_AVOID`).
struct CampaignSteering {
    /// For each kind of command: the job's cases with a divergence at one of that kind.
    private(set) var ledInto: [String: Int] = [:]
    /// Cases with a divergence at a kind before it is steered around.
    static let threshold = 3
    /// Kinds never left out: without windows nothing else means anything.
    static let kept: Set<String> = ["createWindow"]

    /// Counts the kinds of command a case's divergences were at (each once a case).
    mutating func note(_ divergences: [Divergence]) {
        for kind in Set(divergences.filter { $0.fault == nil }.map(\.command.kindName)) {
            ledInto[kind, default: 0] += 1
        }
    }

    /// The kinds case `caseSeed` leaves out: none in half of the cases (drawn from
    /// the seed), else each kind that led into divergences at least ``threshold``
    /// times, with probability one half.
    func avoided(caseSeed: UInt64) -> [String] {
        let candidates = ledInto.filter { $0.value >= Self.threshold && !Self.kept.contains($0.key) }.keys.sorted()
        guard !candidates.isEmpty else { return [] }
        var random = SeededRandom(seed: caseSeed ^ 0x57EE_4A11)
        guard random.chance(0.5) else { return [] }
        return candidates.filter { _ in random.chance(0.5) }
    }
}
