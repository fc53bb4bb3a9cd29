// swift-tools-version: 6.1
// A probe of update costs at one N: the engine's updates one command at a time, the
// grid alone with the workload's boxes, and a name lookup like the engine's; what
// docs/architecture.md's "what was tried" figures were measured with. From the root:
//   swift run -c release --package-path scripts/results/update-probe update-probe 100000
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder (whatever the clone was called).
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "update-probe",
    dependencies: [.package(path: "../../..")],
    targets: [
        .executableTarget(name: "update-probe", dependencies: [
            .product(name: "SpatialIndex", package: root), .product(name: "IndexedEngine", package: root),
            .product(name: "RoutingWorkloads", package: root), .product(name: "WindowModel", package: root),
        ]),
    ]
)
