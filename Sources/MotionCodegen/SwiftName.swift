import MotionCore

// MARK: - SwiftName

/// Swift identifiers for generated declarations, chosen so that the importer reads the same
/// names back: a type named `HeartPulse` is the animation `heart-pulse`
/// (`SwiftSourceScan.animationID(forTypeName:)`), a key path `\.scale` the property `scale`.
enum SwiftName {
    /// Names the generated code uses from SwiftUI, UIKit, Core Animation and Core Haptics, which a
    /// generated type must not shadow.
    static let reservedTypes: Set<String> = [
        "View", "ViewModifier", "Content", "Animation", "Spring", "UnitCurve", "UnitPoint", "Angle", "Text", "Color",
        "KeyframeTrack", "KeyframeTimeline", "LinearKeyframe", "CubicKeyframe", "SpringKeyframe", "MoveKeyframe",
        "Environment", "State", "Bundle", "Double", "CGFloat", "CALayer", "CAAnimation", "CAAnimationGroup",
        "CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation", "CAMediaTimingFunction", "NSNumber",
        "CHHapticEngine", "CHHapticPattern", "Trigger", "AnimationValues", "Phase", "Haptics", "Int",
    ]

    /// The type name for an animation id: `heart-pulse` → `HeartPulse`, `2up` → `Motion2up`.
    static func typeName(forID id: String) -> String {
        var out = ""
        var upper = true
        for scalar in id.unicodeScalars {
            if SwiftIdentifier.isWordCharacter(scalar) {
                let c = String(scalar)
                out += upper ? c.uppercased() : c
                upper = false
            } else {
                upper = true
            }
        }
        if out.isEmpty || !SwiftIdentifier.isHead(out.unicodeScalars.first!) { out = "Motion" + out }
        if reservedTypes.contains(out) { out += "Motion" }
        return out
    }

    /// `heartPulse` for a view extension function from a type name `HeartPulse`.
    static func functionName(forType type: String) -> String {
        let scalars = Array(type.unicodeScalars)
        var count = 0
        while count < scalars.count, ("A"..."Z").contains(scalars[count]) { count += 1 }
        // `URLBadge` → `urlBadge`: lower the run of capitals but the one starting the next word.
        let lowered = count > 1 && count < scalars.count ? count - 1 : count
        var out = String(String.UnicodeScalarView(scalars[..<lowered])).lowercased()
        out += String(String.UnicodeScalarView(scalars[lowered...]))
        return SwiftIdentifier.keywords.contains(out) ? out + "Motion" : out
    }
}
