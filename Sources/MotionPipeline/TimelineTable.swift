import MotionCore
import MotionJSON

// MARK: - TimelineTable

/// A timeline sampled at given times: the rows `sample` prints.
public struct TimelineTable {
    public let properties: [String]
    public let duration: Double
    public let times: [Double]
    /// `values[property][sample]`.
    public let values: [[Double]]

    public init(timeline: any MotionTimeline, times: [Double]) {
        properties = timeline.properties
        duration = timeline.duration
        self.times = times
        values = timeline.properties.indices.map { timeline.values(of: $0, at: times) }
    }

    /// CSV: `time,<property>…`, one row per time, numbers rounded to 1e-9 in plain decimals.
    /// Written straight into the string's storage (no `String` per number or row, no byte array
    /// copied afterwards) when every number is under 1e9 in magnitude, the usual case; otherwise
    /// through a byte buffer. O(times × properties).
    public func csv() -> String {
        let header = Array(((["time"] + properties.map(Self.csvField)).joined(separator: ",") + "\n").utf8)
        // Each number takes at most `nanoRoundedMaximumBytes` and one separator.
        let bound = header.count + times.count * (properties.count + 1) * (JSONWriter.nanoRoundedMaximumBytes + 1)
        var complete = true
        let text = String(unsafeUninitializedCapacity: bound) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            header.withUnsafeBufferPointer { base.update(from: $0.baseAddress!, count: $0.count) }
            var at = header.count
            for (k, t) in times.enumerated() {
                let n = JSONWriter.nanoRounded(t, at: base + at)
                guard n > 0 else {
                    complete = false
                    return 0
                }
                at += n
                for p in values.indices {
                    base[at] = 0x2C
                    let n = JSONWriter.nanoRounded(values[p][k], at: base + at + 1)
                    guard n > 0 else {
                        complete = false
                        return 0
                    }
                    at += n + 1
                }
                base[at] = 0x0A
                at += 1
            }
            return at
        }
        return complete ? text : csvBytes()
    }

    /// `csv()` through a growing byte buffer: any number, `JSONWriter.nanoRounded(_:into:)`.
    func csvBytes() -> String {
        var out = Array(((["time"] + properties.map(Self.csvField)).joined(separator: ",") + "\n").utf8)
        out.reserveCapacity(out.count + times.count * (properties.count + 1) * 12)
        for (k, t) in times.enumerated() {
            JSONWriter.nanoRounded(t, into: &out)
            for p in values.indices {
                out.append(0x2C)
                JSONWriter.nanoRounded(values[p][k], into: &out)
            }
            out.append(0x0A)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The contract's JSON shape.
    public func json(screen: String, id: String) -> JSONValue {
        var props = JSONObject()
        for (p, name) in properties.enumerated() { props[name] = .array(values[p].map { .number(Self.rounded($0)) }) }
        return .object(
            JSONObject([
                ("screen", .string(screen)), ("id", .string(id)), ("duration", .number(Self.rounded(duration))),
                ("times", .array(times.map { .number(Self.rounded($0)) })), ("properties", .object(props)),
            ]))
    }

    /// Rounded to 1e-9, which removes float noise (0.30000000000000004) and keeps every digit
    /// the timing can mean.
    public static func rounded(_ v: Double) -> Double { (v * 1e9).rounded() / 1e9 }
    public static func number(_ v: Double) -> String { JSONWriter.number(rounded(v)) }

    public static func csvField(_ s: String) -> String { CSV.field(s) }
}
