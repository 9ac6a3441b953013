import Foundation
import MotionCore
import MotionSwiftSource
import Testing

/// `Fixtures/<name>` next to this file.
func fixture(_ name: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name)
    return try String(contentsOf: url, encoding: .utf8)
}

/// Extracts a fixture file.
func extractFixture(_ name: String) throws -> SwiftSourceResult {
    try SwiftSourceImporter().extract(source: try fixture(name), file: name)
}

/// Samples both timelines at 100 fps (over two cycles when repeating, plus 0.5 s past the end)
/// and expects equal durations, property counts and values within 1e-9, property by property in
/// declaration order.
func expectSameTimeline(_ imported: AnimationSpec, _ expected: AnimationSpec, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let a = try imported.timeline()
    let b = try expected.timeline()
    #expect(a.properties.count == b.properties.count, sourceLocation: sourceLocation)
    #expect(abs(a.duration - b.duration) < 1e-9, "durations \(a.duration) vs \(b.duration)", sourceLocation: sourceLocation)
    #expect(a.isRepeating == b.isRepeating, sourceLocation: sourceLocation)
    let end = (b.isRepeating ? 2 * b.duration : b.duration) + 0.5
    var worst = 0.0
    for p in 0..<min(a.properties.count, b.properties.count) {
        var frame = 0
        while Double(frame) / 100 <= end {
            let t = Double(frame) / 100
            worst = max(worst, abs(a.value(of: p, at: t) - b.value(of: p, at: t)))
            frame += 1
        }
    }
    #expect(worst < 1e-9, "largest difference \(worst)", sourceLocation: sourceLocation)
}
