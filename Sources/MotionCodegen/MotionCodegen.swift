import MotionCore
import MotionHaptics

// MARK: - MotionCodegen

/// Generates the Swift source that plays a spec's animation (issue 14): SwiftUI or UIKit / Core
/// Animation, with its haptics and Reduce Motion fallback. Same input, same bytes; the output is
/// laid out as `swift-format` lays it out (two-space indents), headed by the spec file and revision.
///
/// ```swift
/// let file = try MotionCodegen(target: .swiftui).generate(spec.animations[0], screen: spec.screen,
///                                                        origin: CodegenOrigin(file: "Specs/Feed.json", revision: "sha256 1a2b3c4d"))
/// print(file.text)
/// ```
public struct MotionCodegen: Sendable {
    public var target: CodegenTarget
    /// The AHAP file name `motionsync export` writes for SCREEN/ID (the CLI passes its
    /// `SafeFileName`); the generated Core Haptics player loads it from the app bundle.
    public var hapticFileName: @Sendable (_ screen: String, _ id: String) -> String
    /// The name of the Reduce Motion pattern's AHAP file `motionsync export` writes for
    /// SCREEN/ID (`SCREEN--ID.reduce-motion.ahap`, named as `hapticFileName` names its file).
    public var reducedHapticFileName: @Sendable (_ screen: String, _ id: String) -> String
    /// Whether the code plays the haptic pattern (true: planning it is part of generating).
    public var includesHaptics: Bool

    public init(
        target: CodegenTarget = .swiftui, includesHaptics: Bool = true,
        hapticFileName: @escaping @Sendable (_ screen: String, _ id: String) -> String = HapticCodeNames.defaultFileName,
        reducedHapticFileName: @escaping @Sendable (_ screen: String, _ id: String) -> String = HapticCodeNames.defaultReducedFileName
    ) {
        self.target = target
        self.includesHaptics = includesHaptics
        self.hapticFileName = hapticFileName
        self.reducedHapticFileName = reducedHapticFileName
    }

    /// The haptic patterns the code plays: the animation's own, and the one played with Reduce
    /// Motion on (nil: the same), both empty without haptics.
    /// - Throws: `MotionError` when the core refuses the Reduce Motion version.
    func patterns(_ animation: AnimationSpec, timeline: any MotionTimeline) throws -> (full: HapticPattern, reduced: HapticPattern?) {
        guard includesHaptics else { return (HapticPattern(events: []), nil) }
        let full = HapticPlanner().plan(MotionAnalyzer().analyze(timeline), settings: animation.haptics, cues: animation.cues)
        return (full.pattern, try HapticPlanner().reducedMotionPlan(for: animation, full: full)?.pattern)
    }

    /// The source file for `animation` of `screen`.
    /// - Throws: `CodegenError` when the target cannot play the animation's kind, or its
    ///   definition does not make a timeline.
    /// `typeName` names the main declaration instead of the animation's own name (`typeNames(_:)`
    /// gives names unique across the animations generated into one module).
    public func generate(
        _ animation: AnimationSpec, screen: String, origin: CodegenOrigin, typeName chosen: String? = nil
    ) throws(CodegenError) -> GeneratedSource {
        let place = "\(screen)/\(animation.id)"
        let timeline: any MotionTimeline
        do { timeline = try animation.timeline() } catch { throw .invalidMotion(place: place, why: "\(error)") }
        let (pattern, reduced): (HapticPattern, HapticPattern?)
        do { (pattern, reduced) = try patterns(animation, timeline: timeline) } catch { throw .invalidMotion(place: place, why: "\(error)") }
        let ahap = hapticFileName(screen, animation.id)
        let reducedAHAP = reducedHapticFileName(screen, animation.id)
        var imports: [String]
        let body: String
        let typeName: String
        let haptics: HapticCode
        switch target {
        case .swiftui:
            if case .layer = animation.motion {
                throw .unsupportedKind(
                    place: place, kind: "layer", target: .swiftui,
                    hint: "layer animations are Core Animation's: use --target uikit")
            }
            typeName = chosen ?? baseTypeName(animation, id: animation.id)
            haptics = HapticCode.choose(pattern, file: ahap, reduced: reduced, reducedFile: reducedAHAP)
            imports = ["SwiftUI"]
            if case .player = haptics { imports.insert("CoreHaptics", at: 0) }
            body = SwiftUICodegen(animation: animation, screen: screen, typeName: typeName, haptics: haptics).declarations()
        case .uikit:
            typeName = chosen ?? baseTypeName(animation, id: animation.id)
            // Every haptic event goes through the player: Core Animation has no sensory feedback.
            haptics =
                switch HapticCode.choose(pattern, file: ahap, reduced: reduced, reducedFile: reducedAHAP) {
                case .sensoryFeedback:
                    .player(HapticCode.Playback(file: ahap, events: pattern.events.count, looping: pattern.isLooping, cycle: pattern.duration))
                case let other: other
                }
            imports = ["QuartzCore", "UIKit"]
            if case .player = haptics { imports.insert("CoreHaptics", at: 0) }
            body = try UIKitCodegen(animation: animation, screen: screen, typeName: typeName, timeline: timeline, haptics: haptics).declarations()
        }
        var text = header(animation, screen: screen, origin: origin)
        text += imports.map { "import \($0)\n" }.joined() + "\n" + body
        var files: [String] = []
        if case .player(let p) = haptics { files = [p.file, p.reducedFile].compactMap { $0 } }
        return GeneratedSource(screen: screen, id: animation.id, typeName: typeName, text: text, hapticFile: files.first, hapticFiles: files)
    }

