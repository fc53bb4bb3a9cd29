// swift-tools-version: 6.1
// swindows: a small engine in Swift (windows levels key hit), served over the engine
// protocol (`swindows`), fuzzed in process (`FuzzSwindows`) and benchmarked
// (`swindows-bench`). See README.md.
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder (whatever the clone is called).
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "swindows",
    products: [
        .executable(name: "swindows", targets: ["swindows"]),
        .executable(name: "FuzzSwindows", targets: ["FuzzSwindows"]),
        .executable(name: "swindows-bench", targets: ["swindows-bench"]),
    ],
    dependencies: [.package(path: "../../..")],
    targets: [
        // The engine: a WindowSystem, nothing else.
        .target(name: "SwiftWindows", dependencies: [.product(name: "WindowModel", package: root)]),
        // The engine over the protocol: `windowlab check --engine exec:.build/release/swindows`.
        .executableTarget(name: "swindows", dependencies: [
            "SwiftWindows", .product(name: "EngineProtocol", package: root),
        ]),
        // The engine benchmarked in process: latency, or instruction counts for a CI gate.
        .executableTarget(name: "swindows-bench", dependencies: [
            "SwiftWindows", .product(name: "EngineBenchmarking", package: root),
        ]),
        // The engine under libFuzzer in process (build with --sanitize=fuzzer).
        .executableTarget(name: "FuzzSwindows", dependencies: [
            "SwiftWindows", .product(name: "WindowLabFuzzing", package: root),
        ]),
    ]
)
