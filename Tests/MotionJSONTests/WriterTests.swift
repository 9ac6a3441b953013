import Foundation
import MotionJSON
import Testing

@Suite("JSONWriter")
struct WriterTests {
    @Test("integers print without a fraction, others in shortest round-trip form")
    func numbers() {
        #expect(JSONWriter.number(1) == "1")
        #expect(JSONWriter.number(1.5) == "1.5")
        #expect(JSONWriter.number(-0.0) == "0")
        #expect(JSONWriter.number(0) == "0")
        #expect(JSONWriter.number(-42) == "-42")
        #expect(JSONWriter.number(-2.5) == "-2.5")
        #expect(JSONWriter.number(0.1) == "0.1")
        #expect(JSONWriter.number(0.1 + 0.2) == "0.30000000000000004")
        #expect(JSONWriter.number(1e14) == "100000000000000")
        #expect(JSONWriter.number(123456789) == "123456789")
        #expect(JSONWriter.number(.nan) == "null")
        #expect(JSONWriter.number(.infinity) == "null")
        #expect(JSONWriter.number(-.infinity) == "null")
    }

    @Test(
        "written numbers parse back to the same Double",
        arguments: [
            0.1, 1.0 / 3, -2.0 / 3, 1e300, -1e-300, Double.leastNonzeroMagnitude, 123456789.123, 1e15, 1e16, 9007199254740992, -9007199254740991, .pi,
            0.000001, 1e-7, 1.7976931348623157e308,
        ])
    func numberRoundTrip(_ x: Double) throws {
        let text = JSONWriter.number(x)
        #expect(try parse(text).value == .number(x), "\(text)")
        #expect(Double(text) == x)
    }

