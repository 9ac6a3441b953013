import MotionHaptics
import MotionJSON
import MotionTestSupport
import Testing

/// Bad AHAP inputs: each refused (or warned about) at the exact pointer and line:column.
/// Locations are found by plain text search in the input, independently of the parser.
@Suite("AHAP: bad inputs and their diagnostics")
struct AHAPValidationTests {
    /// A file whose only Pattern element is `{"Event": {BODY}}`.
    static func file(event body: String) -> String {
        """
        {
          "Version": 1.0,
          "Pattern": [
            {"Event": {\(body)}}
          ]
        }
        """
    }

    /// The only diagnostic of `result`, recorded as an issue when there is not exactly one.
    static func single(_ result: AHAPDecodeResult, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> HapticDiagnostic? {
        #expect(result.diagnostics.count == 1, "\(listing(result.diagnostics))", sourceLocation: sourceLocation)
        return result.diagnostics.first
    }

    @Test("negative Time: an error at /Pattern/0/Event/Time")
    func negativeTime() throws {
        let text = Self.file(event: #""Time": -0.1, "EventType": "HapticTransient""#)
        let result = decodeAHAP(text)
        #expect(result.pattern == nil)
        let error = try #require(Self.single(result))
        #expect(error.severity == .error)
        #expect(error.pointer == pointer("/Pattern/0/Event/Time"))
        let at = try #require(position(of: "-0.1", in: text))
        #expect(error.location == at)
        #expect(
            error.description
                == "test.ahap:\(at.line):\(at.column): error: /Pattern/0/Event/Time: the event Time is -0.1 s; it must be ≥ 0 s (Core Haptics rejects negative times)"
        )
    }

    @Test("intensity 1.5: a warning at its ParameterValue (Core Haptics clamps it to 1); the pattern still decodes")
    func intensityOutOfRange() throws {
        let text = Self.file(
            event: #""Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1.5}]"#)
        let result = decodeAHAP(text)
        let warning = try #require(Self.single(result))
        #expect(warning.severity == .warning)
        #expect(warning.pointer == pointer("/Pattern/0/Event/EventParameters/0/ParameterValue"))
        #expect(warning.location == position(of: "1.5", in: text))
        #expect(warning.problem == "HapticIntensity is 1.5, outside its range 0–1; Core Haptics clamps it to 1")
        #expect(result.pattern?.events.first?.value(of: "HapticIntensity") == 1.5)
        #expect(result.pattern?.hapticEvents.first?.intensity == 1)
    }

    @Test("a null EventWaveformPath on a haptic event (as AHAP editors write it) is a warning and ignored; on an AudioCustom event it is an error")
    func nullWaveformPath() throws {
        let text = Self.file(event: #""Time": 0, "EventType": "HapticContinuous", "EventDuration": 0.2, "EventWaveformPath": null"#)
        let result = decodeAHAP(text)
        let warning = try #require(Self.single(result))
        #expect(warning.severity == .warning && warning.pointer == pointer("/Pattern/0/Event/EventWaveformPath"))
        #expect(warning.location == position(of: "null", in: text))
        #expect(result.pattern?.events.first?.waveformPath == nil && result.pattern?.events.count == 1)
        let audio = decodeAHAP(Self.file(event: #""Time": 0, "EventType": "AudioCustom", "EventWaveformPath": null"#))
        #expect(audio.pattern == nil)
        #expect(
            audio.diagnostics.contains {
                $0.severity == .error && $0.pointer == pointer("/Pattern/0/Event/EventWaveformPath") && $0.problem.contains("must be a string")
            })
    }

    @Test("unknown EventType: an error at /Pattern/0/Event/EventType with a suggestion")
    func unknownEventType() throws {
        let text = Self.file(event: #""Time": 0, "EventType": "HapticTransiant""#)
        let result = decodeAHAP(text)
        #expect(result.pattern == nil)
        let error = try #require(Self.single(result))
        #expect(error.pointer == pointer("/Pattern/0/Event/EventType"))
        #expect(error.location == position(of: #""HapticTransiant""#, in: text))
        #expect(
            error.problem
                == "unknown EventType \"HapticTransiant\"; expected one of HapticTransient, HapticContinuous, AudioContinuous, AudioCustom — did you mean HapticTransient?"
        )
    }

    @Test("continuous event without EventDuration: an error at /Pattern/0/Event (the object missing it)")
    func missingDuration() throws {
        let text = Self.file(event: #""Time": 0.5, "EventType": "HapticContinuous""#)
        let result = decodeAHAP(text)
        #expect(result.pattern == nil)
        let error = try #require(Self.single(result))
        #expect(error.pointer == pointer("/Pattern/0/Event"))
        #expect(error.location == position(of: #"{"Time""#, in: text))
        #expect(error.problem == "this HapticContinuous event has no EventDuration; continuous events need one (s, > 0)")
        // Audio continuous events need one too; transients do not.
        #expect(decodeAHAP(Self.file(event: #""Time": 0, "EventType": "AudioContinuous""#)).errors.map(\.pointer) == [pointer("/Pattern/0/Event")])
        #expect(decodeAHAP(Self.file(event: #""Time": 0, "EventType": "HapticTransient""#)).diagnostics.isEmpty)
    }

    @Test("EventDuration 0, or over 30 s on a haptic continuous event: errors at /EventDuration")
    func badDurations() throws {
        let zero = decodeAHAP(Self.file(event: #""Time": 0, "EventType": "HapticContinuous", "EventDuration": 0"#))
        #expect(zero.errors.map(\.pointer) == [pointer("/Pattern/0/Event/EventDuration")])
        #expect(zero.errors.first?.problem == "EventDuration is 0 s; a HapticContinuous event needs a duration > 0 s")
        let long = decodeAHAP(Self.file(event: #""Time": 0, "EventType": "HapticContinuous", "EventDuration": 30.5"#))
        #expect(long.errors.map(\.pointer) == [pointer("/Pattern/0/Event/EventDuration")])
        #expect(long.errors.first?.problem.hasPrefix("EventDuration is 30.5 s, over Core Haptics' 30 s limit") == true)
        #expect(long.errors.first?.problem.contains("split it") == true)
        #expect(decodeAHAP(Self.file(event: #""Time": 0, "EventType": "HapticContinuous", "EventDuration": 30"#)).diagnostics.isEmpty)
        #expect(decodeAHAP(Self.file(event: #""Time": 0, "EventType": "AudioContinuous", "EventDuration": 45"#)).diagnostics.isEmpty)
        let negative = decodeAHAP(Self.file(event: #""Time": 0, "EventType": "HapticTransient", "EventDuration": -1"#))
        #expect(negative.errors.map(\.problem) == ["EventDuration is -1 s; it must be ≥ 0 s"])
    }

    @Test("empty Pattern: an error at /Pattern (no playable event)")
    func emptyPattern() throws {
        let text = #"{"Version": 1, "Pattern": []}"#
        let result = decodeAHAP(text)
        #expect(result.pattern == nil)
        let error = try #require(Self.single(result))
        #expect(error.pointer == pointer("/Pattern"))
        #expect(error.location == position(of: "[]", in: text))
        #expect(error.problem.contains("no playable event"))
    }

    @Test("only parameter curves: an error at /Pattern (no playable event)")
    func onlyCurves() throws {
        let text =
            #"{"Version": 1, "Pattern": [{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 1}]}}]}"#
        let error = try #require(Self.single(decodeAHAP(text)))
        #expect(error.pointer == pointer("/Pattern"))
        #expect(error.problem.hasPrefix("no playable event"))
    }

    @Test("Pattern not an array: an error at /Pattern")
    func patternNotArray() throws {
        let text = #"{"Version": 1, "Pattern": {"Event": {"Time": 0, "EventType": "HapticTransient"}}}"#
        let result = decodeAHAP(text)
        #expect(result.pattern == nil)
        let error = try #require(Self.single(result))
        #expect(error.pointer == pointer("/Pattern"))
        #expect(error.location == position(of: #"{"Event""#, in: text))
        #expect(error.problem == "Pattern must be an array of Event, Parameter and ParameterCurve elements, found object")
    }

    @Test("non-JSON: an error at the syntax error's pointer and position")
    func notJSON() throws {
        let text = Self.file(event: #""Time": 0, "EventType": ?"#)
        let error = try #require(Self.single(decodeAHAP(text)))
        #expect(error.pointer == pointer("/Pattern/0/Event/EventType"))
        #expect(error.location == position(of: "?", in: text))
        #expect(error.problem == "not valid JSON: unexpected '?': expected a value (object, array, string, number, true, false or null)")
        let prose = try #require(Self.single(decodeAHAP("Version 1, Pattern: tap")))
        #expect(prose.pointer == .root)
        #expect(prose.location == TextLocation(line: 1, column: 1))
        let empty = try #require(Self.single(decodeAHAP("")))
        #expect(empty.problem == "not valid JSON: the file is empty: expected a JSON value")
    }

    @Test("top level and Version: shape errors")
    func topLevel() throws {
        let array = try #require(Self.single(decodeAHAP("[1, 2]")))
        #expect(array.pointer == .root)
        #expect(array.problem == "the top level of an AHAP file must be an object with Version and Pattern, found array")
        // Without Version Core Haptics still loads the pattern (missing entries take their
        // defaults): a warning, and the pattern is read as Version 1.0.
        let noVersion = decodeAHAP(#"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#)
        let warning = try #require(Self.single(noVersion))
        #expect(warning.severity == .warning && warning.pointer == .root)
        #expect(
            warning.problem == #"missing Version (Core Haptics loads the pattern with its default; write "Version": 1.0 to say which format it uses)"#
        )
        #expect(noVersion.pattern?.version == 1.0 && noVersion.pattern?.elements.count == 1)
        // A misspelt Version is an ignored key, named as such.
        let misspelt = decodeAHAP(#"{"Versoin": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#).diagnostics
        #expect(misspelt.map(\.severity) == [.warning, .warning], "\(misspelt)")
        #expect(misspelt.contains { $0.pointer == pointer("/Versoin") && $0.problem.contains("did you mean Version") }, "\(misspelt)")
        let text = #"{"Version": "1.0", "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#
        let stringVersion = try #require(Self.single(decodeAHAP(text)))
        #expect(stringVersion.pointer == pointer("/Version"))
        #expect(stringVersion.location == position(of: #""1.0""#, in: text))
        #expect(stringVersion.problem == "Version must be a number such as 1.0, found string")
    }

    @Test("a misspelt required key is one error naming both keys")
    func misspeltPattern() throws {
        let text = #"{"Version": 1, "Patern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#
        let error = try #require(Self.single(decodeAHAP(text)))
        #expect(error.pointer == pointer("/Patern"))
        #expect(error.problem == "unknown key \"Patern\" and the required Pattern is missing — did you mean Pattern?")
        // An unknown key that is not a misspelt required one is a warning.
        let extra = try #require(
            Self.single(decodeAHAP(#"{"Version": 1, "Author": "me", "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#)))
        #expect(extra.severity == .warning)
        #expect(extra.pointer == pointer("/Author"))
        #expect(extra.problem == "unknown key \"Author\" (Core Haptics ignores it)")
    }

    @Test("an element holding two kinds, or none: errors at the element")
    func elementKinds() throws {
        let two = try #require(
            Self.single(
                decodeAHAP(
                    #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}, "Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterValue": 1}}]}"#
                )))
        #expect(two.pointer == pointer("/Pattern/0"))
        #expect(
            two.problem
                == "the element holds \"Event\", \"Parameter\"; a Pattern element holds exactly one of Event, Parameter, ParameterCurve (give each its own element)"
        )
        let empty = try #require(Self.single(decodeAHAP(#"{"Version": 1, "Pattern": [{}]}"#)))
        #expect(empty.pointer == pointer("/Pattern/0"))
        #expect(empty.problem.hasPrefix("empty element"))
        let number = try #require(Self.single(decodeAHAP(#"{"Version": 1, "Pattern": [3]}"#)))
        #expect(number.problem.hasSuffix("found number"))
    }

    @Test("unknown parameter IDs: errors with the likely intended ID")
    func unknownParameters() throws {
        let typo = decodeAHAP(
            Self.file(
                event: #""Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensty", "ParameterValue": 1}]"#))
        #expect(typo.errors.map(\.pointer) == [pointer("/Pattern/0/Event/EventParameters/0/ParameterID")])
        #expect(typo.errors.first?.problem == "unknown event parameter \"HapticIntensty\" — did you mean HapticIntensity?")
        let dynamicInEvent = decodeAHAP(
            Self.file(
                event:
                    #""Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensityControl", "ParameterValue": 1}]"#
            ))
        #expect(
            dynamicInEvent.errors.first?.problem
                == "unknown event parameter \"HapticIntensityControl\" (HapticIntensityControl is a dynamic parameter: put it in a Parameter or ParameterCurve element)"
        )
        let text =
            #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}, {"Parameter": {"ParameterID": "HapticIntensity", "Time": 0, "ParameterValue": 0.5}}]}"#
        let eventInParameter = try #require(Self.single(decodeAHAP(text)))
        #expect(eventInParameter.pointer == pointer("/Pattern/1/Parameter/ParameterID"))
        #expect(
            eventInParameter.problem
                == "unknown dynamic parameter \"HapticIntensity\" — did you mean HapticIntensityControl? (HapticIntensity is an event parameter)")
        let attack = decodeAHAP(
            #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}, {"Parameter": {"ParameterID": "AttackTime", "Time": 0, "ParameterValue": 0.5}}]}"#
        )
        #expect(attack.errors.first?.problem.contains("did you mean HapticAttackTimeControl?") == true)
    }

    @Test("every documented parameter ID is accepted; dynamic values out of range warn")
    func documentedIDs() throws {
        let eventParameters = AHAPParameterCatalog.eventParameters.map { #"{"ParameterID": "\#($0.id)", "ParameterValue": 0}"# }.joined(
            separator: ", ")
        let curves = AHAPParameterCatalog.dynamicParameters.map {
            #"{"ParameterCurve": {"ParameterID": "\#($0.id)", "Time": 0, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 0}, {"Time": 1, "ParameterValue": 1}]}}"#
        }.joined(separator: ", ")
        let text =
            #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "AudioContinuous", "EventDuration": 1, "EventParameters": [\#(eventParameters)]}}, \#(curves)]}"#
        let result = decodeAHAP(text)
        #expect(result.diagnostics.isEmpty, "\(listing(result.diagnostics))")
        #expect(AHAPParameterCatalog.dynamicParameters.count == 12)
        let sharp = decodeAHAP(
            #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}, {"Parameter": {"ParameterID": "HapticSharpnessControl", "Time": 0, "ParameterValue": -1.2}}]}"#
        )
        #expect(sharp.warnings.map(\.problem) == ["HapticSharpnessControl is -1.2, outside its range -1–1; Core Haptics clamps it to -1"])
        let sustained = decodeAHAP(
            Self.file(
                event:
                    #""Time": 0, "EventType": "HapticContinuous", "EventDuration": 1, "EventParameters": [{"ParameterID": "Sustained", "ParameterValue": 0.5}]"#
            ))
        #expect(sustained.warnings.map(\.problem) == ["Sustained is 0.5; it is a flag (0 or 1)"])
    }

    @Test("curve control points: negative or decreasing times are errors")
    func curvePoints() throws {
        let text =
            #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}, {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [{"Time": -0.5, "ParameterValue": 1}, {"Time": 0.2, "ParameterValue": 1}, {"Time": 0.1, "ParameterValue": 0}]}}]}"#
        let result = decodeAHAP(text)
        #expect(result.pattern == nil)
        #expect(
            result.errors.map(\.pointer) == [
                pointer("/Pattern/1/ParameterCurve/ParameterCurveControlPoints/0/Time"),
                pointer("/Pattern/1/ParameterCurve/ParameterCurveControlPoints/2/Time"),
            ])
        #expect(result.errors.map(\.location) == [position(of: "-0.5", in: text), position(of: "0.1", in: text)])
        #expect(
            result.errors.last?.problem == "control point Time 0.1 s comes before the previous point's 0.2 s; control point times must not decrease")
        let none = decodeAHAP(
            #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}, {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": []}}]}"#
        )
        #expect(none.errors.map(\.pointer) == [pointer("/Pattern/1/ParameterCurve/ParameterCurveControlPoints")])
    }

    @Test("audio keys: AudioCustom needs EventWaveformPath; waveform keys on haptic events warn")
    func audio() throws {
        let missing = decodeAHAP(Self.file(event: #""Time": 0, "EventType": "AudioCustom""#))
        #expect(missing.errors.map(\.problem) == ["this AudioCustom event has no EventWaveformPath (the audio file it plays)"])
        let stray = decodeAHAP(Self.file(event: #""Time": 0, "EventType": "HapticTransient", "EventWaveformPath": "a.wav""#))
        #expect(stray.warnings.map(\.pointer) == [pointer("/Pattern/0/Event/EventWaveformPath")])
        let typed = decodeAHAP(
            Self.file(event: #""Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "a.wav", "EventWaveformLoopEnabled": 1"#))
        #expect(typed.errors.map(\.problem) == ["EventWaveformLoopEnabled must be true or false, found number"])
        let fine = decodeAHAP(
            Self.file(event: #""Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "a.wav", "EventWaveformUseVolumeEnvelope": false"#))
        #expect(fine.diagnostics.isEmpty)
        #expect(fine.pattern?.events.first?.waveformUseVolumeEnvelope == false)
    }

    @Test("several problems: all reported, in document order")
    func documentOrder() throws {
        let text = """
            {"Version": 1, "Pattern": [
              {"Event": {"Time": -1, "EventType": "HapticContinuous", "EventDuration": 40}},
              {"Event": {"Time": 0, "EventType": "Buzz"}},
              {"Parameter": {"ParameterID": "HapticIntensityControl", "Time": -2, "ParameterValue": 3}}
            ]}
            """
        let result = decodeAHAP(text)
        #expect(
            result.diagnostics.map(\.pointer) == [
                pointer("/Pattern/0/Event/Time"), pointer("/Pattern/0/Event/EventDuration"), pointer("/Pattern/1/Event/EventType"),
                pointer("/Pattern/2/Parameter/Time"), pointer("/Pattern/2/Parameter/ParameterValue"),
            ])
        #expect(result.diagnostics.map(\.severity) == [.error, .error, .error, .error, .warning])
        #expect(result.diagnostics.map { $0.location?.line } == [2, 2, 3, 4, 4])
    }

    @Test("AHAPValidator on a model: same rules, pointers as the file would have them, no line:column")
    func modelValidation() throws {
        let pattern = AHAPPattern(elements: [
            .parameter(AHAPDynamicParameter(id: "HapticIntensityControl", time: 0, value: 0.5)),
            .event(AHAPEvent(time: -0.25, type: .hapticTransient)),
        ])
        let diagnostics = AHAPValidator().validate(pattern)
        let error = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(error.location == nil)
        #expect(
            error.description
                == "pattern.ahap: error: /Pattern/1/Event/Time: the event Time is -0.25 s; it must be ≥ 0 s (Core Haptics rejects negative times)")
        #expect(AHAPValidator().validate(AHAPPattern()).map(\.pointer) == [pointer("/Pattern")])
        // On a parsed document: exactly what the decoder reports.
        let text = Self.file(event: #""Time": -1, "EventType": "HapticTransient""#)
        let document = try JSONParser(allowTrailingCommas: true).parse(text)
        #expect(AHAPValidator().validate(document: document, file: "test.ahap") == decodeAHAP(text).diagnostics)
    }
}
