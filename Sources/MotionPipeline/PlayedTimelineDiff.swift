import MotionCodegen
import MotionCore

// MARK: - PlayedTimelineDiff

/// Compares a spec with Core Animation code of another kind (what `codegen --target uikit`
/// writes for keyframes, phases and implicit animations) by the timeline each plays: Core
/// Animation has no SwiftUI keyframes, phase steps or springs that hand velocity on, so the code
/// plays values sampled at 120 fps (or, for linear keyframes, the same curve exactly). Each spec
/// property is looked up under its Core Animation key path (`scale` → `transform.scale`) and
/// compared at every 1/120 s (where sampled code plays its samples exactly) and at the spec's
/// own key instants, within `tolerance` of the property's range.
public enum PlayedTimelineDiff {
    /// The largest difference allowed, as a fraction of the property's range (at least 1): the
    /// sampled values are rounded to 1e-6, and rotation goes through radians and back.
    public static let tolerance = 1e-3

    /// The note `diff` prints for such a pair.
    public static func note(screen: String, id: String) -> String {
        "\(screen)/\(id): the code is Core Animation; compared as played, at 120 fps, within \(tolerance) of each property's range"
    }

    /// The differences: duration, looping, a property missing from the code, and per property
    /// the time and values of the largest difference beyond the tolerance. Empty when they agree.
    public static func compare(spec: AnimationSpec, code: AnimationSpec) -> [AnimationDiff.Difference] {
        let mine: any MotionTimeline, theirs: any MotionTimeline
        do { mine = try spec.timeline() } catch { return [.init(property: "", field: "timeline", spec: "\(error)", code: "-")] }
        do { theirs = try code.timeline() } catch { return [.init(property: "", field: "timeline", spec: "-", code: "\(error)")] }
        var out: [AnimationDiff.Difference] = []
        if abs(mine.duration - theirs.duration) > 1e-6 {
            out.append(.init(property: "", field: "duration", spec: ms(mine.duration), code: ms(theirs.duration)))
        }
        if mine.isRepeating != theirs.isRepeating {
            out.append(.init(property: "", field: "repeating", spec: "\(mine.isRepeating)", code: "\(theirs.isRepeating)"))
        }
        let times = instants(mine.duration)
        for (k, property) in mine.properties.enumerated() {
            let path = MotionCodegen.coreAnimationKeyPath(for: property)
            guard let index = theirs.properties.firstIndex(of: path) ?? theirs.properties.firstIndex(of: property) else {
                out.append(.init(property: property, field: "track", spec: "animated", code: "absent"))
                continue
            }
            let instants = Set(mine.jumps(of: k).map(\.time) + theirs.jumps(of: index).map(\.time) + (mine.isRepeating ? [mine.duration] : []))
            if let worst = largest(mine, k, theirs, index, at: times, discontinuities: instants) { out.append(worst.with(property: property)) }
        }
        return out
    }

    /// Every 1/120 s from 0 to `duration`, the end included (the samples sampled code plays).
    static func instants(_ duration: Double) -> [Double] {
        let count = max(1, Int((duration * 120).rounded(.up)))
        return (0...count).map { $0 == count ? duration : duration * Double($0) / Double(count) }
    }

    /// How far either side of a discontinuity its one-sided limits are read (s).
    static let limitOffset = 1e-9

    /// The worst difference beyond the tolerance, if any. At a `discontinuities` instant (a
    /// jump of either timeline, the end of a loop) the value at that very instant is a
    /// convention (Core Animation shows a move at 0 s from its second key; a loop's end is its
    /// next cycle's start): there the two agree when their limits from each side do.
    static func largest(
        _ a: any MotionTimeline, _ i: Int, _ b: any MotionTimeline, _ j: Int, at times: [Double], discontinuities: Set<Double> = []
    ) -> AnimationDiff.Difference? {
        let values = times.map { a.value(of: i, at: $0) }
        let range = max(1, (values.max() ?? 0) - (values.min() ?? 0))
        func agree(at t: Double) -> Bool { abs(a.value(of: i, at: t) - b.value(of: j, at: t)) <= tolerance * range }
        func limitsAgree(at t: Double) -> Bool {
            guard discontinuities.contains(where: { abs($0 - t) <= limitOffset }) else { return false }
            let before = t - limitOffset, after = t + limitOffset
            return (before < 0 || agree(at: before)) && (after > a.duration || agree(at: after))
        }
        var worst: (t: Double, a: Double, b: Double)?
        for (t, v) in zip(times, values) {
            let w = b.value(of: j, at: t)
            guard abs(v - w) > tolerance * range, !limitsAgree(at: t) else { continue }
            if abs(v - w) > abs((worst?.a ?? 0) - (worst?.b ?? 0)) { worst = (t, v, w) }
        }
        guard let worst else { return nil }
        return .init(property: "", field: "value at \(ms(worst.t))", spec: number(worst.a), code: number(worst.b))
    }

    static func ms(_ seconds: Double) -> String { "\(Int((seconds * 1000).rounded())) ms" }
    static func number(_ v: Double) -> String { CFormat.string("%.6g", v) }
}

extension AnimationDiff.Difference {
    /// The same difference about `property`.
    func with(property: String) -> AnimationDiff.Difference {
        AnimationDiff.Difference(property: property, field: field, spec: spec, code: code, codeLine: codeLine)
    }
}
