import Foundation
import MotionCodegen
import MotionCore
import MotionFormats
import MotionSwiftSource
import MotionTestSupport
import Testing

// MARK: - Examples

/// The bundled example specs (Specs/*.json but the schema), decoded, with their file names.
func exampleSpecs() throws -> [(file: String, spec: MotionSpec)] {
    let folder = packageRoot.appendingPathComponent("Specs")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted()
    return try names.map { name in
        let result = SpecDecoder().decode(fileAt: folder.appendingPathComponent(name).path, displayName: "Specs/\(name)")
        let spec = try #require(result.spec, "Specs/\(name) does not decode: \(result.diagnostics)")
        return ("Specs/\(name)", spec)
    }
}

// MARK: - Round trip

/// What the importer reads back from generated code for one animation, matched as `diff`
/// matches (same id, then same component, then the component's kebab-case id, on the screen).
struct ReadBack {
    var animation: SwiftSourceAnimation?
    var found: [SwiftSourceAnimation]
    var unresolved: [SwiftSourceIssue]
}

func readBack(_ source: String, file: String, spec: AnimationSpec, screen: String) throws -> ReadBack {
    let result = try SwiftSourceImporter().extract(source: source, file: file)
    let onScreen = result.animations.filter { $0.screen == screen }
    let match =
        onScreen.first { $0.spec.id == spec.id }
        ?? onScreen.first { spec.component != nil && $0.spec.component == spec.component }
        ?? onScreen.first { spec.component.map(SwiftSourceScan.animationID(forTypeName:)) == $0.spec.id }
    return ReadBack(animation: match, found: result.animations, unresolved: result.unresolved)
}

/// Generates `spec`'s SwiftUI, reads it back and returns the `diff` differences (empty: none),
/// with a description of anything else wrong (no match, extra animations, unreadable code).
func swiftUIRoundTrip(
    _ spec: AnimationSpec, screen: String, origin: CodegenOrigin = CodegenOrigin(file: "Specs/Test.json", revision: "test"),
    haptics: Bool = true
) throws -> (source: String, problems: [String]) {
    let clock = ContinuousClock()
    let start = clock.now
    let generated = try MotionCodegen(target: .swiftui, includesHaptics: haptics).generate(spec, screen: screen, origin: origin)
    generationTime.add(clock.now - start)
    let importStart = clock.now
    let back = try readBack(generated.text, file: generated.typeName + ".swift", spec: spec, screen: screen)
    importTime.add(clock.now - importStart)
    var problems: [String] = []
    guard let animation = back.animation else {
        return (generated.text, ["no animation read back for \(screen)/\(spec.id); found \(back.found.map { "\($0.screen)/\($0.spec.id)" })"])
    }
    if back.found.count != 1 { problems.append("\(back.found.count) animations read back: \(back.found.map { "\($0.screen)/\($0.spec.id)" })") }
    if !back.unresolved.isEmpty { problems.append("unresolved: \(back.unresolved.map(\.description))") }
    for d in AnimationDiff.compare(spec: spec, code: animation.spec, unreadable: animation.unreadable) {
        problems.append("\(d.property) \(d.field): spec \(d.spec), code \(d.code)")
    }
    return (generated.text, problems)
}

/// Time spent generating (for the measurements the tests print).
final class TimeTally: @unchecked Sendable {
    private let lock = NSLock()
    private var total = Duration.zero
    func add(_ d: Duration) {
        lock.lock()
        total += d
        lock.unlock()
    }
    var seconds: Double {
        lock.lock()
        defer { lock.unlock() }
        return Double(total.components.seconds) + Double(total.components.attoseconds) / 1e18
    }
}

let generationTime = TimeTally()
let importTime = TimeTally()
