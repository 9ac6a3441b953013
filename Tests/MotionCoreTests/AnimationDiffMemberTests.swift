import Testing

@testable import MotionCore

/// `diff` on code that writes one property twice, or writes generated members for names that
/// are not identifiers.
@Suite("diff: members generated code writes, and tracks written twice")
struct DiffMemberNameTests {
    static func keyframes(_ tracks: [(String, Double)]) -> AnimationSpec {
        AnimationSpec(
            id: "a", trigger: .tap,
            motion: .keyframes(
                initial: tracks.map { NamedValue($0.0, 0) },
                tracks: tracks.map { KeyframeTrack(property: $0.0, keyframes: [.linear(to: $0.1, duration: 0.3)]) }, repeating: false))
    }

    @Test("a spec name that is not an identifier matches its member; a track written twice is said, not a crash")
    func members() {
        let spec = Self.keyframes([("a-b", 1), ("aB", 2), ("init", 3)])
        let code = Self.keyframes([("aB2", 1), ("aB", 2), ("initValue", 3)])
        #expect(AnimationDiff.compare(spec: spec, code: code).isEmpty)
        let renamed = Self.keyframes([("other", 1), ("aB", 2), ("initValue", 3)])
        #expect(AnimationDiff.compare(spec: spec, code: renamed).map(\.field) == ["renamed"])
        let twice = Self.keyframes([("aB2", 1), ("aB", 2), ("aB", 5), ("initValue", 3)])
        let found = AnimationDiff.compare(spec: spec, code: twice)
        #expect(found.contains { $0.property == "aB" && $0.field == "track" && $0.code == "2 tracks" }, "\(found)")
    }
}
