// MARK: - FusionQueue

/// The moments the planner has not yet put into an event, by time: the untaken ones in a time
/// window are listed in O(log n + what the window holds), skipping taken ones through
/// next-untaken links with path compression (each taken position is stepped over amortised O(1)
/// times).
struct FusionQueue {
    /// Moment indices in time order, and their times.
    private let byTime: [Int]
    private let times: [Double]
    /// Position of each moment in `byTime`.
    private var position: [Int]
    /// For each position, a position ≥ it that may be untaken (`byTime.count` past the end).
    private var next: [Int]
    private var taken: [Bool]
    /// Positions visited so far (links followed and moments listed): the queue's work.
    private(set) var steps = 0

    init(times: [Double]) {
        byTime = times.indices.sorted { (times[$0], $0) < (times[$1], $1) }
        self.times = byTime.map { times[$0] }
        position = [Int](repeating: 0, count: times.count)
        for (p, i) in byTime.enumerated() { position[i] = p }
        next = Array(0...times.count)
        taken = [Bool](repeating: false, count: times.count)
    }

    func isTaken(_ moment: Int) -> Bool { taken[moment] }

    mutating func take(_ moment: Int) {
        taken[moment] = true
        next[position[moment]] = position[moment] + 1
    }

    /// The first untaken position at or after `p`.
    private mutating func find(_ p: Int) -> Int {
        var root = p
        while root < byTime.count, next[root] != root {
            root = next[root]
            steps += 1
        }
        var q = p
        while q < byTime.count, next[q] != q {
            let n = next[q]
            next[q] = root
            q = n
            steps += 1
        }
        return root
    }

    /// Untaken moments with lo ≤ time ≤ hi, in time order.
    mutating func untaken(from lo: Double, to hi: Double) -> [Int] {
        var a = 0, b = times.count
        while a < b {
            let m = (a + b) / 2
            if times[m] < lo { a = m + 1 } else { b = m }
        }
        var result: [Int] = []
        var p = find(a)
        while p < byTime.count, times[p] <= hi {
            result.append(byTime[p])
            steps += 1
            p = find(p + 1)
        }
        return result
    }
}
