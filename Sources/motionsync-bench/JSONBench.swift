import Foundation
import MotionFormats
import MotionJSON

/// The JSON parser alone, for instruction counts and for checking that a change to it keeps
/// every result: `json DIR [PASSES]` reads every `.json` file under DIR once, then parses all of
/// them PASSES times (1 if not given), so that (instructions at 3 passes − at 1 pass) / 2 is one
/// pass; `json-dump DIR…` prints, for every `.json` file under each DIR, the parsed value with
/// every node's location, the warnings, and the error of each of a fixed set of damaged copies
/// (truncated, one byte replaced), one per line, in a stable text form to diff between two builds.
enum JSONBench {
    /// Runs the mode `arguments[1]` and returns the process's exit status.
    static func run(_ arguments: [String]) -> Int32 {
        let passes = arguments.count == 4 && arguments[1] == "json" ? Int(arguments[3]) ?? 0 : 1
        guard arguments.count >= 3, passes > 0 else {
            FileHandle.standardError.write(Data("usage: motionsync-bench json DIR [PASSES] | json-dump DIR…\n".utf8))
            return 2
        }
        let folders = arguments[1] == "json" ? [arguments[2]] : Array(arguments[2...])
        let files = folders.flatMap { jsonFiles(under: $0) }
        guard !files.isEmpty else {
            FileHandle.standardError.write(Data("motionsync-bench: no .json files under \(folders.joined(separator: " "))\n".utf8))
            return 2
        }
        if arguments[1] == "json-dump" {
            for (path, bytes) in files { dump(path, bytes) }
            return 0
        }
        var nodes = 0
        var bytes = 0
        var refused = 0
        for _ in 0..<passes {
            for (_, file) in files {
                bytes &+= file.count
                if let document = try? JSONParser().parse(file) { nodes &+= document.locations.count } else { refused += 1 }
            }
        }
        print("parsed \(files.count) files \(passes) times (\(bytes) bytes, \(nodes) values, \(refused) refused)")
        return 0
    }

    /// Every `.json` file under `folder` (recursively, by path) and its bytes.
    private static func jsonFiles(under folder: String) -> [(path: String, bytes: [UInt8])] {
        let paths = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".json") }.sorted()
        return paths.compactMap { path in
            FileManager.default.contents(atPath: folder + "/" + path).map { (folder + "/" + path, [UInt8]($0)) }
        }
    }

    /// The file parsed strictly and with trailing commas, its import precheck, and damaged copies.
    private static func dump(_ path: String, _ bytes: [UInt8]) {
        for allow in [false, true] {
            print("\(path)\ttrailing commas \(allow)")
            do {
                let document = try JSONParser(allowTrailingCommas: allow).parse(bytes)
                print("\(path)\tvalues \(document.locations.count)")
                for warning in document.warnings { print("\(path)\twarning\t\(warning.location)\t\(warning.pointer)\t\(warning.message)") }
                node(path, document.value, JSONPointer.root, document)
            } catch {
                print("\(path)\terror\t\(error.location)\t\(error.pointer)\t\(error.message)")
            }
        }
        switch InputDocument.parse(bytes, file: "f.json", splitHint: "split") {
        case .success(let document): print("\(path)\tinput ok \(document.locations.count)")
        case .failure(let diagnostic):
            print("\(path)\tinput\t\(diagnostic.location.map(\.description) ?? "-")\t\(diagnostic.pointer)\t\(diagnostic.problem)\t\(diagnostic.fix)")
        }
        for (name, damaged) in damagedCopies(bytes) {
            do {
                let document = try JSONParser().parse(damaged)
                print("\(path)\t\(name)\tok \(document.locations.count)")
            } catch {
                print("\(path)\t\(name)\terror\t\(error.location)\t\(error.pointer)\t\(error.message)")
            }
        }
    }

    /// Copies cut at 16 places and with one byte replaced at 16 places by each of a few bytes
    /// that break JSON in different ways; positions spread evenly over the file.
    private static func damagedCopies(_ bytes: [UInt8]) -> [(String, [UInt8])] {
        guard bytes.count > 2 else { return [] }
        var copies: [(String, [UInt8])] = []
        for k in 1...16 {
            let at = bytes.count * k / 17
            copies.append(("cut \(at)", Array(bytes[..<at])))
            for b in [
                UInt8(ascii: "}"), UInt8(ascii: "\""), UInt8(ascii: "x"), UInt8(ascii: ","), 0x01, 0xC3, UInt8(ascii: "\\"), UInt8(ascii: "\n"),
            ] {
                var copy = bytes
                copy[at] = b
                copies.append(("byte \(at) \(b)", copy))
            }
        }
        return copies
    }

    /// One line per value: its pointer, where it starts, and its kind and scalar value.
    private static func node(_ path: String, _ value: JSONValue, _ pointer: JSONPointer, _ document: JSONDocument) {
        let location = document.locations[pointer.key].map(\.description) ?? "-"
        switch value {
        case .object(let object):
            print("\(path)\t\(pointer)\t\(location)\tobject \(object.count)")
            for (key, member) in object { node(path, member, pointer / key, document) }
        case .array(let items):
            print("\(path)\t\(pointer)\t\(location)\tarray \(items.count)")
            for (k, item) in items.enumerated() { node(path, item, pointer / k, document) }
        case .string(let text): print("\(path)\t\(pointer)\t\(location)\tstring \(Array(text.utf8))")
        case .number(let n): print("\(path)\t\(pointer)\t\(location)\tnumber \(String(n.bitPattern, radix: 16))")
        case .bool(let b): print("\(path)\t\(pointer)\t\(location)\t\(b)")
        case .null: print("\(path)\t\(pointer)\t\(location)\tnull")
        }
    }
}
