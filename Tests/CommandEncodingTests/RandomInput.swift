import WindowModel

/// A random input of the current version: the version byte, then up to `maxLength` bytes.
func randomInput(seed: UInt64, maxLength: Int = 700) -> [UInt8] {
    var random = SeededRandom(seed: seed)
    return [1] + random.bytes(Int.random(in: 0...maxLength, using: &random))
}