    @Test("nanoRounded: plain decimals of the value rounded to 1e-9, reading back to the same Double as number() of it")
    func nanoRounded() throws {
        func text(_ v: Double) -> String {
            var out: [UInt8] = []
            JSONWriter.nanoRounded(v, into: &out)
            return String(decoding: out, as: UTF8.self)
        }
        #expect(text(0) == "0")
        #expect(text(-0.0) == "0")
        #expect(text(-4e-10) == "0")
        #expect(text(1e-5) == "0.00001")
        #expect(text(-1e-9) == "-0.000000001")
        #expect(text(1.5) == "1.5")
        #expect(text(2) == "2")
        #expect(text(0.1 + 0.2) == "0.3")
        #expect(text(-123.4567891234) == "-123.456789123")
        #expect(text(.nan) == "null")
        #expect(text(2e18) == JSONWriter.number(2e18)) // beyond 1e9 · 1e9: as number() writes it
        // Seeded values over many magnitudes: the text reads back to the rounded value, exactly.
        var state: UInt64 = 3
        for _ in 0..<20_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let mantissa = Double(state >> 11) / Double(1 << 53) * 2 - 1
            let v = mantissa * pow(10, Double(Int(state % 15)) - 6)
            let rounded = (v * 1e9).rounded() / 1e9
            #expect(Double(text(v)) == (rounded == 0 ? 0 : rounded), "\(v)")
            #expect(!text(v).contains("e"))
        }
    }

    /// The text nanoRounded wrote before its digits were written in pairs and its rounding left
    /// libm: (v·1e9).rounded(), its magnitude split into nine-digit halves, digit by digit.
    static func nanoRoundedBefore(_ v: Double) -> String {
        let scaled = (v * 1e9).rounded()
        guard scaled.isFinite, abs(scaled) < 1e18 else { return JSONWriter.number((v * 1e9).rounded() / 1e9) }
        if scaled == 0 { return "0" }
        let k = UInt64(abs(scaled))
        var whole = String(k / 1_000_000_000)
        if k % 1_000_000_000 != 0 {
            var fraction = String(k % 1_000_000_000)
            fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            whole += "." + fraction
        }
        return (scaled < 0 ? "-" : "") + whole
    }

    @Test("nanoRounded writes what it wrote before, byte for byte: halves, ties, every magnitude, the limits")
    func nanoRoundedUnchanged() {
        func text(_ v: Double) -> String {
            var out: [UInt8] = []
            JSONWriter.nanoRounded(v, into: &out)
            return String(decoding: out, as: UTF8.self)
        }
        var cases: [Double] = [
            0, -0.0, 0.5e-9, -0.5e-9, 1.5e-9, -2.5e-9, 0.4999999999e-9, 1e9, 1e9.nextDown, -1e9.nextDown, 999_999_999.9999999,
            999_999_999.999999999, 4503599627370495.5 / 1e9, 9007199254740994 / 1e9, 1e18 / 1e9, .infinity, -.infinity, .nan,
            .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.1 + 0.2, 1.0 / 3, 123456789.123456789,
        ]
        var state: UInt64 = 17
        for _ in 0..<50_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let mantissa = Double(state >> 11) / Double(1 << 53) * 2 - 1
            let v = mantissa * pow(10, Double(Int(state % 21)) - 12)
            // Also the exact ties of the 1e-9 rounding near v, and their neighbours.
            let tie = ((v * 1e9).rounded(.down) + 0.5) / 1e9
            cases += [v, tie, tie.nextUp, tie.nextDown]
        }
        for v in cases {
            var slot = [UInt8](repeating: 0, count: JSONWriter.nanoRoundedMaximumBytes)
            let count = slot.withUnsafeMutableBufferPointer { JSONWriter.nanoRounded(v, at: $0.baseAddress!) }
            let expected = Self.nanoRoundedBefore(v)
            #expect(text(v) == expected, "\(v)")
            #expect(count == 0 || String(decoding: slot[..<count], as: UTF8.self) == expected, "\(v)")
            #expect((count == 0) == !(abs(v * 1e9) < 1e18), "\(v)")
        }
    }

    @Test("number(_:into:) appends description's bytes (shortest round trip) after what the buffer holds, for every magnitude")
    func numberBytes() {
        var cases: [Double] = [
            0.1, -0.1, 0.1 + 0.2, 1.0 / 3, 1e15, -1e15, 1e15 + 0.5, 123456789.123456789, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
            .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e-7, 2.5e22, 0.000123,
        ]
        var state: UInt64 = 29
        for _ in 0..<50_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let mantissa = Double(state >> 11) / Double(1 << 53) * 2 - 1
            cases.append(mantissa * pow(10, Double(Int(state % 61)) - 30))
            cases.append(Double(bitPattern: state))
        }
        var out: [UInt8] = Array("[".utf8)
        var expected = "["
        for v in cases {
            JSONWriter.number(v, into: &out)
            out.append(0x2C)
            let text = !v.isFinite ? "null" : (v == v.rounded() && abs(v) < 1e15 ? (v == 0 ? "0" : String(Int64(v))) : v.description)
            expected += text + ","
            if v.isFinite { #expect(Double(text) == v, "\(v) does not read back from \(text)") }
        }
        #expect(String(decoding: out, as: UTF8.self) == expected)
    }

    @Test("string escapes: quote, backslash, newline, tab, U+0001, emoji")
    func quoting() {
        let s = "q\"b\\n\nt\tc\u{01}e😀é/"
        #expect(JSONWriter.quote(s) == #""q\"b\\n\nt\tc\u0001e😀é/""#)
        #expect(JSONWriter.quote("\r\u{08}\u{0C}") == #""\r\b\f""#)
        // Nothing to escape (copied in one append): the bytes as they are, non-ASCII included.
        #expect(JSONWriter.quote("Feed/heart-pulse é😀 ~") == "\"Feed/heart-pulse é😀 ~\"")
        #expect(JSONWriter.quote("") == "\"\"")
        #expect(JSONWriter.quote("\u{00}\u{1F}\u{7F}") == "\"\\u0000\\u001f\u{7F}\"")
        #expect(JSONWriter.quote("") == "\"\"")
    }

    @Test(
        "strings round-trip exactly, scalar for scalar",
        arguments: [
            "plain", "with \"quotes\" and \\backslashes\\", "line1\nline2\r\n", "tab\there", "ctrl \u{01}\u{02}\u{1F}\u{7F}",
            "emoji 😀 family 👩‍👩‍👧 flag 🇫🇷", "NFC \u{E9} vs NFD e\u{301}", "'); DROP TABLE x;--", "nul \u{0} byte", "\u{2028}\u{2029}",
        ])
    func stringRoundTrip(_ s: String) throws {
        for pretty in [true, false] {
            let text = JSONWriter(pretty: pretty).string(["k": .string(s), s: 1])
            let back = try parse(text).value
            #expect(scalars(back["k"]) == scalars(s))
            #expect(back.objectValue?.keys.last.map(scalars) == scalars(s))
        }
    }

    static let sample: JSONValue = ["a": [1, true, nil, 1.5, "x"], "b": ["c": [:], "d": []], "e": -0.0]

    @Test("compact output")
    func compact() {
        #expect(JSONWriter(pretty: false).string(Self.sample) == #"{"a":[1,true,null,1.5,"x"],"b":{"c":{},"d":[]},"e":0}"#)
        #expect(JSONWriter(pretty: false).string([]) == "[]")
        #expect(JSONWriter(pretty: false).string("s") == "\"s\"")
    }

    @Test("pretty output: two-space indentation, ': ' separators, trailing newline")
    func pretty() {
        let expected = """
            {
              "a": [
                1,
                true,
                null,
                1.5,
                "x"
              ],
              "b": {
                "c": {},
                "d": []
              },
              "e": 0
            }

            """
        #expect(JSONWriter().string(Self.sample) == expected)
        #expect(JSONWriter(pretty: true).string(nil) == "null\n")
    }

    @Test("keys are written in the object's own order")
    func keyOrder() throws {
        let value = try parse(#"{"z": 1, "a": 2, "m": {"2": 0, "10": 0}}"#).value
        #expect(JSONWriter(pretty: false).string(value) == #"{"z":1,"a":2,"m":{"2":0,"10":0}}"#)
    }

    /// Every real JSON file we have: the corpus and the project's specs.
    static func realFiles() throws -> [URL] {
        let dirs = ["ahap/apple", "ahap/meta", "lottie/lottie-docs"].map { Paths.corpus.appendingPathComponent($0) }
        return try dirs.flatMap { try Paths.files(in: $0) } + Paths.files(in: Paths.specs, withExtension: "json")
    }

    @Test("parse → write → parse gives the same value, and writing is byte-stable")
    func roundTripRealFiles() throws {
        let files = try Self.realFiles()
        #expect(files.count >= 13 + 34 + 6 + 15)
        for url in files {
            let original = try JSONParser(allowTrailingCommas: true).parse(try Paths.bytes(url)).value
            for writer in [JSONWriter(pretty: true), JSONWriter(pretty: false)] {
                let text = writer.string(original)
                let reparsed = try JSONParser().parse(text)
                #expect(reparsed.value == original, "\(url.lastPathComponent)")
                #expect(reparsed.warnings.isEmpty)
                #expect(writer.string(original) == text, "write twice: \(url.lastPathComponent)")
                #expect(writer.string(reparsed.value) == text, "write of the re-parse: \(url.lastPathComponent)")
            }
        }
    }

    @Test("pretty and compact outputs differ only by whitespace outside strings")
    func prettyVersusCompact() throws {
        let value = try parse(#"{"a b": [1, {"c": "x y"}], "d": "  "}"#).value
        let pretty = JSONWriter(pretty: true).string(value)
        let compact = JSONWriter(pretty: false).string(value)
        #expect(pretty != compact)
        #expect(pretty.contains("\n") && !compact.contains("\n"))
        #expect(try parse(pretty).value == (try parse(compact).value))
        #expect(compact == #"{"a b":[1,{"c":"x y"}],"d":"  "}"#)
    }
}
