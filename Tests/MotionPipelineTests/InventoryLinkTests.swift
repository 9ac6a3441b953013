import Foundation
import MotionCodegen
import MotionCore
import MotionPipeline
import MotionStore
import MotionTestSupport
import Testing

// MARK: - inventory links a spec and the code that plays it (issue 45)

@Suite("inventory links a spec's animation and the code that plays it, by diff's rule")
struct InventoryLinkTests {
    /// Like/like-heart (keyframes with a spring, a hold and Reduce Motion shortened), Like/blink
    /// (phases, one property named `o` that no SwiftUI modifier shows) and Like/glow (component
    /// Card, which holds two animators in the hand-written code).
    static let spec = """
        { "specVersion": 1, "screen": "Like", "animations": [
          { "id": "like-heart", "kind": "keyframes", "trigger": "tap", "reduceMotion": "shortened", "initial": { "scale": 1 },
            "tracks": { "scale": [ { "type": "spring", "to": 1.3, "duration": 0.14, "spring": { "duration": 0.3, "bounce": 0.3 } },
                                   { "type": "linear", "to": 1.3, "duration": 0.12 },
                                   { "type": "spring", "to": 1.0, "duration": 0.3, "spring": { "duration": 0.3 } } ] } },
          { "id": "blink", "kind": "phases", "trigger": "tap", "phases": [ { "name": "a", "values": { "o": 1, "scale": 1 } },
            { "name": "b", "values": { "o": 0.2, "scale": 1.1 }, "animation": { "type": "easeInOut", "duration": 0.2 } } ] },
          { "id": "glow", "component": "Card", "kind": "phases", "trigger": "tap", "phases": [ { "name": "a", "values": { "scale": 1 } },
            { "name": "b", "values": { "scale": 1.2 }, "animation": { "type": "easeOut", "duration": 0.2 } } ] } ] }
        """

    /// Code written by hand on the same screen: a badge named like the heart (`LikeHeartBadge`:
    /// not what codegen names like-heart), and a Card with two animators.
    static let hand = """
        import SwiftUI

        // motionsync: screen=Like
        struct LikeHeartBadge: View {
            @State private var n = 0
            var body: some View {
                Circle().phaseAnimator([1.0, 1.4], trigger: n) { view, s in view.scaleEffect(s) } animation: { _ in .easeOut(duration: 0.2) }
            }
        }

        // motionsync: screen=Like
        struct Card: View {
            @State private var a = 0
            @State private var b = 0
            var body: some View {
                VStack {
                    Circle().phaseAnimator([1.0, 1.2], trigger: a) { view, s in view.scaleEffect(s) } animation: { _ in .easeOut(duration: 0.2) }
                    Circle().phaseAnimator([1.0, 0.5], trigger: b) { view, o in view.opacity(o) } animation: { _ in .easeIn(duration: 0.3) }
                }
            }
        }
        """

    /// The spec file, and per target a folder with the code codegen writes for like-heart and
    /// blink beside the hand-written file.
    static func fixture(_ folder: URL, target: CodegenTarget) throws -> (spec: URL, code: URL) {
        let specFile = folder.appendingPathComponent("Like.json")
        try Data(spec.utf8).write(to: specFile)
        let code = folder.appendingPathComponent("Code-\(target.rawValue)")
        try FileManager.default.createDirectory(at: code, withIntermediateDirectories: true)
        let decoded = try #require(try BundledLoopSpecs.decode(specFile))
        for animation in decoded.animations where animation.id != "glow" {
            let g = try MotionCodegen(target: target).generate(animation, screen: "Like", origin: CodegenOrigin(file: "Like.json", revision: "r"))
            try Data(g.text.utf8).write(to: code.appendingPathComponent("\(g.typeName).swift"))
        }
        try Data(hand.utf8).write(to: code.appendingPathComponent("Hand.swift"))
        return (specFile, code)
    }

    /// The inventory's rows of Like, by id.
    static func rows(_ folder: URL, kind: String? = nil, io: CommandIO) throws -> [String: InventoryRow] {
        let run = InventoryRun(filter: InventoryFilter(screen: "Like", kind: kind), globals: storeOptions(folder))
        return Dictionary(uniqueKeysWithValues: try run.run(io: io).map { ($0.row.id, $0.row) })
    }

    /// "state: SCREEN/ID, …" of a row's link; "-" for none.
    static func describe(_ link: InventoryLink?) -> String {
        link.map { "\($0.state.rawValue): " + $0.with.map { "\($0.screen)/\($0.id)" }.joined(separator: ", ") } ?? "-"
    }

