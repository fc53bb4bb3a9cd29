import FuzzSupport

/// libFuzzer entry point: see `FuzzChecks.differential`. SwiftPM builds this target as a
/// library under `--sanitize=fuzzer`, so it has no `main`: libFuzzer provides it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzChecks.differential(UnsafeBufferPointer(start: data, count: size))
    return 0
}
