import Foundation
import MotionCore
import MotionJSON

// MARK: - LottieImporter

/// Imports a Lottie (Bodymovin) file exported from After Effects as motion specs.
///
/// - One animation per composition: the file's main composition (id: the file's name, its `nm`
///   as the component), and each precomposition in `assets` (id: the asset's `id`), on their own
///   timelines (a layer's time remapping `tm` is reported, not applied). Lottie has no trigger:
///   animations are imported as `appear`. One screen per file: the file's name unless `screen`
///   is given.
/// - Every animated transform of every layer and of every shape group (`ty: "tr"`, nested
///   groups included) becomes one track per component, named `layer/position.y`,
///   `layer/group/scale.x`: anchor, position (also split `{s: true, x, y}`), scale (100 = 1.0),
///   rotation (degrees, `r` or `rz`), opacity (100 = 1.0), skew, skew axis. Values are each
///   property's own (local) values; parents (`parent`) are not composed in.
/// - A keyframe segment is a linear keyframe with its own Bézier easing per dimension, as
///   lottie-web evaluates it (`o` is P1, `i` is P2; a dimension missing from `o`/`i` uses the
///   first). lottie-ios reads only the first component: where a file's easing differs per
///   dimension the two players differ, and this importer follows lottie-web. Hold keyframes
///   (`h: 1`) hold, then jump. Old files' `e` end values are read. A layer's keyframe times are
///   frames of the composition that holds it, whatever the layer's `st` (start offset) and `sr`
///   (stretch): lottie-web compares `t − st` with the frame `− st`, and lottie-android applies
///   neither to a layer's own transform; both only move and stretch a precomposition's contents
///   inside its parent. Seconds are (frame − ip) / fr in the main composition, frame / fr in a
///   precomposition (its own clock starts at its frame 0); the main animation lasts
///   (op − ip) / fr. A segment that starts before the in-point is cut at it exactly (the Bézier
///   is split at the in-point).
/// - Spatial tangents (`to`/`ti` on position) bend the path in lottie-web; a track holds one
///   dimension, so they are not imported: each dimension is interpolated on its own (a warning
///   names the property).
/// - Markers (`markers: [{cm, tm, dr}]`) become cues; those named `haptic…` get haptic events.
/// - Expressions (`x`) are JavaScript: the property is reported as not imported, the rest imports.
public struct LottieImporter: Sendable {
    public init() {}

    /// Whether a JSON document looks like a Lottie file: an object with a frame rate and layers.
    public static func looksLikeLottie(_ value: JSONValue) -> Bool {
        guard let o = value.objectValue else { return false }
        return o["fr"]?.numberValue != nil && o["layers"]?.arrayValue != nil && o["specVersion"] == nil
    }

    /// Imports `document` (from `file`); `screen` overrides the screen name.
    public func importDocument(_ document: JSONDocument, file: String, screen: String? = nil) -> SpecDecoder.Result {
        var context = Context(file: file, document: document)
        let spec = context.spec(screen: screen)
        let failed = context.diagnostics.contains { $0.severity == .error }
        return SpecDecoder.Result(spec: failed ? nil : spec, diagnostics: context.diagnostics)
    }