    @Test(
        "spec + generated code (SwiftUI, UIKit) in one store: one linked animation per pair; a like-named view unlinked; two candidates ambiguous; diff agrees"
    )
    func linked() throws {
        for target in CodegenTarget.allCases {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let (specFile, code) = try Self.fixture(folder, target: target)
            let (io, _) = CommandIO.capture(currentDirectory: folder.path)
            // SwiftUI: the spec first; UIKit: the code first, so the spec arrives where code holds its id.
            if target == .swiftui {
                _ = try importIntoStore([specFile.path, code.path], folder: folder, io: io)
            } else {
                _ = try importIntoStore([code.path], folder: folder, io: io)
                let reports = try importIntoStore([specFile.path], folder: folder, io: io)
                #expect(reports.allSatisfy { "\($0)".contains("rejected") == false }, "\(reports)")
            }
            let rows = try Self.rows(folder, io: io)
            let heartCode = target == .swiftui ? "like-heart@Code-swiftui" : "LikeHeart.play"
            let blinkCode = target == .swiftui ? "blink@Code-swiftui" : "Blink.play"
            #expect(rows["like-heart"]?.origin == "spec" && rows[heartCode]?.origin == "code", "\(target): \(rows.keys.sorted())")
            #expect(Self.describe(rows["like-heart"]?.link) == "paired: Like/\(heartCode)", "\(target)")
            #expect(Self.describe(rows[heartCode]?.link) == "paired: Like/like-heart", "\(target)")
            #expect(Self.describe(rows["blink"]?.link) == "paired: Like/\(blinkCode)", "\(target)")
            #expect(rows[heartCode]?.link?.with.first?.source == specFile.path)
            #expect(rows["like-heart"]?.link?.with.first?.source == code.appendingPathComponent("LikeHeart.swift").path)
            // The badge is named like the heart but is not what codegen names it: unlinked.
            #expect(rows["like-heart-badge"] != nil && rows["like-heart-badge"]?.link == nil, "\(target)")
            // Card holds two animators: glow is ambiguous, each candidate says so, none is paired.
            #expect(Self.describe(rows["glow"]?.link) == "ambiguous: Like/card, Like/card-2", "\(target): \(Self.describe(rows["glow"]?.link))")
            #expect(Self.describe(rows["card"]?.link) == "ambiguous: Like/glow" && Self.describe(rows["card-2"]?.link) == "ambiguous: Like/glow")
            // diff, by the same rule, pairs the same and finds the generated code equal to the spec.
            for form in ["Like", specFile.path] {
                let input = try SpecCodeDiff.read(target: form, code: code.path, globals: storeOptions(folder), io: io)
                let report = SpecCodeDiff.compare(screen: input.screen, spec: input.animations, code: input.code)
                #expect(report.differences.isEmpty, "\(target) \(form): \(report.differences.map(\.difference))")
                #expect(report.onlyInSpec.isEmpty, "\(target): \(report.onlyInSpec.map(\.id))")
                #expect(report.ambiguous.map(\.id) == ["glow"] && report.ambiguous.first?.candidates.map(\.id) == ["card", "card-2"])
                #expect(report.onlyInCode.map(\.id) == ["like-heart-badge"], "\(target): \(report.onlyInCode.map(\.id))")
            }
        }
    }

    @Test("no stale link: a changed id, code that no longer plays it, code put back; a --kind filter keeps the links")
    func followsChanges() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (specFile, code) = try Self.fixture(folder, target: .swiftui)
        let (io, _) = CommandIO.capture(currentDirectory: folder.path)
        _ = try importIntoStore([specFile.path, code.path], folder: folder, io: io)
        #expect(Self.describe(try Self.rows(folder, kind: "phases", io: io)["blink"]?.link) == "paired: Like/blink@Code-swiftui")
        #expect(try Self.rows(folder, kind: "phases", io: io)["like-heart"] == nil, "the filter still filters")
        // The code no longer plays like-heart: re-imported, the spec's row is alone.
        let heart = code.appendingPathComponent("LikeHeart.swift")
        let generated = try String(contentsOf: heart, encoding: .utf8)
        try Data("import SwiftUI\n\nstruct LikeHeart: View {\n    var body: some View { Text(\"♥\") }\n}\n".utf8).write(to: heart)
        _ = try importIntoStore([code.path], folder: folder, io: io)
        var rows = try Self.rows(folder, io: io)
        #expect(rows["like-heart"]?.link == nil && rows["like-heart@Code-swiftui"] == nil, "\(rows.keys.sorted())")
        #expect(Self.describe(rows["blink"]?.link) == "paired: Like/blink@Code-swiftui")
        // Put back: linked again.
        try Data(generated.utf8).write(to: heart)
        _ = try importIntoStore([code.path], folder: folder, io: io)
        #expect(Self.describe(try Self.rows(folder, io: io)["like-heart"]?.link) == "paired: Like/like-heart@Code-swiftui")
        // The spec renames the animation: neither side is linked any more.
        try Data(Self.spec.replacingOccurrences(of: "\"like-heart\"", with: "\"heart-pop\"").utf8).write(to: specFile)
        _ = try importIntoStore([specFile.path], folder: folder, io: io)
        rows = try Self.rows(folder, io: io)
        #expect(rows["heart-pop"] != nil && rows["heart-pop"]?.link == nil, "\(Self.describe(rows["heart-pop"]?.link))")
        // The code keeps the name it was given beside the spec's old id (stable across imports).
        let codeRow = rows["like-heart@Code-swiftui"] ?? rows["like-heart"]
        #expect(codeRow?.origin == "code" && codeRow?.link == nil, "\(rows.keys.sorted())")
    }
}
