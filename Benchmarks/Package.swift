// swift-tools-version: 6.1
// package-benchmark suite for WindowLab's touch routing (issue 5). From this folder:
//   swift package --disable-sandbox benchmark
//   ./check-thresholds.sh   (what CI runs: malloc p90 against Thresholds/, and ratios)
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder, which is whatever the clone
/// was called; read it from this manifest's location instead of guessing.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "WindowLabBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "RoutingBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "RoutingWorkloads", package: root),
                .product(name: "IndexedEngine", package: root),
                .product(name: "ReferenceModel", package: root),
                .product(name: "WindowModel", package: root),
            ],
            path: "Benchmarks/RoutingBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
