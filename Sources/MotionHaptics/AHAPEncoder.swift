import MotionJSON

// MARK: - AHAPEncoder

/// Writes AHAP files, deterministically: the same pattern always gives the same bytes, and
/// `encode(decode(encode(x))) == encode(x)`.
///
/// Output: pretty-printed JSON (2-space indent, trailing newline); keys `Version`, `Metadata`
/// (only when non-empty), `Pattern`; in an Event `Time`, `EventType`, `EventDuration`,
/// `EventWaveformPath`, `EventWaveformUseVolumeEnvelope`, `EventWaveformLoopEnabled` (each only
/// when the event has it), `EventParameters` [`ParameterID`, `ParameterValue`]; in a Parameter
/// `ParameterID`, `Time`, `ParameterValue`; in a ParameterCurve `ParameterID`, `Time`,
/// `ParameterCurveControlPoints` [`Time`, `ParameterValue`]. Times and durations are rounded to
/// 0.1 ms (4 decimals, s), parameter values to 4 decimals. Before writing, continuous haptic
/// events over 30 s and curves over 16 control points are split (`splittingLongElements`).
public struct AHAPEncoder: Sendable {
    public init() {}

    // MARK: AHAPPattern

    /// The AHAP text of `pattern`. O(n) in elements, parameters and control points.
    public func encode(_ pattern: AHAPPattern) -> String {
        JSONWriter(pretty: true).string(json(pattern))
    }

    /// The JSON tree `encode` writes: rounded (so that a 30.00004 s event is not split into a
    /// sliver), split, then rounded again as written (splitting re-derives curve point times).
    public func json(_ pattern: AHAPPattern) -> JSONValue {
        let prepared = Self.rounded(pattern).splittingLongElements()
        var root = JSONObject()
        root["Version"] = .number(prepared.version)
        if !prepared.metadata.isEmpty { root["Metadata"] = .object(prepared.metadata) }
        root["Pattern"] = .array(prepared.elements.map { .object(JSONObject([($0.key, .object(Self.body(of: $0)))])) })
        return .object(root)
    }

    /// An element's members in the documented key order, times and values rounded.
    private static func body(of element: AHAPElement) -> JSONObject {
        var o = JSONObject()
        switch element {
        case .event(let e):
            o["Time"] = .number(time(e.time))
            o["EventType"] = .string(e.type.rawValue)
            if let d = e.duration { o["EventDuration"] = .number(time(d)) }
            if let path = e.waveformPath { o["EventWaveformPath"] = .string(path) }
            if let flag = e.waveformUseVolumeEnvelope { o["EventWaveformUseVolumeEnvelope"] = .bool(flag) }
            if let flag = e.waveformLoopEnabled { o["EventWaveformLoopEnabled"] = .bool(flag) }
            o["EventParameters"] = .array(
                e.parameters.map {
                    .object(JSONObject([("ParameterID", .string($0.id)), ("ParameterValue", .number(value($0.value)))]))
                })
        case .parameter(let p):
            o["ParameterID"] = .string(p.id)
            o["Time"] = .number(time(p.time))
            o["ParameterValue"] = .number(value(p.value))
        case .parameterCurve(let c):
            o["ParameterID"] = .string(c.id)
            o["Time"] = .number(time(c.time))
            o["ParameterCurveControlPoints"] = .array(
                c.controlPoints.map {
                    .object(JSONObject([("Time", .number(time($0.time))), ("ParameterValue", .number(value($0.value)))]))
                })
        }
        return o
    }

    // MARK: HapticPattern

