import Foundation
import MotionCodegen
import MotionCore
import MotionSwiftSource
import Testing

// MARK: - spec → UIKit / Core Animation → import → same timeline

@Suite("Generated Core Animation reads back to the spec's timeline")
struct UIKitRoundTripTests {
    /// The Core Animation key path each SwiftUI property is written on (written out here again,
    /// independently of the generator).
    static let keyPaths = [
        "scale": "transform.scale", "scaleX": "transform.scale.x", "scaleY": "transform.scale.y", "rotation": "transform.rotation.z",
        "x": "transform.translation.x", "y": "transform.translation.y", "width": "bounds.size.width", "height": "bounds.size.height",
    ]

    /// Imports `source` and returns its one layer animation on `screen`.
    static func importLayer(_ source: String, screen: String) throws -> SwiftSourceAnimation {
        let result = try SwiftSourceImporter().extract(source: source, file: "Generated.swift")
        #expect(result.unresolved.isEmpty, "\(result.unresolved.map(\.description))")
        #expect(result.animations.count == 1, "\(result.animations.map(\.spec.id))")
        let found = try #require(result.animations.first)
        #expect(found.screen == screen)
        #expect(found.spec.kind == "layer")
        return found
    }

    /// The largest difference between the spec's timeline and the imported one, property by
    /// property (by key path), at `times`.
    static func largestDifference(spec: any MotionTimeline, code: any MotionTimeline, times: [Double], keyPath: (String) -> String) throws -> Double {
        var worst = 0.0
        for (k, property) in spec.properties.enumerated() {
            let index = try #require(code.properties.firstIndex(of: keyPath(property)), "\(keyPath(property)) not in \(code.properties)")
            for t in times { worst = max(worst, abs(spec.value(of: k, at: t) - code.value(of: index, at: t))) }
        }
        return worst
    }

    @Test("examples: exact Core Animation matches to 1e-9 everywhere; sampled to 1e-3 at its 120 fps samples")
    func examplesReadBack() throws {
        var exact = 0, sampled = 0
        for (file, spec) in try exampleSpecs() {
            for a in spec.animations {
                let g = try MotionCodegen(target: .uikit).generate(a, screen: spec.screen, origin: CodegenOrigin(file: file, revision: "r"))
                let back = try Self.importLayer(g.text, screen: spec.screen)
                let mine = try a.timeline(), theirs = try back.spec.timeline()
                #expect(abs(mine.duration - theirs.duration) < 1e-9, "\(a.id): \(mine.duration) vs \(theirs.duration)")
                #expect(mine.isRepeating == theirs.isRepeating)
                let isSampled = g.text.contains("Sampled at 120 fps")
                // Every 1/120 s (the samples), and for exact ones every millisecond too.
                let n = Int((mine.duration * 120).rounded(.up))
                var times = (0...n).map { min(mine.duration, mine.duration * Double($0) / Double(max(n, 1))) }
                if !isSampled { times += stride(from: 0.0, through: mine.duration, by: 0.001).map { $0 } }
                let worst = try Self.largestDifference(spec: mine, code: theirs, times: times) { Self.keyPaths[$0] ?? $0 }
                #expect(worst <= (isSampled ? 1e-3 : 1e-9), "\(file)#\(a.id): largest difference \(worst)")
                if isSampled { sampled += 1 } else { exact += 1 }
            }
        }
        // The examples all have a spring, cubic or phase somewhere: sampled (exact tracks: `linearTrackIsExact`).
        #expect(sampled >= 1, "exact \(exact), sampled \(sampled)")
    }

