#if MOTIONSYNC_SWIFTSYNTAX
internal import SwiftParser
internal import SwiftSyntax

// MARK: - NeighbourStruct

/// A struct an animator's `initialValue: Values()` names but its own file does not declare,
/// found in another `.swift` file of the same folder (in a package a value type usually has a
/// file of its own beside the views using it): its stored properties' default values, read by
/// that file's own evaluator (its literals and `let` constants).
struct NeighbourStruct {
    /// The file that declares it, as `directory/name.swift`.
    var file: String
    /// The stored properties in declaration order: the default as a number (nil when there is
    /// none, or it is not a literal) and its source text (nil without a default).
    var members: [(name: String, value: Double?, code: String?)]

    /// Files larger than this are not searched (bytes).
    static let maximumFileSize = 1 << 20

    /// The first other `.swift` file of `file`'s folder (in name order) declaring `struct name`,
    /// read from disk; nil when none does or the folder cannot be listed. A byte search picks the
    /// candidates, so only a file naming the struct is parsed. O(the folder's bytes).
    static func find(_ name: String, besides file: String) -> NeighbourStruct? {
        let slash = file.lastIndex(of: "/")
        // The folder as written (nil: the current one), and the file's own name.
        let directory = slash.map { String(file[..<$0]) }
        let own = slash.map { String(file[file.index(after: $0)...]) } ?? file
        let folder = directory.map { $0.isEmpty ? "/" : $0 } ?? "."
        guard FolderFiles.exists(file), let entries = FolderFiles.names(in: folder) else { return nil }
        let needle = Array("struct \(name)".utf8)
        for entry in entries.sorted() where entry.hasSuffix(".swift") && entry != own {
            guard let bytes = FolderFiles.contents(of: folder + "/" + entry, limit: maximumFileSize),
                declares(bytes, needle), SwiftBracketBudget.check(bytes) == nil
            else { continue }
            let tree = Parser.parse(source: String(decoding: bytes, as: UTF8.self))
            let index = DeclarationIndex()
            index.walk(tree)
            guard let info = index.structs[name] else { continue }
            let evaluator = Evaluator(index: index)
            let shown = directory.map { $0 + "/" + entry } ?? entry
            return NeighbourStruct(
                file: shown,
                members: info.members.map { member in
                    (member.name, member.value.flatMap { evaluator.number($0, nil) }, member.value.map { ImplicitAnimationReader.oneLine($0) })
                })
        }
        return nil
    }

    /// Whether `bytes` hold `needle` followed by a character that cannot continue a name.
    private static func declares(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count > needle.count else { return false }
        var k = 0
        while k + needle.count < bytes.count {
            if bytes[k] == needle[0], bytes[k..<(k + needle.count)].elementsEqual(needle) {
                let next = bytes[k + needle.count]
                let continuesName =
                    (next >= 0x30 && next <= 0x39) || (next >= 0x41 && next <= 0x5A) || (next >= 0x61 && next <= 0x7A) || next == 0x5F || next >= 0x80
                if !continuesName { return true }
            }
            k += 1
        }
        return false
    }
}
#endif
