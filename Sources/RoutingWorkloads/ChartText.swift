/// The text both benchmark charts write: axis labels for powers of ten and numbers
/// with a fixed form, so the same results give the same bytes.
enum ChartText {
    /// A time axis label for 10^exponent nanoseconds: 10 ns, 1 µs, 100 ms.
    static func time(_ exponent: Int) -> String {
        switch exponent {
        case ..<3: return "\(Int(chartExp10(Double(exponent)).rounded())) ns"
        case 3..<6: return "\(Int(chartExp10(Double(exponent - 3)).rounded())) µs"
        default: return "\(Int(chartExp10(Double(exponent - 6)).rounded())) ms"
        }
    }

    /// A window-count axis label for 10^exponent: 100, 10k, 1M.
    static func count(_ exponent: Int) -> String {
        switch exponent {
        case ..<3: return "\(Int(chartExp10(Double(exponent)).rounded()))"
        case 3..<6: return "\(Int(chartExp10(Double(exponent - 3)).rounded()))k"
        default: return "\(Int(chartExp10(Double(exponent - 6)).rounded()))M"
        }
    }

    /// A coordinate with at most two decimals, no locale, no exponent, no grouping.
    static func number(_ v: Double) -> String {
        let scaled = (v * 100).rounded()
        let whole = Int(scaled) / 100, frac = abs(Int(scaled) % 100)
        let sign = scaled < 0 && whole == 0 ? "-" : ""
        return sign + (frac == 0 ? "\(whole)" : (frac % 10 == 0 ? "\(whole).\(frac / 10)" : "\(whole).\(frac < 10 ? "0" : "")\(frac)"))
    }

    /// Text escaped for SVG.
    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
