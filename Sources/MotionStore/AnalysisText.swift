import MotionCore
import MotionJSON

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - AnalysisText

/// The stored text of a `MotionAnalysis` (`figures.analysis`): the JSON its `Codable` form gives
/// with sorted keys, written straight to bytes. Foundation's `JSONEncoder` made the same text
/// through a tree of boxed values and cost as much as the analysis itself at import; reading
/// still goes through `JSONDecoder`, so both stay one format.
public enum AnalysisText {
    /// The analysis as compact JSON, keys sorted, optional members left out when nil (as
    /// `JSONEncoder` with `.sortedKeys` writes it); "{}" when a number is not finite (JSON has no
    /// spelling for it, so `JSONEncoder` refuses it too). O(size of the analysis).
    public static func encode(_ a: MotionAnalysis) -> String {
        let w = JSONByteWriter()
        w.out.reserveCapacity(256 + 160 * (a.peaks.count + a.holds.count + a.ranges.count))
        w.object {
            w.key("duration", first: true)
            w.number(a.duration)
            w.key("holds")
            w.array(a.holds) { write($0, to: w) }
            w.key("impacts")
            w.array(a.impacts) { write($0, to: w) }
            w.key("isRepeating")
            w.bool(a.isRepeating)
            w.key("peaks")
            w.array(a.peaks) { write($0, to: w) }
            w.key("ranges")
            w.array(a.ranges) { write($0, to: w) }
            w.key("snaps")
            w.array(a.snaps) { write($0, to: w) }
            w.key("writtenHolds")
            w.array(a.writtenHolds) { write($0, to: w) }
        }
        return w.finite ? String(decoding: w.out, as: UTF8.self) : "{}"
    }

    // Each kind of finding as one JSON object, members in key order (the order `.sortedKeys` gives).

    private static func write(_ h: Hold, to w: JSONByteWriter) {
        w.object {
            w.key("deviation", first: true)
            w.number(h.deviation)
            w.key("end")
            w.number(h.end)
            w.key("position")
            w.string(h.position.rawValue)
            w.key("property")
            w.string(h.property)
            w.key("start")
            w.number(h.start)
            w.key("value")
            w.number(h.value)
        }
    }

    private static func write(_ i: Impact, to w: JSONByteWriter) {
        w.object {
            w.key("incomingVelocity", first: true)
            w.number(i.incomingVelocity)
            w.key("outgoingVelocity")
            w.number(i.outgoingVelocity)
            w.key("property")
            w.string(i.property)
            w.key("time")
            w.number(i.time)
            w.key("value")
            w.number(i.value)
        }
    }

    private static func write(_ p: Peak, to w: JSONByteWriter) {
        w.object {
            w.key("arrivalSpeed", first: true)
            w.number(p.arrivalSpeed)
            w.key("kind")
            w.string(p.kind.rawValue)
            w.key("prominence")
            w.number(p.prominence)
            w.key("property")
            w.string(p.property)
            w.key("time")
            w.number(p.time)
            w.key("value")
            w.number(p.value)
        }
    }

    /// `firstVisibleChange` is optional and sorts first, so whether `maximum` opens the object depends on it.
    private static func write(_ r: PropertyRange, to w: JSONByteWriter) {
        w.object {
            var first = true
            if let f = r.firstVisibleChange {
                w.key("firstVisibleChange", first: true)
                w.number(f)
                first = false
            }
            w.key("maximum", first: first)
            w.number(r.maximum)
            w.key("maximumSpeed")
            w.number(r.maximumSpeed)
            w.key("minimum")
            w.number(r.minimum)
            w.key("property")
            w.string(r.property)
        }
    }

    private static func write(_ s: Snap, to w: JSONByteWriter) {
        w.object {
            w.key("from", first: true)
            w.number(s.from)
            w.key("property")
            w.string(s.property)
            w.key("time")
            w.number(s.time)
            w.key("to")
            w.number(s.to)
        }
    }

    private static func write(_ c: WrittenHoldCheck, to w: JSONByteWriter) {
        w.object {
            w.key("deviation", first: true)
            w.number(c.deviation)
            w.key("deviationTime")
            w.number(c.deviationTime)
            w.key("deviationValue")
            w.number(c.deviationValue)
            w.key("isFlat")
            w.bool(c.isFlat)
            w.key("property")
            w.string(c.property)
            w.key("written")
            w.object {
                w.key("end", first: true)
                w.number(c.written.end)
                w.key("origin")
                w.string(c.written.origin)
                w.key("start")
                w.number(c.written.start)
                w.key("value")
                w.number(c.written.value)
            }
        }
    }

    /// An analysis stored by `encode(_:)` (or by `JSONEncoder`, as stores made before it hold),
    /// or nil when the text is not one.
    public static func decode(_ text: String) -> MotionAnalysis? {
        try? JSONDecoder().decode(MotionAnalysis.self, from: Data(text.utf8))
    }
}
