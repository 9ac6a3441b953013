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
        var names: [String] = []
        var known: Set<String> = []  // `names` as a set: O(1) lookups, so wide motions stay linear
        var initialValues: [String: Double] = [:]
        for (name, value) in initial where initialValues[name] == nil {
            names.append(name)
            known.insert(name)
            initialValues[name] = value
        }
        for track in tracks where known.insert(track.property).inserted {
            names.append(track.property)
        }
        var resolved: [String: TrackTimeline] = [:]
        for track in tracks {
            // Tracks apply in declaration order: a later track for the same property starts from
            // where the earlier one leaves it and replaces it.
            let start = resolved[track.property]?.finalValue ?? initialValues[track.property] ?? 0
            resolved[track.property] = try TrackTimeline(track: track, initialValue: start)
        }
        properties = names
        self.tracks = names.map { resolved[$0] }
        self.initialValues = names.map { initialValues[$0] ?? 0 }
        isRepeating = repeating
        duration = self.tracks.compactMap { $0?.duration }.max() ?? 0
        // Each track is within the hour (TrackTimeline), so this product is finite.
        guard Double(names.count) * duration <= MotionLimits.maximumPropertySeconds else {
            throw MotionError.doesNotComeToRest(.motion, why: "\(names.count) properties over \(MotionLimits.figure(duration)) s is more than \(MotionLimits.figure(MotionLimits.maximumPropertySeconds)) property-seconds to analyse")
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
        guard let track = tracks[index] else { return [0] }
        var times = track.breakpoints
        if track.duration < duration { times.append(duration) }
        return times
    }

    public func velocityTurns(of index: Int) -> [Double] {
        tracks[index]?.velocityTurns ?? []
    }

    public func jumps(of index: Int) -> [Jump] {
        guard let track = tracks[index] else { return [] }
        return track.segments.filter { $0.duration == 0 && $0.end != $0.from }.map { Jump(time: $0.start, from: $0.from, to: $0.end) }
    }

    public func writtenHolds(of index: Int) -> [WrittenHold] {
        guard let track = tracks[index] else { return [] }
        var holds: [WrittenHold] = []
        var previousTarget = track.initialValue
        for segment in track.segments {
            if segment.duration > 0, segment.to == previousTarget {
                holds.append(WrittenHold(start: segment.start, end: segment.finish, value: segment.to, origin: "keyframe \(segment.keyframeIndex)"))
            }
            previousTarget = segment.to
        }
        return holds
    }
}
