#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - LayerTimeline

/// A `LayerMotion` as a function of time: every property's value is its chain of stages, the
/// group's timing (if any), then the timing, timing function and content of the animation that
/// shows on that key path at that moment (Docs/core-animation-semantics.md):
///
///     value(t) = content(warp(media(groupWarp(groupMedia(t)))))
///
/// The velocity is the product of the stages' slopes (chain rule, exact). The timeline is cut
/// where any stage bends (breakpoints: starts, ends, repetitions, key times) or where a stage's
/// slope turns (a timing function's, a spring's or a Hermite segment's, pulled back through the
/// stages before it by bisection), so between cuts every factor is monotone; where one factor
/// moves the velocity bounds are exact, otherwise they are the product of the factors' ranges
/// (branch and bound then finds the turns).
///
/// On one key path a later animation wins while it plays; between animations the one that fills
/// (`fillMode` backwards/forwards) or else the one that ended last holds its value. A motion
/// loops when its group (or, without a group, every animation) repeats forever with one period
/// that starts at 0. Construction O(cuts × log); sampling O(stages + log segments).
public struct LayerTimeline: MotionTimeline {
    public let properties: [String]
    /// One play (one period when repeating), in seconds from the trigger.
    public let duration: Double
    public let isRepeating: Bool
    let tracks: [LayerPropertyTrack]

    /// The most pieces one property may be cut into (bounds the analysis of repeated animations).
    public static let maximumPieces = 200_000

    /// - Throws: `LayerMotionError` for a motion Core Animation would not play as written here,
    ///   `MotionError.doesNotComeToRest` for one beyond the settling rule (`MotionLimits`).
    public init(motion: LayerMotion) throws {
        guard !motion.animations.isEmpty else { throw LayerMotionError.invalid("a layer motion needs at least one animation") }
        if let group = motion.group { try Self.check(group, what: "the group") }
        let chains = try Chains(motion: motion)
        let names = chains.names
        let (outer, repeating, length) = try Self.play(group: motion.group, loops: chains.loops, ends: chains.ends)
        isRepeating = repeating
        duration = length
        guard duration.isFinite, duration <= MotionLimits.maximumDuration else {
            throw MotionError.doesNotComeToRest(.motion, why: "it lasts \(MotionLimits.figure(duration)) s and the limit is an hour")
        }
        guard Double(names.count) * duration <= MotionLimits.maximumPropertySeconds else {
            throw MotionError.doesNotComeToRest(
                .motion,
                why:
                    "\(names.count) properties over \(MotionLimits.figure(duration)) s is more than \(MotionLimits.figure(MotionLimits.maximumPropertySeconds)) property-seconds to analyse"
            )
        }
        properties = names
        var built: [LayerPropertyTrack] = []
        for name in names {
            var track = LayerPropertyTrack(outer: outer, sources: chains.sources[name]!, windows: chains.windows[name]!)
            try track.cut(duration: duration, property: name)
            built.append(track)
        }
        tracks = built
    }

    /// Each property's stage chains (one per animation on its key path, in order) and when each
    /// of those animations plays, with the periods of the animations that repeat forever and the
    /// ends of those that do not.
    private struct Chains {
        /// The properties, in the order the animations first name them.
        var names: [String] = []
        var sources: [String: [[any LayerStage]]] = [:]
        var windows: [String: [(begin: Double, end: Double, fill: MediaTiming.FillMode)]] = [:]
        /// One period (s) per animation that repeats forever.
        var loops: [Double] = []
        /// The end (s) of every animation that does not.
        var ends: [Double] = []

