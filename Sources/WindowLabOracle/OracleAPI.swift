import CWindowLabOracle
import EngineProtocol
import Foundation
import WindowLabFuzzing
import WindowModel

#if canImport(Glibc)
import Glibc
#endif

// The functions of `include/windowlab.h`, each a thin `@_cdecl` over ``Oracle`` and
// ``EngineFuzzer``. None traps on what a caller passes: a null where something is
// needed is WINDOWLAB_MISUSE or nothing done.

/// `windowlab_oracle_new`: see `windowlab.h`.
@_cdecl("windowlab_oracle_new")
public func windowlabOracleNew(_ engine: UnsafePointer<windowlab_engine>?, _ why: UnsafeMutablePointer<CChar>?,
                               _ whySize: Int) -> OpaquePointer? {
    guard let engine else {
        copy("windowlab_oracle_new: the engine is NULL", into: why, size: whySize)
        return nil
    }
    do {
        let oracle = try Oracle(engine: engine.pointee)
        copy("", into: why, size: whySize)
        return OpaquePointer(Unmanaged.passRetained(oracle).toOpaque())
    } catch {
        copy("windowlab_oracle_new: " + error.description, into: why, size: whySize)
        return nil
    }
}

/// `windowlab_oracle_free`: see `windowlab.h`.
@_cdecl("windowlab_oracle_free")
public func windowlabOracleFree(_ oracle: OpaquePointer?) {
    guard let oracle else { return }
    Unmanaged<Oracle>.fromOpaque(UnsafeRawPointer(oracle)).release()
}

/// `windowlab_check`: see `windowlab.h`.
@_cdecl("windowlab_check")
public func windowlabCheck(_ oracle: OpaquePointer?, _ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let oracle = object(oracle), let input = buffer(data, size) else { return WINDOWLAB_MISUSE }
    return oracle.check(input).status
}

/// `windowlab_report`: see `windowlab.h`.
@_cdecl("windowlab_report")
public func windowlabReport(_ oracle: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let oracle = object(oracle) else { return emptyText }
    return UnsafePointer(oracle.report)
}

/// `windowlab_fuzz_one`: see `windowlab.h`.
@_cdecl("windowlab_fuzz_one")
public func windowlabFuzzOne(_ oracle: OpaquePointer?, _ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let oracle = object(oracle), let input = buffer(data, size) else {
        FileHandle.standardError.write(Data(("windowlab_fuzz_one: no oracle (windowlab_oracle_new failed, or was not "
                                              + "called), or data NULL with a size\n").utf8))
        abort()
    }
    let (status, report) = oracle.fuzzer.keepGoing ? (oracle.fuzzKeepingGoing(input), nil) : oracle.check(input)
    if status == WINDOWLAB_MISUSE {
        FileHandle.standardError.write(Data(("windowlab_fuzz_one: called while this oracle was checking an input (from "
                                              + "the engine's answer callback, or from another thread)\n").utf8))
        abort()
    }
    guard let report else { return 0 }
    oracle.fuzzer.reportAndAbort(report, input: input)
}

/// `windowlab_mutate`: see `windowlab.h`.
@_cdecl("windowlab_mutate")
public func windowlabMutate(_ oracle: OpaquePointer?, _ data: UnsafeMutablePointer<UInt8>?, _ size: Int,
                            _ maxSize: Int, _ seed: UInt32) -> Int {
    guard let data, size >= 0, maxSize > 0 else { return 0 }
    let features = object(oracle)?.fuzzer.engines.sharedFeatures ?? EngineFeature.all
    return StructureMutator.mutate(data, size: min(size, maxSize), maxSize: maxSize, seed: seed, features: features)
}

/// `windowlab_cross_over`: see `windowlab.h`.
@_cdecl("windowlab_cross_over")
public func windowlabCrossOver(_ data1: UnsafePointer<UInt8>?, _ size1: Int, _ data2: UnsafePointer<UInt8>?, _ size2: Int,
                               _ out: UnsafeMutablePointer<UInt8>?, _ maxOutSize: Int, _ seed: UInt32) -> Int {
    EngineFuzzer.crossOver(data1, size1, data2, size2, out, maxOutSize, seed)
}

/// The oracle behind a C handle (not retained: the caller owns it).
private func object(_ handle: OpaquePointer?) -> Oracle? {
    handle.map { Unmanaged<Oracle>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
}

/// The bytes a C caller passed; nil for NULL with a size (empty input is fine).
private func buffer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeBufferPointer<UInt8>? {
    if size == 0 { return UnsafeBufferPointer(start: nil, count: 0) }
    guard let data, size > 0 else { return nil }
    return UnsafeBufferPointer(start: data, count: size)
}

nonisolated(unsafe) private let emptyText: UnsafePointer<CChar> = {
    let text = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
    text.initialize(to: 0)
    return UnsafePointer(text)
}()