    /// The main type's own name for `animation` under this target, as if its id were `id`:
    /// `heart-pulse` → `HeartPulse`; an implicit animation in SwiftUI is named without its state
    /// (`like-button-is-liked` → `LikeButton`).
    func baseTypeName(_ animation: AnimationSpec, id: String) -> String {
        if case .implicit = animation.motion { return baseTypeName(id: id, implicit: true, trigger: animation.trigger) }
        return baseTypeName(id: id, implicit: false, trigger: animation.trigger)
    }

    /// `baseTypeName(_:id:)` from what it reads of the animation: whether it is implicit, and
    /// its trigger.
    func baseTypeName(id: String, implicit: Bool, trigger: Trigger) -> String {
        if target == .swiftui, implicit { return SwiftUICodegen.implicitNames(id: id, trigger: trigger).typeName }
        return SwiftName.typeName(forID: id)
    }

    /// The main type names for `animations` generated into one module, in their order: each
    /// animation's own name, or where that (its `…Haptics` player or its `View` function) is
    /// taken, the screen's name before it (`Home/pulse` → `HomePulse`), then a number
    /// (`Pulse2`). O(n) names.
    public func typeNames(_ animations: [(screen: String, spec: AnimationSpec)]) -> [String] {
        var used: Set<String> = []
        func names(_ type: String) -> [String] { [type, type + "Haptics", SwiftName.functionName(forType: type)] }
        return animations.map { screen, spec in
            let own = baseTypeName(spec, id: spec.id)
            let withScreen = baseTypeName(spec, id: screen + "-" + spec.id)
            var candidates = [own, withScreen]
            var n = 2
            while candidates.contains(where: { !names($0).contains(where: used.contains) }) == false {
                candidates.append("\(own)\(n)")
                n += 1
            }
            let type = candidates.first { !names($0).contains(where: used.contains) }!
            used.formUnion(names(type))
            return type
        }
    }

    /// Whether `typeName` is a name `typeNames(_:)` may give `spec` of `screen` (its own, the
    /// screen's before it, either with a number): how `diff` pairs a spec with generated code
    /// renamed to stay unique.
    public func mayName(_ typeName: String, screen: String, spec: AnimationSpec) -> Bool {
        if case .implicit = spec.motion { return mayName(typeName, screen: screen, id: spec.id, implicit: true, trigger: spec.trigger) }
        return mayName(typeName, screen: screen, id: spec.id, implicit: false, trigger: spec.trigger)
    }

    /// `mayName(_:screen:spec:)` from what it reads of the spec: its id, whether it is implicit,
    /// and its trigger (what a stored animation's inventory row holds).
    public func mayName(_ typeName: String, screen: String, id: String, implicit: Bool, trigger: Trigger) -> Bool {
        let bases = [
            baseTypeName(id: id, implicit: implicit, trigger: trigger), baseTypeName(id: screen + "-" + id, implicit: implicit, trigger: trigger),
        ]
        for base in bases where typeName.hasPrefix(base) {
            let rest = typeName.dropFirst(base.count)
            if rest.isEmpty || (rest.allSatisfy(\.isASCII) && Int(rest).map { $0 >= 2 } == true) { return true }
        }
        return false
    }

    /// The header: where the code came from and that it is generated.
    func header(_ animation: AnimationSpec, screen: String, origin: CodegenOrigin) -> String {
        let c = SwiftLiteral.comment
        return "// Generated by `motionsync codegen --target \(target.rawValue)` from \(c(origin.file)) (\(c(origin.revision))):\n"
            + "// \(c(screen))/\(c(animation.id)), \(animation.kind) animation. Do not edit: change the spec and generate again.\n\n"
    }
}

// MARK: - GeneratedSource

/// One generated Swift file.
public struct GeneratedSource: Hashable, Sendable {
    public var screen: String
    public var id: String
    /// The main declaration's name (`HeartPulse`).
    public var typeName: String
    /// The whole file, ending in a newline.
    public var text: String
    /// The AHAP file the code loads from the app bundle, when it plays one (the first of
    /// `hapticFiles`).
    public var hapticFile: String?
    /// Every AHAP file the code loads: the animation's pattern, and the Reduce Motion one when
    /// that differs.
    public var hapticFiles: [String] = []
}

// MARK: - HapticCodeNames

/// The default AHAP file name rule.
public enum HapticCodeNames {
    /// `SCREEN--ID.ahap`, as `motionsync export` names plain names.
    @Sendable public static func defaultFileName(screen: String, id: String) -> String { HapticCode.defaultFileName(screen: screen, id: id) }
    /// `SCREEN--ID.reduce-motion.ahap`, the Reduce Motion pattern's file.
    @Sendable public static func defaultReducedFileName(screen: String, id: String) -> String {
        HapticCode.defaultReducedFileName(screen: screen, id: id)
    }
    /// What a Reduce Motion pattern's file name ends in, in place of the format's extension.
    public static let reducedExtension = HapticCode.reducedExtension
}

extension MotionCodegen {
    /// The Core Animation key path `--target uikit` animates a spec property on (`scale` →
    /// `transform.scale`, `rotation` → `transform.rotation.z`; others keep their name).
    public static func coreAnimationKeyPath(for property: String) -> String { LayerPlan.keyPath(for: property) }

    /// The type an animation id is generated as when no other name is taken
    /// (`heart-pulse` → `HeartPulse`).
    public static func typeName(forID id: String) -> String { SwiftName.typeName(forID: id) }
}
