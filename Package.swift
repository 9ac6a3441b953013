// swift-tools-version:6.1
// motionsync: designer motion timing → peaks, holds and aligned haptics.
//
// Layers (one-way): MotionCore and MotionJSON (pure) at the bottom; MotionFormats (importers) and
// MotionStore (SQLite via MotionSQLite/CSQLite) on them, not on each other; the code generator
// (MotionCodegen, spec → SwiftUI/UIKit source) on MotionCore and MotionHaptics; MotionPipeline (the
// use cases: import, resolve SCREEN/ID and FILE#ID, figures, export, budget runs, code generation)
// on those; MotionRender (SVG plot, HTML report) on MotionPipeline; MotionSyncCLI on top holds argument parsing, help text and output
// formatting only; the motionsync executable is one line calling it, linked statically. Apple's
// parser runs in motionsync-swift (MotionSwiftSource), a process the pipeline starts from beside the
// motionsync executable. The plugins MotionSyncCommand and MotionSyncExport run the motionsync executable:
// MotionSyncCommand (`swift package motionsync …`, which has motionsync-swift built beside it) and
// MotionSyncExport (a target's specs → AHAP resources at build time).
import Foundation
import PackageDescription

// MARK: - The toolchain in use

/// `<toolchain>/usr`, found from the `swift` on PATH (symlinks resolved). Nothing is fetched:
/// Apple's parser and the static Swift libraries are taken from here when it has them.
let toolchainUsr: URL? = {
    let fm = FileManager.default
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent("swift")
        guard fm.isExecutableFile(atPath: candidate.path) else { continue }
        return candidate.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
    }
    return nil
}()

// MARK: - Apple's Swift parser

/// `<toolchain>/usr/lib/swift/host`, when it holds SwiftParser's module; without it the
/// Swift-source importer builds as a stub that says it is unavailable.
let swiftSyntaxHost: String? = {
    // MOTIONSYNC_NO_SWIFTSYNTAX=1 builds without it (how a toolchain without the host libraries builds).
    if ProcessInfo.processInfo.environment["MOTIONSYNC_NO_SWIFTSYNTAX"] == "1" { return nil }
    guard let host = toolchainUsr?.appendingPathComponent("lib/swift/host"),
          FileManager.default.fileExists(atPath: host.appendingPathComponent("SwiftParser.swiftmodule").path) else { return nil }
    return host.path
}()

let swiftSourceSettings: [SwiftSetting] = swiftSyntaxHost.map { [.unsafeFlags(["-I", $0]), .define("MOTIONSYNC_SWIFTSYNTAX")] } ?? []
/// Modules that import MotionSwiftSource (directly or through the CLI) must see the parser's modules too.
let swiftSourceClients: [SwiftSetting] = swiftSyntaxHost.map { [.unsafeFlags(["-I", $0])] } ?? []
let swiftSourceLinking: [LinkerSetting] = swiftSyntaxHost.map {
    [.unsafeFlags(["-L", $0, "-lSwiftSyntax", "-lSwiftParser", "-lSwiftBasicFormat", "-lSwiftDiagnostics", "-lSwiftParserDiagnostics", "-Xlinker", "-rpath", "-Xlinker", $0])]
} ?? []

// MARK: - A static motionsync

/// Whether GCC's static C++ runtime (`libstdc++.a`, from libstdc++-dev) is where clang looks for
/// it: `/usr/lib/gcc/<triple>/<version>/`.
let hasStaticLibstdcxx: Bool = {
    let root = "/usr/lib/gcc"
    guard let triples = try? FileManager.default.contentsOfDirectory(atPath: root) else { return false }
    return triples.contains { triple in
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + triple)) ?? []
        return versions.contains { FileManager.default.fileExists(atPath: "\(root)/\(triple)/\($0)/libstdc++.a") }
    }
}()

