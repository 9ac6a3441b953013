import MotionBudget
import MotionCore
import MotionHaptics
import MotionPipeline

// MARK: - SVGPlot

/// A picture of one animation as deterministic SVG 1.1 text (no fonts to fetch, no scripts):
///
/// - one lane per property: its curve sampled at 240 fps (at most 4 samples per pixel) as a polyline, y scaled to the property's
///   range, with the property's name and its minimum and maximum on the left;
/// - peaks as dots (`circle`, the only circles in the picture) labelled with their time;
/// - holds as shaded bands; written holds that are not flat outlined in red, with a cross where
///   the curve strays furthest;
/// - the haptic plan as a row under the lanes: a tick per transient (height from its
///   intensity), a bar per continuous event;
/// - vertical budget lines at the time limits that apply to the animation;
/// - a time axis in ms.
///
/// Every text taken from a spec is escaped. The same input gives the same bytes.
public enum SVGPlot {
    /// Sampling rate of the curves (frames per second).
    public static let fps = 240.0

    // MARK: Budget lines

    /// A vertical line at a time limit of a budget rule.
    public struct BudgetLine: Hashable, Sendable {
        /// The rule's id (`tap-duration`).
        public let rule: String
        /// Where the line goes (s).
        public let time: Double
        /// "pass" for the pass limit, "warn" for the warn limit.
        public let limit: String
        /// The verdict beyond the line.
        public let beyond: BudgetVerdict
        /// The rule's measured value (s), when it has one.
        public let measured: Double?

        public init(rule: String, time: Double, limit: String, beyond: BudgetVerdict, measured: Double? = nil) {
            self.rule = rule
            self.time = time
            self.limit = limit
            self.beyond = beyond
            self.measured = measured
        }

        /// "tap-duration ≤ 400 ms (then warn)".
        public var label: String {
            let ms = time * 1000
            // Limits come from built-in profiles or a profile file, which caps them at 1e6 (s or
            // counts): |ms| ≤ 1e9 fits Int.
            let text = abs(ms - ms.rounded()) < 1e-6 && abs(ms) < 1e12 ? "\(Int(ms.rounded())) ms" : SVGPlot.ms(time)
            return "\(rule) ≤ \(text) (then \(beyond.rawValue))"
        }
    }

    /// The metrics that are a time on the animation's own clock (from the trigger), so a
    /// vertical line at their limit means something; the haptic lead, lag and spacing are
    /// intervals between events, not places on the time axis.
    public static let timeMetrics: Set<BudgetMetric> = [
        .firstVisibleChange, .firstPeakOfTap, .tapDuration, .gestureDuration, .smallAreaDuration, .largeAreaDuration,
    ]

    /// The lines of `profile`'s enabled rules whose metric is a time and that apply to
    /// `animation` (its metric measures something), at the pass limit and, when the rule has
    /// one, the warn limit.
    public static func budgetLines(
        for animation: AnimationSpec, screen: String, timeline: any MotionTimeline,
        profile: BudgetProfile = .appleTouch, options: AnalysisOptions = .standard
    ) -> [BudgetLine] {
        let facts = AnimationFacts(screen: screen, animation: animation, timeline: timeline, options: options)
        return budgetLines(facts: facts, profile: profile)
    }

    /// The lines for measured facts.
    public static func budgetLines(facts: AnimationFacts, profile: BudgetProfile = .appleTouch) -> [BudgetLine] {
        var lines: [BudgetLine] = []
        for rule in profile.rules where rule.enabled && timeMetrics.contains(rule.metric) && rule.direction == .atMost {
            guard let measured = rule.metric.measure(facts) else { continue }
            lines.append(
                BudgetLine(rule: rule.id, time: rule.pass, limit: "pass", beyond: rule.warn == nil ? rule.beyond : .warn, measured: measured))
            if let warn = rule.warn {
                lines.append(BudgetLine(rule: rule.id, time: warn, limit: "warn", beyond: rule.beyond, measured: measured))
            }
        }
        return lines.sorted { ($0.time, $0.rule) < ($1.time, $1.rule) }
    }