    @Test("a track of linear keyframes and moves is one exact CAKeyframeAnimation: key times, timing functions, holds")
    func linearTrackIsExact() throws {
        let bezier = try #require(UnitCurve(x1: 0.2, y1: 0, x2: 0, y2: 1))
        let spec = AnimationSpec(
            id: "slide-in", trigger: .tap,
            motion: .keyframes(
                initial: [NamedValue("x", -40), NamedValue("opacity", 0)],
                tracks: [
                    KeyframeTrack(
                        property: "x",
                        keyframes: [.linear(to: 10, duration: 0.25, curve: .easeOut), .move(to: 5), .linear(to: 0, duration: 0.15, curve: bezier)]),
                    KeyframeTrack(property: "opacity", keyframes: [.linear(to: 1, duration: 0.2)]),
                    KeyframeTrack(
                        property: "rotation", keyframes: [.linear(to: -12, duration: 0.1, curve: .easeInOut), .linear(to: 0, duration: 0.3)]),
                ], repeating: false))
        let g = try MotionCodegen(target: .uikit).generate(spec, screen: "Onboarding", origin: CodegenOrigin(file: "t.json", revision: "r"))
        #expect(!g.text.contains("Sampled"), "\(g.text)")
        #expect(g.text.contains("CAMediaTimingFunction(controlPoints: 0.2, 0.0, 0.0, 1.0)"))
        #expect(g.text.contains("-12.0 * .pi / 180"))
        let back = try Self.importLayer(g.text, screen: "Onboarding")
        let mine = try spec.timeline(), theirs = try back.spec.timeline()
        let times = stride(from: 0.0, through: mine.duration + 0.1, by: 0.0005).map { $0 }
        // Just after the move (0.25 s) the value is 5, not 10: both agree.
        #expect(abs(theirs.value(of: "transform.translation.x", at: 0.2501)! - mine.value(of: "x", at: 0.2501)!) < 1e-9)
        #expect(try Self.largestDifference(spec: mine, code: theirs, times: times) { Self.keyPaths[$0] ?? $0 } < 1e-9)
    }

    @Test("a layer spec (basic, spring, cubic keyframes, group repeating) is written as it is: diff finds nothing")
    func layerSpecRoundTrips() throws {
        let group = MediaTiming(duration: 1.2, repeatCount: .infinity, autoreverses: true)
        let motion = LayerMotion(
            animations: [
                LayerAnimation(
                    keyPath: "opacity", timing: MediaTiming(beginTime: 0.1, duration: 0.3, fillMode: .both, timingFunction: .easeOut),
                    content: .basic(from: [0], to: [1])),
                LayerAnimation(
                    keyPath: "transform.scale", timing: MediaTiming(duration: 0.8),
                    content: .spring(
                        from: [0.8], to: [1], spring: .physical(Spring(mass: 1, stiffness: 200, damping: 14), allowsOverdamping: false),
                        initialVelocity: 2, settles: false)),
                LayerAnimation(
                    keyPath: "position", components: ["x", "y"], timing: MediaTiming(duration: 1, speed: 2),
                    content: .keyframes(
                        LayerKeyframes(values: [[0, 0], [10, 20], [30, 5]], keyTimes: [0, 0.3, 1], mode: .cubic, tension: [0, 0.5, 0]))),
                LayerAnimation(
                    keyPath: "transform.rotation.z", timing: MediaTiming(duration: 0.5, timingFunction: UnitCurve(x1: 0.3, y1: 1.4, x2: 0.6, y2: 1)),
                    content: .basic(from: [0], to: [90])),
            ], group: group)
        let spec = AnimationSpec(id: "BadgeView.pop", trigger: .event("pop"), motion: .layer(motion))
        let g = try MotionCodegen(target: .uikit).generate(spec, screen: "Inbox", origin: CodegenOrigin(file: "t.json", revision: "r"))
        let back = try Self.importLayer(g.text, screen: "Inbox")
        let differences = AnimationDiff.compare(spec: spec, code: back.spec, unreadable: back.unreadable)
        #expect(differences.isEmpty, "\(differences.map { "\($0.property) \($0.field): \($0.spec) vs \($0.code)" })\n\(g.text)")
        #expect(!g.text.contains("Sampled"))
    }

    @Test("a layer spec in SwiftUI is refused, naming the animation and what to do")
    func layerInSwiftUIIsRefused() throws {
        let spec = AnimationSpec(
            id: "BadgeView.pop", trigger: .tap,
            motion: .layer(
                LayerMotion(animations: [
                    LayerAnimation(keyPath: "opacity", timing: MediaTiming(duration: 0.3), content: .basic(from: [0], to: [1]))
                ])))
        #expect(
            throws: CodegenError.unsupportedKind(
                place: "Inbox/BadgeView.pop", kind: "layer", target: .swiftui,
                hint: "layer animations are Core Animation's: use --target uikit")
        ) {
            try MotionCodegen(target: .swiftui).generate(spec, screen: "Inbox", origin: CodegenOrigin(file: "t.json", revision: "r"))
        }
    }
}
