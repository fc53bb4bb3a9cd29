/// "Did you mean" suggestions: the nearest candidate by edit distance.
enum Spelling {
    /// The candidate closest to `word` (case-insensitive Levenshtein distance), when
    /// it is close enough to be a likely typo: at most 2 edits for short words, a
    /// fifth of the length for long ones.
    static func closest<S: Sequence<String>>(to word: String, among candidates: S) -> String? {
        let budget = max(2, word.count / 5)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = editDistance(word.lowercased(), candidate.lowercased(), limit: budget)
            if distance <= budget && distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// Levenshtein distance over characters, giving up (returning `limit + 1`) once
    /// every path is past `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a), b = Array(b)
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            if current.min()! > limit { return limit + 1 }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
