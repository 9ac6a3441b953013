import MotionJSON

// MARK: - AHAPValidator

/// Checks an AHAP pattern against what Core Haptics accepts (Apple's "Representing haptic
/// patterns in AHAP files", `CHHapticPattern.h`, `CHHapticParameter.h`, `CHHapticErrors.h`).
///
/// Errors (Core Haptics would refuse the pattern or play nothing): negative or non-finite
/// times, unknown parameter IDs, continuous events without a positive `EventDuration`,
/// continuous haptic events over 30 s, `AudioCustom` events without `EventWaveformPath`, curves
/// without control points or whose point times decrease, a pattern without any event.
///
/// Warnings (the pattern plays, perhaps not as meant): parameter values outside their documented
/// range (Core Haptics clamps them; Apple's own Recoil.ahap has `HapticSharpness` −1), `Sustained`
/// other than 0 or 1, waveform keys on events that are not `AudioCustom`, curves of more than 16
/// control points (a limit Apple does not document but Meta's and Lofelt's encoders assume).
///
/// Use `validate(_:file:)` on a model (diagnostics without line:column) or
/// `validate(document:file:)` on a parsed file, which also reports the file's shape problems
/// (types, missing keys, unknown element kinds) exactly as `AHAPDecoder` does.
public struct AHAPValidator: Sendable {
    /// Most control points per curve before a warning (and before `AHAPEncoder` splits).
    public static let maximumCurvePoints = 16
    /// Longest continuous haptic event (s) Core Haptics plays.
    public static let maximumContinuousHapticDuration = 30.0

    public init() {}

    /// Diagnostics for a model: pointers as the encoded file would have them (`/Pattern/3/Event/Time`),
    /// no line:column. O(n) in the number of elements, parameters and control points.
    public func validate(_ pattern: AHAPPattern, file: String = "pattern.ahap") -> [HapticDiagnostic] {
        var log = HapticDiagnosticLog(file: file, document: nil)
        check(pattern, pointers: pattern.elements.indices.map { JSONPointer(["Pattern", String($0)]) }, checkPlayable: true, into: &log)
        return log.sorted
    }

    /// Diagnostics for a parsed file: shape and value problems together, in document order.
    public func validate(document: JSONDocument, file: String) -> [HapticDiagnostic] {
        AHAPDecoder().decode(document: document, file: file).diagnostics
    }

    // MARK: Rules

    /// Checks every element; `pointers[i]` is where `pattern.elements[i]` sits in the file.
    /// `checkPlayable` is false when elements were dropped for shape errors (their absence
    /// must not be reported again as "no playable event").
    func check(_ pattern: AHAPPattern, pointers: [JSONPointer], checkPlayable: Bool, into log: inout HapticDiagnosticLog) {
        if !pattern.version.isFinite { log.error(JSONPointer(["Version"]), "Version must be a finite number such as 1.0") }
        if checkPlayable {
            let patternPointer = JSONPointer(["Pattern"])
            if pattern.elements.isEmpty {
                log.error(patternPointer, "the Pattern is empty: no playable event (add at least one Event)")
            } else if pattern.events.isEmpty {
                log.error(
                    patternPointer,
                    "no playable event: the Pattern holds only Parameter and ParameterCurve elements, which modulate events (add at least one Event)")
            }
        }
        for (element, pointer) in zip(pattern.elements, pointers) {
            switch element {
            case .event(let event): check(event, at: pointer / "Event", into: &log)
            case .parameter(let parameter): check(parameter, at: pointer / "Parameter", into: &log)
            case .parameterCurve(let curve): check(curve, at: pointer / "ParameterCurve", into: &log)
            }
        }
    }

    private func check(_ event: AHAPEvent, at pointer: JSONPointer, into log: inout HapticDiagnosticLog) {
        checkTime(event.time, at: pointer / "Time", "event", into: &log)
        let type = event.type.rawValue
        if event.type.isContinuous {
            if let duration = event.duration {
                if !duration.isFinite || duration <= 0 {
                    log.error(pointer / "EventDuration", "EventDuration is \(Self.seconds(duration)); a \(type) event needs a duration > 0 s")
                } else if event.type == .hapticContinuous, duration > Self.maximumContinuousHapticDuration {
                    log.error(
                        pointer / "EventDuration",
                        "EventDuration is \(Self.seconds(duration)), over Core Haptics' 30 s limit for one continuous haptic event; split it into consecutive HapticContinuous events of at most 30 s each (AHAPEncoder does this)"
                    )
                }
            } else {
                log.error(pointer, "this \(type) event has no EventDuration; continuous events need one (s, > 0)")
            }
        } else if let duration = event.duration, !duration.isFinite || duration < 0 {
            log.error(pointer / "EventDuration", "EventDuration is \(Self.seconds(duration)); it must be ≥ 0 s")
        }
        if event.type == .audioCustom {
            if (event.waveformPath ?? "").isEmpty {
                log.error(pointer, "this AudioCustom event has no EventWaveformPath (the audio file it plays)")
            }
        } else {
            let stray = [
                ("EventWaveformPath", event.waveformPath != nil),
                ("EventWaveformUseVolumeEnvelope", event.waveformUseVolumeEnvelope != nil),
                ("EventWaveformLoopEnabled", event.waveformLoopEnabled != nil),
            ]
            for (key, present) in stray where present {
                log.warning(pointer / key, "only AudioCustom events use \(key); Core Haptics ignores it on a \(type) event")
            }
        }
        for (k, parameter) in event.parameters.enumerated() {
            let p = pointer / "EventParameters" / k
            guard let entry = AHAPParameterCatalog.eventParameter(parameter.id) else {
                var hint = HapticDiagnostic.didYouMean(parameter.id, among: AHAPParameterCatalog.eventParameters.map(\.id))
                if AHAPParameterCatalog.dynamicParameter(parameter.id) != nil {
                    hint = " (\(parameter.id) is a dynamic parameter: put it in a Parameter or ParameterCurve element)"
                }
                log.error(p / "ParameterID", "unknown event parameter \"\(parameter.id)\"\(hint)")
                continue
            }
            checkValue(parameter.value, entry, at: p / "ParameterValue", into: &log)
        }
    }

