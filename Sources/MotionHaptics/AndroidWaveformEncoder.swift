// MARK: - AndroidWaveformEncoder

/// Turns a `HapticPattern` into an Android amplitude waveform (`VibrationEffect.createWaveform`),
/// the way Meta's Android exporter does: sample the pattern every 10 ms, then merge equal
/// consecutive samples into one timing.
///
/// - Slot k covers [10k, 10k + 10) ms. A continuous event covers the slots from its start to its
///   end, both rounded to the nearest 10 ms, at its intensity; one too short to cover a slot
///   that way gets the slot holding its middle (kept inside the pattern's length).
/// - A transient is a pulse of `transientPulse` (20 ms, two slots) from its time rounded to
///   10 ms, at its intensity. Android motors need about that long to be felt (pulses under
///   20 ms often are not), and AOSP's guidance is that impulses longer than 20 ms feel buzzy.
/// - Where events overlap, the strongest wins. Amplitude = intensity × 255 rounded; any
///   non-zero intensity gives at least 1 (0 would switch the motor off), clamped to 255.
/// - Length: the pattern's duration rounded to 10 ms, so the timings sum to it. A transient
///   pulse that would run past the end wraps to the start when the pattern loops, and extends
///   the waveform otherwise.
/// - `repeatIndex` is 0 when the pattern loops (the whole waveform repeats), else −1.
/// - Sharpness has no counterpart (amplitude-only motors); use `AndroidCompositionEncoder` on
///   devices with primitives.
///
/// An empty pattern of duration 0 gives empty arrays (Android refuses those: play nothing).
public struct AndroidWaveformEncoder: Sendable {
    /// Sampling interval (ms).
    public static let sampleInterval = 10
    /// Length of a transient's pulse (ms).
    public static let transientPulse = 20

    public init() {}

    /// The merged waveform. O(n + s) for n events and s samples.
    public func encode(_ pattern: HapticPattern) -> AndroidWaveform {
        let samples = self.samples(pattern)
        var timings: [Int] = []
        var amplitudes: [Int] = []
        for sample in samples {
            if let last = amplitudes.last, last == sample {
                timings[timings.count - 1] += Self.sampleInterval
            } else {
                timings.append(Self.sampleInterval)
                amplitudes.append(sample)
            }
        }
        return AndroidWaveform(timings: timings, amplitudes: amplitudes, repeatIndex: pattern.isLooping && !timings.isEmpty ? 0 : -1)
    }

    /// The amplitude of every 10 ms slot, before merging. O(n + s).
    public func samples(_ pattern: HapticPattern) -> [Int] {
        let count = Self.slot(pattern.duration)
        var spans: [(start: Int, end: Int, amplitude: Int)] = []
        var shaped: [(start: Int, end: Int, event: HapticEvent)] = []
        for event in pattern.events {
            let amplitude = Self.amplitude(event.intensity)
            let start = Self.slot(event.time)
            switch event.kind {
            case .transient:
                spans.append((start, start + Self.transientPulse / Self.sampleInterval, amplitude))
            case .continuous:
                guard event.duration > 0 else { continue }
                let end = Self.slot(event.end)
                if end > start, !event.envelope.isEmpty {
                    shaped.append((start, end, event))
                } else if end > start {
                    spans.append((start, end, amplitude))
                } else {
                    // Shorter than its rounding: the slot holding its middle, inside the pattern.
                    let middle = Int(((event.time + event.end) / 2 * 1000 / Double(Self.sampleInterval)).rounded(.down))
                    let slot = max(0, count > 0 ? min(middle, count - 1) : middle)
                    spans.append((slot, slot + 1, amplitude))
                }
            }
        }
        let wraps = pattern.isLooping && count > 0
        let length = wraps ? count : max(count, spans.map(\.end).max() ?? 0)
        var samples = [Int](repeating: 0, count: length)
        for span in spans {
            for k in span.start..<span.end {
                let index = wraps ? k % length : k
                samples[index] = max(samples[index], span.amplitude)
            }
        }
        // An event with an intensity envelope: each slot at the envelope's value in its middle.
        for span in shaped {
            for k in span.start..<span.end {
                let index = wraps ? k % length : k
                let middle = (Double(k) + 0.5) * Double(Self.sampleInterval) / 1000
                samples[index] = max(samples[index], Self.amplitude(span.event.intensity(at: middle)))
            }
        }
        return samples
    }

    /// The slot index nearest to `seconds` (≥ 0).
    static func slot(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        // Planned patterns last at most an hour (MotionLimits); the clamp keeps any other
        // pattern from trapping in Int(_:) (1e9 s is far beyond any slot an array could hold).
        return Int((min(seconds, 1e9) * 1000 / Double(sampleInterval)).rounded())
    }

    /// 0 for no intensity, else intensity × 255 rounded into 1…255.
    static func amplitude(_ intensity: Double) -> Int {
        guard intensity > 0 else { return 0 }
        return min(255, max(1, Int((min(intensity, 1) * 255).rounded())))
    }
}
