import Foundation

// MARK: - RepositoryPaths

/// The package root (`…/main`), found from this file: Tests/MotionTestSupport/RepositoryPaths.swift.
public let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url
}()

/// The shared corpus of real public files, next to the package (`…/shared/corpus`).
public let sharedCorpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
