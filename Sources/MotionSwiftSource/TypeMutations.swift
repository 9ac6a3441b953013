#if MOTIONSYNC_SWIFTSYNTAX
internal import SwiftSyntax

// MARK: - TypeMutations

/// The mutations in each view type's declarations (`MutationFinder`), found once per type and
/// kept by the changed path's first component, which a path that changes a key shares with it
/// (`path(_:affects:)`): n sites in one type, each keyed on its own state, pass over that state's
/// changes, not the whole type each. Internal; one file's reading, one thread.
final class TypeMutations {
    private var byType: [String: [String: [Mutation]]] = [:]
    /// The mutations passed over in all: work a test can count.
    private(set) var read = 0

    /// The mutations of `info`'s declarations that change `key`, a state it is part of or one of
    /// its parts, in source order. O(the type's code) the first time, then O(that group).
    func affecting(_ key: String, in info: SwiftTypeIndex.TypeInfo?) -> [Mutation] {
        guard let info else { return [] }
        return affecting(key, inScope: info.name, declarations: info.declarations)
    }

    /// The mutations of `declarations` that change `key`, kept under `scope`: a type's name, or
    /// a name no type can have for code outside any type (the file's top level).
    func affecting(_ key: String, inScope scope: String, declarations: [Syntax]) -> [Mutation] {
        if byType[scope] == nil {
            byType[scope] = Dictionary(grouping: declarations.flatMap { MutationFinder.find(in: $0) }) { Self.head($0.path) }
        }
        let group = byType[scope]?[Self.head(key)] ?? []
        read += group.count
        return group.filter { path($0.path, affects: key) }
    }

    /// A state path up to its first `.` (all of it when it has none).
    static func head(_ path: String) -> String { String(path[..<(path.firstIndex(of: ".") ?? path.endIndex)]) }
}
#endif
