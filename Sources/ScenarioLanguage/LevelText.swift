import WindowModel

/// How window levels are written: a number, or a UIKit level name with an
/// optional offset (`alert+1` is 2001).
public enum LevelText {
    /// Parses `2000`, `alert`, `alert+1`, `statusBar-0.5`; nil for anything else or
    /// a non-finite result.
    public static func parse(_ text: String) -> Double? {
        if let value = NumberText.parse(text) { return value }
        for (name, base) in WindowLevel.named where text.hasPrefix(name) {
            let rest = text.dropFirst(name.count)
            if rest.isEmpty { return base }
            guard rest.first == "+" || rest.first == "-", let offset = NumberText.parse(rest) else { return nil }
            let value = base + offset
            return value.isFinite ? value : nil
        }
        return nil
    }

    /// The canonical text of a level: a name when exact (`alert`), a name and a
    /// small integral offset when that reads back to the same bits (`alert+1`,
    /// `statusBar-1`), otherwise the number (`-0`, `0.5`, `1e+300`).
    public static func format(_ level: Double) -> String {
        var best: (name: String, offset: Double)?
        for (name, base) in WindowLevel.named {
            let offset = level - base
            guard offset.isFinite, offset == offset.rounded(), abs(offset) <= 100,
                  (base + offset).bitPattern == level.bitPattern else { continue }
            if offset == 0 && level.bitPattern != base.bitPattern { continue }
            if best == nil || abs(offset) < abs(best!.offset) { best = (name, offset) }
        }
        guard let (name, offset) = best else { return NumberText.format(level) }
        if offset == 0 { return name }
        return name + (offset > 0 ? "+" : "-") + NumberText.format(abs(offset))
    }
}
