// MARK: - KeyframeTimeline

/// SwiftUI's `KeyframeTimeline`: an initial value per property and one track per animated
/// property. Duration is the longest track; a shorter track holds its final value.
/// Resolution O(total keyframes); sampling O(log n) per property.
public struct KeyframeTimeline: MotionTimeline, Hashable {
    public let properties: [String]
    /// Resolved tracks, parallel to `properties` (nil for a property that only has an initial value).
    public let tracks: [TrackTimeline?]
    public let initialValues: [Double]
    public let isRepeating: Bool
    public let duration: Double

    /// - Parameters:
    ///   - initial: start value per property, in declaration order (a track's property missing
    ///     here starts at 0).
    ///   - tracks: one per property, in declaration order.
    ///   - repeating: plays `value(time: elapsed mod duration)` forever.
    /// - Throws: `MotionError` from resolving a track.
    public init(initial: [(String, Double)] = [], tracks: [KeyframeTrack], repeating: Bool = false) throws {
        // Names in declaration order with their start values (nil: 0), the first given winning.
        var index = PropertyNameIndex(capacity: initial.count + tracks.count)
        var starts: [Double?] = []
        starts.reserveCapacity(initial.count + tracks.count)
        for (name, value) in initial where index.insert(name).inserted {
            starts.append(value)
        }
        for track in tracks where index.insert(track.property).inserted {
            starts.append(nil)
        }
        var resolved = [TrackTimeline?](repeating: nil, count: index.names.count)
        for track in tracks {
            // Tracks apply in declaration order: a later track for the same property starts from
            // where the earlier one leaves it and replaces it.
            guard let k = index.position(of: track.property) else { continue }
            let start = resolved[k]?.finalValue ?? starts[k] ?? 0
            resolved[k] = try TrackTimeline(track: track, initialValue: start)
        }
        let names = index.names
        properties = names
        self.tracks = resolved
        self.initialValues = starts.map { $0 ?? 0 }
        isRepeating = repeating
        var longest = 0.0
        for track in resolved { if let d = track?.duration, d > longest { longest = d } }
        duration = longest
        // Each track is within the hour (TrackTimeline), so this product is finite.
        guard Double(names.count) * duration <= MotionLimits.maximumPropertySeconds else {
            throw MotionError.doesNotComeToRest(
                .motion,
                why:
                    "\(names.count) properties over \(MotionLimits.figure(duration)) s is more than \(MotionLimits.figure(MotionLimits.maximumPropertySeconds)) property-seconds to analyse"
            )
        }
    }

    /// The time within one cycle: repeating timelines wrap, a boundary belonging to the earlier cycle.
    func local(_ time: Double) -> Double {
        guard isRepeating, duration > 0, time > duration else { return time }
        let wrapped = time.truncatingRemainder(dividingBy: duration)
        return wrapped == 0 ? duration : wrapped
    }

    public func value(of index: Int, at time: Double) -> Double {
        tracks[index]?.value(at: local(time)) ?? initialValues[index]
    }

    /// `value(of:at:)` at each time, bit for bit, walking the track's segments in order while the
    /// (wrapped) times increase (`TrackTimeline.values(at:)`). O(times + segments).
    public func values(of index: Int, at times: [Double]) -> [Double] {
        guard let track = tracks[index] else { return [Double](repeating: initialValues[index], count: times.count) }
        return track.values(at: isRepeating ? times.map(local) : times)
    }

    public func velocity(of index: Int, at time: Double) -> Double {
        tracks[index]?.velocity(at: local(time)) ?? 0
    }

    public func state(of index: Int, at time: Double) -> (value: Double, velocity: Double) {
        tracks[index]?.state(at: local(time)) ?? (initialValues[index], 0)
    }

    public func breakpoints(of index: Int) -> [Double] {
        tracks[index]?.breakpoints(endingAt: duration) ?? [0]
    }

    public func velocityTurns(of index: Int) -> [Double] {
        tracks[index]?.velocityTurns ?? []
    }

    public func jumps(of index: Int) -> [Jump] {
        tracks[index]?.jumps ?? []
    }

    public func writtenHolds(of index: Int) -> [WrittenHold] {
        tracks[index]?.writtenHolds ?? []
    }
}
