/// Order-preserving 64-bit codes for z-keys, so a cell's blocks keep each entry's
/// key beside it in 8 bytes and compare keys with one integer comparison:
///
/// ```
///   code = levelCode << 42 | sequence        (levelCode < 2^22, sequence < 2^42)
///   a < b as z-keys  <=>  code(a) < code(b)  (and equal keys, equal codes)
/// ```
///
/// Level codes are handed out with gaps (a new level takes the middle of the gap
/// between its neighbours' codes), so adding a level changes no stored code. When a
/// gap is used up, ``renumber()`` spaces the codes evenly again and the grid
/// re-encodes what it stores (a refill, as rare as 22 levels squeezed between the
/// same two). Only levels some stored box uses are kept.
struct LevelCodes: Sendable {
    /// Bits of the sequence in a code; a z-key's sequence must be below `2^42`
    /// (the engine counts sequences up from `2^40`).
    static let sequenceBits: UInt64 = 42
    static let sequenceLimit: UInt64 = 1 << sequenceBits
    /// Level codes are in `1 ..< codeLimit`.
    static let codeLimit: UInt64 = 1 << (64 - sequenceBits)

    /// The levels in use, ascending (-0.0 and 0.0 are one level), with their codes
    /// (ascending too) and how many stored boxes use each.
    private(set) var levels: [Double] = []
    private(set) var codes: [UInt64] = []
    private(set) var uses: [Int] = []
    /// How many times the codes were renumbered (for tests).
    private(set) var renumberings = 0

    /// The code of `key`, counting one more box at its level; nil when the level is
    /// new and its neighbours' codes leave no room: ``renumber()``, then ask again.
    /// - Precondition: the key's sequence is below ``sequenceLimit``, its level finite.
    /// - Complexity: O(log levels), O(levels) when the level is new.
    mutating func acquire(_ key: ZKey) -> UInt64? {
        precondition(key.sequence < Self.sequenceLimit, "z-key sequence \(key.sequence) is not below 2^42")
        precondition(key.level.isFinite, "z-key level must be finite: \(key.level)")
        let i = position(of: key.level)
        if i < levels.count && levels[i] == key.level {
            uses[i] += 1
            return codes[i] << Self.sequenceBits | key.sequence
        }
        let below = i > 0 ? codes[i - 1] : 0
        let above = i < codes.count ? codes[i] : Self.codeLimit
        guard above - below >= 2 else { return nil }
        let code = below + (above - below) / 2
        levels.insert(key.level, at: i)
        codes.insert(code, at: i)
        uses.insert(1, at: i)
        return code << Self.sequenceBits | key.sequence
    }

    /// Counts one box fewer at `level`; a level no box uses any more is dropped.
    /// - Complexity: O(log levels), O(levels) when the level is dropped.
    mutating func release(_ level: Double) {
        let i = position(of: level)
        precondition(i < levels.count && levels[i] == level, "level \(level) was not in use")
        uses[i] -= 1
        if uses[i] == 0 {
            levels.remove(at: i)
            codes.remove(at: i)
            uses.remove(at: i)
        }
    }

    /// The code of a key whose level is in use (a stored box's key).
    /// - Complexity: O(log levels).
    func code(of key: ZKey) -> UInt64 {
        let i = position(of: key.level)
        precondition(i < levels.count && levels[i] == key.level, "level \(key.level) is not in use")
        return codes[i] << Self.sequenceBits | key.sequence
    }

    /// Spaces the codes of the levels in use evenly, leaving the widest gaps; every
    /// stored code must then be computed again (``code(of:)``).
    /// - Precondition: fewer than `2^21` levels in use.
    /// - Complexity: O(levels).
    mutating func renumber() {
        precondition(UInt64(levels.count) < Self.codeLimit / 2, "more than 2^21 distinct levels in one grid")
        let step = Self.codeLimit / UInt64(levels.count + 1)
        for i in codes.indices { codes[i] = step * UInt64(i + 1) }
        renumberings += 1
    }

    /// The first index whose level is not below `level`.
    private func position(of level: Double) -> Int {
        var low = 0, high = levels.count
        while low < high {
            let middle = (low + high) >> 1
            if levels[middle] < level { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
