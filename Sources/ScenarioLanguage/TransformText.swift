import Foundation
import WindowModel

/// The forms of `set T transform …` (A1): `transform A B C D TX TY`,
/// `transform identity`, `scale SX SY`, `translate TX TY` and `rotate DEG`. Each
/// reads to the six numbers of an ``ViewTransform``; the printer writes only the
/// six-number form, so engines never see an angle.
enum TransformText {
    /// Reads the operands of `property` (`transform`, `scale`, `rotate` or `translate`).
    static func read(_ property: String, _ r: inout TokenReader) throws(GrammarProblem) -> ViewTransform {
        switch property {
        case "scale":
            let sx = try r.number("x scale")
            return ViewTransform(sx, 0, 0, try r.number("y scale"), 0, 0)
        case "translate":
            let tx = try r.number("x translation")
            return ViewTransform(1, 0, 0, 1, tx, try r.number("y translation"))
        case "rotate":
            return rotation(degrees: try r.number("angle in degrees"))
        default:
            if r.take("identity") { return .identity }
            let a = try r.number("a"), b = try r.number("b"), c = try r.number("c"), d = try r.number("d")
            let tx = try r.number("tx")
            return ViewTransform(a, b, c, d, tx, try r.number("ty"))
        }
    }

    /// A1: `DEG` degrees clockwise on screen (y grows down): `cos sin -sin cos 0 0`,
    /// exactly `0`, `1` and `-1` at multiples of 90 so right-angle turns are exact.
    static func rotation(degrees: Double) -> ViewTransform {
        let turn = degrees.truncatingRemainder(dividingBy: 360)   // exact (fmod)
        switch turn {
        case 0: return .identity
        case 90, -270: return ViewTransform(0, 1, -1, 0, 0, 0)
        case 180, -180: return ViewTransform(-1, 0, 0, -1, 0, 0)
        case 270, -90: return ViewTransform(0, -1, 1, 0, 0, 0)
        default:
            let radians = turn * Double.pi / 180
            let cosine = cos(radians), sine = sin(radians)
            return ViewTransform(cosine, sine, -sine, cosine, 0, 0)
        }
    }
}
