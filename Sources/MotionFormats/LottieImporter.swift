import MotionCore
import MotionJSON

// MARK: - LottieImporter

/// Imports a Lottie (Bodymovin) file exported from After Effects as a motion spec: the file's
/// main composition, as lottie-web plays it, is the one animation.
///
/// - One animation per file: the main composition (id: the file's name, its `nm` as the
///   component), lasting (op − ip) / fr. Lottie has no trigger: it is imported as `appear`.
///   One screen per file: the file's name unless `screen` is given.
/// - Precompositions are played inside it, on its clock, as lottie-web's `ICompElement` plays
///   them: the contents of a precomposition layer show frame (f − st) / sr of the frame f of
///   the composition holding the layer, or, with time remapping, `tm` (seconds) × fr; a layer is
///   shown from its `ip` to its `op` and keeps its last shown frame outside them. Tracks of a
///   precomposition's layers are named under the layer that holds it: `Holder/Inner/position.x`.
/// - Every animated transform of every layer and of every shape group (`ty: "tr"`, nested
///   groups included) becomes one track per component: anchor, position (also split
///   `{s: true, x, y}`), scale (100 = 1.0), rotation (degrees, `r` or `rz`), opacity
///   (100 = 1.0), skew, skew axis, 3D rotations. Values are each property's own (local)
///   values; a parent's (`parent`) transform is its own track, not composed into the child's.
/// - Trim paths (`ty: "tm"`): `start` and `end` (100 = 1.0) and `offset` (degrees) tracks, and
///   a `haptic` cue where the stroke completes (the trimmed part reaches the whole path).
/// - A keyframe segment is a linear keyframe with its own Bézier easing per dimension, as
///   lottie-web evaluates it (`o` is P1, `i` is P2; a dimension missing from `o`/`i` uses the
///   first). lottie-ios reads only the first component: where a file's easing differs per
///   dimension the two players differ, and this importer follows lottie-web. Hold keyframes
///   (`h: 1`) hold, then jump. Old files' `e` end values are read. A layer's keyframe times are
///   frames of the composition that holds it, whatever the layer's `st` and `sr`: lottie-web
///   compares `t − st` with the frame `− st`.
/// - Spatial tangents (`to`/`ti` on position) bend the path in lottie-web; a track holds one
///   dimension, so they are not imported: each dimension is interpolated on its own (a warning
///   names the property).
/// - Markers (`markers: [{cm, tm, dr}]`) become cues; those named `haptic…` get haptic events.
/// - Expressions (`x`) are JavaScript: the keyframes under them are imported, with a warning.
public struct LottieImporter: Sendable {
    public init() {}

    /// Whether a JSON document looks like a Lottie file: an object with a frame rate and layers.
    public static func looksLikeLottie(_ value: JSONValue) -> Bool {
        guard let o = value.objectValue else { return false }
        return o["fr"]?.numberValue != nil && o["layers"]?.arrayValue != nil && o["specVersion"] == nil
    }

    /// Imports `document` (from `file`); `screen` overrides the screen name.
    public func importDocument(_ document: JSONDocument, file: String, screen: String? = nil) -> SpecDecoder.Result {
        var context = LottieImportContext(file: file, document: document)
        let spec = context.spec(screen: screen)
        let failed = context.diagnostics.contains { $0.severity == .error }
        return SpecDecoder.Result(spec: failed ? nil : spec, diagnostics: context.diagnostics)
    }

    /// The name a file gets as a screen or animation id: its last path component (trailing
    /// slashes ignored) without its extension, as Foundation's `lastPathComponent` and
    /// `deletingPathExtension` give it: "dir/a.b.json" → "a.b", ".json" → ".json" (a leading
    /// dot starts no extension), "." and ".." kept; a path of slashes only gives "/".
    /// O(path length), on the UTF-8 bytes (the NSString methods bridge the whole path).
    public static func stem(of file: String) -> String {
        let slash = UInt8(ascii: "/")
        let utf8 = file.utf8
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == slash { end = utf8.index(before: end) }
        guard end > utf8.startIndex else { return file.isEmpty ? "" : "/" }
        var start = end
        while start > utf8.startIndex, utf8[utf8.index(before: start)] != slash { start = utf8.index(before: start) }
        let name = file[start..<end]
        guard name != ".", name != "..", let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot > name.startIndex else {
            return String(name)
        }
        return String(name[..<dot])
    }
}
