// swindows under libFuzzer in this process, the reference model as the oracle:
//   swift build -c release --package-path Examples/engines/swift --scratch-path .build-swindows-fuzz \
//     --sanitize=fuzzer --product FuzzSwindows
import SwiftWindows
import WindowLabFuzzing

let fuzzer = EngineFuzzer(engine: SwiftWindows.factory)

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzer.testOneInput(data, size)
}

@_cdecl("LLVMFuzzerCustomMutator")
public func mutate(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    fuzzer.mutate(data, size, maxSize, seed)
}

@_cdecl("LLVMFuzzerCustomCrossOver")
public func crossOver(_ a: UnsafePointer<UInt8>?, _ sizeA: Int, _ b: UnsafePointer<UInt8>?, _ sizeB: Int,
                      _ out: UnsafeMutablePointer<UInt8>?, _ maxOut: Int, _ seed: UInt32) -> Int {
    EngineFuzzer.crossOver(a, sizeA, b, sizeB, out, maxOut, seed)
}
