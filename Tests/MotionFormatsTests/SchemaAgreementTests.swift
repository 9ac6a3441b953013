import Foundation
import MotionCore
import MotionFormats
import MotionJSON
import Testing

/// An invalid spec and the instance pointers Specs/schema.json's failures must name.
struct SchemaRejection: Sendable, CustomTestStringConvertible {
    let reason: String
    let text: String
    let pointers: [String]
    var testDescription: String { reason }
}

private let track = #""tracks": { "scale": [ { "type": "move", "to": 1 } ] }"#
private let kf0 = "/animations/0/tracks/scale/0"

private func keyframe(_ k: String) -> String {
    animationSpec(#"{ "id": "a", "kind": "keyframes", "trigger": "tap", "tracks": { "scale": [ \#(k) ] } }"#)
}

@Suite("Specs/schema.json and SpecDecoder agree")
struct SchemaAgreementTests {
    /// Each rejected by the schema for a different reason, with the failure pointers worked out from the schema.
    static let schemaRejections: [SchemaRejection] = [
        SchemaRejection(reason: "missing specVersion", text: #"{ "screen": "S" }"#, pointers: ["/"]),
        SchemaRejection(reason: "specVersion 2", text: #"{ "specVersion": 2, "screen": "S" }"#, pointers: ["/specVersion"]),
        SchemaRejection(reason: "unknown top-level key", text: #"{ "specVersion": 1, "screen": "S", "screens": [] }"#, pointers: ["/screens"]),
        SchemaRejection(reason: "empty screen", text: #"{ "specVersion": 1, "screen": "" }"#, pointers: ["/screen"]),
        SchemaRejection(
            reason: "animation without kind", text: animationSpec(#"{ "id": "a", "trigger": "tap", \#(track) }"#), pointers: ["/animations/0"]),
        SchemaRejection(
            reason: "event: without a name", text: animationSpec(#"{ "id": "a", "kind": "keyframes", "trigger": "event:", \#(track) }"#),
            pointers: ["/animations/0/trigger"]),
        SchemaRejection(
            reason: "unknown reduceMotion",
            text: animationSpec(#"{ "id": "a", "kind": "keyframes", "trigger": "tap", "reduceMotion": "sometimes", \#(track) }"#),
            pointers: ["/animations/0/reduceMotion"]),
        SchemaRejection(
            reason: "misspelt animation key",
            text: animationSpec(#"{ "id": "a", "kind": "keyframes", "trigger": "tap", "reduceMotoin": "none", \#(track) }"#),
            pointers: ["/animations/0/reduceMotoin"]),
        SchemaRejection(reason: "unknown keyframe type", text: keyframe(#"{ "type": "sprng", "to": 1 }"#), pointers: [kf0, "\(kf0)/type"]),
        SchemaRejection(reason: "negative duration", text: keyframe(#"{ "type": "linear", "to": 1, "duration": -0.1 }"#), pointers: [kf0]),
        SchemaRejection(
            reason: "never-settling spring without duration", text: keyframe(#"{ "type": "spring", "to": 1, "spring": { "bounce": 1.2 } }"#),
            pointers: [kf0]),
        SchemaRejection(
            reason: "string initial value",
            text: animationSpec(#"{ "id": "a", "kind": "keyframes", "trigger": "tap", "initial": { "scale": "1" }, \#(track) }"#),
            pointers: ["/animations/0/initial/scale"]),
        SchemaRejection(
            reason: "empty tracks", text: animationSpec(#"{ "id": "a", "kind": "keyframes", "trigger": "tap", "tracks": {} }"#),
            pointers: ["/animations/0/tracks"]),
        SchemaRejection(
            reason: "empty track", text: animationSpec(#"{ "id": "a", "kind": "keyframes", "trigger": "tap", "tracks": { "x": [] } }"#),
            pointers: ["/animations/0/tracks/x"]),
        SchemaRejection(
            reason: "tracks on a phases animation",
            text: animationSpec(
                #"{ "id": "p", "kind": "phases", "trigger": "tap", \#(track), "phases": [ { "name": "a", "values": {} }, { "name": "b", "values": {} } ] }"#
            ), pointers: ["/animations/0/tracks"]),
        SchemaRejection(
            reason: "one phase",
            text: animationSpec(#"{ "id": "p", "kind": "phases", "trigger": "tap", "phases": [ { "name": "a", "values": {} } ] }"#),
            pointers: ["/animations/0/phases"]),
        SchemaRejection(
            reason: "empty phase name",
            text: animationSpec(
                #"{ "id": "p", "kind": "phases", "trigger": "tap", "phases": [ { "name": "a", "values": {} }, { "name": "", "values": {} } ] }"#),
            pointers: ["/animations/0/phases/1/name"]),
        SchemaRejection(
            reason: "speed 0", text: phaseSpec(#"{ "type": "linear", "duration": 0.2, "speed": 0 }"#), pointers: ["/animations/0/phases/1/animation"]),
        SchemaRejection(
            reason: "repeating not a boolean",
            text: animationSpec(#"{ "id": "a", "kind": "keyframes", "trigger": "tap", "repeating": "yes", \#(track) }"#),
            pointers: ["/animations/0/repeating"]),
    ]

    @Test("the schema rejects invalid specs, pointing at the culprit", arguments: schemaRejections)
    func schemaRejects(_ c: SchemaRejection) throws {
        let failures = try schemaFailures(c.text)
        #expect(failures.map(\.instance.description).sorted() == c.pointers.sorted(), "\(failures)")
    }

    @Test("at least 8 different reasons")
    func enoughReasons() {
        #expect(Set(Self.schemaRejections.map(\.reason)).count >= 8)
    }

    /// Bad specs from RejectionTests that JSON Schema can express: the schema must refuse each too.
    static let agreed: [String] = [
        "string where a number belongs (to)", "string where a number belongs (duration)", "null where a number belongs",
        "number where a keyframe object belongs", "array where tracks object belongs", "object where animations array belongs",
        "string in initial", "boolean where repeating is fine but a string is not", "number where screen string belongs",
        "string specVersion", "top level is an array", "phase animation as a string",
        "unknown keyframe type sprng", "missing keyframe type", "unknown animation type sprng", "unknown kind", "unknown curve",
        "unknown preset", "unknown reduceMotion",
        "negative duration", "cubic duration 0", "spring keyframe duration 0", "missing linear duration", "negative phase delay",
        "phase animation duration 0",
        "spring bounce 1.2 without duration", "spring bounce 1 without duration", "spring damping 0 without duration",
        "spring dampingRatio 0 without duration", "bouncy + extraBounce 0.7 without duration", "snappy + extraBounce 0.85 without duration",
        "spring bounce -1", "spring mass 0", "spring shapes mixed", "interpolatingSpring stiffness without damping",
        "bezier x1 above 1", "bezier x2 below 0", "bezier with 3 numbers", "bezier with 5 numbers", "bezier with a string",
        "curve object without bezier", "timingCurve without bezier", "timingCurve bezier x out of range",
        "speed 0", "negative speed",
        "empty tracks object", "empty track", "missing tracks", "empty property name", "one phase only", "no phases",
        "phase without values", "empty phase name", "phase keys on a keyframes animation", "keyframe keys on a phases animation",
        "duraton in a keyframe", "duraton in a linear keyframe also misses duration", "duration on a move keyframe", "reduceMotoin",
        "animatons at the top", "bounce on a smooth animation",
        "specVersion 2", "specVersion 1.5", "missing specVersion", "empty screen", "missing screen",
        "unknown trigger", "event: with no name", "missing trigger", "empty id", "missing id",
    ]

    @Test("bad specs: the schema and the decoder both reject", arguments: agreed)
    func bothReject(_ name: String) throws {
        let c = try #require(RejectionTests.cases.first { $0.name == name }, "no such case")
        let failures = try schemaFailures(c.text)
        #expect(!failures.isEmpty, "the schema accepts what the decoder rejects")
        #expect(decode(c.text).spec == nil)
        #expect(!decode(c.text).errors.isEmpty)
    }

    @Test("more than 15 cases agree")
    func enoughAgreement() {
        #expect(Self.agreed.count >= 15)
        #expect(Set(Self.agreed).count == Self.agreed.count)
    }

    @Test("what the README says the schema cannot check: duplicates (and the keyframe limit)")
    func documentedGaps() throws {
        let a = #"{ "id": "dup", "kind": "keyframes", "trigger": "tap", \#(track) }"#
        let duplicateIds = animationSpec([a, a].joined(separator: ", "))
        #expect(try schemaFailures(duplicateIds).isEmpty)
        #expect(decode(duplicateIds).spec == nil)

        let duplicatePhases = animationSpec(
            #"{ "id": "p", "kind": "phases", "trigger": "tap", "phases": [ { "name": "a", "values": {} }, { "name": "a", "values": {} } ] }"#)
        #expect(try schemaFailures(duplicatePhases).isEmpty)
        #expect(decode(duplicatePhases).spec == nil)
    }

    /// Specs where one side accepts what the other refuses, although README's "What the schema
    /// cannot check" lists only uniqueness, the keyframe limit and the file size.
    static let disagreements: [(String, String)] = [
        (
            "empty spring object (README: duration and bounce are required; schema minProperties 1)",
            keyframe(#"{ "type": "spring", "to": 1, "duration": 0.2, "spring": {} }"#)
        ),
        (
            "duration on a default animation (README: default takes no parameters)",
            phaseSpec(#"{ "type": "default", "duration": 0.3 }"#)
        ),
        (
            "phase spring(response:dampingFraction: 0) (README range: dampingFraction ≥ 0)",
            phaseSpec(#"{ "type": "spring", "response": 0.3, "dampingFraction": 0 }"#)
        ),
        (
            "phase interpolatingSpring damping 0 (README range: damping ≥ 0)",
            phaseSpec(#"{ "type": "interpolatingSpring", "stiffness": 100, "damping": 0 }"#)
        ),
        (
            "phase spring bounce 1.2 (README range: bounce is any number)",
            phaseSpec(#"{ "type": "spring", "duration": 0.3, "bounce": 1.2 }"#)
        ),
        (
            "whitespace-only screen (schema: minLength 1)",
            #"{ "specVersion": 1, "screen": "   " }"#
        ),
    ]

    @Test("schema and decoder give the same verdict on edge cases")
    func sameVerdict() throws {
        for (what, text) in Self.disagreements {
            let schemaAccepts = try schemaFailures(text).isEmpty
            let decoderAccepts = decode(text).spec != nil
            #expect(
                schemaAccepts == decoderAccepts,
                "\(what) — schema \(schemaAccepts ? "accepts" : "rejects"), decoder \(decoderAccepts ? "accepts" : "rejects")")
        }
    }
}
