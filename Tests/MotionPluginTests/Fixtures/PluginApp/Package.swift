// swift-tools-version:6.1
// A package that uses motionsync's plugins the way an app's package would: motionsync as a
// dependency, the build-tool plugin on the target that holds the motion specs. The plugin tests
// copy this folder to /tmp and point the dependency at the checkout under test.
import PackageDescription

let package = Package(
    name: "PluginApp",
    dependencies: [
        .package(path: "../../../.."),
    ],
    targets: [
        .target(name: "AppMotion",
                exclude: ["Motion"],
                plugins: [.plugin(name: "MotionSyncExport", package: "motionsync")]),
    ]
)
