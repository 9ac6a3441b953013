import MotionJSON

// MARK: - AHAPDecoder

/// Reads AHAP files (Apple Haptic and Audio Pattern, JSON) into `AHAPPattern`, or refuses them
/// with one located diagnostic per problem (never a partial pattern).
///
/// Trailing commas are accepted with a warning each: 7 of Apple's 13 sample patterns have them.
/// Shape problems are errors: malformed JSON, a top level that is not an object, a missing or
/// non-numeric `Version`, a `Pattern` that is not an array, elements that do not hold exactly
/// one of `Event`, `Parameter`, `ParameterCurve`, missing or mistyped keys, unknown `EventType`s.
/// Unknown keys elsewhere are warnings (Core Haptics ignores them). Value rules (ranges, times,
/// durations, curve order) are `AHAPValidator`'s and are reported in the same pass.
/// O(n) in the file size.
public struct AHAPDecoder: Sendable {
    /// Largest accepted file, in bytes (64 MiB).
    public static let maximumFileSize = 64 * 1024 * 1024

    static let elementKinds = ["Event", "Parameter", "ParameterCurve"]
    static let topLevelKeys = ["Version", "Metadata", "Pattern"]
    /// The Version a file without one is read with (the format's first, Apple's samples' 1.0).
    static let defaultVersion = 1.0
    static let eventKeys = [
        "Time", "EventType", "EventDuration", "EventWaveformPath", "EventWaveformUseVolumeEnvelope",
        "EventWaveformLoopEnabled", "EventParameters",
    ]
    static let parameterKeys = ["ParameterID", "Time", "ParameterValue"]
    static let curveKeys = ["ParameterID", "Time", "ParameterCurveControlPoints"]
    static let pointKeys = ["Time", "ParameterValue"]
    static let eventParameterKeys = ["ParameterID", "ParameterValue"]

    public init() {}

    /// Decodes AHAP bytes; `file` names the source in diagnostics.
    public func decode(bytes: [UInt8], file: String) -> AHAPDecodeResult {
        guard bytes.count <= Self.maximumFileSize else {
            return AHAPDecodeResult(
                pattern: nil,
                diagnostics: [
                    HapticDiagnostic(
                        file: file, pointer: .root, location: nil,
                        problem: "the file is \(bytes.count) bytes, over the 64 MiB limit for an AHAP file")
                ])
        }
        do {
            return decode(document: try JSONParser(allowTrailingCommas: true).parse(bytes), file: file)
        } catch {
            return AHAPDecodeResult(
                pattern: nil,
                diagnostics: [
                    HapticDiagnostic(
                        file: file, pointer: error.pointer, location: error.location,
                        problem: "not valid JSON: \(error.message)")
                ])
        }
    }

    /// Decodes an already parsed document (its tolerated trailing commas become warnings).
    public func decode(document: JSONDocument, file: String) -> AHAPDecodeResult {
        var log = HapticDiagnosticLog(file: file, document: document)
        for comma in document.warnings {
            log.append(contentsOf: [
                HapticDiagnostic(
                    .warning, file: file, pointer: comma.pointer, location: comma.location,
                    problem:
                        "trailing comma after the last item: not strict JSON (tolerated because Apple's own sample AHAP files have them; strict JSON readers refuse it)"
                )
            ])
        }
        var reader = Reader(log: log)
        let pattern = reader.pattern(document.value)
        log = reader.log
        if let pattern {
            AHAPValidator().check(pattern, pointers: reader.elementPointers, checkPlayable: !reader.droppedElements, into: &log)
        }
        return AHAPDecodeResult(pattern: log.hasErrors ? nil : pattern, diagnostics: log.sorted)
    }
}

// MARK: - Reader

/// Walks the JSON tree into the model, reporting shape problems. Elements with shape errors are
/// left out of the model (and `droppedElements` is set); `elementPointers[i]` is where the
/// model's element `i` sits in the file.
private struct Reader {
    var log: HapticDiagnosticLog
    var elementPointers: [JSONPointer] = []
    var droppedElements = false

    init(log: HapticDiagnosticLog) { self.log = log }