        init(motion: LayerMotion) throws {
            for (k, animation) in motion.animations.enumerated() {
                let what = "animation \(k) (\(animation.keyPath))"
                try LayerTimeline.check(animation.timing, what: what)
                let (timing, contents) = try LayerTimeline.stages(of: animation, what: what)
                if timing.isForever {
                    guard timing.beginTime == 0 || motion.group != nil else {
                        throw LayerMotionError.invalid(
                            "\(what) repeats forever but begins at \(MotionLimits.figure(timing.beginTime)) s: a loop's delay happens once, which a looping timeline cannot hold; start it at 0"
                        )
                    }
                    loops.append(timing.period / timing.speed)
                } else {
                    ends.append(timing.end)
                }
                for (c, property) in animation.properties.enumerated() {
                    var chain: [any LayerStage] = [MediaStage(timing: timing)]
                    if let warp = timing.timingFunction, !warp.isLinear, !LayerTimeline.ignoresTimingFunction(animation) {
                        chain.append(WarpStage(curve: warp, scale: timing.basicDuration))
                    }
                    chain.append(contents[c])
                    if sources[property] == nil { names.append(property) }
                    sources[property, default: []].append(chain)
                    windows[property, default: []].append((timing.beginTime, timing.end, timing.fillMode))
                }
            }
        }
    }

    /// How long one play lasts (s), and whether it loops: the group's stages ahead of every
    /// chain, a group's period or end, else the one period all animations loop with, else the
    /// last animation's end.
    private static func play(
        group: MediaTiming?, loops: [Double], ends: [Double]
    ) throws -> (outer: [any LayerStage], isRepeating: Bool, duration: Double) {
        if let group {
            var outer: [any LayerStage] = [MediaStage(timing: group)]
            if let warp = group.timingFunction, !warp.isLinear { outer.append(WarpStage(curve: warp, scale: group.basicDuration)) }
            guard group.isForever else { return (outer, false, group.end) }
            guard group.beginTime == 0 else {
                throw LayerMotionError.invalid(
                    "the group repeats forever but begins at \(MotionLimits.figure(group.beginTime)) s: a loop's delay happens once, which a looping timeline cannot hold; start it at 0"
                )
            }
            return (outer, true, group.period / group.speed)
        }
        guard !loops.isEmpty else { return ([], false, ends.max() ?? 0) }
        guard ends.isEmpty else {
            throw LayerMotionError.invalid(
                "some animations repeat forever and others end: put them in a group, or split them into separate animations")
        }
        let period = loops[0]
        guard loops.allSatisfy({ abs($0 - period) <= 1e-12 * period }) else {
            throw LayerMotionError.invalid(
                "the animations loop with different periods (\(loops.map { MotionLimits.figure($0) }.joined(separator: " s, ")) s): the motion never repeats as a whole; split them into separate animations"
            )
        }
        return ([], true, period)
    }

    // MARK: Building

    /// Whether the animation-level timing function is ignored (the paced modes ignore it, as
    /// Apple documents for `paced` and `cubicPaced`).
    static func ignoresTimingFunction(_ a: LayerAnimation) -> Bool {
        if case .keyframes(let k) = a.content { return k.mode == .paced || k.mode == .cubicPaced }
        return false
    }

