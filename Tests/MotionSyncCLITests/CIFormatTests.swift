import Foundation
import MotionJSON
import MotionTestSupport
import Testing

@testable import MotionPipeline
@testable import MotionRender
@testable import MotionSyncCLI

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Issue 12: SARIF 2.1.0 and JUnit XML for CI, and shell completions.
@Suite("SARIF, JUnit and completions")
struct CIFormatTests {
    /// (line, column), 1-based, of the `{` that opens the object holding `marker` in `text`.
    func openingBrace(of marker: String, in text: String) throws -> (Int, Int) {
        let at = try #require(text.range(of: marker)).lowerBound
        let brace = try #require(text[..<at].lastIndex(of: "{"))
        let before = text[..<brace]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.count - (before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
        return (line, column)
    }

    /// Counts `<name>` elements with Foundation's XML parser (so the text must be well-formed).
    final class ElementCounter: NSObject, XMLParserDelegate {
        var counts: [String: Int] = [:]
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            counts[name, default: 0] += 1
        }
    }

    func elements(_ xml: String) throws -> [String: Int] {
        let parser = XMLParser(data: Data(xml.utf8))
        let counter = ElementCounter()
        parser.delegate = counter
        #expect(parser.parse(), "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        return counter.counts
    }

    @Test("budget --format sarif: one result per fail (error) and warn (warning), at the animation's line:column in its spec")
    func budgetSARIF() throws {
        let specs = ["Specs/Feed.json", "Specs/Upload.json", "Specs/LiveStream.json"]
        let json = try JSONParser().parse(motionsync(specs + ["--format", "json"].map { $0 }, command: "budget").out).value
        let results = try #require(json["results"]?.arrayValue)
        let fails = results.filter { $0["verdict"] == "fail" }.count, warns = results.filter { $0["verdict"] == "warn" }.count
        #expect(fails > 0 && warns > 0)
        let r = motionsync(specs + ["--format", "sarif"], command: "budget")
        #expect(r.code == 0)
        let log = try JSONParser().parse(r.out).value
        #expect(log["version"] == "2.1.0")
        let run = try #require(log["runs"]?.arrayValue?.first)
        #expect(run["tool"]?["driver"]?["name"] == "motionsync")
        let sarif = try #require(run["results"]?.arrayValue)
        #expect(sarif.filter { $0["level"] == "error" }.count == fails)
        #expect(sarif.filter { $0["level"] == "warning" }.count == warns)
        // Every result names a rule the driver lists, at the index it gives.
        let rules = try #require(run["tool"]?["driver"]?["rules"]?.arrayValue).map { $0["id"]?.stringValue ?? "" }
        for result in sarif {
            let index = try #require(result["ruleIndex"]?.numberValue)
            #expect(rules[Int(index)] == result["ruleId"]?.stringValue)
        }
        // The heart pulse's findings point at its object in Specs/Feed.json.
        let feed = try String(contentsOf: packageRoot.appendingPathComponent("Specs/Feed.json"), encoding: .utf8)
        let (line, column) = try openingBrace(of: "\"id\": \"heart-pulse\"", in: feed)
        let heart = try #require(sarif.first { $0["message"]?["text"]?.stringValue?.hasPrefix("Feed/heart-pulse:") == true })
        let place = try #require(heart["locations"]?.arrayValue?.first?["physicalLocation"])
        #expect(place["artifactLocation"]?["uri"] == "Specs/Feed.json")
        #expect(place["region"]?["startLine"]?.numberValue == Double(line) && place["region"]?["startColumn"]?.numberValue == Double(column))
        // --strict counts the same failures.
        let strict = motionsync(specs + ["--strict"], command: "budget")
        #expect(strict.code == 1 && strict.err.contains("\(fails) rule result(s) fail"))
    }

