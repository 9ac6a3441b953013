import Foundation

// MARK: - SpecFiles

/// The motion spec files under a folder, found as `motionsync import` finds them: `.json` files
/// (recursively; hidden entries and `.build` skipped) whose top-level object has `specVersion`.
/// JSON Schemas, Lottie files and design tokens are left out. Shared by both plugins (each plugin
/// target links this file; plugins cannot depend on library targets).
enum SpecFiles {
    /// The spec files under `folder`, sorted by path.
    static func find(in folder: URL) -> [URL] {
        guard
            let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var found: [URL] = []
        while let url = enumerator.nextObject() as? URL {
            if url.lastPathComponent == ".build" {
                enumerator.skipDescendants()
                continue
            }
            guard url.pathExtension.lowercased() == "json", spec(at: url) != nil else { continue }
            found.append(url)
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The screen and animation ids of the spec at `url`, each id with its `reduceMotion` as
    /// written (nil when absent), or nil when it is not a spec.
    static func spec(at url: URL) -> (screen: String, ids: [String], reduceMotion: [String?])? {
        guard let data = FileManager.default.contents(atPath: url.path),
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any], object["specVersion"] != nil
        else { return nil }
        let screen = object["screen"] as? String ?? ""
        let animations = (object["animations"] as? [[String: Any]] ?? []).filter { $0["id"] is String }
        return (screen, animations.compactMap { $0["id"] as? String }, animations.map { $0["reduceMotion"] as? String })
    }

    /// The `.ahap` files under `folder` (hidden entries and `.build` skipped), sorted.
    static func ahapFiles(in folder: URL) -> [URL] {
        guard
            let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var found: [URL] = []
        while let url = enumerator.nextObject() as? URL {
            if url.lastPathComponent == ".build" {
                enumerator.skipDescendants()
                continue
            }
            if url.pathExtension.lowercased() == "ahap" { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }
}