    // MARK: Rendering

    public static let width = 960.0
    public static let left = 180.0
    public static let right = 28.0
    public static let laneHeight = 84.0
    public static let laneGap = 30.0
    public static let hapticHeight = 40.0
    public static let labelRow = 14.0

    /// The whole SVG document: an XML declaration, then the `svg` element.
    public static func render(timeline: any MotionTimeline, analysis: MotionAnalysis, plan: HapticPlan, budget: [BudgetLine], title: String) -> String
    {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + element(timeline: timeline, analysis: analysis, plan: plan, budget: budget, title: title)
    }

    /// The `svg` element alone, for inlining into HTML.
    public static func element(
        timeline: any MotionTimeline, analysis: MotionAnalysis, plan: HapticPlan, budget: [BudgetLine], title: String
    ) -> String {
        let duration = max(0, timeline.duration)
        let events = plan.pattern.events
        let end = max(duration, budget.map(\.time).max() ?? 0, events.map(\.end).max() ?? 0)
        let axisEnd = end > 0 ? end * 1.04 : 0.1
        let plotWidth = width - left - right
        func x(_ t: Double) -> Double { left + min(max(t, 0), axisEnd) / axisEnd * plotWidth }

        let top = 50.0 + Double(budget.count) * labelRow
        let properties = timeline.properties
        let lanesBottom = top + Double(properties.count) * (laneHeight + laneGap)
        let hapticTop = lanesBottom
        let hapticBottom = hapticTop + hapticHeight
        let axisY = hapticBottom + 10
        let height = axisY + 34

        var out = ""
        out +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\" font-family=\"sans-serif\" font-size=\"11\">\n"
        out += "<title>\(escape(title))</title>\n"
        out +=
            "<desc>\(escape("\(title): \(ms(duration))\(timeline.isRepeating ? " per cycle (looping)" : ""), \(analysis.peaks.count) peaks, \(analysis.holds.count) holds, \(events.count) haptic events"))</desc>\n"
        out += "<rect class=\"background\" x=\"0\" y=\"0\" width=\"\(f(width))\" height=\"\(f(height))\" fill=\"#ffffff\"/>\n"
        out += "<text class=\"heading\" x=\"12\" y=\"22\" font-size=\"14\" font-weight=\"bold\" fill=\"#222222\">\(escape(title))</text>\n"
        out +=
            "<text class=\"duration\" x=\"\(f(width - right))\" y=\"22\" text-anchor=\"end\" fill=\"#555555\">\(escape(ms(duration) + (timeline.isRepeating ? " per cycle (looping)" : "")))</text>\n"

        out += lanes(timeline: timeline, analysis: analysis, top: top, plotWidth: plotWidth, x: x)
        out += hapticEvents(events, hapticBottom: hapticBottom, x: x)
        out += budgetLines(budget, hapticBottom: hapticBottom, x: x)
        out += timeAxis(end: axisEnd, duration: duration, top: top, axisY: axisY, x: x)
        out += "</svg>\n"
        return out
    }

    /// One lane per property, from `top` down: its curve, min and max, peaks, holds and the
    /// written holds that are not flat. `x` maps a time (s) to the plot.
    static func lanes(timeline: any MotionTimeline, analysis: MotionAnalysis, top: Double, plotWidth: Double, x: (Double) -> Double) -> String {
        var out = ""
        let duration = max(0, timeline.duration)
        // At most 240 fps and at most four samples per pixel, so a long animation stays a small
        // file; each lane adds its own peak times, so every dot sits on its curve.
        let gridFPS = min(fps, max(1, 4 * plotWidth / max(duration, 1e-9)))
        let grid = SampleGrid.times(duration: duration, fps: gridFPS)
        // Peak times and ranges by property, gathered once (not a scan of all of them per lane).
        var peakTimes: [String: [Double]] = [:]
        for peak in analysis.peaks { peakTimes[peak.property, default: []].append(peak.time) }
        var ranges: [String: PropertyRange] = [:]
        for range in analysis.ranges where ranges[range.property] == nil { ranges[range.property] = range }
        for (index, name) in timeline.properties.enumerated() {
            let times = Array(Set(grid + (peakTimes[name] ?? []))).sorted()
            out += lane(
                index: index, name: name, times: times, timeline: timeline, analysis: analysis, range: ranges[name], top: top, plotWidth: plotWidth,
                x: x)
        }
        return out
    }

