import Foundation
import MotionFormats
import MotionTestSupport
import Testing

@testable import MotionPipeline
@testable import MotionRender
@testable import MotionSyncCLI

@Suite("command line")
struct CommandLineTests {
    @Test("--help lists every command; each command's --help has usage and an example")
    func help() {
        let r = motionsync("--help")
        #expect(r.code == 0)
        for command in MotionSyncCLI.commands {
            #expect(r.out.contains(command.name))
            let own = motionsync(command.name, "--help")
            #expect(own.code == 0)
            #expect(own.out.contains("USAGE") && own.out.contains("EXAMPLE"))
            #expect(own.out.contains("motionsync \(command.name)"))
            #expect(motionsync("help", command.name).out == own.out)
        }
        #expect(motionsync().out == r.out)
    }

    @Test("--version prints the version")
    func version() {
        #expect(motionsync("--version").out == "motionsync \(MotionSyncCLI.version)\n")
    }

    @Test("demo lists every bundled animation with its duration")
    func demo() throws {
        let r = motionsync("demo")
        #expect(r.code == 0, "\(r.err)")
        let specs = try DemoCommand.bundledSpecs()
        let count = specs.reduce(0) { $0 + $1.animations.count }
        #expect(count >= 12 && Set(specs.map(\.screen)).count >= 4)
        #expect(r.out.contains("\(specs.count) files: \(specs.count) added, 0 changed, 0 unchanged, 0 rejected"))
        for spec in specs { for a in spec.animations { #expect(r.out.contains(a.id)) } }
        #expect(r.out.contains("heart-pulse") && r.out.contains("580 ms"))
    }

    @Test("demo works from any folder (the specs are carried in the binary)")
    func demoAnywhere() throws {
        let r = motionsync("demo", in: try temporaryDirectory().path)
        #expect(r.code == 0)
    }

    @Test("the carried copy of Specs/ equals the files byte for byte")
    func bundledCopy() throws {
        let folder = packageRoot.appendingPathComponent("Specs")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted()
        #expect(BundledSpecs.files.map(\.name) == names, "run python3 Scripts/embed-resources.py")
        for file in BundledSpecs.files {
            let disk = try String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)
            #expect(file.text == disk, "\(file.name) differs from its carried copy: run python3 Scripts/embed-resources.py")
        }
    }

    @Test("references: FILE#ID, SCREEN/ID (split at the last slash), FILE alone")
    func references() throws {
        let exists: (String) -> Bool = { $0 == "only.json" }
        #expect(try AnimationReference("a/b.json#x", fileExists: exists) == .file(path: "a/b.json", id: "x"))
        #expect(try AnimationReference("only.json", fileExists: exists) == .file(path: "only.json", id: nil))
        #expect(try AnimationReference("Check out/bump", fileExists: exists) == .stored(screen: "Check out", id: "bump"))
        #expect(try AnimationReference("A/B/c", fileExists: exists) == .stored(screen: "A/B", id: "c"))
        #expect(throws: CLIError.self) { try AnimationReference("#x", fileExists: exists) }
        #expect(throws: CLIError.self) { try AnimationReference("screen/", fileExists: exists) }
    }
}
