import MotionCore

// MARK: - LayerPlan

/// The Core Animation an animation becomes for `--target uikit`: a `LayerMotion` (what the
/// generated code adds to the layer, and what the importer reads back), and for each of its
/// animations whether it plays the spec exactly or is sampled.
///
/// - `layer`: the spec's own animations, exactly (a UIKit damping-duration spring has no Core
///   Animation form: that motion is sampled);
/// - `keyframes`: a track of linear keyframes (any unit curve) and moves is a
///   `CAKeyframeAnimation` with `keyTimes` and one timing function per segment, exactly; other
///   tracks (cubic Hermite and spring keyframes, whose velocities carry across keyframes) are
///   sampled;
/// - `phases`, `implicit`: sampled (Core Animation has no phase steps or SwiftUI springs
///   handing velocity on).
///
/// Sampled: values every 1/120 s (the last sample at the end), even key times, linear
/// interpolation. Animations go in a `CAAnimationGroup` lasting the timeline, repeating forever
/// when the spec loops.
struct LayerPlan {
    /// The motion the code plays.
    var motion: LayerMotion
    /// Per animation: nil when exact, else why it is sampled.
    var sampledBecause: [String?]

    static let sampleRate = 120.0

    /// The Core Animation key path for a SwiftUI property name (`scale` → `transform.scale`), and
    /// whether its values are angles (degrees in the spec, radians in code).
    static func keyPath(for property: String) -> String {
        switch property {
        case "scale": "transform.scale"
        case "scaleX": "transform.scale.x"
        case "scaleY": "transform.scale.y"
        case "rotation": "transform.rotation.z"
        case "x": "transform.translation.x"
        case "y": "transform.translation.y"
        case "width": "bounds.size.width"
        case "height": "bounds.size.height"
        default: property
        }
    }

    init(animation: AnimationSpec, timeline: any MotionTimeline) {
        switch animation.motion {
        case .layer(let m):
            if let reason = Self.inexpressible(m) {
                self = Self.sampled(timeline, keyPaths: timeline.properties, because: reason)
            } else {
                motion = m
                sampledBecause = Array(repeating: nil, count: m.animations.count)
            }
        case .keyframes(let initial, let tracks, _):
            let start = Dictionary(initial.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
            var animations: [LayerAnimation] = []
            var reasons: [String?] = []
            let total = timeline.duration
            for track in tracks {
                let from = start[track.property] ?? 0
                if let exact = Self.exactTrack(track, from: from, total: total) {
                    animations.append(exact)
                    reasons.append(nil)
                } else if let index = timeline.properties.firstIndex(of: track.property) {
                    animations.append(Self.sampledAnimation(timeline, index: index, keyPath: Self.keyPath(for: track.property)))
                    reasons.append("its cubic or spring keyframes carry velocity from one keyframe to the next, which Core Animation cannot")
                }
            }
            motion = LayerMotion(animations: animations, group: Self.group(duration: total, repeating: animation.isRepeating))
            sampledBecause = reasons
        case .phases:
            self = Self.sampled(
                timeline, keyPaths: timeline.properties.map(Self.keyPath(for:)),
                because: "Core Animation has no phase steps (each step's animation starts where the last one left the value)")
        case .implicit:
            self = Self.sampled(
                timeline, keyPaths: timeline.properties.map(Self.keyPath(for:)),
                because: "SwiftUI's animation runs (springs, repetitions, delays) are sampled for Core Animation")
        }
    }

    /// Why a layer motion cannot be written as it is, if it cannot.
    static func inexpressible(_ m: LayerMotion) -> String? {
        for a in m.animations {
            if case .spring(_, _, .dampingDuration, _, _) = a.content {
                return "\(a.keyPath): UIKit's damping-duration spring has no Core Animation form"
            }
        }
        return nil
    }

    /// Every property sampled, in a group.
    static func sampled(_ timeline: any MotionTimeline, keyPaths: [String], because reason: String) -> LayerPlan {
        let animations = keyPaths.indices.map { sampledAnimation(timeline, index: $0, keyPath: keyPaths[$0]) }
        return LayerPlan(
            motion: LayerMotion(animations: animations, group: group(duration: timeline.duration, repeating: timeline.isRepeating)),
            sampledBecause: Array(repeating: reason, count: animations.count))
    }

    init(motion: LayerMotion, sampledBecause: [String?]) {
        self.motion = motion
        self.sampledBecause = sampledBecause
    }

    /// The group around the animations: the timeline's length, forwards, repeating when it loops.
    static func group(duration: Double, repeating: Bool) -> MediaTiming {
        MediaTiming(duration: playable(duration), repeatCount: repeating ? .infinity : 0, fillMode: .forwards)
    }

    /// The length to write for a timeline of `duration` s: Core Animation plays a duration of 0
    /// as its default 0.25 s, so a motion of no length (moves only) is written 1 ns long, which
    /// shows its end at once as the spec does.
    static func playable(_ duration: Double) -> Double { duration > 0 ? duration : 1e-9 }

    /// Values every 1/120 s from 0 to the end (the last at the end exactly), evenly spaced.
    static func sampledAnimation(_ timeline: any MotionTimeline, index: Int, keyPath: String) -> LayerAnimation {
        let duration = timeline.duration
        let count = max(1, Int((duration * sampleRate).rounded(.up)))
        let values = (0...count).map { k -> [Double] in
            let t = k == count ? duration : duration * Double(k) / Double(count)
            return [(timeline.value(of: index, at: t) * 1e6).rounded() / 1e6]
        }
        let keyframes = LayerKeyframes(values: values, mode: .linear)
        return LayerAnimation(
            keyPath: keyPath, timing: MediaTiming(duration: playable(duration), fillMode: .forwards), content: .keyframes(keyframes))
    }

    /// A track of linear keyframes and moves as one `CAKeyframeAnimation` over the whole
    /// timeline (`total` s): values from the start, key times at each keyframe's end (a move is a
    /// zero-length step: two equal key times), one timing function per segment; the last value
    /// holds to the end. nil for other keyframes, or a track that takes no time.
    static func exactTrack(_ track: KeyframeTrack, from: Double, total: Double) -> LayerAnimation? {
        guard total > 0 else { return nil }
        var values: [[Double]] = [[from]]
        var times: [Double] = [0]
        var curves: [UnitCurve] = []
        var t = 0.0
        for k in track.keyframes {
            switch k {
            case .move:
                curves.append(.linear)
            case .linear(_, let d, let curve):
                t += d
                curves.append(curve)
            default:
                return nil
            }
            values.append([k.to])
            times.append(t)
        }
        if t < total {
            values.append([track.keyframes.last?.to ?? from])
            times.append(total)
            curves.append(.linear)
        }
        let keyTimes = times.map { $0 / total }
        let keyframes = LayerKeyframes(values: values, keyTimes: keyTimes, timingFunctions: curves, mode: .linear)
        return LayerAnimation(
            keyPath: keyPath(for: track.property), timing: MediaTiming(duration: total, fillMode: .forwards), content: .keyframes(keyframes))
    }
}
