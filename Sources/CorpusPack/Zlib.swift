import CZlib

/// The few zlib calls packs need, over Swift arrays.
enum Zlib {
    /// The compression level packs use; fixed so the same entries give the same bytes.
    static let level: Int32 = 9

    /// CRC-32 (zlib's `crc32`, the one of gzip and PNG).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            // Inputs are at most 256 MiB (CorpusPack.Limits), which fits uInt.
            UInt32(truncatingIfNeeded: CZlib.crc32(0, buffer.baseAddress, uInt(buffer.count)))
        }
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 { crc32(bytes[...]) }

    /// A zlib stream of `bytes`, or nil when zlib fails (it only does without memory).
    static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        var capacity = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(capacity))
        let status = out.withUnsafeMutableBufferPointer { dest in
            bytes.withUnsafeBufferPointer { source in
                compress2(dest.baseAddress, &capacity, source.baseAddress, uLong(source.count), level)
            }
        }
        guard status == Z_OK else { return nil }
        out.removeSubrange(Int(capacity)...)
        return out
    }

    enum InflateFailure: Error { case zlib(Int32), sizeMismatch(actual: Int), trailingData(consumed: Int) }

    /// Inflates `stream`, which must hold one zlib stream of exactly `size` bytes
    /// and nothing after it. `size` is checked against the pack limits before this
    /// allocates it.
    static func uncompress(_ stream: ArraySlice<UInt8>, size: Int) -> Result<[UInt8], InflateFailure> {
        var out = [UInt8](repeating: 0, count: max(size, 1))
        var produced = uLong(size)
        var consumed = uLong(stream.count)
        let status = out.withUnsafeMutableBufferPointer { dest in
            stream.withUnsafeBufferPointer { source in
                uncompress2(dest.baseAddress, &produced, source.baseAddress, &consumed)
            }
        }
        // Z_BUF_ERROR: more output than claimed, or a stream cut short.
        guard status == Z_OK else { return .failure(.zlib(status)) }
        guard Int(produced) == size else { return .failure(.sizeMismatch(actual: Int(produced))) }
        guard Int(consumed) == stream.count else { return .failure(.trailingData(consumed: Int(consumed))) }
        out.removeSubrange(size...)
        return .success(out)
    }
}
