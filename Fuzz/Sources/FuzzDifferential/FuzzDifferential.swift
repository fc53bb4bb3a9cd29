import CFuzzerHooks
import FuzzSupport

/// libFuzzer entry point: see `FuzzChecks.differential`. SwiftPM builds this target as a
/// library under `--sanitize=fuzzer`, so it has no `main`: libFuzzer provides it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzChecks.differential(UnsafeBufferPointer(start: data, count: size))
    return 0
}

/// The structure-aware mutator (see `StructureMutator`).
@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzCustomMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    StructureMutator.mutate(data, size: size, maxSize: maxSize, seed: seed) { LLVMFuzzerMutate($0, $1, $2) }
}

/// Splices the command lists of two inputs (see `StructureMutator.crossOver`).
@_cdecl("LLVMFuzzerCustomCrossOver")
public func fuzzCustomCrossOver(_ data1: UnsafePointer<UInt8>, _ size1: Int, _ data2: UnsafePointer<UInt8>, _ size2: Int,
                                _ out: UnsafeMutablePointer<UInt8>, _ maxOutSize: Int, _ seed: UInt32) -> Int {
    StructureMutator.crossOver(UnsafeBufferPointer(start: data1, count: size1), UnsafeBufferPointer(start: data2, count: size2),
                               out: out, maxSize: maxOutSize, seed: seed)
}
