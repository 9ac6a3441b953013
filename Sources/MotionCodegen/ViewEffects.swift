// MARK: - ViewEffects

/// The SwiftUI modifiers that show animated properties on a view, named as the importer names
/// them (`AnimatableModifiers`): `scale` → `.scaleEffect(_:)`, `rotation` (degrees) →
/// `.rotationEffect(.degrees(_:))`, `x`/`y` (points) → `.offset(x:y:)`, `opacity`, … A property
/// with no modifier of its own is listed in `unapplied`: the generated code names it in a
/// comment, for the app to use the value itself.
struct ViewEffects {
    /// The modifier lines, in a fixed order.
    var modifiers: [SwiftCall] = []
    /// Properties no modifier shows.
    var unapplied: [String] = []

    /// The modifiers for `properties`, each value written by `value(name)` (`value.scale`);
    /// a property for which `still(name)` gives a value keeps that value with Reduce Motion on
    /// (`reduceMotion ? 1.0 : (isOn ? 1.2 : 1.0)`, the choice outside any `.degrees(…)`).
    init(properties: [String], value moving: (String) -> String, still: (String) -> String? = { _ in nil }) {
        let present = Set(properties)
        func value(_ name: String) -> String {
            guard let kept = still(name) else { return moving(name) }
            return "reduceMotion ? \(kept) : (\(moving(name)))"
        }
        func degrees(_ name: String) -> String {
            guard let kept = still(name) else { return ".degrees(\(moving(name)))" }
            return "reduceMotion ? .degrees(\(kept)) : .degrees(\(moving(name)))"
        }
        var used: Set<String> = []
        func add(_ name: String, _ arguments: [String]) { modifiers.append(SwiftCall(name, arguments.map { .atom($0) })) }
        func take(_ names: [String]) -> [String] {
            let found = names.filter(present.contains)
            used.formUnion(found)
            return found
        }
        if take(["scale"]).count == 1 { add(".scaleEffect", [value("scale")]) }
        let scaleXY = take(["scaleX", "scaleY"])
        if !scaleXY.isEmpty {
            let x = present.contains("scaleX") ? value("scaleX") : "1", y = present.contains("scaleY") ? value("scaleY") : "1"
            add(".scaleEffect", ["x: \(x)", "y: \(y)"])
        }
        if take(["rotation"]).count == 1 { add(".rotationEffect", [degrees("rotation")]) }
        if take(["rotation3D"]).count == 1 {
            add(".rotation3DEffect", [degrees("rotation3D"), "axis: (x: 0, y: 1, z: 0)"])
        }
        let offset = take(["x", "y"])
        if !offset.isEmpty { add(".offset", offset.map { "\($0): \(value($0))" }) }
        for name in take(["opacity", "brightness", "contrast", "saturation", "grayscale"]) { add(".\(name)", [value(name)]) }
        if take(["hueRotation"]).count == 1 { add(".hueRotation", [degrees("hueRotation")]) }
        if take(["blur"]).count == 1 { add(".blur", ["radius: \(value("blur"))"]) }
        let shadow = take(["shadowRadius", "shadowX", "shadowY"])
        if !shadow.isEmpty {
            let labels = ["shadowRadius": "radius", "shadowX": "x", "shadowY": "y"]
            var arguments = shadow.map { "\(labels[$0]!): \(value($0))" }
            if !present.contains("shadowRadius") { arguments.insert("radius: 4", at: 0) }
            add(".shadow", arguments)
        }
        let size = take(["width", "height"])
        if !size.isEmpty { add(".frame", size.map { "\($0): \(value($0))" }) }
        let bounds = take(["minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"])
        if !bounds.isEmpty { add(".frame", bounds.map { "\($0): \(value($0))" }) }
        if take(["padding"]).count == 1 { add(".padding", [value("padding")]) }
        if take(["cornerRadius"]).count == 1 { add(".cornerRadius", [value("cornerRadius")]) }
        unapplied = properties.filter { !used.contains($0) }
    }
}
