import MotionJSON

// MARK: - MetaHapticDecoder

/// Reads Meta Haptics Studio `.haptic` v1 files into `MetaHaptic`, or refuses them with one
/// located diagnostic per problem (never a partial haptic).
///
/// Required, as Meta's reader requires them: `version.major`, `signals.continuous.envelopes.amplitude`.
/// Optional: `version.minor`/`patch` (default 0), `metadata` (its unknown fields are kept
/// without comment, as the spec asks; its known fields must have their types: strings, and
/// `tags` an array of strings), `envelopes.frequency` (absent or empty: players use a default).
/// `signals.impulses`, a beta extension outside spec v1 that Meta's SDK test file
/// `valid_beta_impulses.haptic` carries (and Meta's reader skips), is accepted and not read.
/// Strict JSON (Meta's reader is). Unknown keys elsewhere are warnings, except one that looks
/// like a missing required key (`"sssignals"`), which is an error naming both. The value rules
/// are `MetaHapticValidator`'s, reported in the same pass. O(n) in the file size.
public struct MetaHapticDecoder: Sendable {
    /// Largest accepted file, in bytes (64 MiB).
    public static let maximumFileSize = 64 * 1024 * 1024

    /// How strictly the value rules apply (see `MetaHapticValidator.Mode`).
    public var mode: MetaHapticValidator.Mode

    public init(mode: MetaHapticValidator.Mode = .strict) { self.mode = mode }

    /// Decodes `.haptic` bytes; `file` names the source in diagnostics.
    public func decode(bytes: [UInt8], file: String) -> MetaHapticDecodeResult {
        guard bytes.count <= Self.maximumFileSize else {
            return MetaHapticDecodeResult(
                haptic: nil,
                diagnostics: [
                    HapticDiagnostic(
                        file: file, pointer: .root, location: nil,
                        problem: "the file is \(bytes.count) bytes, over the 64 MiB limit for a .haptic file")
                ])
        }
        do {
            return decode(document: try JSONParser().parse(bytes), file: file)
        } catch {
            return MetaHapticDecodeResult(
                haptic: nil,
                diagnostics: [
                    HapticDiagnostic(
                        file: file, pointer: error.pointer, location: error.location,
                        problem: "not valid JSON: \(error.message)")
                ])
        }
    }

    /// Decodes an already parsed document.
    public func decode(document: JSONDocument, file: String) -> MetaHapticDecodeResult {
        var reader = MetaReader(log: HapticDiagnosticLog(file: file, document: document))
        let haptic = reader.haptic(document.value)
        var log = reader.log
        if let haptic { MetaHapticValidator(mode: mode).check(haptic, into: &log) }
        return MetaHapticDecodeResult(haptic: log.hasErrors ? nil : haptic, diagnostics: log.sorted)
    }
}

// MARK: - MetaReader

/// Walks the JSON tree into the model, reporting shape problems.
private struct MetaReader {
    var log: HapticDiagnosticLog

    static let stringMetadata = ["editor", "author", "source", "project", "description"]

    mutating func haptic(_ value: JSONValue) -> MetaHaptic? {
        guard let root = value.objectValue else {
            log.error(.root, "the top level of a .haptic file must be an object with version and signals, found \(value.typeName)")
            return nil
        }
        let misspelt = log.unknownKeys(in: root, at: .root, known: ["version", "metadata", "signals"], required: ["version", "signals"])
        let version = member("version", of: root, at: .root, "an object {major, minor, patch}", misspelt).flatMap {
            self.version($0, at: JSONPointer(["version"]))
        }
        let metadata = root["metadata"].flatMap { self.metadata($0, at: JSONPointer(["metadata"])) } ?? JSONObject()
        let envelopes = member("signals", of: root, at: .root, "an object {continuous}", misspelt)
            .flatMap { nested($0, at: JSONPointer(["signals"]), "continuous", "an object {envelopes}", alsoKnown: ["impulses"]) }
            .flatMap { nested($0, at: JSONPointer(["signals", "continuous"]), "envelopes", "an object {amplitude, frequency}") }
        guard let envelopes = envelopes?.objectValue else { return nil }
        let pointer = JSONPointer(["signals", "continuous", "envelopes"])
        let missing = log.unknownKeys(in: envelopes, at: pointer, known: ["amplitude", "frequency"], required: ["amplitude"])
        var ok = true
        var amplitude: [MetaHaptic.AmplitudePoint] = []
        if let list = member("amplitude", of: envelopes, at: pointer, "an array of {time, amplitude, emphasis?}", missing) {
            if let items = list.arrayValue {
                for (k, item) in items.enumerated() {
                    if let point = amplitudePoint(item, at: pointer / "amplitude" / k) { amplitude.append(point) } else { ok = false }
                }
            } else {
                log.error(pointer / "amplitude", "amplitude must be an array of {time, amplitude, emphasis?}, found \(list.typeName)")
                ok = false
            }
        } else {
            ok = false
        }
        var frequency: [MetaHaptic.FrequencyPoint] = []
        if let items = log.optional("frequency", in: envelopes, at: pointer, "an array of {time, frequency}", ok: &ok, { $0.arrayValue }) {
            for (k, item) in items.enumerated() {
                if let point = frequencyPoint(item, at: pointer / "frequency" / k) { frequency.append(point) } else { ok = false }
            }
        }
        guard ok, let version else { return nil }
        return MetaHaptic(version: version, metadata: metadata, amplitude: amplitude, frequency: frequency)
    }

    // MARK: Sections