    /// The timing that plays (a settling spring's duration is its settling estimate) and one
    /// content stage per component.
    static func stages(of a: LayerAnimation, what: String) throws -> (MediaTiming, [any LayerStage]) {
        var timing = a.timing
        let width = a.width
        switch a.content {
        case .basic(let from, let to):
            guard from.count == width, to.count == width else { throw LayerMotionError.invalid("\(what): from and to need \(width) component(s)") }
            return (timing, (0..<width).map { BasicContent(from: from[$0], to: to[$0], duration: timing.basicDuration) })
        case .spring(let from, let to, let layerSpring, let velocity, let settles):
            guard from.count == width, to.count == width else { throw LayerMotionError.invalid("\(what): from and to need \(width) component(s)") }
            guard velocity.isFinite else { throw LayerMotionError.invalid("\(what): the initial velocity is not a number") }
            let spring = layerSpring.resolved(duration: timing.basicDuration, initialVelocity: velocity)
            guard spring.angularFrequency.isFinite, spring.angularFrequency > 0, spring.dampingRatio.isFinite else {
                throw LayerMotionError.invalid("\(what): the spring has no positive stiffness")
            }
            if let why = MotionLimits.growth(of: spring) { throw MotionError.doesNotComeToRest(.motion, why: "\(what): \(why)") }
            if settles {
                guard spring.settles else {
                    throw MotionError.doesNotComeToRest(.motion, why: "\(what): its spring never settles (damping 0) and it plays until settled")
                }
                let settling = spring.settlingDuration(target: 1, initialVelocity: velocity, epsilon: MotionLimits.visibleEpsilon)
                guard settling.isFinite, settling <= MotionLimits.maximumDuration else {
                    throw MotionError.doesNotComeToRest(
                        .motion, why: "\(what): its spring \(MotionLimits.settling(settling)) and the limit is an hour")
                }
                timing.duration = max(settling, 1e-6)
            }
            let swings = MotionLimits.visibleOscillations(of: spring, over: timing.basicDuration)
            guard swings <= MotionLimits.maximumOscillations else {
                throw MotionError.doesNotComeToRest(
                    .motion,
                    why:
                        "\(what): its spring swings \(MotionLimits.figure(swings.rounded())) visible times and the limit is \(MotionLimits.figure(MotionLimits.maximumOscillations))"
                )
            }
            return (
                timing, (0..<width).map { SpringContent(from: from[$0], to: to[$0], spring: spring, velocity: velocity, cut: timing.basicDuration) }
            )
        case .keyframes(let k):
            return (timing, try keyframeContents(k, width: width, duration: timing.basicDuration, what: what))
        }
    }

    static func check(_ t: MediaTiming, what: String) throws {
        func bad(_ field: String, _ value: Double, _ rule: String) -> LayerMotionError {
            .invalid("\(what): \(field) is \(MotionLimits.figure(value)); \(rule)")
        }
        guard t.duration.isFinite, t.duration >= 0 else { throw bad("duration", t.duration, "it must be 0 or more") }
        guard t.beginTime.isFinite, t.beginTime >= 0 else { throw bad("beginTime", t.beginTime, "it must be 0 or more") }
        guard t.speed.isFinite, t.speed > 0 else { throw bad("speed", t.speed, "it must be greater than 0") }
        guard t.timeOffset.isFinite else { throw bad("timeOffset", t.timeOffset, "it must be a number") }
        guard t.repeatCount >= 0, !t.repeatCount.isNaN else { throw bad("repeatCount", t.repeatCount, "it must be 0 or more") }
        guard t.repeatDuration.isFinite, t.repeatDuration >= 0 else { throw bad("repeatDuration", t.repeatDuration, "it must be 0 or more") }
        // Each repetition is a few pieces of the analysis: a bounded number of them.
        if !t.isForever, t.activeDuration / t.basicDuration > 100_000 {
            throw MotionError.doesNotComeToRest(
                .motion,
                why: "\(what) repeats \(MotionLimits.figure((t.activeDuration / t.basicDuration).rounded(.up))) times and the limit is 100000")
        }
    }

