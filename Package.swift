// swift-tools-version:6.1
// motionsync: designer motion timing → peaks, holds and aligned haptics.
//
// Layers (one-way): MotionCore and MotionJSON (pure) at the bottom; MotionFormats (importers)
// and MotionStore (SQLite via MotionSQLite/CSQLite) on them, not on each other; the code
// generator (MotionCodegen, spec → SwiftUI/UIKit source) on MotionCore and MotionHaptics;
// MotionPipeline (the use cases: import, resolve SCREEN/ID and FILE#ID, figures, export, budget
// runs, code generation) on those; MotionRender (SVG plot, HTML report) on MotionPipeline;
// MotionSyncCLI on top holds argument parsing, help text and output formatting only; the
// motionsync executable is one line calling it. Apple's parser runs in motionsync-swift
// (MotionSwiftSource), a process the pipeline starts from beside the motionsync executable. The
// plugins MotionSyncCommand and MotionSyncExport run the motionsync executable: MotionSyncCommand
// (`swift package motionsync …`, which builds motionsync, and motionsync-swift beside it, as
// products of the package) and MotionSyncExport (a target's specs → AHAP resources at build time).
//
// The manifest only declares: the default build is position-independent and dynamic. The shipped
// binary (static Swift runtime, C++ runtime and SQLite, startup-ordered text) is Scripts/release.sh.
import PackageDescription

// MARK: - Apple's Swift parser

/// `<toolchain>/usr/lib/swift/host`, where every Swift toolchain since 5.9 keeps SwiftParser's
/// modules and libraries. The compiler has no import path relative to its own resource folder for
/// them, and the manifest is told nothing of the toolchain, so it asks the dynamic loader which
/// file PackageDescription was loaded from (`<toolchain>/usr/lib/swift/pm/ManifestAPI/
/// libPackageDescription.so`) and goes three folders up: no file is read, no environment variable,
/// no PATH search, and the answer is the toolchain that builds the package, whichever `swift`
/// started it.
let swiftSyntaxHost: String = {
    var image = LoadedImage()
    guard dladdr(unsafeBitCast(Package.self as AnyClass, to: UnsafeRawPointer.self), &image) != 0, let file = image.path else {
        return "/usr/lib/swift/host"
    }
    var path = String(cString: file)
    for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
    return path + "/host"
}()

/// `Dl_info` of <dlfcn.h> (glibc, musl and Darwin alike: four pointers). Glibc's module declares
/// `dladdr` only under `_GNU_SOURCE`, which a manifest cannot define, hence the declaration below.
struct LoadedImage {
    var path: UnsafePointer<CChar>? = nil
    var base: UnsafeMutableRawPointer? = nil
    var symbol: UnsafePointer<CChar>? = nil
    var address: UnsafeMutableRawPointer? = nil
}

/// The C library's `int dladdr(const void *, Dl_info *)`: which loaded file holds an address.
@_silgen_name("dladdr")
func dladdr(_ address: UnsafeRawPointer, _ info: UnsafeMutablePointer<LoadedImage>) -> Int32

let swiftSourceSettings: [SwiftSetting] = [.unsafeFlags(["-I", swiftSyntaxHost]), .define("MOTIONSYNC_SWIFTSYNTAX")]
/// Modules that import MotionSwiftSource (directly or through the CLI) must see the parser's modules too.
let swiftSourceClients: [SwiftSetting] = [.unsafeFlags(["-I", swiftSyntaxHost])]
let swiftSourceLinking: [LinkerSetting] = [
    .unsafeFlags([
        "-L", swiftSyntaxHost, "-lSwiftSyntax", "-lSwiftParser", "-lSwiftBasicFormat", "-lSwiftDiagnostics", "-lSwiftParserDiagnostics",
        "-Xlinker", "-rpath", "-Xlinker", swiftSyntaxHost,
    ])
]

