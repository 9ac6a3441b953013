import Dispatch
import MotionBudget
import MotionCore
import MotionHaptics
import MotionJSON
import MotionStore

// MARK: - StoredFigures

/// The figures kept with each revision (migration 006): computed once, when a revision is
/// imported or when a store made by an older analysis is first used, then read by `inventory`
/// and `budget` instead of re-analysing every animation.
public enum StoredFigures {
    /// The analysis that makes the stored figures. Bump it whenever the analysis, the haptic
    /// planner or a built-in budget profile changes what it finds: stores are then brought up to
    /// date on first use. 2: closed-form extrema (issue 15). 3: the feedback-sync and
    /// feedback-missing rules, implicit animations (issue 17). 4: rests of drifting slow runs on
    /// the exact curve, rest ratio 0.4 (issue 15); budget advice stored with the results. 5: the
    /// whole haptic plan stored, unrounded (export reads it). 6: the whole analysis stored (report
    /// reads it). 7: overlapping phase steps cut at the zeros of their summed acceleration, so
    /// their drifting slow runs are searched on the exact curve too; roots and the first visible
    /// change by regula falsi (issue 15). 8: velocity crossings in closed form on cubic and Bézier
    /// keyframes, by Newton's method on a spring's or a phase step's exact acceleration (times
    /// move by under 1e-10 s; issue 15). 9: a phase loop's return to phase 0 without animation
    /// jumps at the cycle's start (time 0), so its range holds the value the cycle starts from
    /// and no turn is reported at the wrap (issue 15); a fused haptic event takes each other
    /// property's moment nearest its anchor, not its strongest (no second event on the same instant).
    /// 10: sin and cos of the spring's closed form computed inline (within one ulp), Newton's
    /// method stopped once converged on a bracket end, rests where both sides move the same way
    /// found from their edge crossings (times move by under 1e-10 s, speeds by 1e-14 of
    /// themselves; issue 15). 11: Newton's method stopped once its quadratic convergence puts the
    /// step just taken within the tolerance, velocity crossings of springs and phase steps by
    /// Halley's method on their exact acceleration and jerk, and the zeros of a phase timeline's summed
    /// acceleration and the value crossings of the rest search found by Newton's method (on the
    /// jerk, on the velocity), where regula falsi was used (times move by under 1e-10 s, a
    /// drifting rest's ends by under 1e-8 s), e^x of the spring's closed form computed inline
    /// (within one ulp; issue 15). 12: the pieces either side of a velocity turn share its time as
    /// their end, where each took a right-limit offset (1e-9 s) inside, and so do the rest search's
    /// stretches at a smooth point of the curve; the first visible change
    /// solved from the parabola's crossing, not the secant's (times move by under 2e-10 s and
    /// values by under 2.2e-10 on the benchmark corpora, the first visible change nearer the exact
    /// one: issue 15). 13: a drifting run's part that stays in the band is a rest whole, its range
    /// read from its stretches' ends, where the growth took it stretch by stretch (the same
    /// values, the growth's interior ones aside, which lie between them: issue 15). 14: the
    /// rules about perceived length measure the time to rest, and keep the settling time beside it.
    /// 15: feedback-sync measures single haptics, not a Core Haptics pattern's start (issue 45).
    public static let analysisVersion = 15

    /// The figures of one animation: analysis with the standard options, its haptic plan and
    /// its verdicts under every built-in profile.
    public static func compute(_ animation: ResolvedAnimation) throws -> FigureRecord {
        let figures = try AnimationFigures(animation)
        let analysis = figures.analysis
        let plan = figures.plan(for: animation)
        var verdicts: [String: String] = [:]
        // Measured once (the analysis and plan above reused), judged by each profile.
        let measured = try? BudgetEvaluator.facts(
            animation.spec, screen: animation.screen, timeline: figures.timeline, analysis: analysis, plan: plan)
        var byProfile: [(name: String, results: [BudgetResult])] = []
        for profile in BudgetProfile.builtIn {
            let results = measured.map { BudgetEvaluator(profile: profile).evaluate($0) } ?? []
            verdicts[profile.name] = BudgetEvaluator.overall(results).rawValue
            byProfile.append((profile.name, results))
        }
        return FigureRecord(
            peaks: analysis.peaks.count, holds: analysis.holds.filter { $0.position == .interior }.count,
            hapticEvents: plan.planned.count, firstPeak: analysis.peaks.first?.time, verdicts: verdicts,
            analysis: text(analysis), hapticPlan: text(plan), budget: budgetText(byProfile))
    }