    /// The per-component contents of a keyframe animation.
    static func keyframeContents(_ k: LayerKeyframes, width: Int, duration: Double, what: String) throws -> [any LayerStage] {
        let values = k.values
        let n = values.count
        guard n >= 1 else { throw LayerMotionError.invalid("\(what): a keyframe animation needs at least one value") }
        guard values.allSatisfy({ $0.count == width && $0.allSatisfy(\.isFinite) }) else {
            throw LayerMotionError.invalid("\(what): every value needs \(width) finite component(s)")
        }
        if let times = k.keyTimes {
            guard times.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }), zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                throw LayerMotionError.invalid("\(what): keyTimes must rise from 0 to 1")
            }
        }
        func component(_ c: Int) -> [Double] { values.map { $0[c] } }
        func easing(_ j: Int) -> UnitCurve? {
            guard let f = k.timingFunctions, j < f.count, !f[j].isLinear else { return nil }
            return f[j]
        }
        typealias Segment = KeyframeContent.Segment
        switch k.mode {
        case .discrete:
            // Value i from key time i until the next (Apple: n + 1 key times; with n, the last
            // value holds to the end). Default: even spacing i / n.
            let times = k.keyTimes ?? (0...n).map { Double($0) / Double(n) }
            guard times.count == n || times.count == n + 1 else {
                throw LayerMotionError.invalid("\(what): discrete keyTimes need \(n) or \(n + 1) entries, found \(times.count)")
            }
            return (0..<width).map { c in
                let p = component(c)
                var segments: [Segment] = []
                for i in 0..<n {
                    let u0 = times[i], u1 = i + 1 < times.count ? times[i + 1] : 1
                    if u1 > u0 { segments.append(Segment(u0: u0, u1: u1, shape: .hold(p[i]), easing: nil, key: i)) }
                }
                return KeyframeContent(segments: segments, first: p[0], last: p[n - 1], duration: duration)
            }
        case .linear, .paced:
            var times = k.keyTimes ?? (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
            if k.mode == .paced { times = pacedTimes(values) }
            guard times.count == n else {
                throw LayerMotionError.invalid("\(what): keyTimes need \(n) entries (one per value), found \(times.count)")
            }
            return (0..<width).map { c in
                let p = component(c)
                var segments: [Segment] = []
                for j in 0..<max(0, n - 1) where times[j + 1] > times[j] {
                    segments.append(
                        Segment(
                            u0: times[j], u1: times[j + 1], shape: .linear(p[j], p[j + 1]),
                            easing: k.mode == .paced ? nil : easing(j), key: j))
                }
                return KeyframeContent(segments: segments, first: p[0], last: p[n - 1], duration: duration)
            }
        case .cubic, .cubicPaced:
            let paced = k.mode == .cubicPaced
            var times = k.keyTimes ?? (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
            guard paced || times.count == n else {
                throw LayerMotionError.invalid("\(what): keyTimes need \(n) entries (one per value), found \(times.count)")
            }
            let lengths: [Double]? = paced ? nil : zip(times, times.dropFirst()).map { $1 - $0 }
            let splines = (0..<width).map {
                KochanekBartelsSpline(points: component($0), lengths: lengths, tension: k.tension, continuity: k.continuity, bias: k.bias)
            }
            if paced {
                // Key times from the spline's own arc length, segment by segment.
                let arcs = (0..<max(0, n - 1)).map { KochanekBartelsSpline.arcLength(of: splines, segment: $0) }
                times = cumulative(arcs, count: n)
            }
            return splines.map { spline in
                var segments: [Segment] = []
                for j in 0..<max(0, n - 1) where times[j + 1] > times[j] {
                    segments.append(
                        Segment(
                            u0: times[j], u1: times[j + 1],
                            shape: .hermite(p0: spline.points[j], m0: spline.outgoing[j], p1: spline.points[j + 1], m1: spline.incoming[j + 1]),
                            easing: paced ? nil : easing(j), key: j))
                }
                return KeyframeContent(segments: segments, first: spline.points[0], last: spline.points[n - 1], duration: duration)
            }
        }
    }

    /// `paced`: key times proportional to the distance travelled (Euclidean over the components).
    static func pacedTimes(_ values: [[Double]]) -> [Double] {
        var distances: [Double] = []
        for (a, b) in zip(values, values.dropFirst()) {
            var sum = 0.0
            for (p, q) in zip(a, b) { sum += (q - p) * (q - p) }
            distances.append(sum.squareRoot())
        }
        return cumulative(distances, count: values.count)
    }

    /// Key times 0 … 1 proportional to the running sum of `lengths` (even when they are all 0).
    static func cumulative(_ lengths: [Double], count n: Int) -> [Double] {
        guard n > 1 else { return [0] }
        let total = lengths.reduce(0, +)
        guard total > 0 else { return (0..<n).map { Double($0) / Double(n - 1) } }
        var times = [0.0]
        var sum = 0.0
        for l in lengths {
            sum += l
            times.append(min(1, sum / total))
        }
        times[n - 1] = 1
        return times
    }

    // MARK: MotionTimeline

    /// The time within one play: a loop wraps, a boundary belonging to the earlier cycle.
    func local(_ time: Double) -> Double {
        guard isRepeating, duration > 0, time > duration else { return time }
        let wrapped = time.truncatingRemainder(dividingBy: duration)
        return wrapped == 0 ? duration : wrapped
    }

    public func value(of index: Int, at time: Double) -> Double { tracks[index].trace(local(time), right: false).value }
    public func velocity(of index: Int, at time: Double) -> Double { tracks[index].trace(local(time), right: false).velocity }
    public func breakpoints(of index: Int) -> [Double] { tracks[index].kinks }
    public func velocityTurns(of index: Int) -> [Double] { tracks[index].turns }
    public func velocityBounds(of index: Int, from a: Double, to b: Double) -> VelocityBounds { tracks[index].bounds(from: a, to: b) }
    public func jumps(of index: Int) -> [Jump] { tracks[index].jumps }
    public func writtenHolds(of index: Int) -> [WrittenHold] { tracks[index].holds }
}

