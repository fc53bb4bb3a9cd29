import WindowModel
import SpatialIndex

/// Generates boxes of several kinds, so edges coincide, boxes nest, some are
/// empty and some are astronomically large.
struct BoxMaker {
    var rng: SeededRandom

    mutating func coordinate() -> Double {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return Double(Int.random(in: -4...4, using: &rng)) * 25   // shared edges
        case 1: return Double.random(in: -1e300...1e300, using: &rng)
        default: return Double.random(in: -100...300, using: &rng).rounded()
        }
    }

    mutating func length() -> Double {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return 0
        case 1: return Double.random(in: 0...1e300, using: &rng)
        case 2: return .infinity                 // an overflowed inflated box
        default: return Double.random(in: 0...150, using: &rng).rounded()
        }
    }

    mutating func box() -> IndexBox {
        let x = coordinate(), y = coordinate()
        let w = length(), h = length()
        // x + w may overflow to +infinity: still a valid, closed box.
        return IndexBox(minX: x, minY: y, maxX: x + w, maxY: y + h)
    }

    mutating func zKey(sequence: inout UInt64) -> ZKey {
        sequence += 1
        let levels: [Double] = [0, 0, 0, 1000, 2000, -1, 2001, -0.0]
        return ZKey(level: levels[Int.random(in: 0..<levels.count, using: &rng)], sequence: sequence)
    }

    /// A query point: often on an edge or corner of an existing box.
    mutating func point(near boxes: [IndexBox]) -> (Double, Double) {
        if let b = boxes.randomElement(using: &rng), Bool.random(using: &rng) {
            let xs = [b.minX, b.maxX, b.minX.nextUp, b.maxX.nextDown, b.maxX.nextUp, b.minX.nextDown]
            let ys = [b.minY, b.maxY, b.minY.nextUp, b.maxY.nextDown, b.maxY.nextUp, b.minY.nextDown]
            return (xs.randomElement(using: &rng)!, ys.randomElement(using: &rng)!)
        }
        return (coordinate(), coordinate())
    }
}
