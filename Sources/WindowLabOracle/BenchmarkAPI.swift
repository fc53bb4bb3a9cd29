import CWindowLabOracle
import EngineBenchmarking
import Foundation

/// `windowlab_benchmark_main`: see `windowlab.h`. The engine behind its C callback is
/// benchmarked as a Swift engine is (``EngineBenchmarkTool``), every statement passing
/// through the callback as protocol text.
@_cdecl("windowlab_benchmark_main")
public func windowlabBenchmarkMain(_ engine: UnsafePointer<windowlab_engine>?, _ argc: CInt,
                                   _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    guard let engine else {
        FileHandle.standardError.write(Data("windowlab_benchmark_main: the engine is NULL\n".utf8))
        return 2
    }
    var arguments: [String] = []
    for i in 0..<Int(max(argc, 0)) {
        if let argument = argv?[i] { arguments.append(String(cString: argument)) }
    }
    do {
        return EngineBenchmarkTool.run(try Oracle.factory(engine.pointee), arguments: arguments)
    } catch {
        FileHandle.standardError.write(Data("windowlab_benchmark_main: \(error.description)\n".utf8))
        return 2
    }
}
