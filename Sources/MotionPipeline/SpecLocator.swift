import MotionJSON
import MotionStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - SpecLocator

/// Finds where an animation, or a part of it, is written in its spec file: the JSON pointer
/// `/animations/N/…` turned into line:column by the position-keeping parser. Each file is read
/// once. Files that are not JSON specs (Swift sources, unreadable files) give the file alone.
public final class SpecLocator {
    private var documents: [String: JSONDocument?] = [:]
    public let io: CommandIO
    /// Where an animation read from code is written (`path`, `id` → line and column), from the
    /// store that holds it: Swift files have no pointer to follow.
    public var codePlace: ((_ path: String, _ id: String) -> SourcePlace?)?

    public init(io: CommandIO, codePlace: ((_ path: String, _ id: String) -> SourcePlace?)? = nil) {
        self.io = io
        self.codePlace = codePlace
    }

    /// A locator that finds code places in the store `globals` names, when there is one.
    public static func withStore(_ globals: GlobalOptions, io: CommandIO) -> SpecLocator {
        let path = globals.databasePath(io: io)
        guard FileManager.default.fileExists(atPath: path), let store = try? MotionStore(path: path, access: .readOnly) else {
            return SpecLocator(io: io)
        }
        return SpecLocator(io: io) { path, id in (try? store.place(path: path, id: id)) ?? nil }
    }

    /// `path` shown relative to the current directory when inside it.
    public func display(_ path: String) -> String {
        let cwd = io.currentDirectory.hasSuffix("/") ? io.currentDirectory : io.currentDirectory + "/"
        return path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
    }

    /// The place of animation `id` in `path`, deepened along `tokens` as far as they exist
    /// (`["tracks", "scale", "2"]`): the nearest written ancestor of a missing part.
    public func location(path: String, id: String, tokens: [String] = []) -> SARIFLog.Location {
        let shown = display(path)
        if !path.hasSuffix(".json"), let place = codePlace?(path, id) {
            return SARIFLog.Location(path: shown, line: place.line, column: place.column)
        }
        guard path.hasSuffix(".json"), let document = document(path),
            let animations = document.value["animations"]?.arrayValue,
            let index = animations.firstIndex(where: { $0["id"]?.stringValue == id })
        else {
            return SARIFLog.Location(path: shown)
        }
        var pointer = JSONPointer(["animations", String(index)])
        var best = document.location(of: pointer)
        for token in tokens {
            pointer = pointer.appending(token)
            guard let found = document.location(of: pointer) else { break }
            best = found
        }
        return SARIFLog.Location(path: shown, line: best?.line, column: best?.column)
    }

    /// The pointer tokens below an animation for a `diff` property: `scale[2]` → tracks/scale/2,
    /// `phase 1.scale` → phases/1/values/scale, `phase 1` → phases/1/animation.
    public static func tokens(forDiffProperty property: String) -> [String] {
        if property.hasPrefix("phase ") {
            let rest = property.dropFirst("phase ".count)
            if let dot = rest.firstIndex(of: ".") {
                return ["phases", String(rest[..<dot]), "values", String(rest[rest.index(after: dot)...])]
            }
            return ["phases", String(rest), "animation"]
        }
        if let open = property.firstIndex(of: "["), property.hasSuffix("]") {
            return ["tracks", String(property[..<open]), String(property[property.index(after: open)..<property.index(before: property.endIndex)])]
        }
        return property.isEmpty ? [] : ["tracks", property]
    }

    private func document(_ path: String) -> JSONDocument? {
        if let cached = documents[path] { return cached }
        let read = FileManager.default.contents(atPath: io.resolve(path: path)).flatMap {
            try? JSONParser(allowTrailingCommas: true).parse([UInt8]($0))
        }
        documents[path] = read
        return read
    }
}
