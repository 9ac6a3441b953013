import Foundation
import MotionPipeline
import MotionTestSupport

// MARK: - Spec files, counted without motionsync

/// The example specs in Specs/ and their animation ids, read with Foundation's JSON parser (not
/// motionsync's), so counts the tests compare against are independent of the code under test.
enum ExampleSpecs {
    /// Spec files (a top-level `specVersion`) → their screen and animation ids.
    static func all() throws -> [(path: String, screen: String, ids: [String])] {
        let folder = packageRoot.appendingPathComponent("Specs")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().compactMap { name in
            guard name.hasSuffix(".json") else { return nil }
            let path = folder.appendingPathComponent(name).path
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any], object["specVersion"] != nil else { return nil }
            let ids = (object["animations"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            return (path, object["screen"] as? String ?? "", ids)
        }
    }
}

/// A fresh temporary folder (removed with the test process's others: `ScratchFolders`).
func temporaryFolder() throws -> URL {
    try ScratchFolders.make("pipeline")
}

/// The store in `folder`.
func storeOptions(_ folder: URL) -> GlobalOptions {
    GlobalOptions(database: folder.appendingPathComponent("store.sqlite").path)
}

/// Imports `paths` into the store in `folder` (made when missing) with the library; returns the reports.
func importIntoStore(_ paths: [String], folder: URL, io: CommandIO) throws -> [FileImportReport] {
    try ImportRun(paths: paths, globals: storeOptions(folder)).run(io: io).reports
}
