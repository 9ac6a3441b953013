import Foundation
import MotionBudget
import MotionJSON
import MotionTestSupport
import Testing

@testable import MotionPipeline
@testable import MotionRender
@testable import MotionSyncCLI

@Suite("budget")
struct BudgetCommandTests {
    @Test("budget --format json validates against Schemas/budget-report.schema.json")
    func schema() throws {
        let ws = try Workspace()
        #expect(ws.run("import", "Specs/").code == 0)
        let schema = try JSONParser().parse([UInt8](Data(contentsOf: packageRoot.appendingPathComponent("Schemas/budget-report.schema.json")))).value
        let validator = try JSONSchemaValidator(schema: schema)
        for profile in ["apple-touch", "material3"] {
            let r = ws.run("budget", "--format", "json", "--profile", profile)
            #expect(r.code == 0)
            let report = try JSONParser().parse(r.out).value
            #expect(validator.validate(report).isEmpty, "\(validator.validate(report).prefix(3))")
            #expect(report["profile"]?.stringValue == profile)
            #expect(report["animations"]?.arrayValue?.count == 20)
        }
        // The validator is not a rubber stamp: a broken report fails.
        #expect(
            !validator.isValid(["profile": "x", "rules": [], "results": [["screen": "S", "id": "a", "rule": "r", "value": 1, "verdict": "maybe"]]]))
    }

    @Test("--rules prints each rule once with its source; --strict exits 1 on a fail")
    func tableAndStrict() throws {
        let rules = motionsync("budget", "--rules", "--wide")
        #expect(rules.code == 0)
        for rule in BudgetProfile.appleTouch.rules {
            #expect(rules.out.components(separatedBy: "\n  \(rule.id) ").count == 2, "\(rule.id) once")
            #expect(rules.out.contains(rule.source))
        }
        let r = motionsync("budget", "Specs/Onboarding.json")
        #expect(r.code == 0)
        #expect(r.out.contains("Onboarding/hello-keyframes-text"))
        let strict = motionsync("budget", "Specs/Onboarding.json", "--strict")
        #expect(strict.code == 1, "tap-duration 836 ms (to rest) fails")
        #expect(motionsync("budget", "Specs/Feed.json#card-fade-in", "--strict").code == 0)
    }

    @Test("a custom profile file changes exactly the overridden verdict")
    func customProfile() throws {
        let ws = try Workspace()
        try ws.write("team.json", #"{"name": "team", "rules": {"tap-duration": {"pass": 0.6, "warn": 0.7}}}"#)
        let base = try JSONParser().parse(ws.run("budget", "Specs/Feed.json#heart-pulse", "--format", "json").out).value
        let mine = try JSONParser().parse(ws.run("budget", "Specs/Feed.json#heart-pulse", "--format", "json", "--profile", "team.json").out).value
        let a = base["results"]?.arrayValue ?? [], b = mine["results"]?.arrayValue ?? []
        #expect(a.count == b.count && !a.isEmpty)
        for (x, y) in zip(a, b) {
            if x["rule"] == "tap-duration" && x["variant"] == nil {
                #expect(x["verdict"] == "warn" && y["verdict"] == "pass")
            } else {
                #expect(x == y)
            }
        }
        try ws.write("bad.json", #"{"rules": {"tap-length": {"pass": 1}}}"#)
        let bad = ws.run("budget", "Specs/Feed.json", "--profile", "bad.json")
        #expect(bad.code == 2 && bad.err.contains("at /rules/tap-length"))
        #expect(ws.run("budget", "--profile", "nope").code == 2)
    }

    @Test("inventory shows the verdict; --over-budget keeps warn and fail")
    func inventoryVerdicts() throws {
        let ws = try Workspace()
        #expect(ws.run("import", "Specs/").code == 0)
        let all = try JSONParser().parse(ws.run("inventory", "--format", "json").out).value.arrayValue ?? []
        #expect(all.allSatisfy { ["pass", "warn", "fail"].contains($0["budget"]?.stringValue ?? "") })
        let over = try JSONParser().parse(ws.run("inventory", "--over-budget", "--format", "json").out).value.arrayValue ?? []
        #expect(over.count == all.filter { $0["budget"] != "pass" }.count)
        #expect(over.allSatisfy { $0["budget"] != "pass" })
        #expect(all.contains { $0["id"] == "card-fade-in" && $0["budget"] == "pass" })
        #expect(all.contains { $0["id"] == "hello-keyframes-text" && $0["budget"] == "fail" })
    }
}

@Suite("Docs/Budgets.md")
struct ReadmeTests {
    @Test("Docs/Budgets.md's verdict table lists every example with the verdict budget gives it")
    func verdictTable() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("Docs/Budgets.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "<!-- budget-verdicts").dropFirst().first)
        var table: [String: String] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| animation") && !line.hasPrefix("|---") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.count >= 3 { table[cells[0]] = cells[1] }
            if line.contains("## ") { break }
        }
        let report = try JSONParser().parse(
            motionsync(["budget", "--format", "json"] + HapticCommandTests.allAnimations().map { "\($0.file)#\($0.id)" }).out
        ).value
        let verdicts = report["animations"]?.arrayValue ?? []
        #expect(verdicts.count == (try HapticCommandTests.allAnimations()).count)
        for v in verdicts {
            let name = "\(v["screen"]!.stringValue!)/\(v["id"]!.stringValue!)"
            #expect(table[name] == v["verdict"]?.stringValue, "Docs/Budgets.md says \(table[name] ?? "nothing") for \(name)")
        }
    }
}