    mutating func version(_ value: JSONValue, at pointer: JSONPointer) -> MetaHaptic.Version? {
        guard let object = log.object(value, at: pointer, "version") else { return nil }
        let misspelt = log.unknownKeys(in: object, at: pointer, known: ["major", "minor", "patch"], required: ["major"])
        var ok = true
        let major: Int?
        if let value = object["major"] {
            major = integer(value, at: pointer / "major", "major")
        } else {
            major = nil
            if !misspelt.contains("major") { log.error(pointer, "missing major (the format's major version, 1)") }
        }
        let minor = log.optional("minor", in: object, at: pointer, "an integer", ok: &ok) { Self.integer($0) }
        let patch = log.optional("patch", in: object, at: pointer, "an integer", ok: &ok) { Self.integer($0) }
        guard ok, let major else { return nil }
        return MetaHaptic.Version(major: major, minor: minor ?? 0, patch: patch ?? 0)
    }

    mutating func metadata(_ value: JSONValue, at pointer: JSONPointer) -> JSONObject? {
        guard let object = log.object(value, at: pointer, "metadata") else { return nil }
        for key in Self.stringMetadata {
            if let field = object[key], field.stringValue == nil {
                log.error(pointer / key, "metadata \(key) must be a string, found \(field.typeName)")
            }
        }
        if let tags = object["tags"] {
            if let list = tags.arrayValue {
                for (k, tag) in list.enumerated() where tag.stringValue == nil {
                    log.error(pointer / "tags" / k, "a tag must be a string, found \(tag.typeName)")
                }
            } else {
                log.error(pointer / "tags", "metadata tags must be an array of strings, found \(tags.typeName)")
            }
        }
        return object
    }

    mutating func amplitudePoint(_ value: JSONValue, at pointer: JSONPointer) -> MetaHaptic.AmplitudePoint? {
        guard let object = log.object(value, at: pointer, "an amplitude point") else { return nil }
        let misspelt = log.unknownKeys(in: object, at: pointer, known: ["time", "amplitude", "emphasis"], required: ["time", "amplitude"])
        let time = log.requiredNumber("time", in: object, at: pointer, " of seconds ≥ 0", reported: misspelt)
        let amplitude = log.requiredNumber("amplitude", in: object, at: pointer, " in 0–1", reported: misspelt)
        var emphasis: MetaHaptic.Emphasis?
        var ok = true
        if let value = object["emphasis"] {
            let p = pointer / "emphasis"
            if let body = log.object(value, at: p, "emphasis") {
                let missing = log.unknownKeys(in: body, at: p, known: ["amplitude", "frequency"], required: ["amplitude", "frequency"])
                let a = log.requiredNumber("amplitude", in: body, at: p, " in 0–1", reported: missing)
                let f = log.requiredNumber("frequency", in: body, at: p, " in 0–1", reported: missing)
                if let a, let f { emphasis = MetaHaptic.Emphasis(amplitude: a, frequency: f) } else { ok = false }
            } else {
                ok = false
            }
        }
        guard ok, let time, let amplitude else { return nil }
        return MetaHaptic.AmplitudePoint(time: time, amplitude: amplitude, emphasis: emphasis)
    }

    mutating func frequencyPoint(_ value: JSONValue, at pointer: JSONPointer) -> MetaHaptic.FrequencyPoint? {
        guard let object = log.object(value, at: pointer, "a frequency point") else { return nil }
        let misspelt = log.unknownKeys(in: object, at: pointer, known: ["time", "frequency"], required: ["time", "frequency"])
        let time = log.requiredNumber("time", in: object, at: pointer, " of seconds ≥ 0", reported: misspelt)
        let frequency = log.requiredNumber("frequency", in: object, at: pointer, " in 0–1", reported: misspelt)
        guard let time, let frequency else { return nil }
        return MetaHaptic.FrequencyPoint(time: time, frequency: frequency)
    }

    // MARK: Helpers

    /// The required member `key` of `object`, or nil after reporting it missing (unless
    /// `misspelt` says it already was).
    mutating func member(_ key: String, of object: JSONObject, at pointer: JSONPointer, _ what: String, _ misspelt: Set<String>) -> JSONValue? {
        if let value = object[key] { return value }
        if !misspelt.contains(key) { log.error(pointer, "missing \(key) (\(what))") }
        return nil
    }

    /// The object `value` and its required member `key`, which must be an object too.
    /// `alsoKnown`: other keys accepted without comment.
    mutating func nested(_ value: JSONValue, at pointer: JSONPointer, _ key: String, _ what: String, alsoKnown: [String] = []) -> JSONValue? {
        guard let object = log.object(value, at: pointer, pointer.tokens.last ?? "the value") else { return nil }
        let misspelt = log.unknownKeys(in: object, at: pointer, known: [key] + alsoKnown, required: [key])
        guard let inner = member(key, of: object, at: pointer, what, misspelt) else { return nil }
        guard inner.objectValue != nil else {
            log.error(pointer / key, "\(key) must be \(what), found \(inner.typeName)")
            return nil
        }
        return inner
    }

    mutating func integer(_ value: JSONValue, at pointer: JSONPointer, _ key: String) -> Int? {
        if let n = Self.integer(value) { return n }
        log.error(pointer, "\(key) must be an integer, found \(value.numberValue.map { JSONWriter.number($0) } ?? value.typeName)")
        return nil
    }

    static func integer(_ value: JSONValue) -> Int? {
        guard let n = value.numberValue, n == n.rounded(), abs(n) < 1e9 else { return nil }
        return Int(n)
    }
}
