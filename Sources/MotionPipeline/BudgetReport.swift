import Foundation
import MotionBudget
import MotionCore
import MotionJSON
import MotionStore

// MARK: - BudgetReport

/// The budget results of some animations under one profile, in table or JSON form.
public struct BudgetReport {
    public let profile: BudgetProfile
    public let animations: [(screen: String, id: String)]
    public let results: [BudgetResult]
    /// Haptics fired on states nothing animates on (listed; no verdict).
    public var unpairedFeedback: [UnpairedFeedback] = []

    /// The results of each animation ("SCREEN\0ID"), grouped once: O(1) per animation after, so a
    /// report over 20,000 animations is linear, not quadratic.
    private let byAnimation: [String: [BudgetResult]]

    public init(profile: BudgetProfile, animations: [(screen: String, id: String)], results: [BudgetResult], unpairedFeedback: [UnpairedFeedback] = []) {
        self.profile = profile
        self.animations = animations
        self.results = results
        self.unpairedFeedback = unpairedFeedback
        byAnimation = Dictionary(grouping: results) { $0.screen + "\u{0}" + $0.id }
    }

    /// The results of one animation, in their order.
    public func results(screen: String, id: String) -> [BudgetResult] { byAnimation[screen + "\u{0}" + id] ?? [] }

    public func verdict(screen: String, id: String) -> BudgetVerdict {
        BudgetEvaluator.overall(results(screen: screen, id: id))
    }

    /// A rule result's value in its unit's words (`580 ms`, `2 events`, `yes`).
    public static func value(_ r: BudgetResult, unit: String) -> String {
        let v = r.value + 0  // no "-0"
        return switch unit {
        case "s": String(format: "%.0f ms", (v * 1000).rounded() + 0)
        case "ms": String(format: "%.0f ms", v.rounded() + 0)
        case "events": "\(Int(r.value)) event\(r.value == 1 ? "" : "s")"
        default: r.value == 0 ? "no" : "yes"
        }
    }

    public var table: String {
        var out = "PROFILE \(profile.name)\n\nRULES\n"
        out += TextTable(header: ["  ID", "CHECKS", "LIMIT", "SOURCE"], rows: profile.rules.filter(\.enabled).map { ["  " + $0.id, $0.summary, $0.limitInWords, $0.source] }).render()
        out += "\nRESULTS\n"
        var rows: [[String]] = []
        for a in animations {
            let mine = results(screen: a.screen, id: a.id)
            let findings = mine.filter { $0.verdict != .pass }.map { r -> String in
                let unit = profile.rules.first { $0.id == r.rule }?.metric.unit ?? ""
                return "\(r.rule)\(r.variant == nil ? "" : " (reduce motion)") \(Self.value(r, unit: unit)) \(r.verdict.rawValue)"
            }
            rows.append(["  \(a.screen)/\(a.id)", BudgetEvaluator.overall(mine).rawValue, findings.isEmpty ? "all \(mine.count) rules pass" : findings.joined(separator: "; ")])
        }
        out += TextTable(header: ["  ANIMATION", "VERDICT", "FINDINGS"], rows: rows).render()
        let advice = results.filter { $0.message != nil }
        if !advice.isEmpty {
            out += "\nADVICE\n"
            for r in advice { out += "  \(r.screen)/\(r.id) \(r.rule): \(r.message!)\n" }
        }
        if !unpairedFeedback.isEmpty {
            out += "\nHAPTICS WITHOUT MOTION (fired on a state nothing animates on)\n"
            out += TextTable(header: ["  SOURCE", "SCREEN", "FEEDBACK", "TRIGGER"],
                             rows: unpairedFeedback.map { ["  \($0.file):\($0.line)", $0.screen, $0.kind, $0.trigger] }).render()
        }
        let verdicts = animations.map { verdict(screen: $0.screen, id: $0.id) }
        let counts = BudgetVerdict.allCases.map { v in "\(verdicts.filter { $0 == v }.count) \(v.rawValue)" }
        out += "\n\(animations.count) animation\(animations.count == 1 ? "" : "s"): \(counts.joined(separator: ", "))\n"
        return out
    }