    /// The lane of property `index` (`name`), sampled at `times`.
    static func lane(
        index: Int, name: String, times: [Double], timeline: any MotionTimeline, analysis: MotionAnalysis, range: PropertyRange?, top: Double,
        plotWidth: Double,
        x: (Double) -> Double
    ) -> String {
        var out = ""
        let laneTop = top + Double(index) * (laneHeight + laneGap)
        let laneBottom = laneTop + laneHeight
        let samples = times.map { timeline.value(of: index, at: $0) }
        let low = min(range?.minimum ?? .infinity, samples.min() ?? 0)
        let high = max(range?.maximum ?? -.infinity, samples.max() ?? 0)
        let span = high - low
        func y(_ v: Double) -> Double { span > 0 ? laneBottom - (v - low) / span * laneHeight : laneTop + laneHeight / 2 }

        out += "<g class=\"lane\">\n"
        out +=
            "<rect class=\"lane-frame\" x=\"\(f(left))\" y=\"\(f(laneTop))\" width=\"\(f(plotWidth))\" height=\"\(f(laneHeight))\" fill=\"#fafafa\" stroke=\"#dddddd\"/>\n"
        out +=
            "<text class=\"property\" x=\"12\" y=\"\(f(laneTop + laneHeight / 2 + 4))\" font-weight=\"bold\" fill=\"#222222\">\(escape(clip(name)))<title>\(escape(name))</title></text>\n"
        out +=
            "<text class=\"max\" x=\"\(f(left - 6))\" y=\"\(f(laneTop + 9))\" text-anchor=\"end\" fill=\"#777777\">\(escape(number(high)))</text>\n"
        out += "<text class=\"min\" x=\"\(f(left - 6))\" y=\"\(f(laneBottom))\" text-anchor=\"end\" fill=\"#777777\">\(escape(number(low)))</text>\n"
        for hold in analysis.holds where hold.property == name {
            out +=
                "<rect class=\"hold\" x=\"\(f(x(hold.start)))\" y=\"\(f(laneTop))\" width=\"\(f(max(1, x(hold.end) - x(hold.start))))\" height=\"\(f(laneHeight))\" fill=\"#4a90d9\" fill-opacity=\"0.16\">"
            out += "<title>\(escape("hold \(hold.position.rawValue) \(ms(hold.start))–\(ms(hold.end)) at \(number(hold.value))"))</title></rect>\n"
        }
        for check in analysis.writtenHolds where check.property == name && !check.isFlat {
            let w = check.written
            let yv = y(w.value)
            out += "<g class=\"written-hold-not-flat\">"
            out +=
                "<rect x=\"\(f(x(w.start)))\" y=\"\(f(laneTop + 1))\" width=\"\(f(max(1, x(w.end) - x(w.start))))\" height=\"\(f(laneHeight - 2))\" fill=\"none\" stroke=\"#d0021b\" stroke-dasharray=\"4 3\"/>"
            out += "<line x1=\"\(f(x(w.start)))\" y1=\"\(f(yv))\" x2=\"\(f(x(w.end)))\" y2=\"\(f(yv))\" stroke=\"#d0021b\" stroke-dasharray=\"2 2\"/>"
            let cx = x(check.deviationTime), cy = y(check.deviationValue)
            out +=
                "<path d=\"M\(f(cx - 4)) \(f(cy - 4))L\(f(cx + 4)) \(f(cy + 4))M\(f(cx - 4)) \(f(cy + 4))L\(f(cx + 4)) \(f(cy - 4))\" stroke=\"#d0021b\" stroke-width=\"1.5\"/>"
            out +=
                "<text x=\"\(f(x(w.start)))\" y=\"\(f(laneBottom + 12))\" fill=\"#d0021b\">\(escape("written hold (\(w.origin)) not flat: reaches \(number(check.deviationValue)) at \(ms(check.deviationTime))"))</text>"
            out +=
                "<title>\(escape("\(name) \(w.origin), \(ms(w.start))–\(ms(w.end)) at \(number(w.value)): NOT flat, reaches \(number(check.deviationValue)) at \(ms(check.deviationTime))"))</title>"
            out += "</g>\n"
        }
        let points = zip(times, samples).map { "\(f(x($0))),\(f(y($1)))" }.joined(separator: " ")
        out +=
            "<polyline class=\"curve\" fill=\"none\" stroke=\"#1f4e8c\" stroke-width=\"1.5\" points=\"\(points)\"><title>\(escape(name))</title></polyline>\n"
        for peak in analysis.peaks where peak.property == name {
            let cx = x(peak.time), cy = y(peak.value)
            out += "<circle class=\"peak\" cx=\"\(f(cx))\" cy=\"\(f(cy))\" r=\"3.5\" fill=\"#f5a623\" stroke=\"#8a5a00\">"
            out += "<title>\(escape("\(name) \(peak.kind.rawValue) \(number(peak.value)) at \(ms(peak.time))"))</title></circle>\n"
            let labelY = peak.kind == .max ? cy - 6 : cy + 14
            out +=
                "<text class=\"peak-time\" x=\"\(f(cx))\" y=\"\(f(labelY))\" text-anchor=\"middle\" fill=\"#8a5a00\">\(escape(ms(peak.time)))</text>\n"
        }
        out += "</g>\n"
        return out
    }

