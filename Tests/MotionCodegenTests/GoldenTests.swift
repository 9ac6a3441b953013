import Foundation
import MotionCodegen
import MotionCore
import MotionTestSupport
import Testing

// MARK: - Golden files

@Suite("golden")
struct GoldenTests {
    static let folder = packageRoot.appendingPathComponent("Tests/MotionCodegenTests/Golden")

    /// An implicit animation as a designer writes it (the examples have none).
    static let likeButton = AnimationSpec(
        id: "like-button-liked", component: "LikeButton", trigger: .tap, reduceMotion: .shortened,
        motion: .implicit(
            ImplicitMotion(
                animation: ImplicitAnimation(PhaseAnimation(.spring(.preset(.bouncy, duration: 0.4)))),
                values: [ImplicitValue("scale", from: 1, to: 1.25), ImplicitValue("rotation", from: 0, to: -8)],
                reduceMotionAnimation: ImplicitAnimation(PhaseAnimation(.bezier(.easeOut, duration: 0.12))))))

    /// The cases kept: (golden file, spec file, animation, target).
    static func cases() throws -> [(name: String, file: String, screen: String, animation: AnimationSpec, target: CodegenTarget)] {
        let examples = try exampleSpecs()
        func example(_ screen: String, _ id: String) throws -> (String, String, AnimationSpec) {
            let (file, spec) = try #require(examples.first { $0.spec.screen == screen })
            return (file, screen, try #require(spec.animation(id: id)))
        }
        var out: [(String, String, String, AnimationSpec, CodegenTarget)] = []
        for (screen, id, target) in [
            ("Feed", "heart-pulse", CodegenTarget.swiftui), ("LiveStream", "go-live-button-pulse", .swiftui),
            ("Home", "logo-scroll-scrub", .swiftui), ("Timer", "timer-finished", .swiftui), ("SignIn", "error-shake", .uikit),
        ] {
            let (file, s, a) = try example(screen, id)
            out.append(("\(screen)--\(id).\(target.rawValue).swift", file, s, a, target))
        }
        out.append(("Social--like-button-liked.swiftui.swift", "Specs/Social.json", "Social", likeButton, .swiftui))
        return out
    }

    @Test("golden: generated code for a few examples is the kept file, byte for byte")
    func golden() throws {
        let update = ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1"
        for c in try Self.cases() {
            let text = try MotionCodegen(target: c.target).generate(
                c.animation, screen: c.screen, origin: CodegenOrigin(file: c.file, revision: "revision 1")
            ).text
            let url = Self.folder.appendingPathComponent(c.name)
            if update {
                try Data(text.utf8).write(to: url)
                continue
            }
            let kept = try String(contentsOf: url, encoding: .utf8)
            #expect(text == kept, "\(c.name) differs from Golden/\(c.name); if intended, run UPDATE_GOLDEN=1 swift test --filter golden")
        }
        let present = Set(try FileManager.default.contentsOfDirectory(atPath: Self.folder.path))
        #expect(present == Set(try Self.cases().map(\.name)), "a golden file per case, no strays")
    }

    @Test("the implicit golden reads back as its spec (diff finds nothing)")
    func implicitGoldenRoundTrips() throws {
        let (_, problems) = try swiftUIRoundTrip(Self.likeButton, screen: "Social")
        #expect(problems.isEmpty, "\(problems)")
    }
}
