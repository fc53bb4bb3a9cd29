// swift-tools-version: 6.1
// WindowLab: an executable reference model of UIKit-style window semantics, an
// optimized spatial-index engine that must agree with it bit for bit, and the
// harness that proves they agree.
import PackageDescription

let package = Package(
    name: "WindowLab",
    products: [
        .executable(name: "windowlab", targets: ["WindowLabCLI"]),
        .library(name: "WindowModel", targets: ["WindowModel"]),
        .library(name: "ReferenceModel", targets: ["ReferenceModel"]),
        .library(name: "IndexedEngine", targets: ["IndexedEngine"]),
        .library(name: "SpatialIndex", targets: ["SpatialIndex"]),
        .library(name: "ScenarioLanguage", targets: ["ScenarioLanguage"]),
        .library(name: "DifferentialHarness", targets: ["DifferentialHarness", "CommandGeneration", "Lockstep", "Shrinking"]),
        .library(name: "WindowLabTesting", targets: ["WindowLabTesting"]),
        .library(name: "EngineProtocol", targets: ["EngineProtocol"]),
        .library(name: "CampaignReport", targets: ["CampaignReport"]),
        .library(name: "CommandEncoding", targets: ["CommandEncoding"]),
        .library(name: "CorpusPack", targets: ["CorpusPack"]),
        .library(name: "ScenarioRender", targets: ["ScenarioRender"]),
        .library(name: "RoutingWorkloads", targets: ["RoutingWorkloads"]),
        .library(name: "ProcessSupport", targets: ["ProcessSupport"]),
        // Instruction counts of a counted region under callgrind, and thresholds to gate them.
        .library(name: "InstructionCounting", targets: ["InstructionCounting"]),
        // A user's engine benchmarked: latency, and instruction counts gated in their CI.
        .library(name: "EngineBenchmarking", targets: ["EngineBenchmarking"]),
        // Fuzz your own engine in process: a Swift libFuzzer target's oracle and mutator.
        .library(name: "WindowLabFuzzing", targets: ["WindowLabFuzzing"]),
        // The same for C, C++ and Rust: libWindowLabOracle.a and include/windowlab.h.
        .library(name: "WindowLabOracle", type: .static, targets: ["WindowLabOracle"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Shared value types: geometry, commands, observations, the engine protocol.
        .target(name: "WindowModel"),
        // Child processes: one spawn, one signal table, process groups ended with this
        // process, interruptions held back while a file is renamed into place.
        .target(name: "ProcessSupport"),
        // The oracle: plain linear scans and recursion.
        .target(name: "ReferenceModel", dependencies: ["WindowModel"]),
        // A z-sorted uniform grid over window rectangles (StackingGrid).
        .target(name: "SpatialIndex", dependencies: ["CPrefetch"]),
        // A cache prefetch hint for the routing path (Swift has none of its own).
        .target(name: "CPrefetch"),
        // The optimized engine: routes through SpatialIndex, shares no semantics with the reference.
        .target(name: "IndexedEngine", dependencies: ["WindowModel", "SpatialIndex", "CPrefetch"]),
        // The indexed engine with one decision wrong on purpose: the built-in mutants (tests and the CLI's --mutant).
        .target(name: "IndexedEngineMutants", dependencies: ["IndexedEngine", "WindowModel"]),
        // The `.wls` text format: parser, printer, expectation runner.
        .target(name: "ScenarioLanguage", dependencies: ["WindowModel"]),
        // Engines run side by side, command by command, and what first differed (Difference).
        .target(name: "Lockstep", dependencies: ["WindowModel"]),
        // Random valid command lists weighted toward rules and features (CommandGenerator), and the
        // profiles' cases, some grown in lockstep with the engines (ScaleCaseBuilder).
        .target(name: "CommandGeneration", dependencies: ["WindowModel", "Lockstep"]),
        // Minimal command lists that still fail: in process, or still crashing in child processes.
        .target(name: "Shrinking", dependencies: ["WindowModel", "ScenarioLanguage", "ProcessSupport"]),
        // The campaign built on them: findings, their files and database, replays, results.
        .target(name: "DifferentialHarness", dependencies: [
            "WindowModel", "ReferenceModel", "ScenarioLanguage", "ProcessSupport", "CommandGeneration", "Lockstep",
            "Shrinking",
        ]),
        // Engines in other processes and languages: the line protocol, both sides.
        .target(name: "EngineProtocol", dependencies: ["WindowModel", "ScenarioLanguage", "ProcessSupport"]),
        // Swift Testing glue for users' own test targets (kept out of the CLI).
        .target(name: "WindowLabTesting", dependencies: ["DifferentialHarness"]),
        // The versioned binary encoding fuzzers mutate.
        .target(name: "CommandEncoding", dependencies: ["WindowModel"]),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // zlib-compressed, checksummed packs of fuzz inputs.
        .target(name: "CorpusPack", dependencies: ["CZlib", "CommandEncoding", "WindowModel", "ProcessSupport"]),
        // SVG pictures of a scenario step.
        .target(name: "ScenarioRender", dependencies: [
            "WindowModel", "ReferenceModel", "IndexedEngine", "ScenarioLanguage",
        ]),
        // One self-contained HTML page for a campaign's findings or a scenario.
        .target(name: "CampaignReport", dependencies: [
            "WindowModel", "ScenarioLanguage", "ScenarioRender", "DifferentialHarness", "Lockstep", "ProcessSupport",
        ]),
        // The benchmark workloads, shared by `windowlab bench` and Benchmarks/.
        .target(name: "RoutingWorkloads", dependencies: [
            "WindowModel", "ReferenceModel", "IndexedEngine",
        ]),
        // A program's counted region (CountedRegion), its callgrind count, committed thresholds.
        .target(name: "InstructionCounting", dependencies: ["ProcessSupport"]),
        // The project's deterministic benchmark gate: routing, grid, updates and campaign cases.
        .target(name: "InstructionGate", dependencies: [
            "InstructionCounting", "RoutingWorkloads", "CommandGeneration", "IndexedEngine", "ReferenceModel",
            "WindowModel",
        ]),
        // A user's engine on the routing workloads: latency, and counted benchmarks for the gate.
        .target(name: "EngineBenchmarking", dependencies: [
            "InstructionCounting", "RoutingWorkloads", "IndexedEngine", "WindowModel", "ProcessSupport",
        ]),
        // Counts heap allocations for `windowlab bench` (interposes malloc; CLI only).
        .target(name: "CMallocCounter"),
        // libFuzzer's byte mutator through a weak reference (programs without libFuzzer still link).
        .target(name: "CLibFuzzerHooks"),
        // A user's engine under libFuzzer in process: decode, lockstep with the reference,
        // report the scenario, abort; the structure-aware mutator.
        .target(name: "WindowLabFuzzing", dependencies: [
            "WindowModel", "ReferenceModel", "CommandEncoding", "CommandGeneration", "Lockstep", "Shrinking",
            "ScenarioLanguage", "DifferentialHarness", "ProcessSupport", "CLibFuzzerHooks",
        ]),
        // The C interface (include/windowlab.h) of WindowLabOracle.
        .target(name: "CWindowLabOracle"),
        // windowlab.h's functions: an engine behind a C answer callback, through the protocol's reader.
        .target(name: "WindowLabOracle", dependencies: [
            "CWindowLabOracle", "WindowLabFuzzing", "EngineProtocol", "WindowModel", "EngineBenchmarking",
        ]),
        .executableTarget(name: "WindowLabCLI", dependencies: [
            "WindowModel", "ReferenceModel", "IndexedEngine", "ScenarioLanguage",
            "DifferentialHarness", "CommandGeneration", "Lockstep", "Shrinking", "CommandEncoding", "CorpusPack",
            "ScenarioRender",
            "RoutingWorkloads", "CMallocCounter", "EngineProtocol", "CampaignReport", "ProcessSupport", "IndexedEngineMutants",
            "InstructionCounting", "InstructionGate",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Helpers more than one test target uses: the repository's files, temporary folders,
        // child processes, the built windowlab (Binary), the engines, seeded case lists.
        // A plain target in Tests/, not a product.
        .target(name: "WindowLabTestSupport", dependencies: [
            "WindowModel", "ReferenceModel", "IndexedEngine", "IndexedEngineMutants",
        ], path: "Tests/WindowLabTestSupport"),

        .testTarget(name: "WindowModelTests", dependencies: ["WindowModel", "WindowLabTestSupport"]),
        .testTarget(name: "ReferenceModelTests", dependencies: [
            "WindowModel", "ReferenceModel", "ScenarioLanguage", "WindowLabTestSupport",
        ]),
        .testTarget(name: "ScenarioLanguageTests", dependencies: [
            "WindowModel", "ScenarioLanguage", "ReferenceModel", "IndexedEngine", "WindowLabTestSupport",
        ], resources: [.copy("Scenarios")]),
        .testTarget(name: "SpatialIndexTests", dependencies: ["SpatialIndex", "WindowModel"]),
        .testTarget(name: "IndexedEngineTests", dependencies: [
            "WindowModel", "IndexedEngine", "IndexedEngineMutants", "ReferenceModel", "ScenarioLanguage",
        ]),
        .testTarget(name: "DifferentialHarnessTests", dependencies: [
            "WindowModel", "ReferenceModel", "IndexedEngine", "ScenarioLanguage",
            "DifferentialHarness", "WindowLabTesting", "ProcessSupport", "IndexedEngineMutants", "WindowLabTestSupport",
        ]),
        .testTarget(name: "EngineProtocolTests", dependencies: [
            "EngineProtocol", "DifferentialHarness", "ReferenceModel", "IndexedEngine", "ScenarioLanguage", "WindowModel",
            "ProcessSupport", "IndexedEngineMutants", "WindowLabTestSupport",
        ]),
        // windowlab run as a user runs it: the executable `swift test` builds (with every
        // other target) before any test runs, started as a child process (Binary).
        .testTarget(name: "WindowLabCLITests", dependencies: [
            "DifferentialHarness", "EngineProtocol", "ProcessSupport", "ScenarioLanguage", "WindowModel",
            "WindowLabTestSupport",
        ]),
        .testTarget(name: "CampaignReportTests", dependencies: [
            "CampaignReport", "DifferentialHarness", "ReferenceModel", "IndexedEngine", "ScenarioLanguage", "WindowModel",
            "IndexedEngineMutants", "WindowLabTestSupport",
        ]),
        .testTarget(name: "InstructionGateTests", dependencies: [
            "InstructionCounting", "InstructionGate", "EngineBenchmarking", "WindowModel", "ReferenceModel",
            "WindowLabTestSupport",
        ]),
        .testTarget(name: "RoutingWorkloadsTests", dependencies: ["RoutingWorkloads", "WindowLabTestSupport"]),
        .testTarget(name: "CommandEncodingTests", dependencies: ["WindowModel", "CommandEncoding", "WindowLabTestSupport"]),
        .testTarget(name: "CorpusPackTests", dependencies: [
            "CorpusPack", "CommandEncoding", "WindowModel", "DifferentialHarness",
            "ReferenceModel", "IndexedEngine", "ScenarioLanguage", "WindowLabTestSupport",
        ]),
        .testTarget(name: "WindowLabFuzzingTests", dependencies: [
            "WindowLabFuzzing", "CLibFuzzerHooks", "CommandEncoding", "DifferentialHarness", "ScenarioLanguage",
            "WindowModel", "WindowLabTestSupport",
        ]),
        // C that calls include/windowlab.h as a fuzz target does, for WindowLabOracleTests.
        .target(name: "COracleTestDriver", dependencies: ["CWindowLabOracle"], path: "Tests/COracleTestDriver"),
        .testTarget(name: "WindowLabOracleTests", dependencies: [
            "WindowLabOracle", "COracleTestDriver", "CWindowLabOracle", "EngineProtocol", "CommandEncoding",
            "DifferentialHarness", "ScenarioLanguage", "WindowModel", "WindowLabTestSupport",
        ]),
        .testTarget(name: "ScenarioRenderTests", dependencies: [
            "ScenarioRender", "ScenarioLanguage", "WindowModel", "WindowLabTestSupport",
        ]),
    ]
)