    mutating func pattern(_ value: JSONValue) -> AHAPPattern? {
        guard let root = value.objectValue else {
            log.error(.root, "the top level of an AHAP file must be an object with Version and Pattern, found \(value.typeName)")
            return nil
        }
        let misspelt = log.unknownKeys(in: root, at: .root, known: AHAPDecoder.topLevelKeys, required: ["Pattern"], note: "Core Haptics ignores it")
        // Core Haptics loads a file without Version (a missing entry takes its default), as it
        // loads a pattern dictionary holding only Pattern: a warning, read as 1.0.
        let version: Double?
        if root["Version"] == nil {
            log.warning(
                .root, "missing Version (Core Haptics loads the pattern with its default; write \"Version\": 1.0 to say which format it uses)")
            version = AHAPDecoder.defaultVersion
        } else {
            version = log.requiredNumber("Version", in: root, at: .root, " such as 1.0", reported: misspelt)
        }
        var metadata = JSONObject()
        if let value = root["Metadata"] {
            if let object = value.objectValue {
                metadata = object
            } else {
                log.warning(JSONPointer(["Metadata"]), "Metadata should be an object of strings, found \(value.typeName) (ignored)")
            }
        }
        guard let patternValue = root["Pattern"] else {
            if !misspelt.contains("Pattern") {
                log.error(.root, "missing Pattern (an array of Event, Parameter and ParameterCurve elements)")
            }
            return nil
        }
        guard let items = patternValue.arrayValue else {
            log.error(
                JSONPointer(["Pattern"]), "Pattern must be an array of Event, Parameter and ParameterCurve elements, found \(patternValue.typeName)")
            return nil
        }
        var elements: [AHAPElement] = []
        for (i, item) in items.enumerated() {
            let pointer = JSONPointer(["Pattern", String(i)])
            if let element = element(item, at: pointer) {
                elements.append(element)
                elementPointers.append(pointer)
            } else {
                droppedElements = true
            }
        }
        guard let version else { return nil }
        return AHAPPattern(version: version, metadata: metadata, elements: elements)
    }

    mutating func element(_ value: JSONValue, at pointer: JSONPointer) -> AHAPElement? {
        let kinds = AHAPDecoder.elementKinds
        guard let object = value.objectValue else {
            log.error(pointer, "a Pattern element must be an object holding one Event, Parameter or ParameterCurve, found \(value.typeName)")
            return nil
        }
        let known = object.keys.filter { kinds.contains($0) }
        if object.isEmpty {
            log.error(pointer, "empty element: a Pattern element holds exactly one of Event, Parameter, ParameterCurve")
            return nil
        }
        if known.isEmpty {
            for key in object.keys {
                log.error(
                    pointer,
                    "unknown element kind \"\(key)\": a Pattern element holds exactly one of Event, Parameter, ParameterCurve\(HapticDiagnostic.didYouMean(key, among: kinds))"
                )
            }
            return nil
        }
        if object.count > 1 {
            let listed = object.keys.map { "\"\($0)\"" }.joined(separator: ", ")
            log.error(
                pointer,
                "the element holds \(listed); a Pattern element holds exactly one of Event, Parameter, ParameterCurve (give each its own element)")
            return nil
        }
        let key = known[0]
        let inner = pointer / key
        guard let body = log.object(object[key]!, at: inner, key) else { return nil }
        switch key {
        case "Event": return event(body, at: inner).map(AHAPElement.event)
        case "Parameter": return parameter(body, at: inner).map(AHAPElement.parameter)
        default: return curve(body, at: inner).map(AHAPElement.parameterCurve)
        }
    }