    /// The haptic events under the lanes: transients as ticks, continuous events as bars, their
    /// height the intensity.
    static func hapticEvents(_ events: [HapticEvent], hapticBottom: Double, x: (Double) -> Double) -> String {
        var out = ""
        out += "<g class=\"haptics\">\n"
        out +=
            "<text class=\"haptics-label\" x=\"12\" y=\"\(f(hapticBottom - 12))\" font-weight=\"bold\" fill=\"#222222\">haptics (\(events.count))</text>\n"
        out += "<line x1=\"\(f(left))\" y1=\"\(f(hapticBottom))\" x2=\"\(f(width - right))\" y2=\"\(f(hapticBottom))\" stroke=\"#999999\"/>\n"
        for event in events {
            let h = 8 + (hapticHeight - 12) * min(max(event.intensity, 0), 1)
            let detail = "intensity \(number(event.intensity)), sharpness \(number(event.sharpness))"
            switch event.kind {
            case .transient:
                out +=
                    "<line class=\"haptic transient\" x1=\"\(f(x(event.time)))\" y1=\"\(f(hapticBottom))\" x2=\"\(f(x(event.time)))\" y2=\"\(f(hapticBottom - h))\" stroke=\"#7b1fa2\" stroke-width=\"2.5\">"
                out += "<title>\(escape("transient at \(ms(event.time)), \(detail)"))</title></line>\n"
            case .continuous:
                out +=
                    "<rect class=\"haptic continuous\" x=\"\(f(x(event.time)))\" y=\"\(f(hapticBottom - h))\" width=\"\(f(max(1, x(event.end) - x(event.time))))\" height=\"\(f(h))\" fill=\"#7b1fa2\" fill-opacity=\"0.45\">"
                out += "<title>\(escape("continuous \(ms(event.time))–\(ms(event.end)), \(detail)"))</title></rect>\n"
            }
        }
        out += "</g>\n"

        return out
    }