    private func check(_ parameter: AHAPDynamicParameter, at pointer: JSONPointer, into log: inout HapticDiagnosticLog) {
        let entry = checkDynamicID(parameter.id, at: pointer / "ParameterID", into: &log)
        checkTime(parameter.time, at: pointer / "Time", "parameter", into: &log)
        if let entry { checkValue(parameter.value, entry, at: pointer / "ParameterValue", into: &log) }
    }

    private func check(_ curve: AHAPParameterCurve, at pointer: JSONPointer, into log: inout HapticDiagnosticLog) {
        let entry = checkDynamicID(curve.id, at: pointer / "ParameterID", into: &log)
        checkTime(curve.time, at: pointer / "Time", "curve", into: &log)
        let pointsPointer = pointer / "ParameterCurveControlPoints"
        if curve.controlPoints.isEmpty {
            log.error(pointsPointer, "the curve has no control points (give at least one {Time, ParameterValue})")
        } else if curve.controlPoints.count > Self.maximumCurvePoints {
            log.warning(
                pointsPointer,
                "the curve has \(curve.controlPoints.count) control points; keep at most \(Self.maximumCurvePoints) per curve (a limit Apple does not document but Meta's and Lofelt's encoders assume): split it into consecutive curves that repeat the boundary point (AHAPEncoder does this)"
            )
        }
        var previous: Double?
        for (k, point) in curve.controlPoints.enumerated() {
            let p = pointsPointer / k
            checkTime(point.time, at: p / "Time", "control point", into: &log)
            if let previous, point.time < previous {
                log.error(
                    p / "Time",
                    "control point Time \(Self.seconds(point.time)) comes before the previous point's \(Self.seconds(previous)); control point times must not decrease"
                )
            }
            if point.time.isFinite { previous = max(previous ?? point.time, point.time) }
            if let entry { checkValue(point.value, entry, at: p / "ParameterValue", into: &log) }
        }
    }

    // MARK: Helpers

    private func checkTime(_ time: Double, at pointer: JSONPointer, _ what: String, into log: inout HapticDiagnosticLog) {
        if !time.isFinite {
            log.error(pointer, "the \(what) Time must be a finite number of seconds")
        } else if time < 0 {
            log.error(pointer, "the \(what) Time is \(Self.seconds(time)); it must be ≥ 0 s (Core Haptics rejects negative times)")
        }
    }

    /// The catalog entry of a dynamic parameter ID, or nil after reporting an unknown one.
    private func checkDynamicID(_ id: String, at pointer: JSONPointer, into log: inout HapticDiagnosticLog) -> AHAPParameterCatalog.Entry? {
        if let entry = AHAPParameterCatalog.dynamicParameter(id) { return entry }
        let known = AHAPParameterCatalog.dynamicParameters.map(\.id)
        // An event parameter ID where a dynamic one belongs: name its control counterpart.
        let counterpart = [id + "Control", "Haptic" + id + "Control"].first { known.contains($0) }
        let hint = counterpart.map { " — did you mean \($0)? (\(id) is an event parameter)" } ?? HapticDiagnostic.didYouMean(id, among: known)
        log.error(pointer, "unknown dynamic parameter \"\(id)\"\(hint)")
        return nil
    }

    private func checkValue(_ value: Double, _ entry: AHAPParameterCatalog.Entry, at pointer: JSONPointer, into log: inout HapticDiagnosticLog) {
        guard value.isFinite else {
            log.error(pointer, "\(entry.id) must be a finite number")
            return
        }
        let range = "\(Self.number(entry.range.lowerBound))–\(Self.number(entry.range.upperBound))"
        if !entry.range.contains(value) {
            let clamped = min(max(value, entry.range.lowerBound), entry.range.upperBound)
            log.warning(
                pointer, "\(entry.id) is \(Self.number(value)), outside its range \(range); Core Haptics clamps it to \(Self.number(clamped))")
        } else if entry.isBoolean, value != 0, value != 1 {
            log.warning(pointer, "\(entry.id) is \(Self.number(value)); it is a flag (0 or 1)")
        }
    }

    static func number(_ x: Double) -> String { JSONWriter.number(x) }
    static func seconds(_ x: Double) -> String { "\(number(x)) s" }
}
