import WindowModel

extension SeededRandom {
    /// The case seeds of a randomized test: just `WINDOWLAB_SEED` when it is set
    /// (decimal or 0x hex), so a printed seed replays its one case; otherwise `count`
    /// seeds drawn from `base`.
    public static func seeds(base: UInt64, count: Int) -> [UInt64] {
        if let seed = replaySeed { return [seed] }
        var mixer = SeededRandom(seed: base)
        return (0..<count).map { _ in mixer.next() }
    }
}
