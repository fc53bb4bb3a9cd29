import FuzzSupport

/// libFuzzer entry point: see `FuzzChecks.scale` (a scale case from the first nine
/// bytes, then the input's commands on top of it).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzChecks.scale(UnsafeBufferPointer(start: data, count: size))
    return 0
}