// MARK: - LayerMotionError

/// A layer motion the core refuses: what is wrong, in words.
public enum LayerMotionError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalid(String)

    public var description: String {
        switch self {
        case .invalid(let why): why
        }
    }
}

// MARK: - LayerPropertyTrack

/// One property of a layer timeline: the group's stages, the chain of each animation on its key
/// path, which of them shows when, and the cuts.
struct LayerPropertyTrack: Sendable {
    let outer: [any LayerStage]
    let sources: [[any LayerStage]]
    /// Boundaries (in the group's local time) between which one source shows, and the source of
    /// each of the boundaries.count + 1 intervals.
    let boundaries: [Double]
    let choice: [Int]
    private(set) var kinks: [Double] = []
    private(set) var turns: [Double] = []
    /// Every cut, sorted, and the source that shows on each piece between consecutive cuts: once
    /// cut, a time picks its source by its piece (so a boundary found to within rounding in the
    /// group's time cannot put a time on the wrong side of it).
    private(set) var edges: [Double] = []
    private(set) var pieceSources: [Int] = []
    /// For a keyframe source, the place (`KeyframeContent.place`) each piece was cut for.
    private(set) var pieceSegments: [Int?] = []
    private(set) var jumps: [Jump] = []
    private(set) var holds: [WrittenHold] = []

    init(outer: [any LayerStage], sources: [[any LayerStage]], windows: [(begin: Double, end: Double, fill: MediaTiming.FillMode)]) {
        self.outer = outer
        self.sources = sources
        guard sources.count > 1 else {
            boundaries = []
            choice = [0]
            return
        }
        var edges: [Double] = []
        for w in windows {
            edges.append(w.begin)
            if w.end.isFinite { edges.append(w.end) }
        }
        edges = MediaTiming.unique(edges)
        // The source showing in each interval, decided at an inside point.
        var picks: [Int] = []
        for i in 0...edges.count {
            let x: Double
            if edges.isEmpty {
                x = 0
            } else if i == 0 {
                x = edges[0] - 1
            } else if i == edges.count {
                x = edges[i - 1] + 1
            } else {
                let low: Double = edges[i - 1], high: Double = edges[i]
                x = (low + high) / 2
            }
            picks.append(Self.pick(x, windows))
        }
        boundaries = edges
        choice = picks
    }

