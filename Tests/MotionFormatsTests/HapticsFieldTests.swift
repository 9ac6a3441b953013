import Foundation
import MotionCore
import MotionFormats
import MotionJSON
import MotionTestSupport
import Testing

@Suite("the haptics and cues fields")
struct HapticsFieldTests {
    static let root = packageRoot

    func spec(_ animationExtra: String) -> String {
        #"{"specVersion": 1, "screen": "S", "animations": [{"id": "a", "kind": "keyframes", "trigger": "tap", "tracks": {"x": [{"type": "linear", "to": 1, "duration": 0.3}]}, "#
            + animationExtra + "}]}"
    }

    func decode(_ text: String) -> SpecDecoder.Result { SpecDecoder().decode(bytes: Array(text.utf8), file: "t.json") }

    func schemaAccepts(_ text: String) throws -> Bool {
        let schema = try JSONParser().parse([UInt8](Data(contentsOf: Self.root.appendingPathComponent("Specs/schema.json")))).value
        return try JSONSchemaValidator(schema: schema).isValid(JSONParser().parse(text).value)
    }

    @Test("haptics and cues decode exactly")
    func good() throws {
        let text = spec(
            #"""
            "cues": [{"name": "land", "time": 0.2}, {"name": "haptic-glow", "time": 0.25, "duration": 0.05}],
            "haptics": {"enabled": true, "intensityScale": 0.8, "sharpnessScale": 1.5, "ignore": ["x"],
                        "pins": [{"type": "transient", "cue": "land", "intensity": 0.9, "sharpness": 0.6},
                                 {"type": "continuous", "cue": "haptic-glow", "intensity": 0.3, "sharpness": 0.2},
                                 {"type": "continuous", "time": 0.1, "duration": 0.04, "intensity": 0.5, "sharpness": 0.5}]}
            """#)
        let result = decode(text)
        let a = try #require(result.spec?.animations.first, "\(result.diagnostics)")
        #expect(a.cues == [Cue(name: "land", time: 0.2), Cue(name: "haptic-glow", time: 0.25, duration: 0.05)])
        let h = try #require(a.haptics)
        #expect(h.intensityScale == 0.8 && h.sharpnessScale == 1.5 && h.ignore == ["x"])
        #expect(
            h.pins == [
                HapticPin(kind: .transient, time: 0.2, intensity: 0.9, sharpness: 0.6),
                HapticPin(kind: .continuous, time: 0.25, duration: 0.05, intensity: 0.3, sharpness: 0.2),
                HapticPin(kind: .continuous, time: 0.1, duration: 0.04, intensity: 0.5, sharpness: 0.5),
            ])
        #expect(try schemaAccepts(text))
        // All defaults is the same as no field at all.
        #expect(decode(spec(#""haptics": {"enabled": true}"#)).spec?.animations.first?.haptics == nil)
    }

    @Test(
        "bad haptics and cues are refused by the decoder and the schema alike",
        arguments: [
            (#""haptics": {"enabled": "no"}"#, "/animations/0/haptics/enabled"),
            (#""haptics": {"intensityScale": 11}"#, "/animations/0/haptics/intensityScale"),
            (#""haptics": {"pins": [{"type": "buzz", "time": 0, "intensity": 1, "sharpness": 1}]}"#, "/animations/0/haptics/pins/0/type"),
            (#""haptics": {"pins": [{"type": "transient", "time": 0, "intensity": 1.5, "sharpness": 1}]}"#, "/animations/0/haptics/pins/0/intensity"),
            (#""haptics": {"pins": [{"type": "continuous", "time": 0, "intensity": 1, "sharpness": 1}]}"#, "/animations/0/haptics/pins/0/duration"),
            (#""haptics": {"pins": [{"type": "transient", "cue": "nope", "intensity": 1, "sharpness": 1}]}"#, "/animations/0/haptics/pins/0/cue"),
            (
                #""cues": [{"name": "a", "time": 0.1}], "haptics": {"pins": [{"type": "transient", "cue": "a", "time": 0.1, "intensity": 1, "sharpness": 1}]}"#,
                "/animations/0/haptics/pins/0/time"
            ),
            (#""haptics": {"volume": 1}"#, "/animations/0/haptics/volume"),
            (#""cues": [{"name": "a", "time": -1}]"#, "/animations/0/cues/0/time"),
            (#""cues": {"name": "a"}"#, "/animations/0/cues"),
        ])
    func bad(extra: String, pointer: String) throws {
        let text = spec(extra)
        let result = decode(text)
        #expect(result.spec == nil)
        #expect(result.errors.contains { $0.pointer.description == pointer }, "\(result.errors.map(\.description))")
        if extra.contains("\"cue\": \"nope\"") == false {
            #expect(try !schemaAccepts(text), "the schema should refuse \(extra)")
        }
    }

    @Test("duplicate cue names are refused; ignoring a property the animation lacks is a warning")
    func duplicatesAndWarnings() {
        let dup = decode(spec(#""cues": [{"name": "a", "time": 0.1}, {"name": "a", "time": 0.2}]"#))
        #expect(dup.spec == nil && dup.errors.contains { $0.pointer.description == "/animations/0/cues/1/name" })
        let warned = decode(spec(#""haptics": {"ignore": ["rotatoin"]}"#))
        #expect(warned.spec != nil && warned.warnings.contains { $0.pointer.description == "/animations/0/haptics/ignore/0" })
    }
}

@Suite("names the command line can address")
struct AddressableNameTests {
    @Test(
        "ids with / or #, and screens with #, are refused with the pointer",
        arguments: [
            (
                #"{"specVersion": 1, "screen": "S", "animations": [{"id": "a/b", "kind": "keyframes", "trigger": "tap", "tracks": {"x": [{"type": "move", "to": 1}]}}]}"#,
                "/animations/0/id"
            ),
            (
                #"{"specVersion": 1, "screen": "S", "animations": [{"id": "c#d", "kind": "keyframes", "trigger": "tap", "tracks": {"x": [{"type": "move", "to": 1}]}}]}"#,
                "/animations/0/id"
            ),
            (#"{"specVersion": 1, "screen": "S#2", "animations": []}"#, "/screen"),
        ])
    func refused(text: String, pointer: String) {
        let result = SpecDecoder().decode(bytes: Array(text.utf8), file: "t.json")
        #expect(result.spec == nil)
        #expect(result.errors.contains { $0.pointer.description == pointer })
    }
}
