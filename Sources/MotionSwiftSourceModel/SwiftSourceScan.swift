// MARK: - Core Animation and UIKit names

extension SwiftSourceImporter {
    /// The names whose presence makes a file worth parsing for Core Animation and UIKit
    /// animations (issue 13).
    static let layerAnimationNames: [[UInt8]] = [
        "CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation", "CAAnimationGroup",
        "animate(", "animateKeyframes", "UIViewPropertyAnimator",
    ].map { Array($0.utf8) }

    /// Cheap pre-check before parsing: does the text mention a Core Animation or UIKit animation?
    /// A plain byte search (comments and strings count too), O(n · names).
    public static func mayContainLayerAnimation(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { text in
            for i in 0..<text.count {
                let b = text[i]
                // Every name starts with C, a or U.
                guard b == 0x43 || b == 0x61 || b == 0x55 else { continue }
                for name in layerAnimationNames where name[0] == b && i + name.count <= text.count {
                    var j = 1
                    while j < name.count && text[i + j] == name[j] { j += 1 }
                    if j == name.count { return true }
                }
            }
            return false
        }
    }
}
