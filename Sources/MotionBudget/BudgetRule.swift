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
    /// Where the numbers come from, in words: the publication and what it says, or
    /// "motionsync's own rule: " and why.
    public let source: String
    /// Addresses a user can open for the source (URLs; papers as https://doi.org/ links), the
    /// main one first. Empty only for an own rule that rests on no public page.
    public let references: [String]
    /// Whether the limit is motionsync's own reading rather than a published number.
    public let ownRule: Bool
    /// The main address of the source (nil: an own rule without one).
    public var url: String? { references.first }
    public let metric: BudgetMetric
    public var direction: Direction
    public var pass: Double
    public var warn: Double?
    public var beyond: BudgetVerdict
    public var enabled: Bool = true
    /// For a two-sided `atMost` rule: values below this are `beyond` too (`feedback-sync`: a
    /// haptic may lead by 15 ms and trail by 50 ms, so its lead must lie in −0.05…0.015 s).
    public var lower: Double?

    public init(
        id: String, summary: String, source: String, references: [String] = [], ownRule: Bool = false, metric: BudgetMetric,
        direction: Direction = .atMost, pass: Double, warn: Double? = nil, beyond: BudgetVerdict, lower: Double? = nil
    ) {
        self.lower = lower
        self.id = id
        self.summary = summary
        self.source = source
        self.references = references
        self.ownRule = ownRule
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

    /// The measured value as shown beside the verdict, in the unit the limits are written in
    /// (times in ms, `580 ms`; counts, `1 event`; yes/no measures, `yes`): whole units, or as
    /// many decimals (up to 6) as it takes for the shown number to get the value's own verdict, so
    /// a figure never reads as inside a limit it breaks (15.03 ms against 15 ms is `15.03 ms`).
    public func shown(_ value: Double) -> String {
        switch metric.unit {
        case "events": return "\(Int(value)) event\(value == 1 ? "" : "s")"
        case "": return value == 0 ? "no" : "yes"
        default: break
        }
        let perSecond = metric.unit == "s" ? 1000.0 : 1
        let x = value * perSecond
        guard abs(x) < 1e9 else { return "\(Int(x.rounded())) ms" }
        let own = verdict(for: value)
        for decimals in 0...6 {
            let scale = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000][decimals]
            let units = (x * Double(scale)).rounded()
            if verdict(for: units / Double(scale) / perSecond) == own || decimals == 6 {
                return Self.fixed(Int(units), decimals: decimals, scale: scale) + " ms"
            }
        }
        return ""
    }

    /// `units / scale` written with `decimals` decimals (never `-0`).
    static func fixed(_ units: Int, decimals: Int, scale: Int) -> String {
        let whole = "\(abs(units) / scale)"
        let sign = units < 0 ? "-" : ""
        guard decimals > 0 else { return sign + whole }
        let fraction = "\(abs(units) % scale)"
        return sign + whole + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    static func format(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e9 ? String(Int(x)) : "\(x)"
    }
}
