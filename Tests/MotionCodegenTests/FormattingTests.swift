import Foundation
import MotionCodegen
import MotionCore
import Testing

// MARK: - Formatted and deterministic

@Suite("Generated code is formatted, deterministic and headed by its origin")
struct FormattingTests {
    /// The toolchain's `swift-format`, next to the `swift` on PATH.
    static func swiftFormat() -> URL? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent("swift-format")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Every example (SwiftUI and UIKit) and 60 random specs, generated once for both tests.
    static let generated: Result<[Sample], any Error> = Result { try makeSamples() }

    struct Sample: Sendable {
        var name: String
        var text: String
    }

    static func samples() throws -> [Sample] { try generated.get() }

    static func makeSamples() throws -> [Sample] {
        var out: [Sample] = []
        for (file, spec) in try exampleSpecs() {
            for a in spec.animations {
                for target in CodegenTarget.allCases {
                    let g = try MotionCodegen(target: target).generate(a, screen: spec.screen, origin: CodegenOrigin(file: file, revision: "r"))
                    out.append(Sample(name: "\(target.rawValue)-\(spec.screen)-\(a.id).swift", text: g.text))
                }
            }
        }
        var random = RandomSpecs(seed: 2014)
        for k in 0..<60 {
            let a = random.animation(index: k)
            guard (try? a.timeline()) != nil else { continue }
            for target in CodegenTarget.allCases {
                let g = try MotionCodegen(target: target).generate(a, screen: "Random", origin: CodegenOrigin(file: "random.json", revision: "r"))
                out.append(Sample(name: "\(target.rawValue)-random-\(k).swift", text: g.text))
            }
        }
        return out
    }

    @Test("swift-format (the toolchain's, default configuration) leaves the generated code unchanged")
    func swiftFormatLeavesItUnchanged() throws {
        let tool = try #require(Self.swiftFormat(), "swift-format is not on PATH (it ships with the Swift toolchain)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("codegen-format-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let samples = try Self.samples()
        for s in samples { try Data(s.text.utf8).write(to: folder.appendingPathComponent(s.name)) }
        // One run over all files, in place.
        let process = Process()
        process.executableURL = tool
        process.arguments = ["format", "--in-place"] + samples.map { folder.appendingPathComponent($0.name).path }
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        var changed: [String] = []
        for s in samples {
            let formatted = try String(contentsOf: folder.appendingPathComponent(s.name), encoding: .utf8)
            if formatted != s.text { changed.append("\(s.name):\n" + Self.firstDifference(s.text, formatted)) }
        }
        #expect(changed.isEmpty, "\(changed.count) of \(samples.count) files reformatted:\n\(changed.prefix(4).joined(separator: "\n"))")
    }

    @Test("swiftc -parse accepts every sample (the compiler's own parser, beside SwiftParser in the round trips)")
    func swiftcParses() throws {
        let swiftc = try #require(Self.swiftFormat().map { $0.deletingLastPathComponent().appendingPathComponent("swiftc") })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("codegen-parse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let samples = try Self.samples()
        for s in samples { try Data(s.text.utf8).write(to: folder.appendingPathComponent(s.name)) }
        // One run over all files: -parse checks the syntax only (names shared between files are fine).
        let process = Process()
        process.executableURL = swiftc
        process.arguments = ["-frontend", "-parse"] + samples.map { folder.appendingPathComponent($0.name).path }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(message)")
    }

    static func firstDifference(_ a: String, _ b: String) -> String {
        let x = a.split(separator: "\n", omittingEmptySubsequences: false), y = b.split(separator: "\n", omittingEmptySubsequences: false)
        for k in 0..<max(x.count, y.count) where (k < x.count ? x[k] : "") != (k < y.count ? y[k] : "") {
            return "line \(k + 1):\n  generated: \(k < x.count ? x[k] : "")\n  formatted: \(k < y.count ? y[k] : "")"
        }
        return "(same lines)"
    }

    @Test("the same spec gives the same bytes on every run and the header names the spec file and revision")
    func deterministicWithHeader() throws {
        let (file, spec) = try #require(try exampleSpecs().first { $0.spec.screen == "Feed" })
        let origin = CodegenOrigin(file: file, revision: "revision 7")
        for a in spec.animations {
            let first = try MotionCodegen().generate(a, screen: spec.screen, origin: origin).text
            let second = try MotionCodegen().generate(a, screen: spec.screen, origin: origin).text
            #expect(first == second)
            let header = first.split(separator: "\n").prefix(2).joined(separator: "\n")
            #expect(header.contains("from Specs/Feed.json (revision 7)"))
            #expect(header.contains("Feed/\(a.id)"))
        }
    }
}
