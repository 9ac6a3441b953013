import MotionCore
import MotionJSON
import MotionSQLite

// MARK: - Layer motions (migration 007)

extension MotionStore {
    /// Stores a layer motion's animations (`layer_animations`, one row per animation, for SQL
    /// readers) and, when the motion rests on a model, why (`estimates`). The definition itself
    /// is the revision's canonical JSON, which is what `layerMotion(revision:)` reads back.
    func insertLayer(_ motion: LayerMotion, revisionID: Int64) throws {
        let insert = try db.prepare("""
            INSERT INTO layer_animations (revision_id, position, key_path, type, components, duration, begin_time, speed, time_offset,
                                          repeat_count, repeat_duration, autoreverses, fill_mode, calculation_mode, key_count,
                                          spring_mass, spring_stiffness, spring_damping, spring_damping_ratio, initial_velocity, settles)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, a) in motion.animations.enumerated() {
            let t = a.timing
            var values: [any SQLiteBindable] = [revisionID, position, a.keyPath, a.typeName, a.components.isEmpty ? String?.none : a.components.joined(separator: ","),
                                                t.basicDuration, t.beginTime, t.speed, t.timeOffset,
                                                t.repeatCount == .infinity ? -1.0 : t.repeatCount, t.repeatDuration, t.autoreverses, t.fillMode.rawValue]
            switch a.content {
            case .basic:
                values += [String?.none, Int?.none, Double?.none, Double?.none, Double?.none, Double?.none, Double?.none, false]
            case .keyframes(let k):
                values += [k.mode.rawValue, k.values.count, Double?.none, Double?.none, Double?.none, Double?.none, Double?.none, false]
            case .spring(_, _, let spring, let velocity, let settles):
                let s = spring.resolved(duration: t.basicDuration, initialVelocity: velocity)
                values += [String?.none, Int?.none, s.mass, s.stiffness, s.damping, s.dampingRatio, velocity, settles]
            }
            try insert.run(bindings: values)
        }
        let reasons = motion.estimates
        if !reasons.isEmpty {
            try db.run("INSERT INTO estimates (revision_id, reasons) VALUES (?, ?)", revisionID, reasons.joined(separator: "\n"))
        }
    }

    /// The layer motion of a revision, from its canonical definition.
    func layerMotion(revision: Int64, screen: String, id: String) throws -> LayerMotion {
        guard let text = try db.first("SELECT definition FROM revisions WHERE id = ?", revision)?[0].string,
              let value = try? JSONParser().parse(text).value, let motion = CanonicalDefinition.layerMotion(value) else {
            throw StoreError.damaged(path: path, reason: "\(screen)/\(id): the layer definition of revision \(revision) cannot be read back")
        }
        return motion
    }
}
