import MotionCore
import Testing

@testable import MotionSwiftSourceModel

/// The reader's binary answer form (`WireTag`): values come back as they went, the bytes are
/// those the format describes, and bytes that do not follow it are refused, never misread.
@Suite struct WireCoderTests {
    struct Sample: Codable, Equatable {
        enum Kind: Codable, Equatable {
            case plain
            case labelled(name: String, weight: Int)
            case unlabelled(Double, [Int?])
        }
        var number: Double
        var small: Float
        var count: Int
        var wide: Int64
        var unsigned: UInt64
        var byte: UInt8
        var flag: Bool
        var text: String
        var missing: String?
        var present: Int?
        var kinds: [Kind]
        var table: [String: Double]
        var nested: [[Double]]
    }

    static let sample = Sample(
        number: -0.1, small: 1.5, count: Int.min, wide: Int64.max, unsigned: UInt64.max, byte: 255, flag: true,
        text: "ü → 𝄞, \"quoted\"\n", missing: nil, present: 7,
        kinds: [.plain, .labelled(name: "", weight: -3), .unlabelled(.infinity, [1, nil, 3])],
        table: ["a": 1, "bb": -.infinity, "": 0.25], nested: [[], [.leastNonzeroMagnitude, -0.0, .greatestFiniteMagnitude]])

    @Test("values come back as they went, bit for bit")
    func roundTrip() throws {
        let bytes = try WireEncoder().encode(Self.sample)
        let back = try WireDecoder().decode(Sample.self, from: bytes)
        #expect(back == Self.sample)
        #expect(back.nested[1].map(\.bitPattern) == Self.sample.nested[1].map(\.bitPattern), "-0.0 and the smallest subnormal keep their bits")
        let nan = Double(nan: 0x1234, signaling: false)
        let nans = try WireDecoder().decode([Double].self, from: try WireEncoder().encode([nan, -nan]))
        #expect(nans.map(\.bitPattern) == [nan.bitPattern, (-nan).bitPattern], "a NaN keeps its payload and sign")
    }

    @Test("the bytes are those WireTag describes")
    func layout() throws {
        struct Pair: Encodable {
            var a = 1
            var b = "é"
        }
        // object: tag 9, byte length 30 (count 4, "a" entry 4+1+9, "b" entry 4+1+7), count 2.
        let expected: [UInt8] =
            [9, 30, 0, 0, 0, 2, 0, 0, 0]
            + [1, 0, 0, 0, 0x61, 3, 1, 0, 0, 0, 0, 0, 0, 0]
            + [1, 0, 0, 0, 0x62, 7, 2, 0, 0, 0, 0xC3, 0xA9]
        #expect(try WireEncoder().encode(Pair()) == expected)
        #expect(try WireEncoder().encode([true, false]) == [8, 6, 0, 0, 0, 2, 0, 0, 0, 2, 1])
        #expect(try WireEncoder().encode(Optional<Int>.none) == [0])
        #expect(try WireEncoder().encode(Float(1)) == [6, 0, 0, 0x80, 0x3F])
    }

    @Test("a key the reader does not know is passed over")
    func unknownKeys() throws {
        struct Newer: Encodable {
            var extra = ["types": [["name": "CartIcon"]]]
            var count = 4
            var later = [1.5, 2.5]
        }
        struct Older: Decodable, Equatable {
            var count: Int
            var later: [Double]
        }
        #expect(try WireDecoder().decode(Older.self, from: try WireEncoder().encode(Newer())) == Older(count: 4, later: [1.5, 2.5]))
    }

    @Test("every cut of a valid answer is refused, never read as something else")
    func truncations() throws {
        let bytes = try WireEncoder().encode(Self.sample)
        for end in 0..<bytes.count {
            #expect(throws: DecodingError.self) { try WireDecoder().decode(Sample.self, from: Array(bytes[..<end])) }
        }
        #expect(throws: DecodingError.self) { try WireDecoder().decode(Sample.self, from: bytes + [0]) }
    }

    @Test("wrong types, missing keys and out-of-range integers are refused")
    func mismatches() throws {
        struct Small: Codable { var byte: UInt8 }
        struct Wide: Codable { var byte: Int }
        struct Named: Codable { var name: String }
        #expect(throws: DecodingError.self) { try WireDecoder().decode(Small.self, from: try WireEncoder().encode(Wide(byte: 300))) }
        #expect(throws: DecodingError.self) { try WireDecoder().decode(Named.self, from: try WireEncoder().encode(Wide(byte: 1))) }
        #expect(throws: DecodingError.self) { try WireDecoder().decode(Wide.self, from: try WireEncoder().encode(Named(name: "1"))) }
        #expect(throws: DecodingError.self) { try WireDecoder().decode(Wide.self, from: [42]) }
        // A flipped byte anywhere: refused or read, never a crash.
        let bytes = try WireEncoder().encode(Self.sample)
        for k in bytes.indices {
            var flipped = bytes
            flipped[k] ^= 0xFF
            _ = try? WireDecoder().decode(Sample.self, from: flipped)
        }
    }

    @Test("an answer in another build's form is refused with what to do")
    func otherBuildsAnswer() throws {
        let json = Array(#"[{"read":{"animations":[],"unresolved":[],"unpairedFeedback":[],"constantsUsed":{}}}]"#.utf8)
        #expect {
            try SwiftSourceWire.results(fromAnswer: json, expected: 1)
        } throws: { error in
            "\(error)".contains("does not start with MSA1")
        }
        let answer = try SwiftSourceWire.answer([.success(SwiftSourceResult()), .failure(.encoding(file: "A.swift", name: "UTF-16"))])
        #expect(try SwiftSourceWire.results(fromAnswer: answer, expected: 2).count == 2)
        #expect(throws: SwiftSourceWire.Malformed.self) { try SwiftSourceWire.results(fromAnswer: answer, expected: 3) }
    }
}