    /// The AHAP model of a format-independent pattern: each transient becomes a `HapticTransient`
    /// with `HapticIntensity` and `HapticSharpness`; each continuous event a `HapticContinuous`
    /// with `EventDuration` and the same two parameters, split into consecutive events of at most
    /// 30 s when longer. Events keep the pattern's order (by time, transients first on ties);
    /// times and values are rounded as `encode` writes them. `Version` is 1.0; `metadata` pairs
    /// are kept in order. AHAP has no loop flag: a looping pattern is looped by its player
    /// (`CHHapticAdvancedPatternPlayer.loopEnabled`). O(n).
    ///
    /// A continuous event with an intensity envelope also gets a `HapticIntensityControl`
    /// curve: the envelope over the event's intensity, back to 1 at its end. The control scales
    /// every event playing meanwhile, so an event that starts under the curve has its intensity
    /// divided by the control there (at most 1) and plays as planned.
    public func pattern(from pattern: HapticPattern, metadata: [(String, String)] = []) -> AHAPPattern {
        let shaped = pattern.events.filter { $0.kind == .continuous && !$0.envelope.isEmpty && $0.intensity > 0 }
        /// The control value at `t`: the shaped event playing there, else 1.
        func control(at t: Double, except e: HapticEvent) -> Double {
            guard let s = shaped.first(where: { $0 != e && $0.time <= t && t < $0.end }) else { return 1 }
            return max(s.intensity(at: t) / s.intensity, 1e-4)
        }
        var elements: [AHAPElement] = []
        for e in pattern.events {
            let intensity = min(1, e.intensity / control(at: e.time, except: e))
            let parameters = [
                AHAPEvent.Parameter(id: "HapticIntensity", value: intensity),
                AHAPEvent.Parameter(id: "HapticSharpness", value: e.sharpness),
            ]
            switch e.kind {
            case .transient:
                elements.append(.event(AHAPEvent(time: e.time, type: .hapticTransient, parameters: parameters)))
            case .continuous:
                elements.append(.event(AHAPEvent(time: e.time, type: .hapticContinuous, duration: e.duration, parameters: parameters)))
                guard shaped.contains(e) else { continue }
                let points =
                    e.envelope.map { AHAPParameterCurve.ControlPoint(time: min(max($0.time, 0), e.duration), value: $0.intensity / e.intensity) }
                    + [AHAPParameterCurve.ControlPoint(time: e.duration, value: 1)]
                elements.append(.parameterCurve(AHAPParameterCurve(id: "HapticIntensityControl", time: e.time, controlPoints: points)))
            }
        }
        return Self.rounded(AHAPPattern(version: 1, metadata: metadata, elements: elements)).splittingLongEvents()
    }

    /// `encode(pattern(from: pattern, metadata: metadata))`.
    public func encode(_ pattern: HapticPattern, metadata: [(String, String)] = []) -> String {
        encode(self.pattern(from: pattern, metadata: metadata))
    }

    // MARK: Rounding

    /// Seconds rounded to 0.1 ms.
    static func time(_ t: Double) -> Double { round4(t) }
    /// Parameter values rounded to 4 decimals.
    static func value(_ v: Double) -> Double { round4(v) }

    /// `x` rounded to 4 decimals (half away from zero); −0 becomes 0; non-finite values pass
    /// through. Idempotent: a 4-decimal number read back from text rounds to itself.
    static func round4(_ x: Double) -> Double {
        guard x.isFinite, abs(x) < 1e11 else { return x }
        let r = (x * 10_000).rounded() / 10_000
        return r == 0 ? 0 : r
    }

    /// Every time, duration and value of `pattern` rounded.
    static func rounded(_ pattern: AHAPPattern) -> AHAPPattern {
        var copy = pattern
        copy.elements = pattern.elements.map { element in
            switch element {
            case .event(var e):
                e.time = time(e.time)
                e.duration = e.duration.map(time)
                e.parameters = e.parameters.map { .init(id: $0.id, value: value($0.value)) }
                return .event(e)
            case .parameter(var p):
                p.time = time(p.time)
                p.value = value(p.value)
                return .parameter(p)
            case .parameterCurve(var c):
                c.time = time(c.time)
                c.controlPoints = c.controlPoints.map { .init(time: time($0.time), value: value($0.value)) }
                return .parameterCurve(c)
            }
        }
        return copy
    }
}
