import MotionCore
import MotionJSON

// MARK: - Trim paths

extension LottieImportContext {
    /// How close to the whole path the trimmed part must come to count as drawn.
    static let drawnTolerance = 1e-9

    /// A trim path's animated start, end and offset as tracks, and a `haptic` cue wherever the
    /// stroke completes: the moment a draw-on (a checkmark, a signature) lands.
    mutating func trimPaths(
        _ trim: JSONObject, at pointer: JSONPointer, name: String, clock: LottiePiecewise,
        into tracks: inout [KeyframeTrack], names: inout Set<String>
    ) {
        var playing: [String: LottiePiecewise] = [:]
        for p in Self.trimProperties {
            guard let value = trim[p.key]?.objectValue else { continue }
            let pieces = addTracks(
                value, at: pointer / p.key, name: "\(name)/\(p.name)", components: [], scale: p.scale, clock: clock, into: &tracks, names: &names)
            if let first = pieces.first { playing[p.key] = first }
        }
        guard playing["s"] != nil || playing["e"] != nil else { return }
        // The drawn fraction needs start and end as they play, animated or not (absent: 0 and 100 %).
        func played(_ key: String, _ absent: Double) -> LottiePiecewise {
            if let pieces = playing[key] { return pieces }
            let value =
                trim[key]?.objectValue.flatMap { property($0, at: pointer / key, component: 0, scale: 0.01, name: "\(name)/\(key)") }
                ?? .constant(absent)
            return LottiePiecewise.composing(value, with: clock)
        }
        for time in Self.strokeCompletions(start: played("s", 0), end: played("e", 1)) {
            strokeCues.append(Cue(name: "haptic: \(name) drawn", time: time))
        }
    }

    /// The fraction of the path a trim shows, as lottie-web's `TrimModifier` computes it: start
    /// and end clamped to 0…1, the part between them (the offset turns it, never lengthens it).
    static func drawnFraction(start: Double, end: Double) -> Double {
        abs(min(max(end, 0), 1) - min(max(start, 0), 1))
    }

    /// The times (s) where the drawn fraction reaches the whole path from less: at a piece
    /// boundary when it jumps there, else found by bisection inside the piece (to 1e-9 s; on
    /// the piece's end when within 1 µs of it).
    static func strokeCompletions(start: LottiePiecewise, end: LottiePiecewise) -> [Double] {
        var cuts = Set<Double>()
        for p in start.pieces + end.pieces {
            cuts.insert(p.start)
            cuts.insert(p.end)
        }
        let times = cuts.sorted()
        guard times.count >= 2 else { return [] }
        func drawn(_ t: Double, after: Bool) -> Double {
            func v(_ f: LottiePiecewise) -> Double {
                let i = after ? (f.pieces.lastIndex { $0.start <= t } ?? 0) : (f.pieces.firstIndex { $0.end >= t } ?? f.pieces.count - 1)
                return f.pieces[i].value(at: t)
            }
            return drawnFraction(start: v(start), end: v(end))
        }
        let whole = 1 - drawnTolerance
        var complete = drawn(times[0], after: true) >= whole
        var found: [Double] = []
        for k in 0..<(times.count - 1) {
            let a = times[k], b = times[k + 1]
            let atStart = drawn(a, after: true), atEnd = drawn(b, after: false)
            if !complete && atStart >= whole {
                found.append(a)
            } else if atStart < whole && atEnd >= whole {
                var lo = a, hi = b
                while hi - lo > 1e-9 {
                    let mid = (lo + hi) / 2
                    if drawn(mid, after: true) >= 1 { hi = mid } else { lo = mid }
                }
                // The whole path exactly (an eased arrival comes within the tolerance tens of
                // microseconds early); a stroke that reaches it only at its keyframe lands there.
                found.append(b - hi <= 1e-6 ? b : hi)
            }
            complete = atEnd >= whole
        }
        return found
    }
}
