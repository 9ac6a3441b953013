// MARK: - SampleGrid

/// Sample times for printing or plotting a timeline.
public enum SampleGrid {
    /// 0, 1/fps, 2/fps, … up to `duration`, and `duration` itself when it falls between two
    /// frames. Times are computed as k/fps (no accumulated error). O(duration · fps).
    public static func times(duration: Double, fps: Double) -> [Double] {
        guard duration > 0, fps > 0, duration.isFinite, fps.isFinite else { return [0] }
        let frames = Int((duration * fps + 1e-9).rounded(.down))
        var times = (0...frames).map { Double($0) / fps }
        if let last = times.last, duration - last > 1e-9 { times.append(duration) }
        return times
    }
}
