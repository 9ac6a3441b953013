import Foundation
import MotionTestSupport

// MARK: - PluginFixture

/// The PluginApp fixture copied to /tmp with its dependency pointed at this checkout, and built
/// once (`swift build --scratch-path …`, offline: a path dependency fetches nothing) for every
/// test that needs it. The scratch folder is named after the checkout, so two checkouts on one
/// machine do not share it, and it is kept between runs, so later runs only rebuild what changed.
enum PluginFixture {
    /// A short hash of the checkout's path, for folder names.
    static let tag = String(PortableSHA256.hex(packageRoot.standardizedFileURL.path).prefix(8))
    /// The fixture's copy.
    static let folder = URL(fileURLWithPath: "/tmp/motionsync-plugin-fixture-\(tag)")
    /// Its build folder, shared by the tests (and by later runs).
    static let scratch = "/tmp/motionsync-plugin-fixture-\(tag)-build"

    /// What a run of `swift …` gave.
    struct Run {
        let status: Int32
        let output: String
    }

    /// Runs `swift ARGUMENTS` in the fixture's copy, on one core (`--jobs 1`: the tests around
    /// it run at the same time, some under time limits, on a small shared machine); standard
    /// output and error together.
    static func swift(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments.prefix(1) + ["--jobs", "1"] + arguments.dropFirst()
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// The result of the one build, made on first use.
    nonisolated(unsafe) private static var built: Result<Run, any Error>?
    private static let lock = NSLock()

    /// Copies the fixture (afresh: a test may have left a file) and builds it once.
    static func build() throws -> Run {
        lock.lock()
        defer { lock.unlock() }
        if let built { return try built.get() }
        let result = Result { () throws -> Run in
            try copy()
            return try swift(["build", "--scratch-path", scratch])
        }
        built = result
        return try result.get()
    }

    /// The fixture written to `folder`, its dependency on this checkout by absolute path (the
    /// package's identity is the checkout folder's name).
    static func copy() throws {
        let fm = FileManager.default
        let source = packageRoot.appendingPathComponent("Tests/MotionPluginTests/Fixtures/PluginApp")
        try? fm.removeItem(at: folder)
        try fm.copyItem(at: source, to: folder)
        let manifest = folder.appendingPathComponent("Package.swift")
        var text = try String(contentsOf: manifest, encoding: .utf8)
        let root = packageRoot.standardizedFileURL.path
        text = text.replacingOccurrences(of: "\"../../../..\"", with: "\"\(root)\"")
        text = text.replacingOccurrences(
            of: "package: \"motionsync\"", with: "package: \"\(packageRoot.standardizedFileURL.lastPathComponent.lowercased())\"")
        try text.write(to: manifest, atomically: true, encoding: .utf8)
    }

    /// The AHAP resources the build put in the target's bundle: file name → bytes.
    static func bundledPatterns() throws -> [String: Data] {
        var found: [String: Data] = [:]
        for path in try bundledPaths() { found[(path as NSString).lastPathComponent] = FileManager.default.contents(atPath: path) }
        return found
    }

    /// The paths of the AHAP resources in the target's bundle.
    static func bundledPaths() throws -> [String] {
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: scratch)
        while let path = enumerator?.nextObject() as? String {
            guard path.contains("PluginApp_AppMotion.resources/"), path.hasSuffix(".ahap") else { continue }
            found.append(scratch + "/" + path)
        }
        return found
    }

    /// A file's inode and modification time: both stay the same unless the file is written anew
    /// (a link writes a new file).
    struct Stamp: Equatable {
        let inode: Int
        let modified: Date
    }

    /// The stamp of the file at `path` (symbolic links in the path followed).
    static func stamp(_ path: String) throws -> Stamp {
        let attributes = try FileManager.default.attributesOfItem(atPath: URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
        return Stamp(
            inode: (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? -1, modified: attributes[.modificationDate] as? Date ?? .distantPast)
    }
}
