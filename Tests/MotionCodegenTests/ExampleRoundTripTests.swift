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

    @Test("the Reduce Motion fallback reads back as the spec's: static, crossfade, shortened (a loop's becomes static)")
    func reduceMotionReadsBack() throws {
        var seen: Set<ReduceMotion> = []
        for (file, spec) in try exampleSpecs() {
            for animation in spec.animations {
                let generated = try MotionCodegen(target: .swiftui).generate(animation, screen: spec.screen, origin: CodegenOrigin(file: file, revision: "test"))
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
