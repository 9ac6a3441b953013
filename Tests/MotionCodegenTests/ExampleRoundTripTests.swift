import Foundation
import MotionCodegen
import MotionCore
import MotionSwiftSource
import Testing

// MARK: - Bundled examples: spec → SwiftUI → import → diff

@Suite("Generated SwiftUI for the bundled examples reads back as its spec")
struct ExampleRoundTripTests {
    @Test("every example animation: the importer reads the generated code back and diff finds nothing")
    func examplesRoundTrip() throws {
        var count = 0
        for (file, spec) in try exampleSpecs() {
            for animation in spec.animations {
                let (source, problems) = try swiftUIRoundTrip(animation, screen: spec.screen, origin: CodegenOrigin(file: file, revision: "test"))
                #expect(problems.isEmpty, "\(file)#\(animation.id):\n\(problems.joined(separator: "\n"))\n\(source)")
                count += 1
            }
        }
        #expect(count >= 20)
    }

    @Test("keyframe property names that are not identifiers, or spell alike, get distinct members and read back as themselves")
    func collidingPropertyNames() throws {
        let names = ["a-b", "aB", "init", "initValue", "shadow radius", "2up", "scale"]
        let tracks = names.enumerated().map { k, name in
            KeyframeTrack(property: name, keyframes: [.linear(to: Double(k + 2), duration: 0.3)])
        }
        let keyframes = AnimationSpec(
            id: "names", trigger: .tap, motion: .keyframes(initial: names.map { NamedValue($0, 1) }, tracks: tracks, repeating: false))
        // (Phases are not here: a phase value no modifier shows is not read back from code.)
        for animation in [keyframes] {
            let (source, problems) = try swiftUIRoundTrip(animation, screen: "Clash", haptics: false)
            #expect(problems.isEmpty, "\(animation.id):\n\(problems.joined(separator: "\n"))\n\(source)")
            let members = source.split(separator: "\n").compactMap { line -> String? in
                let t = line.trimmingCharacters(in: .whitespaces)
                return t.hasPrefix("var ") && t.contains(": Double") ? String(t.dropFirst(4).prefix { $0 != ":" }) : nil
            }
            #expect(Set(members).count == members.count && members.count == names.count, "\(animation.id): \(members)")
        }
        #expect(
            SwiftIdentifier.members(of: names) == [
                "a-b": "aB2", "aB": "aB", "init": "initValue2", "initValue": "initValue",
                "shadow radius": "shadowRadius", "2up": "p2up", "scale": "scale",
            ])
    }

    @Test("the Reduce Motion fallback reads back as the spec's: static, crossfade, shortened (a loop's becomes static)")
    func reduceMotionReadsBack() throws {
        var seen: Set<ReduceMotion> = []
        for (file, spec) in try exampleSpecs() {
            for animation in spec.animations {
                let generated = try MotionCodegen(target: .swiftui).generate(
                    animation, screen: spec.screen, origin: CodegenOrigin(file: file, revision: "test"))
                let back = try #require(try readBack(generated.text, file: "G.swift", spec: animation, screen: spec.screen).animation)
                // What the code can say: no branch for none; instant shows end values without
                // motion, which reads as static; a loop has no shortened or crossfade version.
                var expected = animation.reduceMotion
                if expected == ReduceMotion.none { expected = nil }
                if expected == .instant { expected = .static }
                if animation.isRepeating, expected == .crossfade || expected == .shortened { expected = .static }
                #expect(back.spec.reduceMotion == expected, "\(file)#\(animation.id): \(String(describing: back.spec.reduceMotion))")
                if let rm = animation.reduceMotion { seen.insert(rm) }
            }
        }
        // The examples exercise every graceful fallback.
        #expect(seen.isSuperset(of: [.static, .crossfade, .shortened, .instant]))
    }
}