/// Whether SQLite's static archive (`libsqlite3.a`, from libsqlite3-dev) is in a folder the
/// linker searches by default: `/usr/lib/<triple>/`, `/usr/lib64`, `/usr/lib` or `/usr/local/lib`.
let hasStaticSQLite: Bool = {
    let fm = FileManager.default
    var folders = ["/usr/lib64", "/usr/lib", "/usr/local/lib"]
    let triples = (try? fm.contentsOfDirectory(atPath: "/usr/lib")) ?? []
    folders += triples.filter { $0.hasSuffix("-linux-gnu") }.map { "/usr/lib/" + $0 }
    return folders.contains { fm.fileExists(atPath: $0 + "/libsqlite3.a") }
}()

/// `<toolchain>/usr/lib/swift_static/linux`, where the static motionsync takes the Swift runtime
/// and Foundation from: nil (shared libraries) when the folder is missing, on macOS, or with
/// MOTIONSYNC_DYNAMIC=1.
let staticStdlibFolder: String? = {
    #if os(Linux)
    if ProcessInfo.processInfo.environment["MOTIONSYNC_DYNAMIC"] == "1" { return nil }
    guard let folder = toolchainUsr?.appendingPathComponent("lib/swift_static/linux").path,
          FileManager.default.fileExists(atPath: folder + "/static-stdlib-args.lnk") else { return nil }
    return folder
    #else
    return nil
    #endif
}()

/// Whether the static motionsync links SQLite from `libsqlite3.a` (see `staticStdlibLinking`).
let staticSQLiteLinking = staticStdlibFolder != nil && hasStaticSQLite

/// Linker flags that put the Swift runtime and Foundation inside the motionsync executable (from
/// `<toolchain>/usr/lib/swift_static/linux`), so a command starts in about 2.5 ms instead of the
/// 12 ms the shared libraries (SwiftSyntax's among them) took to load; Apple's parser lives in
/// `motionsync-swift`, which stays dynamic. Every static library of that folder is offered in one
/// group: the linker takes only what is used. Empty (shared libraries) when the folder is
/// missing, on macOS, or with MOTIONSYNC_DYNAMIC=1.
let staticStdlibLinking: [LinkerSetting] = {
    #if os(Linux)
    guard let folder = staticStdlibFolder, let usr = toolchainUsr,
          let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
    let libraries = names.filter { $0.hasPrefix("lib") && $0.hasSuffix(".a") }.sorted().map { "-l" + $0.dropFirst(3).dropLast(2) }
    // lld: the toolchain's own linker, which does not repeat glibc's link-time notes on mktemp.
    let lld = FileManager.default.fileExists(atPath: usr.appendingPathComponent("bin/ld.lld").path) ? ["-use-ld=lld"] : []
    // Not position-independent and exporting nothing: the loader then has almost no relocations
    // to apply or symbols to look up (570 → 360 page faults, about 1 ms less per start).
    let lean = ["-Xclang-linker", "-no-pie", "-Xlinker", "--no-export-dynamic"]
    // The C++ runtime (which the Swift runtime uses) from its static archive too, when GCC has
    // one: the driver's `-lstdc++` then finds Scripts/link/libstdc++.so, a linker script naming
    // libstdc++.a, and -static-libgcc takes libgcc's unwinder from libgcc_eh.a. The loader maps and
    // relocates neither shared library at start (`--version` 1.74 → 1.24 ms of CPU, `inventory
    // --screen` 3.1 → 2.6 ms).
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/link")
    let cxx = hasStaticLibstdcxx && FileManager.default.fileExists(atPath: script.appendingPathComponent("libstdc++.so").path)
        ? ["-L", script.path, "-Xclang-linker", "-static-libgcc"] : []
    // SQLite from its static archive too, when libsqlite3-dev has one: CSQLite's `-lsqlite3` then
    // finds Scripts/link/sqlite/libsqlite3.so, a linker script naming libsqlite3.a. The shared
    // libsqlite3 is built BIND_NOW: the loader bound its 1,238 PLT slots at every start, a fifth
    // of the instructions of `inventory --screen` (callgrind), and mapped and relocated it.
    let sqliteScript = script.appendingPathComponent("sqlite")
    let sqlite = staticSQLiteLinking ? ["-L", sqliteScript.path] : []
    // The functions a short command runs, laid out together first in the text (lld's symbol
    // ordering; Scripts/startup-order.sh writes the list from callgrind): a start then faults in
    // a few dozen pages of code instead of a hundred scattered over the binary (`inventory
    // --screen` 0.93–0.96×, `--version` 0.94× in alternated pairs). Names the binary lacks are
    // passed over without a word.
    let order = script.appendingPathComponent("startup.order")
    let ordering = !lld.isEmpty && FileManager.default.fileExists(atPath: order.path)
        ? ["-Xlinker", "--symbol-ordering-file=" + order.path, "-Xlinker", "--no-warn-symbol-ordering"] : []
    return [.unsafeFlags(lld + ["-static-stdlib", "-Xlinker", "--start-group"] + libraries + ["-lstdc++", "-Xlinker", "--end-group"] + lean + cxx + sqlite + ordering)]
    #else
    return []
    #endif
}()

