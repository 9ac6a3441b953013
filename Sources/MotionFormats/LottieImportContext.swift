import MotionCore
import MotionJSON

// MARK: - LottieImportContext

/// The state of one Lottie import: the main composition's clock, the diagnostics, the tracks'
/// start values and the keyframe budget (see `LottieImporter` for what is read).
struct LottieImportContext {
    let file: String
    let document: JSONDocument
    var diagnostics: [SpecDiagnostic] = []
    var frameRate = 60.0
    var inPoint = 0.0
    /// The main composition's length (s).
    var end = 0.0
    /// Start values of the tracks read so far.
    var initialValues: [NamedValue] = []
    /// Keyframes read and written so far, against `SpecDecoder.maximumKeyframes` like a spec
    /// file (a precomposition used many times, or remapped in time, writes many).
    var keyframeCount = 0
    var keyframeLimitReported = false
    /// Precompositions by asset id: their layers and where those are.
    var assets: [String: (layers: [JSONValue], pointer: JSONPointer)] = [:]
    /// The `haptic` cues of trim paths whose stroke completes.
    var strokeCues: [Cue] = []
    /// How finely an eased time remapping is followed (s): four steps per 60 fps frame.
    static let remapStep = 1.0 / 240
    /// Precompositions nested deeper than this are not played (a file that nests a composition
    /// in itself would never end).
    static let maximumNesting = 16

    init(file: String, document: JSONDocument) {
        self.file = file
        self.document = document
    }

    mutating func error(_ pointer: JSONPointer, _ problem: String, fix: String) {
        diagnostics.append(SpecDiagnostic(.error, file: file, pointer: pointer, location: document.location(of: pointer), problem: problem, fix: fix))
    }

    mutating func warning(_ pointer: JSONPointer, _ problem: String, fix: String = "") {
        diagnostics.append(
            SpecDiagnostic(.warning, file: file, pointer: pointer, location: document.location(of: pointer), problem: problem, fix: fix))
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
            error(
                .root / "op", "the out-point \(JSONWriter.number(outPoint)) comes before the in-point \(JSONWriter.number(inPoint))",
                fix: "check ip and op")
            return nil
        }
        // The limits spec files have: an hour at most, values within ±1e9.
        guard (outPoint - inPoint) / fr <= SpecDecoder.maximumDuration, abs(inPoint) <= 1e9 else {
            error(
                .root / "op", "the composition lasts \(JSONWriter.number((outPoint - inPoint) / fr)) s, longer than an hour",
                fix: "check ip, op and fr")
            return nil
        }
        end = (outPoint - inPoint) / fr
        for (k, asset) in (root["assets"]?.arrayValue ?? []).enumerated() {
            guard let layers = asset["layers"]?.arrayValue, let id = asset["id"]?.stringValue, assets[id] == nil else { continue }
            assets[id] = (layers, .root / "assets" / k / "layers")
        }
        // The main composition is named after the file (unique in a folder; exporters often
        // leave `nm` as "Animation"); its `nm` becomes the component.
        // ("/" and "#" are ASCII: swapping their bytes leaves the rest valid UTF-8.)
        let stem = String(decoding: LottieImporter.stem(of: file).utf8.map { $0 == 0x2F || $0 == 0x23 ? 0x2D : $0 }, as: UTF8.self)
        var animations: [AnimationSpec] = []
        let clock = LottiePiecewise.clock(duration: end, from: inPoint, to: outPoint)
        if var main = composition(layers: root["layers"]?.arrayValue ?? [], at: .root / "layers", id: stem, clock: clock, markers: root["markers"]) {
            main.component = root["nm"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
            animations.append(main)
        }
        return MotionSpec(screen: screen ?? stem, animations: animations)
    }

    // MARK: Compositions

    mutating func composition(layers: [JSONValue], at pointer: JSONPointer, id: String, clock: LottiePiecewise, markers: JSONValue?) -> AnimationSpec?
    {
        initialValues = []
        var tracks: [KeyframeTrack] = []
        var names: Set<String> = []
        self.layers(layers, at: pointer, prefix: "", clock: clock, chain: [], into: &tracks, names: &names)
        // Each track holds its last value until the composition ends.
        let lengths = tracks.map { $0.keyframes.reduce(0.0) { $0 + Self.length($1) } }
        for (i, length) in lengths.enumerated() where length < end - 1e-12 {
            if let last = tracks[i].keyframes.last { tracks[i].keyframes.append(.linear(to: last.to, duration: end - length)) }
        }
        if tracks.isEmpty {
            warning(pointer, "composition \"\(id)\" has no animated transform", fix: "")
            return nil
        }
        var animation = AnimationSpec(
            id: id, trigger: .appear,
            notes:
                "Imported from Lottie \(LottieImporter.stem(of: file)): \(tracks.count) animated transform component\(tracks.count == 1 ? "" : "s").",
            motion: .keyframes(initial: initialValues, tracks: tracks, repeating: false))
        animation.cues = cues(markers, strokes: strokeCues)
        // The settling rule (`MotionLimits`), located at the composition's layers.
        do {
            _ = try animation.timeline()
        } catch {
            self.error(pointer, "composition \"\(id)\": \(error)", fix: "split the composition or shorten it")
            return nil
        }
        return animation
    }

