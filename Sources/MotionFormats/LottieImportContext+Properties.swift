import MotionCore
import MotionJSON

// MARK: - Transforms and shape items

extension LottieImportContext {
    static let properties: [(key: String, name: String, components: [String], scale: Double)] = [
        ("a", "anchor", ["x", "y", "z"], 1), ("p", "position", ["x", "y", "z"], 1), ("s", "scale", ["x", "y", "z"], 0.01),
        ("r", "rotation", [], 1), ("rz", "rotation", [], 1), ("rx", "rotationX", [], 1), ("ry", "rotationY", [], 1),
        ("or", "orientation", ["x", "y", "z"], 1), ("o", "opacity", [], 0.01), ("sk", "skew", [], 1), ("sa", "skewAxis", [], 1),
    ]

    /// A trim path's properties as lottie-web's `TrimModifier` reads them: start and end in
    /// percent of the path (100 = 1.0), offset in degrees (360 = once round the path).
    static let trimProperties: [(key: String, name: String, scale: Double)] = [("s", "start", 0.01), ("e", "end", 0.01), ("o", "offset", 1)]

    /// Shape groups' transforms (nested groups recurse) and trim paths, in the order of `shapes`.
    mutating func shapeItems(
        _ shapes: [JSONValue], at pointer: JSONPointer, name: String, clock: LottiePiecewise,
        into tracks: inout [KeyframeTrack], names: inout Set<String>
    ) {
        for (k, shape) in shapes.enumerated() {
            guard let s = shape.objectValue else { continue }
            let sp = pointer / k
            switch s["ty"]?.stringValue {
            case "gr":
                guard let items = s["it"]?.arrayValue else { continue }
                let group = s["nm"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? "group \(k)"
                // The group's own transform is its `tr` item; nested groups recurse.
                for (j, item) in items.enumerated() where item["ty"]?.stringValue == "tr" {
                    if let tr = item.objectValue {
                        transform(tr, at: sp / "it" / j, name: "\(name)/\(group)", clock: clock, into: &tracks, names: &names)
                    }
                }
                shapeItems(items, at: sp / "it", name: "\(name)/\(group)", clock: clock, into: &tracks, names: &names)
            case "tm":
                let trim = "\(name)/\(s["nm"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? "trim paths \(k)")"
                trimPaths(s, at: sp, name: trim, clock: clock, into: &tracks, names: &names)
            default:
                continue
            }
        }
    }

    mutating func transform(
        _ ks: JSONObject, at pointer: JSONPointer, name: String, clock: LottiePiecewise,
        into tracks: inout [KeyframeTrack], names: inout Set<String>
    ) {
        for property in Self.properties {
            guard let value = ks[property.key]?.objectValue else { continue }
            let pp = pointer / property.key
            if value["s"]?.boolValue == true {
                // Split position: separate x / y (/ z) properties.
                for axis in ["x", "y", "z"] {
                    guard let part = value[axis]?.objectValue else { continue }
                    addTracks(
                        part, at: pp / axis, name: "\(name)/\(property.name).\(axis)", components: [], scale: property.scale, clock: clock,
                        into: &tracks, names: &names)
                }
                continue
            }
            addTracks(
                value, at: pp, name: "\(name)/\(property.name)", components: property.components, scale: property.scale, clock: clock, into: &tracks,
                names: &names)
        }
    }

    /// Whether a property is keyframed (`a: 1`, or keyframes with `t` in old files).
    static func isAnimated(_ property: JSONObject) -> Bool {
        property["a"]?.numberValue == 1 || (property["k"]?.arrayValue?.first?["t"] != nil)
    }

    /// One track per component of an animated property, played on `clock`; the tracks' pieces
    /// are returned (in component order) for what is derived from them.
    @discardableResult
    mutating func addTracks(
        _ property: JSONObject, at pointer: JSONPointer, name: String, components: [String], scale: Double, clock: LottiePiecewise,
        into tracks: inout [KeyframeTrack], names: inout Set<String>
    ) -> [LottiePiecewise] {
        guard Self.isAnimated(property), let frames = property["k"]?.arrayValue, !frames.isEmpty else { return [] }
        if property["x"]?.stringValue != nil {
            // lottie-ios and lottie-android do not run expressions: an app shows the keyframes.
            warning(
                pointer / "x",
                "\(name): an expression drives this property in After Effects and lottie-web; lottie-ios and lottie-android ignore it and play its keyframes, which are imported"
            )
        }
        if frames.contains(where: { $0["to"] != nil || $0["ti"] != nil }),
            frames.contains(where: { k in
                (k["to"]?.arrayValue ?? []).contains { ($0.numberValue ?? 0) != 0 }
                    || (k["ti"]?.arrayValue ?? []).contains { ($0.numberValue ?? 0) != 0 }
            })
        {
            warning(pointer, "\(name): spatial tangents (to/ti) bend this path in lottie-web; each dimension is imported on its own, straight")
        }
        let width = frames.compactMap { Self.values($0["s"]).count }.max() ?? 1
        let dims = components.isEmpty ? 1 : min(width, components.count)
        var played: [LottiePiecewise] = []
        for c in 0..<dims {
            let trackName = unique(components.isEmpty ? name : "\(name).\(components[c])", in: &names)
            guard let values = self.property(property, at: pointer, component: c, scale: scale, name: trackName) else { continue }
            let limit = SpecDecoder.maximumKeyframes - keyframeCount
            let pieces = LottiePiecewise.composing(values, with: clock, limit: limit)
            guard pieces.pieces.count <= limit else {
                _ = count(pieces.pieces.count, at: pointer, name: trackName)
                continue
            }
            guard let (initial, keyframes) = pieces.keyframes(), count(keyframes.count, at: pointer, name: trackName) else { continue }
            initialValues.append(NamedValue(trackName, initial))
            tracks.append(KeyframeTrack(property: trackName, keyframes: keyframes))
            played.append(pieces)
        }
        return played
    }

    /// Adds `n` keyframes to the file's count; false (and one error) past the limit.
    mutating func count(_ n: Int, at pointer: JSONPointer, name: String) -> Bool {
        keyframeCount += n
        guard keyframeCount > SpecDecoder.maximumKeyframes else { return true }
        if !keyframeLimitReported {
            keyframeLimitReported = true
            error(
                pointer, "\(name): more than \(SpecDecoder.maximumKeyframes) keyframes in one file (counting each time a precomposition plays)",
                fix: "split the composition into several files")
        }
        return false
    }

    func unique(_ name: String, in names: inout Set<String>) -> String {
        var candidate = name
        var n = 2
        while names.contains(candidate) {
            candidate = "\(name) \(n)"
            n += 1
        }
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
}
