// MARK: - BudgetVerdict

/// A rule's verdict on one animation, ordered pass < warn < fail.
public enum BudgetVerdict: String, Hashable, Sendable, Comparable, CaseIterable {
    case pass, warn, fail
    var rank: Int { self == .pass ? 0 : (self == .warn ? 1 : 2) }
    public static func < (a: BudgetVerdict, b: BudgetVerdict) -> Bool { a.rank < b.rank }
}

// MARK: - BudgetRule

/// One named, sourced rule: what it measures, on which animations, and its limits.
///
/// `atMost` rules pass while the measured value is ≤ `pass`, give `warn` up to `warn` (when set)
/// and `beyond` past the last limit; `atLeast` rules mirror that (value ≥ `pass` passes).
public struct BudgetRule: Hashable, Sendable {
    public enum Direction: String, Hashable, Sendable { case atMost, atLeast }

    public let id: String
    /// What is measured, in words.
    public let summary: String
    /// Where the numbers come from.
    public let source: String
    public let metric: BudgetMetric
    public var direction: Direction
    public var pass: Double
    public var warn: Double?
    public var beyond: BudgetVerdict
    public var enabled: Bool = true
    /// For a two-sided `atMost` rule: values below this are `beyond` too (`feedback-sync`: a
    /// haptic may lead by 15 ms and trail by 50 ms, so its lead must lie in −0.05…0.015 s).
    public var lower: Double?

    public init(id: String, summary: String, source: String, metric: BudgetMetric, direction: Direction = .atMost,
                pass: Double, warn: Double? = nil, beyond: BudgetVerdict, lower: Double? = nil) {
        self.lower = lower
        self.id = id
        self.summary = summary
        self.source = source
        self.metric = metric
        self.direction = direction
        self.pass = pass
        self.warn = warn
        self.beyond = beyond
    }

    /// The verdict for a measured value.
    public func verdict(for value: Double) -> BudgetVerdict {
        let tolerance = 1e-9
        if let lower, value < lower - tolerance { return beyond }
        switch direction {
        case .atMost:
            if value <= pass + tolerance { return .pass }
            if let warn, value <= warn + tolerance { return .warn }
        case .atLeast:
            if value >= pass - tolerance { return .pass }
            if let warn, value >= warn - tolerance { return .warn }
        }
        return beyond
    }

    /// The limit in words: "≤ 0.4 s pass, ≤ 0.6 s warn, beyond fail".
    public var limitText: String {
        let op = direction == .atMost ? "≤" : "≥"
        let unit = metric.unit
        func v(_ x: Double) -> String { unit == "s" ? "\(Self.format(x)) s" : (unit.isEmpty ? Self.format(x) : "\(Self.format(x)) \(unit)") }
        var parts = [(lower.map { "≥ \(v($0)) and " } ?? "") + "\(op) \(v(pass)) pass"]
        if let warn { parts.append("\(op) \(v(warn)) warn") }
        parts.append("beyond \(beyond.rawValue)")
        return parts.joined(separator: ", ")
    }

    /// The limit as a sentence for the rules table: times in ms, and yes/no measures said as
    /// such ("must not happen, else warn" rather than "≤ 0 pass").
    public var limitInWords: String {
        let unit = metric.unit
        func v(_ x: Double) -> String {
            switch unit {
            case "s": "\(Self.format((x * 1000 * 1e6).rounded() / 1e6)) ms"
            case "events": "\(Self.format(x)) event\(x == 1 ? "" : "s")"
            case "": Self.format(x)
            default: "\(Self.format(x)) \(unit)"
            }
        }
        if unit.isEmpty, direction == .atMost, pass == 0, warn == nil {
            return "must not happen, else \(beyond.rawValue)"
        }
        if unit == "events", direction == .atMost, pass == 0, warn == nil {
            return "none, else \(beyond.rawValue)"
        }
        if let lower { return "\(v(lower)) to \(v(pass)) passes, outside \(beyond.rawValue)s" }
        let word = direction == .atMost ? "at most" : "at least"
        var text = "\(word) \(v(pass)) passes"
        if let warn { text += ", \(word) \(v(warn)) warns" }
        return text + ", " + (direction == .atMost ? "more" : "less") + " \(beyond.rawValue)s"
    }

    static func format(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e9 ? String(Int(x)) : "\(x)"
    }
}
