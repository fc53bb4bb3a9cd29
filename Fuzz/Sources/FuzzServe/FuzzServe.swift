import FuzzSupport

/// libFuzzer entry point: see `FuzzChecks.serve` (the protocol's engine side, a line at
/// a time) and `FuzzChecks.answerLine` (the harness's reader of engine answers).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    FuzzChecks.serve(bytes)
    FuzzChecks.answerLine(bytes)
    return 0
}