    /// The later animation that plays at x; else the later one that fills; else the one that
    /// ended last (its end value holds); else the one that begins first (its start value).
    static func pick(_ x: Double, _ windows: [(begin: Double, end: Double, fill: MediaTiming.FillMode)]) -> Int {
        if let k = windows.indices.last(where: { windows[$0].begin < x && x < windows[$0].end }) { return k }
        if let k = windows.indices.last(where: {
            let w = windows[$0]
            return (x <= w.begin && (w.fill == .backwards || w.fill == .both)) || (x >= w.end && (w.fill == .forwards || w.fill == .both))
        }) {
            return k
        }
        if let k = windows.indices.filter({ windows[$0].end <= x }).max(by: { windows[$0].end < windows[$1].end }) { return k }
        return windows.indices.min { windows[$0].begin < windows[$1].begin } ?? 0
    }

    func source(at x: Double, right: Bool) -> Int {
        var lo = 0, hi = boundaries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if right ? x < boundaries[mid] : x <= boundaries[mid] { hi = mid } else { lo = mid + 1 }
        }
        return choice[lo]
    }

    /// The piece that holds `t` (t in (e_i, e_{i+1}], or [e_i, e_{i+1}) from the right), once cut.
    func piece(at t: Double, right: Bool) -> Int? {
        guard !pieceSources.isEmpty else { return nil }
        var lo = 0, hi = pieceSources.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if right ? edges[mid + 1] > t : edges[mid + 1] >= t { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// The value, velocity, every stage's input and the source at parent time `t` (with the
    /// source `forced`, that source's chain whatever the time).
    func trace(_ t: Double, right: Bool, source forced: Int? = nil) -> (value: Double, velocity: Double, inputs: [Double], source: Int) {
        var x = t, rate = 1.0, side = right
        var inputs: [Double] = []
        inputs.reserveCapacity(outer.count + 3)
        for stage in outer {
            inputs.append(x)
            let e = stage.evaluate(x, right: side)
            if e.slope < 0 { side.toggle() }
            x = e.value
            rate *= e.slope
        }
        let p = forced == nil ? piece(at: t, right: right) : nil
        let s = forced ?? p.map { pieceSources[$0] } ?? source(at: x, right: side)
        let chain = sources[s]
        for (k, stage) in chain.enumerated() {
            inputs.append(x)
            let e: (value: Double, slope: Double)
            if k == chain.count - 1, let p, let place = pieceSegments[p], let content = stage as? KeyframeContent {
                e = content.evaluate(x, right: side, segment: place)
            } else {
                e = stage.evaluate(x, right: side)
            }
            if e.slope < 0 { side.toggle() }
            x = e.value
            rate *= e.slope
        }
        return (x, rate, inputs, s)
    }

    func stages(source s: Int) -> [any LayerStage] { outer + sources[s] }

    // MARK: Cuts

    /// Cuts [0, duration] where any stage bends or turns (pulled back to parent time), then the
    /// jumps at the bends and the written holds.
    mutating func cut(duration: Double, property: String) throws {
        var cuts: [Double: LayerCutKind] = [0: .kink, duration: .kink]
        func add(_ t: Double, _ kind: LayerCutKind) { Self.addCut(t, kind, to: &cuts, duration: duration) }
        func pieces() -> [(Double, Double)] { Self.pieces(of: cuts) }
        try cutAtStages(&cuts, duration: duration, property: property)
        // Where two factors move at once (a timing function over a curved segment or a spring),
        // the velocity's bounds are their product: the piece is split in 8 so that the top speed's
        // branch and bound starts from tight intervals (the cuts are not turns of the velocity;
        // the bounds say so).
        var pieceStarts: [(Double, Double)] = []
        for (a, b) in pieces() { pieceStarts.append((a, b)) }
        edges = cuts.keys.sorted()
        pieceSources = zip(edges, edges.dropFirst()).map { trace(($0 + $1) / 2, right: false).source }
        pieceSegments = Array(repeating: nil, count: pieceSources.count)
        for (a, b) in pieceStarts where b - a > 1e-9 {
            let lo = a + (b - a) * 1e-9, hi = b - (b - a) * 1e-9
            if !bounds(from: lo, to: hi).isMonotone {
                for k in 1..<8 { add(a + (b - a) * Double(k) / 8, .turn) }
            }
        }
        kinks = cuts.filter { $0.value == .kink }.map(\.key).sorted()
        turns = cuts.filter { $0.value == .turn }.map(\.key).sorted()
        let all = cuts.keys.sorted()
        let middles = zip(all, all.dropFirst()).map { trace(($0 + $1) / 2, right: false) }
        pieceSegments = middles.map { m in
            (sources[m.source].last as? KeyframeContent).flatMap { c in m.inputs.last.map { c.place(of: $0, right: false) } }
        }
        pieceSources = middles.map(\.source)
        edges = all
        // Jumps: where the value's limit from the right differs from the value.
        for t in kinks where t > 0 && t < duration {
            let left = trace(t, right: false).value, right = trace(t, right: true).value
            if abs(right - left) > 1e-12 * max(1, abs(left), abs(right)) { jumps.append(Jump(time: t, from: left, to: right)) }
        }
        holds = writtenHolds(in: pieces(), property: property)
    }

    /// Marks `t` (strictly inside the duration) as a cut of `kind`; a kink wins over a turn.
    static func addCut(_ t: Double, _ kind: LayerCutKind, to cuts: inout [Double: LayerCutKind], duration: Double) {
        guard t > 0, t < duration else { return }
        if cuts[t] == nil || kind == .kink { cuts[t] = kind }
    }

    /// The pieces between consecutive cuts, in time order.
    static func pieces(of cuts: [Double: LayerCutKind]) -> [(Double, Double)] {
        let sorted = cuts.keys.sorted()
        return Array(zip(sorted, sorted.dropFirst()))
    }

    /// Adds to `cuts` where any stage bends or turns, pulled back to parent time through the
    /// stages before it; throws past `LayerTimeline.maximumPieces`.
    func cutAtStages(_ cuts: inout [Double: LayerCutKind], duration: Double, property: String) throws {
        func add(_ t: Double, _ kind: LayerCutKind) { Self.addCut(t, kind, to: &cuts, duration: duration) }
        func pieces() -> [(Double, Double)] { Self.pieces(of: cuts) }
        // Stage k of the chain (outer stages first, then a window pseudo-stage, then the
        // source's stages), its cuts pulled back through the stages before it.
        let depth = outer.count + 1 + (sources.map(\.count).max() ?? 0)
        for k in 0..<depth {
            for (a, b) in pieces() {
                let mid = trace((a + b) / 2, right: false)
                let inputA = trace(a, right: true, source: mid.source), inputB = trace(b, right: false, source: mid.source)
                let stageCuts: [(x: Double, kind: LayerCutKind)]
                let position: Int
                // A little past the piece's ends: a stage's cut on an existing cut (a key of a
                // discrete keyframe where an easing's velocity turns) must still mark it a kink.
                func widened(_ xa: Double, _ xb: Double) -> (Double, Double) {
                    let lo = min(xa, xb), hi = max(xa, xb), pad = 1e-12 * max(1, abs(lo), abs(hi))
                    return (lo - pad, hi + pad)
                }
                if k < outer.count {
                    position = k
                    let (lo, hi) = widened(inputA.inputs[k], inputB.inputs[k])
                    stageCuts = outer[k].cuts(from: lo, to: hi)
                } else if k == outer.count {
                    // The window boundaries, in the group's local time.
                    position = outer.count
                    let (lo, hi) = widened(inputA.inputs[position], inputB.inputs[position])
                    stageCuts = boundaries.filter { $0 > lo && $0 < hi }.map { ($0, .kink) }
                } else {
                    let j = k - outer.count - 1
                    let chain = sources[mid.source]
                    guard j < chain.count else { continue }
                    position = outer.count + j
                    let (lo, hi) = widened(inputA.inputs[position], inputB.inputs[position])
                    stageCuts = chain[j].cuts(from: lo, to: hi)
                }
                guard !stageCuts.isEmpty else { continue }
                let fa = inputA.inputs[position], fb = inputB.inputs[position]
                guard fa != fb else { continue }
                let pad = 1e-12 * max(1, abs(fa), abs(fb))
                for c in stageCuts {
                    if abs(c.x - fa) <= pad {
                        add(a, c.kind)
                    } else if abs(c.x - fb) <= pad {
                        add(b, c.kind)
                    } else if c.x > min(fa, fb) && c.x < max(fa, fb) {
                        add(Self.solve(c.x, a, b, fa, fb) { trace($0, right: false, source: mid.source).inputs[position] }, c.kind)
                    }
                }
                if cuts.count > LayerTimeline.maximumPieces {
                    throw MotionError.doesNotComeToRest(.motion, why: "'\(property)' has more than \(LayerTimeline.maximumPieces) pieces to analyse")
                }
            }
        }
    }

    /// The written holds: keyframe segments between equal values, where they play, joined where
    /// one runs on over several pieces.
    func writtenHolds(in pieces: [(Double, Double)], property: String) -> [WrittenHold] {
        var found: [WrittenHold] = []
        for (a, b) in pieces {
            let mid = trace((a + b) / 2, right: false)
            guard let content = sources[mid.source].last as? KeyframeContent, let x = mid.inputs.last else { continue }
            let u = min(max(x / content.duration, 0), 1)
            guard let k = content.segment(at: u, right: false) else { continue }
            let seg = content.segments[k]
            let held: Double?
            switch seg.shape {
            case .linear(let p, let q) where p == q: held = p
            case .hermite(let p, _, let q, _) where p == q: held = p
            default: held = nil
            }
            guard let held else { continue }
            let origin = "keyframe \(seg.key + 1) (\(property))"
            if let last = found.last, last.end == a, last.origin == origin, last.value == held {
                found[found.count - 1] = WrittenHold(start: last.start, end: b, value: held, origin: origin)
            } else {
                found.append(WrittenHold(start: a, end: b, value: held, origin: origin))
            }
        }
        return found
    }

    /// The t in (a, b) where the monotone f goes through `target` (f(a) = fa, f(b) = fb), by
    /// bisection to the last representable step.
    static func solve(_ target: Double, _ a: Double, _ b: Double, _ fa: Double, _ fb: Double, _ f: (Double) -> Double) -> Double {
        var lo = a, hi = b
        let rising = fb > fa
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if mid <= lo || mid >= hi { break }
            if (f(mid) < target) == rising { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    // MARK: Bounds

    /// Velocity bounds over [a, b] inside one piece: the product of the stages' slope ranges.
    func bounds(from a: Double, to b: Double) -> VelocityBounds {
        let source = trace((a + b) / 2, right: false).source
        let ta = trace(a, right: false, source: source), tb = trace(b, right: false, source: source)
        var lower = 1.0, upper = 1.0
        var varying = 0, monotone = true
        for (k, stage) in stages(source: ta.source).enumerated() {
            let xa = ta.inputs[k], xb = tb.inputs[k]
            let r = stage.slopeBounds(from: min(xa, xb), to: max(xa, xb))
            if r.lower != r.upper {
                varying += 1
                if !r.monotone { monotone = false }
            }
            let corners = [lower * r.lower, lower * r.upper, upper * r.lower, upper * r.upper]
            lower = corners.min()!
            upper = corners.max()!
        }
        if monotone && varying <= 1 {
            // One factor moves: the velocity is monotone, its bounds its end values.
            return VelocityBounds(lower: min(ta.velocity, tb.velocity), upper: max(ta.velocity, tb.velocity), isMonotone: true)
        }
        return VelocityBounds(lower: min(lower, ta.velocity, tb.velocity), upper: max(upper, ta.velocity, tb.velocity), isMonotone: false)
    }
}
