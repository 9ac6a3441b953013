import MotionJSON

// MARK: - MetaHapticValidator

/// Checks a Meta `.haptic` v1 model against the validation rules of the format
/// (`resources/haptic-file-spec.md` in `facebook/meta-haptics-sdk`, matching the SDK's own
/// validator and its test files):
///
/// - `version.major` is 1;
/// - the amplitude envelope has at least 2 points and lasts more than 0 s (last time − first);
/// - times are ≥ 0 and do not decrease, in both envelopes;
/// - amplitudes, frequencies and emphasis values are within 0–1;
/// - an emphasis amplitude is at least the envelope amplitude at its point;
/// - no frequency point comes after the last amplitude point (in `.legacyCompatibility` mode,
///   as Meta's SDK offers for files from early Haptics Studio versions, only a warning).
///
/// Every rule is an error. O(n) in the number of points.
public struct MetaHapticValidator: Sendable {
    public enum Mode: Hashable, Sendable {
        /// All rules are errors (Meta's `ValidationMode::Strict`).
        case strict
        /// A frequency point after the amplitude envelope's end is only a warning (Meta's
        /// `ValidationMode::LegacyCompatibility`).
        case legacyCompatibility
    }

    public var mode: Mode

    public init(mode: Mode = .strict) { self.mode = mode }

    static let envelopes = JSONPointer(["signals", "continuous", "envelopes"])

    /// Diagnostics for a model, with pointers as the encoded file has them
    /// (`/signals/continuous/envelopes/amplitude/3/time`) and no line:column.
    public func validate(_ haptic: MetaHaptic, file: String = "effect.haptic") -> [HapticDiagnostic] {
        var log = HapticDiagnosticLog(file: file, document: nil)
        check(haptic, into: &log)
        return log.sorted
    }

    // MARK: Rules

    func check(_ haptic: MetaHaptic, into log: inout HapticDiagnosticLog) {
        if haptic.version.major != 1 {
            log.error(JSONPointer(["version", "major"]), "unsupported major version \(haptic.version.major): this reader knows .haptic format v1")
        }
        let amplitudePointer = Self.envelopes / "amplitude"
        let points = haptic.amplitude
        var ordered = true
        var previous: Double?
        for (k, point) in points.enumerated() {
            let p = amplitudePointer / k
            ordered = checkTime(point.time, previous: previous, at: p / "time", "amplitude", into: &log) && ordered
            if point.time.isFinite { previous = max(previous ?? point.time, point.time) }
            checkUnit(point.amplitude, at: p / "amplitude", "amplitude", into: &log)
            if let emphasis = point.emphasis {
                let inRange = checkUnit(emphasis.amplitude, at: p / "emphasis" / "amplitude", "emphasis amplitude", into: &log)
                checkUnit(emphasis.frequency, at: p / "emphasis" / "frequency", "emphasis frequency", into: &log)
                if inRange, emphasis.amplitude < point.amplitude {
                    log.error(
                        p / "emphasis" / "amplitude",
                        "emphasis amplitude \(Self.number(emphasis.amplitude)) is below the envelope amplitude \(Self.number(point.amplitude)) at this point; an emphasis must be at least as strong as the envelope under it"
                    )
                }
            }
        }
        if points.count < 2 {
            log.error(
                amplitudePointer,
                "the amplitude envelope has \(points.count) point\(points.count == 1 ? "" : "s"); it needs at least 2 (a start and an end)")
        } else if ordered, let first = points.first?.time, let last = points.last?.time, first.isFinite, last.isFinite, !(last - first > 0) {
            log.error(amplitudePointer, "the amplitude envelope lasts 0 s (all its points are at \(Self.number(first)) s); its duration must be > 0")
        }
        let frequencyPointer = Self.envelopes / "frequency"
        let end = points.last?.time
        previous = nil
        for (k, point) in haptic.frequency.enumerated() {
            let p = frequencyPointer / k
            _ = checkTime(point.time, previous: previous, at: p / "time", "frequency", into: &log)
            if point.time.isFinite { previous = max(previous ?? point.time, point.time) }
            checkUnit(point.frequency, at: p / "frequency", "frequency", into: &log)
            if let end, end.isFinite, point.time > end {
                let problem =
                    "frequency point at \(Self.number(point.time)) s is after the end of the amplitude envelope (\(Self.number(end)) s); no frequency point may come after the last amplitude point"
                log.add(mode == .strict ? .error : .warning, p / "time", problem)
            }
        }
    }

    // MARK: Helpers

    /// Reports a negative, non-finite or decreasing time; false when out of order.
    private func checkTime(
        _ time: Double, previous: Double?, at pointer: JSONPointer, _ envelope: String, into log: inout HapticDiagnosticLog
    ) -> Bool {
        guard time.isFinite else {
            log.error(pointer, "time must be a finite number of seconds")
            return true
        }
        if time < 0 { log.error(pointer, "time is \(Self.number(time)) s; it must be ≥ 0") }
        if let previous, time < previous {
            log.error(
                pointer,
                "time \(Self.number(time)) s comes before the previous point's \(Self.number(previous)) s; \(envelope) points must be in non-decreasing time order"
            )
            return false
        }
        return true
    }

    /// Reports a value outside 0–1; false when it is.
    @discardableResult
    private func checkUnit(_ value: Double, at pointer: JSONPointer, _ what: String, into log: inout HapticDiagnosticLog) -> Bool {
        guard (0...1).contains(value) else {
            log.error(pointer, "\(what) \(value.isFinite ? Self.number(value) : "\(value)") is outside 0–1")
            return false
        }
        return true
    }

    static func number(_ x: Double) -> String { JSONWriter.number(x) }
}
