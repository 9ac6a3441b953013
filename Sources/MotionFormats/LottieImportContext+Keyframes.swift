import MotionCore
import MotionJSON

// MARK: - Keyframes

extension LottieImportContext {
    /// One read keyframe: frame, value, old files' end value, hold, easing (P1, P2).
    struct Key {
        let time: Double
        let value: Double?
        let end: Double?
        let hold: Bool
        let easing: (Double, Double, Double, Double)?
    }

    /// One component of a property (static or keyframed) in frames of its composition, values
    /// times `scale`; nil when it has no value, or (with an error) when a value is out of range.
    mutating func property(_ property: JSONObject, at pointer: JSONPointer, component c: Int, scale: Double, name: String) -> LottieProperty? {
        guard Self.isAnimated(property), let frames = property["k"]?.arrayValue, !frames.isEmpty else {
            guard let v = Self.component(property["k"], c).map({ $0 * scale }) else { return nil }
            guard v.isFinite, abs(v) <= SpecDecoder.maximumMagnitude else {
                error(pointer / "k", "\(name): the value is out of range (values within ±1e9)", fix: "check the property's k")
                return nil
            }
            return .constant(v)
        }
        guard let keys = keys(frames, at: pointer / "k", component: c, scale: scale, name: name),
            let firstValue = keys.first(where: { $0.value != nil })?.value
        else { return nil }
        // Values in order: a key's value, else the previous key's end value (old files).
        var resolved: [(time: Double, value: Double, key: Key)] = []
        var last = firstValue
        for key in keys {
            let v = key.value ?? resolved.last?.key.end ?? last
            resolved.append((key.time, v, key))
            last = v
        }
        var segments: [LottieProperty.Segment] = []
        for k in 0..<(resolved.count - 1) {
            let a = resolved[k], b = resolved[k + 1]
            guard b.time > a.time else { continue }
            var curve = UnitCurve.linear
            if let e = a.key.easing, !a.key.hold {
                let x1 = min(max(e.0, 0), 1), x2 = min(max(e.2, 0), 1)
                if x1 != e.0 || x2 != e.2 { warning(pointer / "k" / k, "\(name): easing x outside 0…1 is clamped") }
                curve = UnitCurve(x1: x1, y1: e.1, x2: x2, y2: e.3) ?? .linear
            }
            segments.append(.init(start: a.time, end: b.time, from: a.value, to: a.key.end ?? b.value, curve: curve, hold: a.key.hold))
        }
        return LottieProperty(segments: segments, first: resolved[0].value, last: resolved[resolved.count - 1].value)
    }

    /// The keyframes of one component, sorted by frame; nil (with an error) when a value or time
    /// is out of range.
    mutating func keys(_ frames: [JSONValue], at pointer: JSONPointer, component c: Int, scale: Double, name: String) -> [Key]? {
        var keys: [Key] = []
        for (k, f) in frames.enumerated() {
            guard let t = f["t"]?.numberValue else {
                warning(pointer / k, "\(name): a keyframe without a time \"t\" is skipped")
                continue
            }
            var easing: (Double, Double, Double, Double)?
            if let o = f["o"]?.objectValue, let i = f["i"]?.objectValue,
                let ox = Self.component(o["x"], c), let oy = Self.component(o["y"], c), let ix = Self.component(i["x"], c),
                let iy = Self.component(i["y"], c)
            {
                easing = (ox, oy, ix, iy)
            }
            let value = Self.component(f["s"], c).map { $0 * scale }, endValue = Self.component(f["e"], c).map { $0 * scale }
            guard [value, endValue].allSatisfy({ ($0 ?? 0).isFinite && abs($0 ?? 0) <= SpecDecoder.maximumMagnitude }),
                abs((t - inPoint) / frameRate) <= SpecDecoder.maximumDuration
            else {
                error(
                    pointer / k, "\(name): a keyframe value or time is out of range (values within ±1e9, times within an hour)",
                    fix: "check the keyframe's s, e and t")
                return nil
            }
            keys.append(Key(time: t, value: value, end: endValue, hold: (f["h"]?.numberValue ?? 0) == 1, easing: easing))
        }
        return keys.sorted { $0.time < $1.time }
    }
}