    /// The name a file gets as a screen or animation id: its name without extension.
    public static func stem(of file: String) -> String {
        let name = (file as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        return stem.isEmpty ? name : stem
    }

    // MARK: - Context

    struct Context {
        let file: String
        let document: JSONDocument
        var diagnostics: [SpecDiagnostic] = []
        var frameRate = 60.0
        var inPoint = 0.0
        /// The main composition's length (s): keyframes after it are cut off.
        var end = Double.infinity
        /// Start values of the tracks of the composition being read.
        var initialValues: [NamedValue] = []
        /// Keyframes read so far (each component of each animated property), against
        /// `SpecDecoder.maximumKeyframes` like a spec file.
        var keyframeCount = 0
        var keyframeLimitReported = false

        init(file: String, document: JSONDocument) {
            self.file = file
            self.document = document
        }

        mutating func error(_ pointer: JSONPointer, _ problem: String, fix: String) {
            diagnostics.append(SpecDiagnostic(.error, file: file, pointer: pointer, location: document.location(of: pointer), problem: problem, fix: fix))
        }

        mutating func warning(_ pointer: JSONPointer, _ problem: String, fix: String = "") {
            diagnostics.append(SpecDiagnostic(.warning, file: file, pointer: pointer, location: document.location(of: pointer), problem: problem, fix: fix))
        }

        mutating func spec(screen: String?) -> MotionSpec? {
            guard let root = document.value.objectValue else {
                error(.root, "a Lottie file must be a JSON object", fix: "export the composition again with Bodymovin")
                return nil
            }
            guard let fr = root["fr"]?.numberValue, fr > 0, fr <= 1000 else {
                error(.root / "fr", "the frame rate \"fr\" must be a number in (0, 1000]", fix: "export with a frame rate such as 60")
                return nil
            }
            frameRate = fr
            inPoint = root["ip"]?.numberValue ?? 0
            let outPoint = root["op"]?.numberValue ?? inPoint
            guard outPoint >= inPoint else {
                error(.root / "op", "the out-point \(JSONWriter.number(outPoint)) comes before the in-point \(JSONWriter.number(inPoint))", fix: "check ip and op")
                return nil
            }
            // The limits spec files have: an hour at most, values within ±1e9.
            guard (outPoint - inPoint) / fr <= SpecDecoder.maximumDuration, abs(inPoint) <= 1e9 else {
                error(.root / "op", "the composition lasts \(JSONWriter.number((outPoint - inPoint) / fr)) s, longer than an hour", fix: "check ip, op and fr")
                return nil
            }
            end = (outPoint - inPoint) / fr
            let stem = LottieImporter.stem(of: file).replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: "#", with: "-")
            // The main composition is named after the file (unique in a folder; exporters often
            // leave `nm` as "Animation"); its `nm` becomes the component.
            var animations: [AnimationSpec] = []
            let duration = (outPoint - inPoint) / fr
            if var main = composition(layers: root["layers"]?.arrayValue ?? [], at: .root / "layers", id: stem, duration: duration, markers: root["markers"]) {
                main.component = root["nm"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
                animations.append(main)
            }
            // Precompositions run on their own clocks, from their frame 0.
            end = .infinity
            inPoint = 0
            for (k, asset) in (root["assets"]?.arrayValue ?? []).enumerated() {
                guard let layers = asset["layers"]?.arrayValue, let rawID = asset["id"]?.stringValue else { continue }
                let id = rawID.replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: "#", with: "-")
                let assetID = animations.contains { $0.id == id } ? "\(id)-precomp" : id
                if let precomp = composition(layers: layers, at: .root / "assets" / k / "layers", id: assetID, duration: nil, markers: nil) {
                    animations.append(precomp)
                }
            }
            return MotionSpec(screen: screen ?? stem, animations: animations)
        }

        // MARK: Compositions

        mutating func composition(layers: [JSONValue], at pointer: JSONPointer, id: String, duration: Double?, markers: JSONValue?) -> AnimationSpec? {
            initialValues = []
            var tracks: [KeyframeTrack] = []
            var names: Set<String> = []
            for (k, layer) in layers.enumerated() {
                guard let l = layer.objectValue else { continue }
                let lp = pointer / k
                let base = l["nm"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? "layer \(l["ind"]?.numberValue.map { JSONWriter.number($0) } ?? String(k))"
                if l["tm"] != nil {
                    warning(lp / "tm", "\(base): time remapping is not applied; the precomposition's own timing is imported as its own animation")
                }
                if let ks = l["ks"]?.objectValue { transform(ks, at: lp / "ks", name: base, into: &tracks, names: &names) }
                if let shapes = l["shapes"]?.arrayValue { shapeTransforms(shapes, at: lp / "shapes", name: base, into: &tracks, names: &names) }
            }
            var end = duration ?? 0
            // Each track holds its last value until the composition ends.
            let lengths = tracks.map { $0.keyframes.reduce(0.0) { $0 + Self.length($1) } }
            if duration == nil { end = lengths.max() ?? 0 }
            for (i, length) in lengths.enumerated() where length < end - 1e-12 {
                if let last = tracks[i].keyframes.last { tracks[i].keyframes.append(.linear(to: last.to, duration: end - length)) }
            }
            if tracks.isEmpty {
                warning(pointer, "composition \"\(id)\" has no animated transform", fix: "")
                return nil
            }
            var animation = AnimationSpec(id: id, trigger: .appear, notes: "Imported from Lottie \(LottieImporter.stem(of: file)): \(tracks.count) animated transform component\(tracks.count == 1 ? "" : "s").",
                                          motion: .keyframes(initial: initialValues, tracks: tracks, repeating: false))
            animation.cues = cues(markers)
            // The settling rule (`MotionLimits`), located at the composition's layers.
            do {
                _ = try animation.timeline()
            } catch {
                self.error(pointer, "composition \"\(id)\": \(error)", fix: "split the composition or shorten it")
                return nil
            }
            return animation
        }

        static func length(_ k: Keyframe) -> Double {
            switch k {
            case .move: 0
            case .linear(_, let d, _), .cubic(_, let d, _, _): d
            case .spring(_, let d, _, _): d ?? 0
            }
        }

        mutating func cues(_ markers: JSONValue?) -> [Cue] {
            var cues: [Cue] = []
            var seen: [String: Int] = [:]
            for (k, m) in (markers?.arrayValue ?? []).enumerated() {
                guard let tm = m["tm"]?.numberValue else {
                    warning(.root / "markers" / k, "a marker without a time \"tm\" is skipped")
                    continue
                }
                var name = m["cm"]?.stringValue ?? "marker \(k)"
                if let n = seen[name] { seen[name] = n + 1; name += " \(n + 1)" } else { seen[name] = 1 }
                cues.append(Cue(name: name, time: (tm - inPoint) / frameRate, duration: max(0, (m["dr"]?.numberValue ?? 0) / frameRate)))
            }
            return cues.sorted { $0.time < $1.time }
        }

        // MARK: Transforms

        static let properties: [(key: String, name: String, components: [String], scale: Double)] = [
            ("a", "anchor", ["x", "y", "z"], 1), ("p", "position", ["x", "y", "z"], 1), ("s", "scale", ["x", "y", "z"], 0.01),
            ("r", "rotation", [], 1), ("rz", "rotation", [], 1), ("rx", "rotationX", [], 1), ("ry", "rotationY", [], 1),
            ("or", "orientation", ["x", "y", "z"], 1), ("o", "opacity", [], 0.01), ("sk", "skew", [], 1), ("sa", "skewAxis", [], 1),
        ]

        mutating func shapeTransforms(_ shapes: [JSONValue], at pointer: JSONPointer, name: String,
                                      into tracks: inout [KeyframeTrack], names: inout Set<String>) {
            for (k, shape) in shapes.enumerated() {
                guard let s = shape.objectValue else { continue }
                let sp = pointer / k
                if s["ty"]?.stringValue == "gr", let items = s["it"]?.arrayValue {
                    let group = s["nm"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? "group \(k)"
                    // The group's own transform is its `tr` item; nested groups recurse.
                    for (j, item) in items.enumerated() where item["ty"]?.stringValue == "tr" {
                        if let tr = item.objectValue { transform(tr, at: sp / "it" / j, name: "\(name)/\(group)", into: &tracks, names: &names) }
                    }
                    shapeTransforms(items, at: sp / "it", name: "\(name)/\(group)", into: &tracks, names: &names)
                }
            }
        }

        mutating func transform(_ ks: JSONObject, at pointer: JSONPointer, name: String,
                                into tracks: inout [KeyframeTrack], names: inout Set<String>) {
            for property in Self.properties {
                guard let value = ks[property.key]?.objectValue else { continue }
                let pp = pointer / property.key
                if value["s"]?.boolValue == true {
                    // Split position: separate x / y (/ z) properties.
                    for axis in ["x", "y", "z"] {
                        guard let part = value[axis]?.objectValue else { continue }
                        addTracks(part, at: pp / axis, name: "\(name)/\(property.name).\(axis)", components: [], scale: property.scale, into: &tracks, names: &names)
                    }
                    continue
                }
                addTracks(value, at: pp, name: "\(name)/\(property.name)", components: property.components, scale: property.scale, into: &tracks, names: &names)
            }
        }

        mutating func addTracks(_ property: JSONObject, at pointer: JSONPointer, name: String, components: [String], scale: Double,
                                into tracks: inout [KeyframeTrack], names: inout Set<String>) {
            let animated = property["a"]?.numberValue == 1 || (property["k"]?.arrayValue?.first?["t"] != nil)
            guard animated, let frames = property["k"]?.arrayValue, !frames.isEmpty else { return }
            if property["x"]?.stringValue != nil {
                // lottie-ios and lottie-android do not run expressions: an app shows the keyframes.
                warning(pointer / "x", "\(name): an expression drives this property in After Effects and lottie-web; lottie-ios and lottie-android ignore it and play its keyframes, which are imported")
            }
            if frames.contains(where: { $0["to"] != nil || $0["ti"] != nil }), frames.contains(where: { k in
                (k["to"]?.arrayValue ?? []).contains { ($0.numberValue ?? 0) != 0 } || (k["ti"]?.arrayValue ?? []).contains { ($0.numberValue ?? 0) != 0 }
            }) {
                warning(pointer, "\(name): spatial tangents (to/ti) bend this path in lottie-web; each dimension is imported on its own, straight")
            }
            let width = frames.compactMap { Self.values($0["s"]).count }.max() ?? 1
            let dims = components.isEmpty ? 1 : min(width, components.count)
            for c in 0..<dims {
                let trackName = unique(components.isEmpty ? name : "\(name).\(components[c])", in: &names)
                if let track = self.track(frames, at: pointer / "k", component: c, scale: scale, name: trackName) {
                    tracks.append(track)
                }
            }
        }

        func unique(_ name: String, in names: inout Set<String>) -> String {
            var candidate = name
            var n = 2
            while names.contains(candidate) { candidate = "\(name) \(n)"; n += 1 }
            names.insert(candidate)
            return candidate
        }

        static func values(_ value: JSONValue?) -> [Double] {
            if let n = value?.numberValue { return [n] }
            return value?.arrayValue?.compactMap(\.numberValue) ?? []
        }

        static func component(_ value: JSONValue?, _ c: Int) -> Double? {
            let v = values(value)
            return v.indices.contains(c) ? v[c] : v.first
        }

        /// One component's keyframes as a track; times in seconds from the in-point.
        mutating func track(_ frames: [JSONValue], at pointer: JSONPointer, component c: Int, scale: Double, name: String) -> KeyframeTrack? {
            struct Key { let time: Double; let value: Double?; let end: Double?; let hold: Bool; let easing: (Double, Double, Double, Double)? }
            var keys: [Key] = []
            keyframeCount += frames.count
            if keyframeCount > SpecDecoder.maximumKeyframes {
                if !keyframeLimitReported {
                    keyframeLimitReported = true
                    error(pointer, "\(name): more than \(SpecDecoder.maximumKeyframes) keyframes in one file", fix: "split the composition into several files")
                }
                return nil
            }
            for (k, f) in frames.enumerated() {
                guard let t = f["t"]?.numberValue else {
                    warning(pointer / k, "\(name): a keyframe without a time \"t\" is skipped")
                    continue
                }
                let time = (t - inPoint) / frameRate
                var easing: (Double, Double, Double, Double)?
                if let o = f["o"]?.objectValue, let i = f["i"]?.objectValue,
                   let ox = Self.component(o["x"], c), let oy = Self.component(o["y"], c), let ix = Self.component(i["x"], c), let iy = Self.component(i["y"], c) {
                    easing = (ox, oy, ix, iy)
                }
                let value = Self.component(f["s"], c).map { $0 * scale }, endValue = Self.component(f["e"], c).map { $0 * scale }
                guard [value, endValue].allSatisfy({ ($0 ?? 0).isFinite && abs($0 ?? 0) <= SpecDecoder.maximumMagnitude }), abs(time) <= SpecDecoder.maximumDuration else {
                    error(pointer / k, "\(name): a keyframe value or time is out of range (values within ±1e9, times within an hour)", fix: "check the keyframe's s, e and t")
                    return nil
                }
                keys.append(Key(time: time, value: value, end: endValue, hold: (f["h"]?.numberValue ?? 0) == 1, easing: easing))
            }
            keys.sort { $0.time < $1.time }
            guard let firstValue = keys.first(where: { $0.value != nil })?.value else { return nil }
            // Values in order: a key's value, else the previous key's end value (old files).
            var resolved: [(time: Double, value: Double, key: Key)] = []
            var last = firstValue
            for key in keys {
                let v = key.value ?? resolved.last?.key.end ?? last
                resolved.append((key.time, v, key))
                last = v
            }
            var keyframes: [Keyframe] = []
            // The value at the in-point: set when the first keyframe that plays after it is added.
            var initial: Double?
            var current = resolved[0].value
            if resolved[0].time > 0 {
                // The first value holds until the first keyframe, or the out-point if it comes first.
                initial = current
                keyframes.append(.linear(to: current, duration: min(resolved[0].time, end)))
            }
            for k in 0..<(resolved.count - 1) {
                let a = resolved[k], b = resolved[k + 1]
                let target = a.key.end ?? b.value
                let start = a.time, end = b.time
                guard end > start else {
                    if initial != nil, target != current { keyframes.append(.move(to: b.value)) }
                    current = b.value
                    continue
                }
                if end <= 0 {
                    // Entirely before the in-point: only where it leaves the value matters.
                    current = a.key.hold ? b.value : (a.key.end != nil ? b.value : target)
                    continue
                }
                if start >= self.end { break }  // after the out-point: never shown
                if a.key.hold {
                    if initial == nil { initial = a.value }
                    keyframes.append(.linear(to: a.value, duration: min(end, self.end) - max(start, 0)))
                    if end > self.end { break }
                    keyframes.append(.move(to: b.value))
                    current = b.value
                    continue
                }
                var curve = UnitCurve.linear
                if let e = a.key.easing {
                    let x1 = min(max(e.0, 0), 1), x2 = min(max(e.2, 0), 1)
                    if x1 != e.0 || x2 != e.2 { warning(pointer / k, "\(name): easing x outside 0…1 is clamped") }
                    curve = UnitCurve(x1: x1, y1: e.1, x2: x2, y2: e.3) ?? .linear
                }
                var from = a.value
                var d = end - start
                if start < 0 {
                    // Cut at the in-point: split the Bézier where x = the elapsed fraction.
                    let split = Self.split(curve, at: -start / (end - start))
                    from = a.value + (target - a.value) * split.progress
                    curve = split.curve
                    d = end
                }
                if initial == nil { initial = from }
                if end > self.end {
                    // Crosses the out-point: keep the part before it (the Bézier's left piece).
                    let kept = (self.end - max(start, 0)) / d
                    let left = Self.splitLeft(curve, at: kept)
                    keyframes.append(.linear(to: from + (target - from) * left.progress, duration: self.end - max(start, 0), curve: left.curve))
                    break
                }
                keyframes.append(.linear(to: target, duration: d, curve: curve))
                if a.key.end != nil && a.key.end != b.value { keyframes.append(.move(to: b.value)) }
                current = b.value
            }
            guard let initial, !keyframes.isEmpty else { return nil }
            initialValues.append(NamedValue(name, initial))
            return KeyframeTrack(property: name, keyframes: keyframes)
        }

        /// The left part of the unit Bézier up to time fraction `x`, renormalised to the unit
        /// square, and the progress reached there.
        static func splitLeft(_ curve: UnitCurve, at x: Double) -> (progress: Double, curve: UnitCurve) {
            let u = curve.solveParameter(for: x)
            func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * u }
            let q0 = (lerp(0, curve.p1.x), lerp(0, curve.p1.y)), q1 = (lerp(curve.p1.x, curve.p2.x), lerp(curve.p1.y, curve.p2.y))
            let q2 = (lerp(curve.p2.x, 1), lerp(curve.p2.y, 1))
            let r0 = (q0.0 + (q1.0 - q0.0) * u, q0.1 + (q1.1 - q0.1) * u), r1 = (q1.0 + (q2.0 - q1.0) * u, q1.1 + (q2.1 - q1.1) * u)
            let s = (r0.0 + (r1.0 - r0.0) * u, r0.1 + (r1.1 - r0.1) * u)
            // Left part: (0, 0), q0, r0, s, renormalised so s → (1, 1).
            guard s.0 > 1e-12, abs(s.1) > 1e-12 else { return (s.1, .linear) }
            let c = UnitCurve(x1: q0.0 / s.0, y1: q0.1 / s.1, x2: r0.0 / s.0, y2: r0.1 / s.1) ?? .linear
            return (s.1, c)
        }

        /// Splits the unit Bézier at time fraction `x` and renormalises the right part to the unit
        /// square. Returns the progress reached at the cut and the remaining curve.
        static func split(_ curve: UnitCurve, at x: Double) -> (progress: Double, curve: UnitCurve) {
            let u = curve.solveParameter(for: x)
            func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * u }
            let p = [(0.0, 0.0), (curve.p1.x, curve.p1.y), (curve.p2.x, curve.p2.y), (1.0, 1.0)]
            let q1 = (lerp(p[1].0, p[2].0), lerp(p[1].1, p[2].1)), q2 = (lerp(p[2].0, p[3].0), lerp(p[2].1, p[3].1))
            let q0 = (lerp(p[0].0, p[1].0), lerp(p[0].1, p[1].1))
            let r0 = (q0.0 + (q1.0 - q0.0) * u, q0.1 + (q1.1 - q0.1) * u), r1 = (q1.0 + (q2.0 - q1.0) * u, q1.1 + (q2.1 - q1.1) * u)
            let s = (r0.0 + (r1.0 - r0.0) * u, r0.1 + (r1.1 - r0.1) * u)
            // Right part: s, r1, q2, (1, 1), renormalised so s → (0, 0).
            let w = 1 - s.0, h = 1 - s.1
            guard w > 1e-12, abs(h) > 1e-12 else { return (s.1, .linear) }
            let c = UnitCurve(x1: (r1.0 - s.0) / w, y1: (r1.1 - s.1) / h, x2: (q2.0 - s.0) / w, y2: (q2.1 - s.1) / h) ?? .linear
            return (s.1, c)
        }
    }
}

