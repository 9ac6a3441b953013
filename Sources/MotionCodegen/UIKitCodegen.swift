import MotionCore

// MARK: - UIKitCodegen

/// Placeholder, filled in below.
struct UIKitCodegen {
    let animation: AnimationSpec
    let screen: String
    let typeName: String
    let timeline: any MotionTimeline

    func declarations() throws(CodegenError) -> String { "" }
}