    /// SARIF 2.1.0: the profile's rules, and one result per rule result that is not a pass
    /// (fail → error, warn → warning), at the animation in its spec file. `sources` maps
    /// `SCREEN/ID` to the file it came from.
    public func sarif(sources: [String: String], locator: SpecLocator) -> SARIFLog {
        let rules = profile.rules.filter(\.enabled)
        var log = SARIFLog(rules: rules.map { r in
            SARIFLog.Rule(id: r.id, summary: r.summary, full: "\(r.summary): \(r.limitInWords). Source: \(r.source)",
                          level: r.beyond == .fail ? .error : .warning)
        })
        for r in results where r.verdict != .pass {
            let rule = rules.first { $0.id == r.rule }
            let value = Self.value(r, unit: rule?.metric.unit ?? "")
            let message = "\(r.screen)/\(r.id)\(r.variant == nil ? "" : " (reduce motion)"): \(r.rule) \(r.verdict.rawValue), "
                + "\(rule?.summary ?? r.rule) is \(value); \(rule?.limitInWords ?? "")" + (r.message.map { ". \($0)" } ?? "")
            let location = sources["\(r.screen)/\(r.id)"].map { locator.location(path: $0, id: r.id) }
            log.results.append(SARIFLog.Result(ruleID: r.rule, level: r.verdict == .fail ? .error : .warning, message: message, location: location))
        }
        return log
    }

    /// JUnit XML: one test case per rule result (`classname` the animation); a fail is a
    /// failure (what --strict counts), a warning passes with the warning in its output.
    public var junit: JUnitReport {
        JUnitReport(suite: "motionsync budget (\(profile.name))", cases: results.map { r in
            let unit = profile.rules.first { $0.id == r.rule }?.metric.unit ?? ""
            let text = "\(r.rule) \(Self.value(r, unit: unit)) \(r.verdict.rawValue)" + (r.message.map { ": \($0)" } ?? "")
            return JUnitReport.Case(name: r.rule + (r.variant == nil ? "" : " (reduce motion)"), className: "\(r.screen)/\(r.id)",
                                    failure: r.verdict == .fail ? text : nil, output: r.verdict == .warn ? text : nil)
        })
    }

    public var json: JSONValue {
        .object(JSONObject([
            ("profile", .string(profile.name)),
            ("rules", .array(profile.rules.filter(\.enabled).map { r in
                .object(JSONObject([
                    ("id", .string(r.id)), ("summary", .string(r.summary)), ("source", .string(r.source)), ("limit", .string(r.limitText)),
                    ("unit", .string(r.metric.unit)), ("direction", .string(r.direction.rawValue)), ("pass", .number(r.pass)),
                    ("warn", r.warn.map(JSONValue.number) ?? .null), ("beyond", .string(r.beyond.rawValue)),
                ] + (r.lower.map { [("lower", JSONValue.number($0))] } ?? [])))
            })),
            ("results", .array(results.map { r in
                var o = JSONObject([("screen", .string(r.screen)), ("id", .string(r.id)), ("rule", .string(r.rule)),
                                    ("value", .number((r.value * 1e6).rounded() / 1e6)),
                                    ("unit", .string(profile.rules.first { $0.id == r.rule }?.metric.unit ?? "")), ("verdict", .string(r.verdict.rawValue))])
                if let v = r.variant { o["variant"] = .string(v) }
                if let m = r.message { o["message"] = .string(m) }
                return .object(o)
            })),
            ("animations", .array(animations.map { a in
                .object(JSONObject([("screen", .string(a.screen)), ("id", .string(a.id)), ("verdict", .string(verdict(screen: a.screen, id: a.id).rawValue))]))
            })),
            ("unpairedFeedback", .array(unpairedFeedback.map { u in
                .object(JSONObject([("screen", .string(u.screen)), ("component", u.component.map(JSONValue.string) ?? .null), ("feedback", .string(u.kind)),
                                    ("trigger", .string(u.trigger)), ("source", .string("\(u.file):\(u.line)"))]))
            })),
        ]))
    }
}
