import Foundation
import MotionSwiftSourceModel

/// The Swift facts scan alone, for instruction counts and for checking that a change to it
/// keeps every fact: `facts DIR [PASSES]` reads every `.swift` file under DIR once, then runs
/// `SwiftFactsScan.facts` over all of them PASSES times (1 if not given), so that
/// (instructions at 3 passes − at 1 pass) / 2 is one pass; `facts-dump DIR` prints every
/// file's facts, one per line, in a stable text form to diff between two builds.
enum FactsBench {
    /// Runs the mode `arguments[1]` and returns the process's exit status.
    static func run(_ arguments: [String]) -> Int32 {
        let passes = arguments.count == 4 ? Int(arguments[3]) ?? 0 : 1
        guard arguments.count == 3 || (arguments.count == 4 && arguments[1] == "facts"), passes > 0 else {
            FileHandle.standardError.write(Data("usage: motionsync-bench facts DIR [PASSES] | facts-dump DIR\n".utf8))
            return 2
        }
        let files = swiftFiles(under: arguments[2])
        guard !files.isEmpty else {
            FileHandle.standardError.write(Data("motionsync-bench: no .swift files under \(arguments[2])\n".utf8))
            return 2
        }
        if arguments[1] == "facts-dump" {
            for (path, bytes) in files { dump(path, SwiftFactsScan.facts(bytes)) }
            return 0
        }
        var checksum = 0
        var bytes = 0
        for _ in 0..<passes {
            for (_, file) in files {
                let facts = SwiftFactsScan.facts(file)
                checksum &+= facts.types.count &+ facts.uses.count &+ facts.constants.count &+ facts.members.count &+ facts.animations.count
                bytes &+= file.count
            }
        }
        print("scanned \(files.count) files \(passes) times (\(bytes) bytes, \(checksum) facts)")
        return 0
    }

    /// Every `.swift` file under `folder` (recursively, by path) and its bytes.
    private static func swiftFiles(under folder: String) -> [(path: String, bytes: [UInt8])] {
        let paths = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        return paths.compactMap { path in
            FileManager.default.contents(atPath: folder + "/" + path).map { (path, [UInt8]($0)) }
        }
    }

    /// One line per fact, each after the file's path.
    private static func dump(_ path: String, _ facts: SwiftModuleFacts) {
        for type in facts.types { print("\(path)\ttype\t\(type.name)\t\(type.kind.rawValue)") }
        for use in facts.uses { print("\(path)\tuse\t\(use.container)\t\(use.used)\t\(use.role.rawValue)") }
        for constant in facts.constants { print("\(path)\tconstant\t\(constant.name)\t\(constant.definition)") }
        for member in facts.members { print("\(path)\tmember\t\(member)") }
        for animation in facts.animations { print("\(path)\tanimation\t\(animation.name)\t\(animation.expression)") }
    }
}
