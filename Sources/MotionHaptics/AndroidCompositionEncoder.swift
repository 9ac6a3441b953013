import MotionJSON

// MARK: - AndroidCompositionEncoder

/// Turns a `HapticPattern` into Android composition primitives
/// (`VibrationEffect.startComposition().addPrimitive(id, scale, delayMs)`, API 30).
///
/// Choice of primitive (scale = intensity, clamped to 0–1 and rounded to 4 decimals; events of
/// intensity 0 are left out):
///
/// | event      | sharpness ≥ 0.5     | sharpness < 0.5     |
/// |------------|---------------------|---------------------|
/// | transient, intensity ≥ 0.5 | CLICK | THUD        |
/// | transient, intensity < 0.5 | TICK  | LOW_TICK    |
///
/// A continuous event has no sustained primitive to map to: it becomes a rise at its start
/// (SLOW_RISE when the event lasts at least the SLOW_RISE's duration, else QUICK_RISE) and a
/// QUICK_FALL that ends with the event, when it fits after the rise. Primitives have no level
/// to follow: an event with an intensity envelope rises to its highest intensity. SPIN is never chosen (no
/// pattern event asks for a spin).
///
/// Delays count from the end of the previous primitive, so they depend on how long each
/// primitive plays, which varies per device: pass the durations reported by
/// `Vibrator.getPrimitiveDurations` (API 31) as `primitiveDurations`. The defaults are nominal
/// estimates, not measurements. A primitive that cannot start on time (the previous one still
/// plays) gets delay 0 and starts late. Compositions do not loop; loop them from the caller.
public struct AndroidCompositionEncoder: Sendable {
    /// Estimated playing time (ms) of each primitive, used when no device values are given.
    public static let nominalDurations: [AndroidPrimitive.Kind: Int] = [
        .click: 12, .thud: 30, .spin: 60, .quickRise: 50, .slowRise: 150, .quickFall: 50, .tick: 8, .lowTick: 12,
    ]

    /// Playing time (ms) of each primitive; missing kinds count as 0.
    public var primitiveDurations: [AndroidPrimitive.Kind: Int]

    public init(primitiveDurations: [AndroidPrimitive.Kind: Int] = Self.nominalDurations) {
        self.primitiveDurations = primitiveDurations
    }

    /// The primitives in playing order. O(n log n).
    public func encode(_ pattern: HapticPattern) -> [AndroidPrimitive] {
        var planned: [(startMs: Int, kind: AndroidPrimitive.Kind, scale: Double)] = []
        for event in pattern.events {
            let scale = AHAPEncoder.round4(min(max(event.intensity, 0), 1))
            guard scale > 0 else { continue }
            let startMs = Self.milliseconds(event.time)
            switch event.kind {
            case .transient:
                let crisp = event.sharpness >= 0.5, strong = event.intensity >= 0.5
                planned.append((startMs, crisp ? (strong ? .click : .tick) : (strong ? .thud : .lowTick), scale))
            case .continuous:
                let lengthMs = Self.milliseconds(event.end) - startMs
                guard lengthMs > 0 else { continue }
                let rise: AndroidPrimitive.Kind = lengthMs >= duration(.slowRise) ? .slowRise : .quickRise
                planned.append((startMs, rise, scale))
                let fallStart = startMs + lengthMs - duration(.quickFall)
                if fallStart >= startMs + duration(rise) { planned.append((fallStart, .quickFall, scale)) }
            }
        }
        // Stable sort by start: equal starts keep the pattern's order.
        planned = planned.enumerated().sorted { ($0.element.startMs, $0.offset) < ($1.element.startMs, $1.offset) }.map(\.element)
        var cursor = 0
        return planned.map { item in
            let delay = max(0, item.startMs - cursor)
            cursor += delay + duration(item.kind)
            return AndroidPrimitive(primitive: item.kind, scale: item.scale, delayMs: delay)
        }
    }

    /// `[{"primitive":"CLICK","id":1,"scale":0.8,"delayMs":0}, …]`.
    public func json(_ primitives: [AndroidPrimitive]) -> JSONValue { .array(primitives.map(\.json)) }

    /// `encode` then `json`.
    public func json(_ pattern: HapticPattern) -> JSONValue { json(encode(pattern)) }

    private func duration(_ kind: AndroidPrimitive.Kind) -> Int { max(0, primitiveDurations[kind] ?? 0) }

    static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return Int((min(seconds, 1e9) * 1000).rounded()) // clamped: never traps in Int(_:)
    }
}
