import Foundation
import MotionCore
import MotionSwiftSource
import Testing

/// `keyframeAnimator(initialValue: Values())` where `struct Values` is declared in another file
/// of the same folder: the properties start at that file's defaults, not at 0.
@Suite struct NeighbourStructTests {
    static let animator = """
        import SwiftUI
        struct Stretch: View {
            @State private var go = false
            var body: some View {
                Image("logo")
                    .keyframeAnimator(initialValue: Values(offsetY: -2), trigger: go) { content, frame in
                        content.scaleEffect(x: frame.width).offset(y: frame.offsetY)
                    } keyframes: { _ in
                        KeyframeTrack(\\.width) { SpringKeyframe(0.6, duration: 0.2) }
                        KeyframeTrack(\\.offsetY) { LinearKeyframe(4, duration: 0.2) }
                    }
                    .onTapGesture { go.toggle() }
            }
        }
        """

    static let values = """
        import SwiftUI
        // The animators' values, in a file of their own.
        public struct Values {
            static let unit: CGFloat = 1
            public var width: CGFloat = Values.unit
            var offsetY: CGFloat = 0
            var angle: Angle = .zero
            var tint = Color.red
        }
        struct ValuesNot { var width: CGFloat = 9 }
        """

    /// Writes `files` into a new folder and returns its path.
    static func folder(_ files: [String: String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("neighbour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }
        return dir.path
    }

    @Test(
        "the struct's defaults come from the file beside the animator's; an argument written at the call wins; a non-number default is reported with its file"
    )
    func defaultsFromTheFolder() throws {
        let dir = try Self.folder(["Stretch.swift": Self.animator, "ValuesNotHere.swift": "struct ValuesNot {}", "Values.swift": Self.values])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/Stretch.swift"
        let result = try SwiftSourceImporter().extract(source: Self.animator, file: file)
        let found = try #require(result.animations.first)
        guard case .keyframes(let initial, _, _) = found.spec.motion else {
            Issue.record("not keyframes")
            return
        }
        #expect(initial == [NamedValue("width", 1), NamedValue("offsetY", -2), NamedValue("angle", 0)])
        #expect(try found.spec.timeline().value(of: "width", at: 0) == 1, "a dip from 1 to 0.6, not a rise from 0")
        #expect(result.unresolved.map(\.what) == ["initialValue: Values.tint = `Color.red` (\(dir)/Values.swift) is not a literal; it starts at 0"])
    }

    @Test("without the declaring file beside it (or in a source not on disk) the properties start at 0, as said")
    func notFound() throws {
        let dir = try Self.folder(["Stretch.swift": Self.animator])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for file in [dir + "/Stretch.swift", "Stretch.swift"] {
            let result = try SwiftSourceImporter().extract(source: Self.animator, file: file)
            #expect(
                result.unresolved.contains { $0.what.contains("is neither a number nor a struct declared in this file or its folder") },
                "\(result.unresolved)")
        }
    }
}