    @Test("--format junit is well-formed XML whose failures are exactly what --strict fails on (budget, diff, check-ahap)")
    func junit() throws {
        let specs = ["Specs/Feed.json", "Specs/Upload.json", "Specs/Onboarding.json"]
        let strict = motionsync(specs + ["--strict"], command: "budget")
        let fails = Int(try #require(strict.err.split(separator: " ").first { Int($0) != nil }))!
        let budget = try elements(motionsync(specs + ["--format", "junit"], command: "budget").out)
        #expect(budget["failure"] == fails && fails > 0)
        #expect(budget["testsuites"] == 1 && budget["testcase"] ?? 0 > fails)

        let drift = ["Tests/MotionSyncCLITests/Fixtures/Drift.json", "--code", "Tests/MotionSyncCLITests/Fixtures/Drift.swift"]
        let diff = try elements(motionsync(drift + ["--format", "junit"], command: "diff").out)
        #expect(diff["failure"] == 3, "the three planted differences")

        let ahap = ["Tests/MotionSyncCLITests/Golden/Feed--heart-pulse.ahap", "--against", "Specs/Checkout.json#add-to-cart-bump"]
        let checks = try JSONParser().parse(motionsync(ahap + ["--format", "json"], command: "check-ahap").out).value
        let events: [JSONValue] = (checks.arrayValue ?? []).flatMap { (file: JSONValue) -> [JSONValue] in file["events"]?.arrayValue ?? [] }
        let misaligned = events.filter { (e: JSONValue) -> Bool in e["verdict"]?.stringValue == "leads" || e["verdict"]?.stringValue == "lags" }.count
        #expect(misaligned > 0)
        #expect(try elements(motionsync(ahap + ["--format", "junit"], command: "check-ahap").out)["failure"] == misaligned)
    }

    @Test("diff --format sarif: each difference at the code's line, the spec's place related; check-ahap's at the event's line")
    func diffAndAHAPLocations() throws {
        let drift = ["Tests/MotionSyncCLITests/Fixtures/Drift.json", "--code", "Tests/MotionSyncCLITests/Fixtures/Drift.swift"]
        let log = try JSONParser().parse(motionsync(drift + ["--format", "sarif"], command: "diff").out).value
        let results = try #require(log["runs"]?.arrayValue?.first?["results"]?.arrayValue)
        #expect(results.count == 3 && results.allSatisfy { $0["level"] == "error" && $0["ruleId"] == "drift" })
        let swift = try String(contentsOf: packageRoot.appendingPathComponent("Tests/MotionSyncCLITests/Fixtures/Drift.swift"), encoding: .utf8)
        let animatorLine =
            try #require(swift.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(".keyframeAnimator(") }) + 1
        let first = try #require(results.first)
        #expect(first["locations"]?.arrayValue?.first?["physicalLocation"]?["region"]?["startLine"]?.numberValue == Double(animatorLine))
        // Its related location is the spec's keyframe scale[0], line:column of its object.
        let spec = try String(contentsOf: packageRoot.appendingPathComponent("Tests/MotionSyncCLITests/Fixtures/Drift.json"), encoding: .utf8)
        let (line, column) = try openingBrace(of: "\"to\": 1.28", in: spec)
        let related = try #require(first["relatedLocations"]?.arrayValue?.first?["physicalLocation"])
        #expect(related["artifactLocation"]?["uri"] == "Tests/MotionSyncCLITests/Fixtures/Drift.json")
        #expect(related["region"]?["startLine"]?.numberValue == Double(line) && related["region"]?["startColumn"]?.numberValue == Double(column))

        let ahap = motionsync(
            ["Tests/MotionSyncCLITests/Golden/Feed--heart-pulse.ahap", "--against", "Specs/Checkout.json#add-to-cart-bump", "--format", "sarif"],
            command: "check-ahap")
        #expect(ahap.code == 1)
        let events = try #require(try JSONParser().parse(ahap.out).value["runs"]?.arrayValue?.first?["results"]?.arrayValue)
        #expect(!events.isEmpty && events.allSatisfy { ["haptic-lead", "haptic-lag"].contains($0["ruleId"]?.stringValue ?? "") })
        let text = try String(
            contentsOf: packageRoot.appendingPathComponent("Tests/MotionSyncCLITests/Golden/Feed--heart-pulse.ahap"), encoding: .utf8)
        let (eventLine, _) = try openingBrace(of: "\"Time\": 0.2196", in: text)
        #expect(events.first?["locations"]?.arrayValue?.first?["physicalLocation"]?["region"]?["startLine"]?.numberValue == Double(eventLine))
    }

    @Test("completions: bash parses, and every shell gets every command and the budget's options")
    func completions() throws {
        for shell in ["bash", "zsh", "fish"] {
            let r = motionsync("completions", shell)
            #expect(r.code == 0)
            for command in MotionSyncCLI.commands.map({ $0.name }) { #expect(r.out.contains(command), "\(shell): \(command)") }
            for option in ["--strict", "--screen", "--profile", "--format"] {
                #expect(r.out.contains(shell == "fish" ? "-l \(option.dropFirst(2))" : option), "\(shell): \(option)")
            }
        }
        let script = try temporaryDirectory().appendingPathComponent("motionsync.bash")
        try Data(motionsync("completions", "bash").out.utf8).write(to: script)
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = [
            "-c", "source \(script.path) && COMP_WORDS=(motionsync budget --st) && COMP_CWORD=2 && _motionsync && echo \"${COMPREPLY[*]}\"",
        ]
        let pipe = Pipe()
        bash.standardOutput = pipe
        try bash.run()
        bash.waitUntilExit()
        #expect(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "--strict\n")
        #expect(motionsync("completions", "ksh").code == 2)
    }
}

/// Runs `motionsync COMMAND arguments…`.
private func motionsync(_ arguments: [String], command: String) -> (code: Int32, out: String, err: String) {
    motionsync([command] + arguments)
}
