// swift-tools-version:6.0
// motionsync: designer motion timing → peaks, holds and aligned haptics.
//
// Layers (one-way): MotionCore (pure) ← MotionJSON (pure) ← MotionFormats ← MotionSyncCLI ← motionsync.
import PackageDescription

let package = Package(
    name: "motionsync",
    products: [
        .executable(name: "motionsync", targets: ["motionsync"]),
        .library(name: "MotionCore", targets: ["MotionCore"]),
    ],
    targets: [
        // MARK: Pure layers
        .target(name: "MotionCore"),
        .target(name: "MotionJSON"),

        // MARK: Importers
        .target(name: "MotionFormats", dependencies: ["MotionCore", "MotionJSON"]),

        // MARK: Command line
        .target(name: "MotionSyncCLI", dependencies: ["MotionCore", "MotionJSON", "MotionFormats"]),
        .executableTarget(name: "motionsync", dependencies: ["MotionSyncCLI"]),

        // MARK: Tests
        .testTarget(name: "MotionCoreTests", dependencies: ["MotionCore"]),
        .testTarget(name: "MotionJSONTests", dependencies: ["MotionJSON"]),
        .testTarget(name: "MotionFormatsTests", dependencies: ["MotionFormats", "MotionCore", "MotionJSON"]),
        .testTarget(name: "MotionSyncCLITests", dependencies: ["MotionSyncCLI", "MotionFormats", "MotionCore", "MotionJSON"]),
    ]
)