    /// A dashed line at each budget time limit, its label stacked above the lanes.
    static func budgetLines(_ budget: [BudgetLine], hapticBottom: Double, x: (Double) -> Double) -> String {
        var out = ""
        out += "<g class=\"budgets\">\n"
        for (k, line) in budget.enumerated() {
            let bx = x(line.time)
            let labelY = 40 + Double(k) * labelRow
            let colour = line.beyond == .fail ? "#d0021b" : "#e67e00"
            out +=
                "<line class=\"budget\" x1=\"\(f(bx))\" y1=\"\(f(labelY + 3))\" x2=\"\(f(bx))\" y2=\"\(f(hapticBottom))\" stroke=\"\(colour)\" stroke-width=\"1\" stroke-dasharray=\"6 3\">"
            out += "<title>\(escape(line.label + (line.measured.map { "; measured \(ms($0))" } ?? "")))</title></line>\n"
            let anchor = bx > width - right - 160 ? "end" : "start"
            let tx = anchor == "end" ? bx - 3 : bx + 3
            out +=
                "<text class=\"budget-label\" x=\"\(f(tx))\" y=\"\(f(labelY))\" text-anchor=\"\(anchor)\" fill=\"\(colour)\">\(escape(line.label))</text>\n"
        }
        out += "</g>\n"

        return out
    }

    /// The time axis in ms up to `end` (s), and a line at the animation's end.
    static func timeAxis(end axisEnd: Double, duration: Double, top: Double, axisY: Double, x: (Double) -> Double) -> String {
        var out = ""
        out += "<g class=\"axis\">\n"
        out += "<line x1=\"\(f(left))\" y1=\"\(f(axisY))\" x2=\"\(f(width - right))\" y2=\"\(f(axisY))\" stroke=\"#333333\"/>\n"
        let step = tickStep(axisEnd)
        var tick = 0
        while Double(tick) * step <= axisEnd + 1e-9 {
            let t = Double(tick) * step
            out += "<line x1=\"\(f(x(t)))\" y1=\"\(f(axisY))\" x2=\"\(f(x(t)))\" y2=\"\(f(axisY + 5))\" stroke=\"#333333\"/>"
            // t ≤ the axis end ≤ an hour (MotionLimits): t × 1000 fits Int.
            out += "<text x=\"\(f(x(t)))\" y=\"\(f(axisY + 17))\" text-anchor=\"middle\" fill=\"#333333\">\(Int((t * 1000).rounded()))</text>\n"
            tick += 1
        }
        out +=
            "<line class=\"end\" x1=\"\(f(x(duration)))\" y1=\"\(f(top - 4))\" x2=\"\(f(x(duration)))\" y2=\"\(f(axisY))\" stroke=\"#333333\" stroke-opacity=\"0.35\"/>\n"
        out += "<text x=\"\(f(width - right))\" y=\"\(f(axisY + 30))\" text-anchor=\"end\" fill=\"#333333\">time (ms)</text>\n"
        out += "</g>\n"
        return out
    }

    /// A tick spacing (s) giving at most about 12 ticks.
    public static func tickStep(_ end: Double) -> Double {
        for ms in [5.0, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000] where end / (ms / 1000) <= 12 {
            return ms / 1000
        }
        return max(end / 10, 1e-3)
    }

    // MARK: Text

    /// `text` made safe for XML and HTML (`XMLText.escape`): `&`, `<`, `>`, `"` and `'`
    /// become entities; characters XML 1.0 does not allow (controls other than tab, newline and
    /// carriage return; U+FFFE, U+FFFF) become U+FFFD.
    public static func escape(_ text: String) -> String { XMLText.escape(text) }

    /// At most 24 characters, with an ellipsis (the full name is in the tooltip).
    public static func clip(_ text: String) -> String { text.count <= 24 ? text : String(text.prefix(23)) + "…" }

    /// A coordinate: two decimals, never "-0.00".
    public static func f(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let s = CFormat.string("%.2f", v)
        return s == "-0.00" ? "0.00" : s
    }

    public static func ms(_ t: Double) -> String { FigureText.ms(t) }
    public static func number(_ v: Double) -> String { FigureText.number(v) }
}
