import Foundation
import MotionCore
import MotionJSON
import MotionTestSupport
import Testing

@testable import MotionPipeline
@testable import MotionRender
@testable import MotionSyncCLI

@Suite("sample")
struct SampleCommandTests {
    @Test("CSV: a time column then one per property, the end included")
    func csv() throws {
        let r = motionsync("sample", "Specs/Feed.json#heart-pulse", "--fps", "50")
        #expect(r.code == 0)
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "time,scale")
        #expect(lines.count == 1 + 30, "0, 0.02, …, 0.58: 30 samples")
        #expect(lines[1] == "0,1")
        #expect(lines.last!.hasPrefix("0.58,"))
        // The snappy spring 1.0 → 1.28 over 0.18 s, closed form at 0.1 s (v0 = 0, ζ = 0.85).
        let zeta = 0.85, w0 = 2 * Double.pi / 0.18, wd = w0 * (1 - zeta * zeta).squareRoot(), lambda = zeta * w0
        let expected = 1.28 - 0.28 * exp(-lambda * 0.1) * (cos(wd * 0.1) + lambda / wd * sin(wd * 0.1))
        let row = try #require(lines.first { $0.hasPrefix("0.1,") })
        #expect(abs(Double(row.split(separator: ",")[1])! - expected) < 1e-9)
    }

    @Test("JSON follows the contract's shape")
    func json() throws {
        let r = motionsync("sample", "Specs/Checkout.json#add-to-cart-bump", "--times", "0,0.1,0.5,2", "--format", "json")
        #expect(r.code == 0, "\(r.err)")
        let value = try JSONParser().parse(r.out).value
        #expect(value["screen"] == "Checkout")
        #expect(value["id"] == "add-to-cart-bump")
        #expect(value["duration"] == 0.5)
        #expect(value["times"] == [0, 0.1, 0.5, 2])
        let properties = try #require(value["properties"]?.objectValue)
        #expect(properties.keys == ["scale", "rotation", "y"])
        #expect(properties["scale"]?.arrayValue?.count == 4)
        #expect(properties["rotation"]?.arrayValue?.first == 0)
        // After the end the final values hold.
        #expect(properties["scale"]?.arrayValue?[2] == properties["scale"]?.arrayValue?[3])
    }

    @Test("FILE alone names its only animation; an ambiguous file says which ids it has")
    func fileAlone() throws {
        #expect(motionsync("sample", "Specs/Timer.json", "--times", "0").code == 0)
        let r = motionsync("sample", "Specs/Feed.json")
        #expect(r.code == 2)
        #expect(r.err.contains("heart-pulse") && r.err.contains("card-fade-in"))
        let missing = motionsync("sample", "Specs/Feed.json#nope")
        #expect(missing.code == 2)
        #expect(missing.err.hasPrefix("motionsync: no such animation (Specs/Feed.json#nope): "))
    }

    @Test(
        "bad usage exits 2 with a hint",
        arguments: [
            ["sample"], ["sample", "a/b", "c/d"], ["sample", "Specs/Timer.json", "--fps", "0"], ["sample", "Specs/Timer.json", "--fps", "abc"],
            ["sample", "Specs/Timer.json", "--times", "0,x"], ["sample", "Specs/Timer.json", "--times", "0", "--fps", "30"],
            ["sample", "Specs/Timer.json", "--format", "xml"], ["sample", "Specs/Timer.json", "--bogus"], ["sample", "noslash"],
            ["sample", "Specs/Timer.json", "--fps"], ["nosuchcommand"],
        ])
    func badUsage(arguments: [String]) {
        let (io, capture) = CommandIO.capture(currentDirectory: packageRoot.path)
        #expect(MotionSyncCLI.run(arguments, io: io) == 2)
        #expect(capture.stderr.hasPrefix("motionsync: "))
        #expect(capture.stdout.isEmpty)
    }

    @Test("a rejected spec prints one located line per problem and exits 2")
    func rejectedSpec() throws {
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("bad.json")
        try Data(
            """
            {"specVersion": 1, "screen": "S", "animations": [
              {"id": "a", "kind": "keyframes", "trigger": "tap", "tracks": {"x": [{"type": "linear", "to": 1, "duration": -1}]}}
            ]}
            """.utf8
        ).write(to: file)
        let r = motionsync("sample", "bad.json#a", in: dir.path)
        #expect(r.code == 2)
        #expect(r.out.isEmpty)
        #expect(
            r.err
                == "motionsync: rejected (bad.json:2:111 at /animations/0/tracks/x/0/duration): \"duration\" is -1 s; it must be 0 or more; fix: write a duration in seconds, like 0.3\n"
        )
    }

    @Test("sampling grid: k/fps up to the duration, the end always included")
    func grid() {
        #expect(SampleGrid.times(duration: 0.5, fps: 4) == [0, 0.25, 0.5])
        #expect(SampleGrid.times(duration: 0.6, fps: 4) == [0, 0.25, 0.5, 0.6])
        #expect(SampleGrid.times(duration: 0, fps: 60) == [0])
    }
}