let package = Package(
    name: "motionsync",
    products: [
        .executable(name: "motionsync", targets: ["motionsync"]),
        // The Swift reader motionsync starts from beside itself; a product so that the command
        // plugin can build it in a package that depends on this one.
        .executable(name: "motionsync-swift", targets: ["motionsync-swift"]),
        .library(name: "MotionCore", targets: ["MotionCore"]),
        .library(name: "MotionPipeline", targets: ["MotionPipeline"]),
        .library(name: "MotionRender", targets: ["MotionRender"]),
        .library(name: "MotionCodegen", targets: ["MotionCodegen"]),
        // `swift package motionsync <command>` and `swift package motionsync check` in a package that depends on this one.
        .plugin(name: "MotionSyncCommand", targets: ["MotionSyncCommand"]),
        // A target's motion specs exported as AHAP resources at build time.
        .plugin(name: "MotionSyncExport", targets: ["MotionSyncExport"]),
    ],
    targets: [
        // MARK: Pure layers
        .target(name: "CMotionMath"),
        .target(name: "MotionCore", dependencies: ["CMotionMath"]),
        .target(name: "MotionJSON"),

        // MARK: Haptics (pattern model, alignment, encoders and decoders)
        .target(name: "MotionHaptics", dependencies: ["MotionCore", "MotionJSON"]),

        // MARK: Budgets (duration and haptic rules with their sources)
        .target(name: "MotionBudget", dependencies: ["MotionCore", "MotionHaptics", "MotionJSON"]),

        // MARK: SwiftUI source importer (Apple's SwiftParser from the toolchain)
        // What a Swift file yields (results, errors, the byte pre-check, the reader's wire format):
        // no parser here, so the pipeline and the CLI depend on this alone.
        .target(name: "MotionSwiftSourceModel", dependencies: ["MotionCore"]),
        .target(
            name: "MotionSwiftSource", dependencies: ["MotionCore", "MotionSwiftSourceModel"], swiftSettings: swiftSourceSettings,
            linkerSettings: swiftSourceLinking),

        // MARK: Code generation (spec → SwiftUI / UIKit source, issue 14)
        .target(name: "MotionCodegen", dependencies: ["MotionCore", "MotionHaptics"]),

        // MARK: Storage
        // The module map links `-lsqlite3`; pkg-config adds the folders where the system keeps it.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .target(name: "MotionSQLite", dependencies: ["CSQLite"]),
        // SHA-256 on the CPU's SHA extensions where it has them (content hashes at import).
        .target(name: "CSHA256"),
        .target(name: "MotionStore", dependencies: ["MotionCore", "MotionJSON", "MotionSQLite", "CSHA256"]),

        // MARK: Importers
        .target(name: "MotionFormats", dependencies: ["MotionCore", "MotionJSON"]),

        // MARK: Use cases (import, resolve, figures, export, budget runs) and rendering (SVG, HTML)
        .target(
            name: "MotionPipeline",
            dependencies: [
                "MotionCore", "MotionJSON", "MotionFormats", "MotionStore", "MotionHaptics", "MotionBudget", "MotionSwiftSourceModel",
                "MotionCodegen",
            ]),
        .target(name: "MotionRender", dependencies: ["MotionPipeline", "MotionCore", "MotionHaptics", "MotionBudget"]),

        // MARK: Command line
        .target(
            name: "MotionSyncCLI",
            dependencies: [
                "MotionPipeline", "MotionRender", "MotionCodegen", "MotionCore", "MotionJSON", "MotionFormats", "MotionStore", "MotionHaptics",
                "MotionBudget", "MotionSwiftSourceModel",
            ]),
        // CHeapTuning: how glibc keeps freed memory (see its header); set by the executable at start.
        .target(name: "CHeapTuning", dependencies: ["CSQLite"]),
        .executableTarget(name: "motionsync", dependencies: ["MotionSyncCLI", "CHeapTuning"]),
        // The Swift reader: Apple's parser in its own (dynamic) process, started by motionsync when
        // it needs Swift read (SwiftReaderProcess), found beside it.
        .executableTarget(name: "motionsync-swift", dependencies: ["MotionSwiftSource"], swiftSettings: swiftSourceClients),
        // MARK: SwiftPM plugins (both run the motionsync executable built from this package)
        // The command plugin has no tools: it asks SwiftPM to build the motionsync (and reader)
        // products instead (PackageManager.build). SwiftPM builds the tools of a build-tool
        // plugin (motionsync, for MotionSyncExport) with a database of its own (plugin-tools.db)
        // into the same `-tool` files it builds a command plugin's tools into (build.db); each
        // database then finds its files changed by the other and redoes them (C objects, module
        // wraps, the link), so in a package applying MotionSyncExport every `swift package
        // motionsync …` would relink motionsync, and the next `swift build` relink it again and
        // rerun the export. No plugin tool build writes the products' files; the price is that
        // such a package compiles motionsync twice, once as the export plugin's tool. (`swift
        // build` with its cached plan builds that tool in build.db too, so the first call after a
        // `swift build`, and the first `swift build` after a call, still redo it once.)
        .plugin(
            name: "MotionSyncCommand",
            capability: .command(
                intent: .custom(
                    verb: "motionsync",
                    description: "Run motionsync in this package; `check` runs budget --strict, diff --strict and check-ahap over Specs/ and Sources/"
                ))),
        .plugin(name: "MotionSyncExport", capability: .buildTool(), dependencies: ["motionsync"]),

        // MARK: Benchmarks (Scripts/benchmark-analysis.sh; not part of the tests)
        .executableTarget(name: "motionsync-bench", dependencies: ["MotionCore", "MotionFormats", "MotionJSON", "MotionSwiftSourceModel"]),
        // Scripts/benchmark.sh: library-side sampling beside python-lottie (issue 10)
        .executableTarget(name: "motionsync-peer-bench", dependencies: ["MotionCore", "MotionFormats", "MotionJSON"]),

        // MARK: Tests
        // MARK: Shared by the test targets (package root, corpus, byte positions)
        .target(name: "MotionTestSupport", dependencies: ["MotionJSON"], path: "Tests/MotionTestSupport"),
        .testTarget(name: "MotionCoreTests", dependencies: ["MotionTestSupport", "MotionCore"]),
        .testTarget(name: "MotionJSONTests", dependencies: ["MotionTestSupport", "MotionJSON"]),
        .testTarget(
            name: "MotionFormatsTests", dependencies: ["MotionTestSupport", "MotionFormats", "MotionCore", "MotionJSON"], exclude: ["Fixtures"]),
        .testTarget(name: "MotionHapticsTests", dependencies: ["MotionTestSupport", "MotionHaptics", "MotionCore", "MotionJSON"]),
        .testTarget(name: "MotionBudgetTests", dependencies: ["MotionTestSupport", "MotionBudget", "MotionHaptics", "MotionCore", "MotionJSON"]),
        .testTarget(
            name: "MotionSwiftSourceTests", dependencies: ["MotionSwiftSource", "MotionCore"], exclude: ["Fixtures"],
            swiftSettings: swiftSourceSettings, linkerSettings: swiftSourceLinking),
        .testTarget(
            name: "MotionCodegenTests",
            dependencies: ["MotionTestSupport", "MotionCodegen", "MotionSwiftSource", "MotionFormats", "MotionCore", "MotionJSON"],
            exclude: ["Golden"], swiftSettings: swiftSourceSettings, linkerSettings: swiftSourceLinking),
        .testTarget(
            name: "MotionStoreTests", dependencies: ["MotionTestSupport", "MotionStore", "MotionSQLite", "MotionCore", "MotionJSON"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "MotionPipelineTests",
            dependencies: [
                "MotionTestSupport", "MotionPipeline", "MotionCodegen", "MotionCore", "MotionJSON", "MotionStore", "MotionHaptics", "MotionBudget",
                "MotionSwiftSource", "MotionSQLite",
            ],
            swiftSettings: swiftSourceClients, linkerSettings: swiftSourceLinking),
        .testTarget(
            name: "MotionRenderTests",
            dependencies: ["MotionTestSupport", "MotionRender", "MotionPipeline", "MotionCore", "MotionHaptics", "MotionBudget"],
            swiftSettings: swiftSourceClients),
        // Builds Fixtures/PluginApp (a package depending on this one) once, under /tmp; PluginSources/ links the export plugin's naming code.
        .testTarget(
            name: "MotionPluginTests", dependencies: ["MotionTestSupport", "MotionSyncCLI", "MotionPipeline", "MotionHaptics"], exclude: ["Fixtures"],
            swiftSettings: swiftSourceClients),
        .testTarget(
            name: "MotionSyncCLITests",
            dependencies: [
                "MotionTestSupport", "MotionSyncCLI", "MotionPipeline", "MotionRender", "MotionFormats", "MotionCore", "MotionJSON", "MotionStore",
                "MotionHaptics", "MotionBudget", "MotionSwiftSource",
            ], exclude: ["Golden", "Fixtures"],
            swiftSettings: swiftSourceClients),
    ]
)
