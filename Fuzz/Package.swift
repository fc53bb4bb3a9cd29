// swift-tools-version: 6.1
// libFuzzer targets for WindowLab. Build one with:
//   swift build -c release --scratch-path .build-fuzz --sanitize=fuzzer --product FuzzDifferential
// or run a whole campaign with Fuzz/run-campaign.sh.
import PackageDescription

let package = Package(
    name: "WindowLabFuzz",
    products: [
        .executable(name: "FuzzDifferential", targets: ["FuzzDifferential"]),
        .executable(name: "FuzzScenarioParser", targets: ["FuzzScenarioParser"]),
        .executable(name: "FuzzCorpusReader", targets: ["FuzzCorpusReader"]),
    ],
    dependencies: [.package(path: "..")],
    targets: [
        // Everything the targets share: each target file only forwards its bytes here.
        .target(name: "FuzzSupport", dependencies: [
            .product(name: "WindowModel", package: "WindowLab"),
            .product(name: "ReferenceModel", package: "WindowLab"),
            .product(name: "IndexedEngine", package: "WindowLab"),
            .product(name: "ScenarioLanguage", package: "WindowLab"),
            .product(name: "DifferentialHarness", package: "WindowLab"),
            .product(name: "CommandEncoding", package: "WindowLab"),
            .product(name: "CorpusPack", package: "WindowLab"),
        ]),
        .executableTarget(name: "FuzzDifferential", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzScenarioParser", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzCorpusReader", dependencies: ["FuzzSupport"]),
    ]
)