let package = Package(
    name: "motionsync",
    products: [
        .executable(name: "motionsync", targets: ["motionsync"]),
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
        .target(name: "MotionSwiftSource", dependencies: ["MotionCore", "MotionSwiftSourceModel"], swiftSettings: swiftSourceSettings, linkerSettings: swiftSourceLinking),

        // MARK: Code generation (spec → SwiftUI / UIKit source, issue 14)
        .target(name: "MotionCodegen", dependencies: ["MotionCore", "MotionHaptics"]),

        // MARK: Storage
        // Found by pkg-config, except where the static motionsync takes SQLite from its archive
        // (`staticSQLiteLinking`): pkg-config's `-L<libdir> -lsqlite3` comes first on every link line
        // and would find the shared library before Scripts/link/sqlite; the module map's own
        // `-lsqlite3` finds the linker script there, and the shared library everywhere else.
        .systemLibrary(name: "CSQLite", pkgConfig: staticSQLiteLinking ? nil : "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .target(name: "MotionSQLite", dependencies: ["CSQLite"]),
        // SHA-256 on the CPU's SHA extensions where it has them (content hashes at import).
        .target(name: "CSHA256"),
        .target(name: "MotionStore", dependencies: ["MotionCore", "MotionJSON", "MotionSQLite", "CSHA256"]),

        // MARK: Importers
        .target(name: "MotionFormats", dependencies: ["MotionCore", "MotionJSON"]),

        // MARK: Use cases (import, resolve, figures, export, budget runs) and rendering (SVG, HTML)
        .target(name: "MotionPipeline", dependencies: ["MotionCore", "MotionJSON", "MotionFormats", "MotionStore", "MotionHaptics", "MotionBudget", "MotionSwiftSourceModel", "MotionCodegen"]),
        .target(name: "MotionRender", dependencies: ["MotionPipeline", "MotionCore", "MotionHaptics", "MotionBudget"]),

        // MARK: Command line
        .target(name: "MotionSyncCLI", dependencies: ["MotionPipeline", "MotionRender", "MotionCodegen", "MotionCore", "MotionJSON", "MotionFormats", "MotionStore", "MotionHaptics", "MotionBudget", "MotionSwiftSourceModel"]),
        .executableTarget(name: "motionsync", dependencies: ["MotionSyncCLI"], linkerSettings: staticStdlibLinking),
        // The Swift reader: Apple's parser in its own (dynamic) process, started by motionsync when
        // it needs Swift read (SwiftReaderProcess), found beside it. No build-tool plugin builds it
        // with motionsync: SwiftPM builds a build-tool plugin's tools in a database of their own
        // (plugin-tools.db) into the same files a command plugin's tools use, and each of the two
        // builds then redoes what the other wrote (module wraps, links), relinking motionsync on
        // every `swift package motionsync …` call.
        .executableTarget(name: "motionsync-swift", dependencies: ["MotionSwiftSource"], swiftSettings: swiftSourceClients),
        // MARK: SwiftPM plugins (both run the motionsync executable built from this package)
        .plugin(name: "MotionSyncCommand",
                capability: .command(intent: .custom(verb: "motionsync",
                                                     description: "Run motionsync in this package; `check` runs budget --strict, diff --strict and check-ahap over Specs/ and Sources/")),
                dependencies: ["motionsync", "motionsync-swift"]),
        .plugin(name: "MotionSyncExport", capability: .buildTool(), dependencies: ["motionsync"]),

        // MARK: Benchmarks (Scripts/benchmark-analysis.sh; not part of the tests)
        .executableTarget(name: "motionsync-bench", dependencies: ["MotionCore", "MotionFormats"]),
        // Scripts/benchmark.sh: library-side sampling beside python-lottie (issue 10)
        .executableTarget(name: "motionsync-peer-bench", dependencies: ["MotionCore", "MotionFormats", "MotionJSON"]),

        // MARK: Tests
        // MARK: Shared by the test targets (package root, corpus, byte positions)
        .target(name: "MotionTestSupport", dependencies: ["MotionJSON"], path: "Tests/MotionTestSupport"),
        .testTarget(name: "MotionCoreTests", dependencies: ["MotionTestSupport", "MotionCore"]),
        .testTarget(name: "MotionJSONTests", dependencies: ["MotionTestSupport", "MotionJSON"]),
        .testTarget(name: "MotionFormatsTests", dependencies: ["MotionTestSupport", "MotionFormats", "MotionCore", "MotionJSON"]),
        .testTarget(name: "MotionHapticsTests", dependencies: ["MotionTestSupport", "MotionHaptics", "MotionCore", "MotionJSON"]),
        .testTarget(name: "MotionBudgetTests", dependencies: ["MotionTestSupport", "MotionBudget", "MotionHaptics", "MotionCore", "MotionJSON"]),
        .testTarget(name: "MotionSwiftSourceTests", dependencies: ["MotionSwiftSource", "MotionCore"], exclude: ["Fixtures"],
                    swiftSettings: swiftSourceSettings, linkerSettings: swiftSourceLinking),
        .testTarget(name: "MotionCodegenTests", dependencies: ["MotionTestSupport", "MotionCodegen", "MotionSwiftSource", "MotionFormats", "MotionCore", "MotionJSON"],
                    exclude: ["Golden"], swiftSettings: swiftSourceSettings, linkerSettings: swiftSourceLinking),
        .testTarget(name: "MotionStoreTests", dependencies: ["MotionTestSupport", "MotionStore", "MotionSQLite", "MotionCore", "MotionJSON"], exclude: ["Fixtures"]),
        .testTarget(name: "MotionPipelineTests", dependencies: ["MotionTestSupport", "MotionPipeline", "MotionCodegen", "MotionCore", "MotionJSON", "MotionStore", "MotionHaptics", "MotionBudget", "MotionSwiftSource"],
                    swiftSettings: swiftSourceClients, linkerSettings: swiftSourceLinking),
        .testTarget(name: "MotionRenderTests", dependencies: ["MotionTestSupport", "MotionRender", "MotionPipeline", "MotionCore", "MotionHaptics", "MotionBudget"],
                    swiftSettings: swiftSourceClients),
        // Builds Fixtures/PluginApp (a package depending on this one) once, under /tmp; PluginSources/ links the export plugin's naming code.
        .testTarget(name: "MotionPluginTests", dependencies: ["MotionTestSupport", "MotionSyncCLI", "MotionPipeline", "MotionHaptics"], exclude: ["Fixtures"],
                    swiftSettings: swiftSourceClients),
        .testTarget(name: "MotionSyncCLITests", dependencies: ["MotionTestSupport", "MotionSyncCLI", "MotionPipeline", "MotionRender", "MotionFormats", "MotionCore", "MotionJSON", "MotionStore", "MotionHaptics", "MotionBudget", "MotionSwiftSource"], exclude: ["Golden", "Fixtures"],
                    swiftSettings: swiftSourceClients),
    ]
)