    /// The layers of one composition whose frames `clock` gives (seconds of the main composition
    /// to frames of this one). `chain` is the precompositions being played around them.
    mutating func layers(
        _ layers: [JSONValue], at pointer: JSONPointer, prefix: String, clock: LottiePiecewise, chain: [String],
        into tracks: inout [KeyframeTrack], names: inout Set<String>
    ) {
        for (k, layer) in layers.enumerated() {
            guard let l = layer.objectValue else { continue }
            let lp = pointer / k
            let base =
                prefix
                + (l["nm"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
                    ?? "layer \(l["ind"]?.numberValue.map { JSONWriter.number($0) } ?? String(k))")
            // lottie-web shows a layer while ip ≤ frame < op, and keeps its last state outside.
            let shown = clock.clamped(l["ip"]?.numberValue ?? -.infinity, l["op"]?.numberValue ?? .infinity)
            if let ks = l["ks"]?.objectValue { transform(ks, at: lp / "ks", name: base, clock: shown, into: &tracks, names: &names) }
            if let shapes = l["shapes"]?.arrayValue { shapeItems(shapes, at: lp / "shapes", name: base, clock: shown, into: &tracks, names: &names) }
            if l["ty"]?.numberValue == 0, let ref = l["refId"]?.stringValue {
                guard let asset = assets[ref] else {
                    warning(
                        lp / "refId", "\(base): the precomposition \"\(ref)\" is not in \"assets\"; its contents are not imported",
                        fix: "export the file again with its assets")
                    continue
                }
                guard !chain.contains(ref), chain.count < Self.maximumNesting else {
                    warning(
                        lp / "refId",
                        "\(base): the precomposition \"\(ref)\" contains itself or nests deeper than \(Self.maximumNesting); it is not played here")
                    continue
                }
                guard let inner = contentsClock(of: l, at: lp, name: base, shown: shown) else { continue }
                self.layers(asset.layers, at: asset.pointer, prefix: base + "/", clock: inner, chain: chain + [ref], into: &tracks, names: &names)
            }
        }
    }

    /// The frames a precomposition layer's contents show, as lottie-web's `ICompElement` computes
    /// them from the frame f of the holding composition: `tm` × fr with time remapping (seconds,
    /// evaluated at f like any property of the layer), else (f − st) / sr (sr 0 counts as 1).
    mutating func contentsClock(of layer: JSONObject, at pointer: JSONPointer, name: String, shown: LottiePiecewise) -> LottiePiecewise? {
        guard let tm = layer["tm"]?.objectValue else {
            let st = layer["st"]?.numberValue ?? 0
            let sr = layer["sr"]?.numberValue.flatMap { $0 == 0 ? nil : $0 } ?? 1
            return shown.mapped { ($0 - st) / sr }
        }
        if tm["x"]?.stringValue != nil {
            warning(
                pointer / "tm" / "x", "\(name): an expression drives the time remapping in After Effects and lottie-web; its keyframes are played")
        }
        guard let remap = property(tm, at: pointer / "tm", component: 0, scale: frameRate, name: "\(name)/time remapping") else { return nil }
        let frames = LottiePiecewise.composing(remap, with: shown, limit: SpecDecoder.maximumKeyframes)
        guard frames.pieces.count <= SpecDecoder.maximumKeyframes else {
            _ = count(frames.pieces.count, at: pointer / "tm", name: "\(name)/time remapping")
            return nil
        }
        if frames.pieces.contains(where: { !$0.curve.isLinear && !$0.isConstant }) {
            warning(
                pointer / "tm",
                "\(name): eased time remapping is followed in steps of \(JSONWriter.number(Self.remapStep * 1000)) ms (exact at each step); linear remapping is exact"
            )
        }
        return frames.linearized(step: Self.remapStep)
    }

    static func length(_ k: Keyframe) -> Double {
        switch k {
        case .move: 0
        case .linear(_, let d, _), .cubic(_, let d, _, _): d
        case .spring(_, let d, _, _): d ?? 0
        }
    }

    /// The markers as cues (seconds from the in-point), with the trim paths' `strokes`; names
    /// made unique by a number.
    mutating func cues(_ markers: JSONValue?, strokes: [Cue]) -> [Cue] {
        var cues: [Cue] = []
        var seen: [String: Int] = [:]
        func add(_ cue: Cue) {
            var name = cue.name
            if let n = seen[name] {
                seen[name] = n + 1
                name += " \(n + 1)"
            } else {
                seen[name] = 1
            }
            cues.append(Cue(name: name, time: cue.time, duration: cue.duration))
        }
        for (k, m) in (markers?.arrayValue ?? []).enumerated() {
            guard let tm = m["tm"]?.numberValue else {
                warning(.root / "markers" / k, "a marker without a time \"tm\" is skipped")
                continue
            }
            add(
                Cue(
                    name: m["cm"]?.stringValue ?? "marker \(k)", time: (tm - inPoint) / frameRate,
                    duration: max(0, (m["dr"]?.numberValue ?? 0) / frameRate)))
        }
        strokes.forEach(add)
        return cues.sorted { $0.time < $1.time }
    }
}