    /// Computes and stores the figures every live animation of `store` lacks (new revisions, or
    /// a store made by an older analysis), on all cores, written in one transaction. Prints a
    /// progress line on standard error when there are many, counting `storedAhead` (figures an
    /// import computed with its specs and stored with their revisions) with those computed here.
    /// Returns how many were computed here.
    @discardableResult
    public static func refresh(_ store: MotionStore, io: CommandIO, storedAhead: Int = 0) throws -> Int {
        let tasks: [FigureTask]
        do { tasks = try store.figureTasks(version: analysisVersion) } catch let error as StoreError {
            throw CLIError.store(place: store.path, why: error.description)
        }
        if tasks.count + storedAhead >= 200 {
            io.err("motionsync: computing the figures of \(tasks.count + storedAhead) animations (once; they are stored)\n")
        }
        guard !tasks.isEmpty else { return 0 }
        // In batches, each stored in its own transaction: memory stays that of one batch, however
        // large the store (holding every animation's definition and figures at once grows with
        // the store), and a batch stored is kept if a later one is interrupted.
        var stored = 0
        for first in stride(from: 0, to: tasks.count, by: refreshBatch) {
            let batch = Array(tasks[first..<min(first + refreshBatch, tasks.count)])
            let animations: [ResolvedAnimation?] = batch.map { task in
                (try? store.animation(screen: task.screen, id: task.id)).flatMap { $0 }.map {
                    ResolvedAnimation(screen: $0.screen, spec: $0.spec, source: $0.source)
                }
            }
            let results = ResultBox(count: batch.count)
            DispatchQueue.concurrentPerform(iterations: batch.count) { k in
                guard let animation = animations[k], let record = try? compute(animation) else { return }
                results.set(k, record)
            }
            let records = batch.indices.compactMap { k in results.get(k).map { (revisionID: batch[k].revisionID, record: $0) } }
            do { try store.storeFigures(records, version: analysisVersion) } catch let error as StoreError {
                throw CLIError.store(place: store.path, why: error.description)
            }
            stored += records.count
        }
        return stored
    }

    /// `store` with the figures of `screen` (or of every screen) made by the current analysis:
    /// when some are missing or older, they are computed and stored through a writable handle,
    /// which is returned. `current` is false when they are stale and the store cannot be written
    /// (a read-only folder): the caller computes what it needs instead of reading them.
    public static func upToDate(
        _ store: MotionStore, screen: String?, globals: GlobalOptions, io: CommandIO
    ) throws -> (store: MotionStore, current: Bool) {
        guard (try? store.hasStaleFigures(version: analysisVersion, screen: screen)) ?? true else { return (store, true) }
        guard let writable = try? StoreAccess.open(globals, io: io, access: .readWrite) else { return (store, false) }
        try refresh(writable, io: io)
        return (writable, true)
    }

    /// Animations whose figures are computed and stored together by `refresh`.
    public static let refreshBatch = 1_000

    // MARK: JSON of the figures

    /// The whole analysis, every field unrounded (`MotionAnalysis`'s Codable form, keys sorted),
    /// so `report` can draw and list exactly what a fresh analysis gives. (Version 5 and before
    /// stored rounded arrays of some fields.)
    public static func text(_ a: MotionAnalysis) -> String { AnalysisText.encode(a) }

    /// An analysis stored by `text(_:)`, or nil when the text is not one.
    public static func analysis(from text: String) -> MotionAnalysis? { AnalysisText.decode(text) }

    /// The whole plan, numbers unrounded, so `export` can write exactly what `haptics` writes:
    /// {"duration", "looping", "events": [{"kind", "time", "duration", "intensity", "sharpness",
    /// "moments": [{"kind", "property", "time", "strength", "sharpness", "end"?}]}]}, compact, in
    /// that order (written straight to bytes: a `JSONValue` tree of it cost a tenth of an
    /// import). (Version 4 and before stored only the rounded events.) O(events + moments).
    public static func text(_ plan: HapticPlan) -> String {
        let w = JSONByteWriter(capacity: 128 + 400 * plan.planned.count)
        w.object {
            w.key("duration", first: true)
            w.number(plan.duration)
            w.key("looping")
            w.bool(plan.isLooping)
            w.key("events")
            w.array(plan.planned) { p in
                w.object {
                    w.key("kind", first: true)
                    w.string(p.event.kind.rawValue)
                    w.key("time")
                    w.number(p.event.time)
                    w.key("duration")
                    w.number(p.event.duration)
                    w.key("intensity")
                    w.number(p.event.intensity)
                    w.key("sharpness")
                    w.number(p.event.sharpness)
                    w.key("moments")
                    w.array(p.moments) { m in
                        w.object {
                            w.key("kind", first: true)
                            w.string(m.kind.rawValue)
                            w.key("property")
                            w.string(m.property)
                            w.key("time")
                            w.number(m.time)
                            w.key("strength")
                            w.number(m.strength)
                            w.key("sharpness")
                            w.number(m.sharpness)
                            if let end = m.end {
                                w.key("end")
                                w.number(end)
                            }
                        }
                    }
                }
            }
        }
        return w.text
    }

