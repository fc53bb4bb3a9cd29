// swift-tools-version: 6.1
// libFuzzer targets for WindowLab. Build one with:
//   swift build -c release --scratch-path .build-fuzz --sanitize=fuzzer --product FuzzDifferential
// or run a whole campaign with Fuzz/run-campaign.sh.
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder, which is whatever the clone
/// was called; read it from this manifest's location instead of guessing.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "WindowLabFuzz",
    products: [
        .executable(name: "FuzzDifferential", targets: ["FuzzDifferential"]),
        .executable(name: "FuzzScenarioParser", targets: ["FuzzScenarioParser"]),
        .executable(name: "FuzzCorpusReader", targets: ["FuzzCorpusReader"]),
        .executable(name: "FuzzScale", targets: ["FuzzScale"]),
        .executable(name: "FuzzServe", targets: ["FuzzServe"]),
    ],
    dependencies: [.package(path: "..")],
    targets: [
        // Everything the targets share: each target file only forwards its bytes here.
        .target(name: "FuzzSupport", dependencies: [
            .product(name: "WindowModel", package: root),
            .product(name: "ReferenceModel", package: root),
            .product(name: "IndexedEngine", package: root),
            .product(name: "ScenarioLanguage", package: root),
            .product(name: "DifferentialHarness", package: root),
            .product(name: "CommandEncoding", package: root),
            .product(name: "CorpusPack", package: root),
            .product(name: "EngineProtocol", package: root),
            .product(name: "WindowLabFuzzing", package: root),
        ]),
        // libFuzzer's byte mutator, declared for the custom mutator to fall back on.
        .target(name: "CFuzzerHooks"),
        .executableTarget(name: "FuzzDifferential", dependencies: ["FuzzSupport", "CFuzzerHooks"]),
        .executableTarget(name: "FuzzScenarioParser", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzCorpusReader", dependencies: ["FuzzSupport"]),
        // Scale cases (hundreds to thousands of windows) with the input's commands on top.
        .executableTarget(name: "FuzzScale", dependencies: ["FuzzSupport"]),
        // The protocol: serve's statement handling and the reader of engine answers.
        .executableTarget(name: "FuzzServe", dependencies: ["FuzzSupport"]),
    ]
)
