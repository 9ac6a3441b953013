import MotionCore
import MotionJSON
import MotionSQLite

// MARK: - Layer motions (migration 007)

extension MotionStore {
    /// Stores a layer motion's animations (`layer_animations`, one row per animation, for SQL
    /// readers); why it rests on a model goes to `estimates` with the revision. The definition itself
    /// is the revision's canonical JSON, which is what `layerMotion(revision:)` reads back.
    func insertLayer(_ motion: LayerMotion, revisionID: Int64) throws {
        let insert = try db.prepare(
            """
            INSERT INTO layer_animations (revision_id, position, key_path, type, components, duration, begin_time, speed, time_offset,
                                          repeat_count, repeat_duration, autoreverses, fill_mode, calculation_mode, key_count,
                                          spring_mass, spring_stiffness, spring_damping, spring_damping_ratio, initial_velocity, settles)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, a) in motion.animations.enumerated() {
            let t = a.timing
            var values: [any SQLiteBindable] = [
                revisionID, position, a.keyPath, a.typeName, a.components.isEmpty ? String?.none : a.components.joined(separator: ","),
                t.basicDuration, t.beginTime, t.speed, t.timeOffset,
                t.repeatCount == .infinity ? -1.0 : t.repeatCount, t.repeatDuration, t.autoreverses, t.fillMode.rawValue,
            ]
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
    }

    /// The layer motion of a revision, from its canonical definition.
    func layerMotion(revision: Int64, screen: String, id: String) throws -> LayerMotion {
        guard let text = try db.first("SELECT definition FROM revisions WHERE id = ?", revision)?[0].string,
            let value = try? JSONParser().parse(text).value, let motion = CanonicalDefinition.layerMotion(value)
        else {
            throw StoreError.damaged(path: path, reason: "\(screen)/\(id): the layer definition of revision \(revision) cannot be read back")
        }
        return motion
    }
}

// MARK: - Estimated timelines

/// A live animation's place, the key of `estimatedReasons()`.
struct EstimateKey: Hashable {
    var screen: String
    var id: String
}

extension MotionStore {
    /// Why each live animation's current timeline is an estimate (reasons one a line), for the
    /// animations that have any: one query over 007's `estimates`, read beside the inventory views
    /// rather than through them, so a view recreated by an earlier migration still lists. A store
    /// opened with migrations before 007 (no `estimates` table) has no estimates. With `screen`,
    /// only that screen's animations are read (through the screen-name index), and a store without
    /// estimates costs one page read: `inventory --screen S` stays a few page reads on any store.
    func estimatedReasons(screen: String? = nil) throws -> [EstimateKey: String] {
        var reasons: [EstimateKey: String] = [:]
        guard try db.first("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'estimates'") != nil,
            try db.first("SELECT 1 FROM estimates LIMIT 1") != nil
        else { return reasons }
        for r in try db.rows(
            """
            SELECT s.name, a.name, e.reasons FROM estimates e
            JOIN animations a ON a.current_revision = e.revision_id JOIN screens s ON s.id = a.screen_id
            WHERE a.removed_at IS NULL AND \(Self.equals("s.name", 1, screen))
            """, screen)
        {
            reasons[EstimateKey(screen: r[0].string ?? "", id: r[1].string ?? "")] = r[2].string
        }
        return reasons
    }
}