    /// The budget results of every built-in profile, by profile name in the order given:
    /// {"NAME": [{"rule", "value", "verdict", "variant" (null when none), "message"?, "settling"?}], …},
    /// compact, written straight to bytes. O(results).
    static func budgetText(_ byProfile: [(name: String, results: [BudgetResult])]) -> String {
        let w = JSONByteWriter(capacity: 1_500)
        w.object {
            for (k, profile) in byProfile.enumerated() {
                w.key(profile.name, first: k == 0)
                w.array(profile.results) { r in
                    w.object {
                        w.key("rule", first: true)
                        w.string(r.rule)
                        w.key("value")
                        w.number(r.value)
                        w.key("verdict")
                        w.string(r.verdict.rawValue)
                        w.key("variant")
                        if let variant = r.variant { w.string(variant) } else { w.null() }
                        if let message = r.message {
                            w.key("message")
                            w.string(message)
                        }
                        if let settling = r.settling {
                            w.key("settling")
                            w.number(settling)
                        }
                    }
                }
            }
        }
        return w.text
    }

    /// The results under built-in `profile` in a stored budget text (`compute`), for `screen/id`;
    /// nil when the text does not hold them.
    public static func results(from text: String, profile: String, screen: String, id: String) -> [BudgetResult]? {
        guard case .object(let byProfile)? = try? JSONParser().parse(text).value, case .array(let stored)? = byProfile[profile] else { return nil }
        var results: [BudgetResult] = []
        for item in stored {
            guard case .object(let o) = item, case .string(let rule)? = o["rule"], case .number(let value)? = o["value"],
                case .string(let verdictText)? = o["verdict"], let verdict = BudgetVerdict(rawValue: verdictText)
            else { return nil }
            var variant: String?, message: String?, settling: Double?
            if case .string(let v)? = o["variant"] { variant = v }
            if case .string(let m)? = o["message"] { message = m }
            if case .number(let t)? = o["settling"] { settling = t }
            results.append(
                BudgetResult(
                    screen: screen, id: id, rule: rule, value: value, verdict: verdict, variant: variant, message: message, settling: settling))
        }
        return results
    }

    /// A plan stored by `json(_:)`, or nil when the text is not one.
    public static func plan(from text: String) -> HapticPlan? {
        guard case .object(let o)? = try? JSONParser().parse(text).value, case .number(let duration)? = o["duration"],
            case .bool(let looping)? = o["looping"], case .array(let events)? = o["events"]
        else { return nil }
        var planned: [PlannedHapticEvent] = []
        for item in events {
            guard case .object(let e) = item, case .string(let kindText)? = e["kind"], let kind = HapticEvent.Kind(rawValue: kindText),
                case .number(let time)? = e["time"], case .number(let length)? = e["duration"], case .number(let intensity)? = e["intensity"],
                case .number(let sharpness)? = e["sharpness"], case .array(let momentValues)? = e["moments"]
            else { return nil }
            var moments: [HapticMoment] = []
            for value in momentValues {
                guard case .object(let m) = value, case .string(let mk)? = m["kind"], let momentKind = HapticMoment.Kind(rawValue: mk),
                    case .string(let property)? = m["property"], case .number(let mt)? = m["time"], case .number(let strength)? = m["strength"],
                    case .number(let ms)? = m["sharpness"]
                else { return nil }
                var end: Double?
                if case .number(let x)? = m["end"] { end = x }
                moments.append(HapticMoment(kind: momentKind, property: property, time: mt, strength: strength, sharpness: ms, end: end))
            }
            planned.append(
                PlannedHapticEvent(
                    event: HapticEvent(kind: kind, time: time, duration: length, intensity: intensity, sharpness: sharpness), moments: moments))
        }
        return HapticPlan(planned: planned, isLooping: looping, duration: duration)
    }
}

// MARK: - ResultBox

/// Slots written once each from concurrent iterations (each index by exactly one), read after.
private final class ResultBox: @unchecked Sendable {
    private var slots: [FigureRecord?]
    /// A semaphore of one as the lock (Dispatch's, as `ScratchPool`'s: no Foundation here).
    private let lock = DispatchSemaphore(value: 1)
    public init(count: Int) { slots = Array(repeating: nil, count: count) }
    public func set(_ k: Int, _ value: FigureRecord) {
        lock.wait()
        slots[k] = value
        lock.signal()
    }
    public func get(_ k: Int) -> FigureRecord? {
        lock.wait()
        defer { lock.signal() }
        return slots[k]
    }
}
