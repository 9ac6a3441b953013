import MotionJSON

// MARK: - AHAPElement

/// One entry of an AHAP `Pattern` array.
public enum AHAPElement: Hashable, Sendable {
    case event(AHAPEvent)
    case parameter(AHAPDynamicParameter)
    case parameterCurve(AHAPParameterCurve)

    /// The AHAP key of this element kind: `Event`, `Parameter` or `ParameterCurve`.
    public var key: String {
        switch self {
        case .event: "Event"
        case .parameter: "Parameter"
        case .parameterCurve: "ParameterCurve"
        }
    }

    /// When the element starts (s).
    public var time: Double {
        switch self {
        case .event(let e): e.time
        case .parameter(let p): p.time
        case .parameterCurve(let c): c.time
        }
    }
}

// MARK: - AHAPPattern

/// An Apple Haptic and Audio Pattern (AHAP) file as a value: version, metadata and the
/// `Pattern` elements in file order. Decoded by `AHAPDecoder`, written by `AHAPEncoder`,
/// checked by `AHAPValidator`.
public struct AHAPPattern: Hashable, Sendable {
    /// `Version`: the lowest Core Haptics version able to load the file (Apple's samples: 1.0).
    public var version: Double
    /// `Metadata` (Project, Created, Description, …) in file order; Core Haptics ignores it.
    public var metadata: JSONObject
    public var elements: [AHAPElement]

    public init(version: Double = 1, metadata: JSONObject = JSONObject(), elements: [AHAPElement] = []) {
        self.version = version
        self.metadata = metadata
        self.elements = elements
    }

    /// A pattern whose metadata are string pairs, kept in the given order.
    public init(version: Double = 1, metadata: [(String, String)], elements: [AHAPElement] = []) {
        self.init(version: version, metadata: JSONObject(metadata.map { ($0.0, JSONValue.string($0.1)) }), elements: elements)
    }

    // MARK: Views

    /// The `Event` elements, in file order.
    public var events: [AHAPEvent] {
        elements.compactMap { if case .event(let e) = $0 { e } else { nil } }
    }

    /// The `Parameter` elements, in file order.
    public var dynamicParameters: [AHAPDynamicParameter] {
        elements.compactMap { if case .parameter(let p) = $0 { p } else { nil } }
    }

    /// The `ParameterCurve` elements, in file order.
    public var parameterCurves: [AHAPParameterCurve] {
        elements.compactMap { if case .parameterCurve(let c) = $0 { c } else { nil } }
    }

    /// Intensity assumed when a haptic event gives no `HapticIntensity`: 1, "no attenuation"
    /// (the top of the range in `CHHapticParameter.h`; an event with no parameters plays at
    /// full strength).
    public static let defaultIntensity = 1.0
    /// Sharpness assumed when a haptic event gives no `HapticSharpness`: 0.5, the middle of the
    /// 0–1 range, neither round nor crisp (the header states no default for sharpness).
    public static let defaultSharpness = 0.5

    /// The haptic transient and continuous events as format-independent `HapticEvent`s, sorted
    /// by time (ties: transients first), with their `HapticIntensity` and `HapticSharpness`
    /// (`defaultIntensity` 1 and `defaultSharpness` 0.5 when absent) clamped to 0…1 as Core
    /// Haptics does (Apple's Recoil.ahap uses sharpness −1). A continuous event without a
    /// duration gets 0. Audio events, dynamic parameters and curves are not included (curves
    /// modulate every event of the pattern; they are not events). O(n log n).
    public var hapticEvents: [HapticEvent] {
        let list = events.compactMap { e -> HapticEvent? in
            let intensity = min(max(e.value(of: "HapticIntensity") ?? Self.defaultIntensity, 0), 1)
            let sharpness = min(max(e.value(of: "HapticSharpness") ?? Self.defaultSharpness, 0), 1)
            switch e.type {
            case .hapticTransient: return .transient(at: e.time, intensity: intensity, sharpness: sharpness)
            case .hapticContinuous: return .continuous(at: e.time, duration: max(e.duration ?? 0, 0), intensity: intensity, sharpness: sharpness)
            case .audioContinuous, .audioCustom: return nil
            }
        }
        return HapticPattern(events: list).events
    }

    // MARK: Splitting

    /// The pattern with every `ParameterCurve` of more than `maximumPoints` control points
    /// replaced, in place, by consecutive curves of at most that many points (boundary point
    /// repeated; see `AHAPParameterCurve.split`). Other elements are unchanged. O(n).
    public func splittingLongCurves(maximumPoints: Int = AHAPValidator.maximumCurvePoints) -> AHAPPattern {
        var copy = self
        copy.elements = elements.flatMap { element -> [AHAPElement] in
            guard case .parameterCurve(let curve) = element else { return [element] }
            return curve.split(maximumPoints: maximumPoints).map(AHAPElement.parameterCurve)
        }
        return copy
    }

    /// The pattern with every `HapticContinuous` event longer than `maximumDuration` (s)
    /// replaced, in place, by consecutive events of at most that length with the same type and
    /// parameters (75 s becomes 30 + 30 + 15). Other elements are unchanged. O(n + pieces).
    public func splittingLongEvents(maximumDuration: Double = AHAPValidator.maximumContinuousHapticDuration) -> AHAPPattern {
        var copy = self
        copy.elements = elements.flatMap { element -> [AHAPElement] in
            guard case .event(let event) = element, event.type == .hapticContinuous,
                let duration = event.duration, duration > maximumDuration, maximumDuration > 0, duration.isFinite
            else { return [element] }
            var pieces: [AHAPElement] = []
            var offset = 0.0
            // A remainder under a nanosecond is floating-point noise, not a piece.
            while duration - offset > 1e-9 {
                var piece = event
                piece.time = event.time + offset
                piece.duration = min(maximumDuration, duration - offset)
                pieces.append(.event(piece))
                offset += maximumDuration
            }
            return pieces
        }
        return copy
    }

    /// Both splits: continuous haptic events over 30 s and curves over 16 points, as
    /// `AHAPEncoder` writes them. O(n + pieces).
    public func splittingLongElements() -> AHAPPattern {
        splittingLongEvents().splittingLongCurves()
    }
}
