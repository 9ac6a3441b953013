import MotionCore
import MotionSQLite

// MARK: - KeyframeRow

/// One `keyframes` row as `insertKeyframes` writes it: the keyframe as written and the timing the
/// motion core resolved (seconds). Bound column by column (`SQLiteStatement.set`), its NULLs left
/// as `clear()` set them, so an import does not box twenty values per keyframe.
struct KeyframeRow {
    let trackID: Int64
    let position: Int
    let keyframe: Keyframe
    /// The resolved segment's start (s) and, for a spring, its resolved duration (s).
    let start: Double
    let resolvedSpringDuration: Double?

    /// Columns of a row, in `MotionStore.keyframeInserts` order.
    static let columns: Int32 = 20

    /// Binds this row's columns from parameter `first` (1-based) on.
    func bind(to statement: SQLiteStatement, from first: Int32) throws(SQLiteError) {
        try statement.set(trackID, at: first)
        try statement.set(Int64(position), at: first + 1)
        try statement.set(keyframe.typeName, at: first + 2)
        try statement.set(keyframe.to, at: first + 3)
        try statement.set(start, at: first + 5)
        switch keyframe {
        case .move:
            try statement.set(0.0, at: first + 6)
        case .linear(_, let d, let curve):
            try statement.set(d, at: first + 4)
            try statement.set(d, at: first + 6)
            try statement.set(curve.name ?? "bezier", at: first + 7)
            try statement.set(curve.p1.x, at: first + 8)
            try statement.set(curve.p1.y, at: first + 9)
            try statement.set(curve.p2.x, at: first + 10)
            try statement.set(curve.p2.y, at: first + 11)
        case .cubic(_, let d, let sv, let ev):
            try statement.set(d, at: first + 4)
            try statement.set(d, at: first + 6)
            try statement.set(sv, at: first + 12)
            try statement.set(ev, at: first + 13)
        case .spring(_, let d, let s, let sv):
            try statement.set(d, at: first + 4)
            try statement.set(resolvedSpringDuration ?? d ?? 0, at: first + 6)
            try statement.set(sv, at: first + 12)
            try statement.set(s.angularFrequency, at: first + 14)
            try statement.set(s.dampingRatio, at: first + 15)
            try statement.set(s.mass, at: first + 16)
            try statement.set(s.response, at: first + 17)
            try statement.set(s.stiffness, at: first + 18)
            try statement.set(s.damping, at: first + 19)
        }
    }
}
