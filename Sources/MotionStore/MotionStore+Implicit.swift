import MotionCore
import MotionJSON
import MotionSQLite

// MARK: - Implicit animations in the store (migration 008)

extension MotionStore {
    /// Writes an implicit animation's rows: its `Animation` (and the Reduce Motion one, when
    /// given) and the values it moves.
    func insertImplicit(_ motion: ImplicitMotion, timeline: any MotionTimeline, revisionID: Int64) throws {
        try insertImplicitAnimation(motion.animation, role: "motion", revisionID: revisionID)
        if let fallback = motion.reduceMotionAnimation {
            try insertImplicitAnimation(fallback, role: "reduce-motion", revisionID: revisionID)
        }
        for (k, v) in motion.values.enumerated() {
            try db.run(
                "INSERT INTO implicit_values (revision_id, position, property, from_value, to_value) VALUES (?, ?, ?, ?, ?)",
                revisionID, k, v.name, v.from, v.to)
        }
    }

    func insertImplicitAnimation(_ a: ImplicitAnimation, role: String, revisionID: Int64) throws {
        var values: [any SQLiteBindable] = [revisionID, role]
        switch a.run.curve {
        case .bezier(let c, let d):
            values += ["curve", c.p1.x, c.p1.y, c.p2.x, c.p2.y, d, Double?.none, Double?.none, Double?.none]
        case .spring(let s):
            values += ["spring", Double?.none, Double?.none, Double?.none, Double?.none, Double?.none, s.angularFrequency, s.dampingRatio, s.mass]
        }
        let count: Int? =
            switch a.repetition {
            case .once: nil
            case .count(let n, _): n
            case .forever: -1
            }
        values += [a.run.delay, a.run.speed, count, a.repetition.autoreverses, a.startDelay, a.runLength, a.duration]
        try db.prepare(
            """
            INSERT INTO implicit_animations (revision_id, role, animation, curve_x1, curve_y1, curve_x2, curve_y2, curve_duration,
                                             spring_angular_frequency, spring_damping_ratio, spring_mass, delay, speed,
                                             repeat_count, autoreverses, start_delay, run_length, duration)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        ).run(bindings: values)
    }

    /// Rebuilds an implicit animation from its rows.
    func implicit(revision: Int64) throws -> ImplicitMotion {
        var animations: [String: ImplicitAnimation] = [:]
        for a in try db.rows(
            """
            SELECT role, animation, curve_x1, curve_y1, curve_x2, curve_y2, curve_duration,
                   spring_angular_frequency, spring_damping_ratio, spring_mass, delay, speed, repeat_count, autoreverses, start_delay
            FROM implicit_animations WHERE revision_id = ?
            """, revision)
        {
            let curve: PhaseAnimation.Curve =
                a[1].string == "spring"
                ? .spring(try storedSpring(a[7], a[8], a[9], revision: revision, table: "implicit_animations"))
                : .bezier(Self.curve(name: nil, a[2], a[3], a[4], a[5]), duration: a[6].double ?? 0)
            let autoreverses = a[13].int == 1
            let repetition: ImplicitAnimation.Repetition
            if let n = a[12].int {
                repetition = n < 0 ? .forever(autoreverses: autoreverses) : .count(Int(n), autoreverses: autoreverses)
            } else {
                repetition = .once
            }
            animations[a[0].string ?? ""] = ImplicitAnimation(
                PhaseAnimation(curve, delay: a[10].double ?? 0, speed: a[11].double ?? 1),
                repetition: repetition, startDelay: a[14].double ?? 0)
        }
        let values = try db.rows("SELECT property, from_value, to_value FROM implicit_values WHERE revision_id = ? ORDER BY position", revision)
            .map { ImplicitValue($0[0].string ?? "", from: $0[1].double ?? 0, to: $0[2].double ?? 1) }
        let motion = animations["motion"] ?? ImplicitAnimation(.default)
        return ImplicitMotion(animation: motion, values: values.isEmpty ? [.progress] : values, reduceMotionAnimation: animations["reduce-motion"])
    }
}

// MARK: - Haptics without motion

extension MotionStore {
    /// Replaces the unpaired feedback recorded for a source.
    func replaceUnpairedFeedback(_ list: [UnpairedFeedback], sourceID: Int64) throws {
        try db.run("DELETE FROM unpaired_feedback WHERE source_id = ?", sourceID)
        for (k, f) in list.enumerated() {
            try db.run(
                "INSERT INTO unpaired_feedback (source_id, position, screen, component, feedback, trigger, line) VALUES (?, ?, ?, ?, ?, ?, ?)",
                sourceID, k, f.screen, f.component, f.kind, f.trigger, f.line)
        }
    }

    /// Haptics fired on states nothing animates on, of the files imported (on `screen` when
    /// given), by screen then file and line. `file` is the absolute path the source was imported from.
    public func unpairedFeedback(screen: String? = nil) throws -> [UnpairedFeedback] {
        try guarded {
            try db.rows(
                """
                SELECT u.screen, u.component, u.feedback, u.trigger, src.path, u.line FROM unpaired_feedback u JOIN sources src ON src.id = u.source_id
                WHERE \(Self.equals("u.screen", 1, screen)) ORDER BY u.screen, src.path, u.line, u.position
                """, screen
            ).map {
                UnpairedFeedback(
                    screen: $0[0].string ?? "", component: $0[1].string, kind: $0[2].string ?? "", trigger: $0[3].string ?? "",
                    file: $0[4].string ?? "", line: Int($0[5].int ?? 0))
            }
        }
    }
}