    mutating func event(_ object: JSONObject, at pointer: JSONPointer) -> AHAPEvent? {
        let misspelt = log.unknownKeys(
            in: object, at: pointer, known: AHAPDecoder.eventKeys, required: ["Time", "EventType"], note: "Core Haptics ignores it")
        var ok = true
        let time = log.requiredNumber("Time", in: object, at: pointer, " of seconds ≥ 0", reported: misspelt)
        var type: AHAPEventType?
        if let name = log.requiredString("EventType", in: object, at: pointer, reported: misspelt) {
            type = AHAPEventType(rawValue: name)
            if type == nil {
                let names = AHAPEventType.allCases.map(\.rawValue)
                log.error(
                    pointer / "EventType",
                    "unknown EventType \"\(name)\"; expected one of \(names.joined(separator: ", "))\(HapticDiagnostic.didYouMean(name, among: names))"
                )
            }
        }
        let duration = log.optional("EventDuration", in: object, at: pointer, "a number of seconds", ok: &ok) { $0.numberValue }
        // A null path on an event that plays no audio file (as some AHAP editors write) names
        // nothing: ignored with a warning; an AudioCustom event needs a real one.
        var path: String?
        if object["EventWaveformPath"]?.isNull == true, let type, type != .audioCustom {
            log.warning(
                pointer / "EventWaveformPath",
                "EventWaveformPath is null on a \(type.rawValue) event; ignored (only AudioCustom events play a waveform file)")
        } else {
            path = log.optional("EventWaveformPath", in: object, at: pointer, "a string (a file path)", ok: &ok) { $0.stringValue }
        }
        let envelope = log.optional("EventWaveformUseVolumeEnvelope", in: object, at: pointer, "true or false", ok: &ok) { $0.boolValue }
        let loop = log.optional("EventWaveformLoopEnabled", in: object, at: pointer, "true or false", ok: &ok) { $0.boolValue }
        var parameters: [AHAPEvent.Parameter] = []
        if let list = log.optional(
            "EventParameters", in: object, at: pointer, "an array of {ParameterID, ParameterValue}", ok: &ok, { $0.arrayValue })
        {
            for (k, item) in list.enumerated() {
                let p = pointer / "EventParameters" / k
                guard let entry = log.object(item, at: p, "an event parameter") else {
                    ok = false
                    continue
                }
                let misspelt = log.unknownKeys(in: entry, at: p, known: AHAPDecoder.eventParameterKeys, required: AHAPDecoder.eventParameterKeys)
                let id = log.requiredString("ParameterID", in: entry, at: p, reported: misspelt)
                let value = log.requiredNumber("ParameterValue", in: entry, at: p, reported: misspelt)
                if let id, let value { parameters.append(AHAPEvent.Parameter(id: id, value: value)) } else { ok = false }
            }
        }
        guard ok, let time, let type else { return nil }
        return AHAPEvent(
            time: time, type: type, duration: duration, parameters: parameters,
            waveformPath: path, waveformUseVolumeEnvelope: envelope, waveformLoopEnabled: loop)
    }

    mutating func parameter(_ object: JSONObject, at pointer: JSONPointer) -> AHAPDynamicParameter? {
        let misspelt = log.unknownKeys(
            in: object, at: pointer, known: AHAPDecoder.parameterKeys, required: AHAPDecoder.parameterKeys, note: "Core Haptics ignores it")
        let id = log.requiredString("ParameterID", in: object, at: pointer, reported: misspelt)
        let time = log.requiredNumber("Time", in: object, at: pointer, " of seconds ≥ 0", reported: misspelt)
        let value = log.requiredNumber("ParameterValue", in: object, at: pointer, reported: misspelt)
        guard let id, let time, let value else { return nil }
        return AHAPDynamicParameter(id: id, time: time, value: value)
    }

    mutating func curve(_ object: JSONObject, at pointer: JSONPointer) -> AHAPParameterCurve? {
        let misspelt = log.unknownKeys(
            in: object, at: pointer, known: AHAPDecoder.curveKeys, required: AHAPDecoder.curveKeys, note: "Core Haptics ignores it")
        let id = log.requiredString("ParameterID", in: object, at: pointer, reported: misspelt)
        let time = log.requiredNumber("Time", in: object, at: pointer, " of seconds ≥ 0", reported: misspelt)
        var points: [AHAPParameterCurve.ControlPoint]?
        let key = "ParameterCurveControlPoints"
        if let value = object[key] {
            if let list = value.arrayValue {
                var ok = true
                var collected: [AHAPParameterCurve.ControlPoint] = []
                for (k, item) in list.enumerated() {
                    let p = pointer / key / k
                    guard let entry = log.object(item, at: p, "a control point") else {
                        ok = false
                        continue
                    }
                    let misspelt = log.unknownKeys(in: entry, at: p, known: AHAPDecoder.pointKeys, required: AHAPDecoder.pointKeys)
                    let t = log.requiredNumber("Time", in: entry, at: p, " of seconds from the curve's Time", reported: misspelt)
                    let v = log.requiredNumber("ParameterValue", in: entry, at: p, reported: misspelt)
                    if let t, let v { collected.append(.init(time: t, value: v)) } else { ok = false }
                }
                if ok { points = collected }
            } else {
                log.error(pointer / key, "\(key) must be an array of {Time, ParameterValue}, found \(value.typeName)")
            }
        } else if !misspelt.contains(key) {
            log.error(pointer, "missing \(key) (an array of {Time, ParameterValue})")
        }
        guard let id, let time, let points else { return nil }
        return AHAPParameterCurve(id: id, time: time, controlPoints: points)
    }
}
