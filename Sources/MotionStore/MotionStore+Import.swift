import MotionCore
import MotionJSON
import MotionSQLite

// MARK: - Importing

extension MotionStore {
    /// Stores `spec`, read from `source`, in one transaction.
    ///
    /// - An unchanged file (same content hash) writes nothing.
    /// - A new animation gets revision 1; a changed one (its canonical definition hashes
    ///   differently) a new revision, the previous ones kept; an unchanged one nothing.
    /// - Animations this file defined before and no longer does are marked removed.
    /// - Timeline figures (durations, resolved keyframe times, phase steps) come from the motion
    ///   core and are stored with the revision.
    /// - Throws: `StoreError.conflict` when another live file already defines one of the
    ///   animations (nothing is stored), `.invalidAnimation` when the core refuses one,
    ///   `.sqlite` on a database failure (rolled back).
    @discardableResult
    public func importSpec(_ spec: MotionSpec, from source: SourceFile, figures: ImportFigures? = nil) throws -> ImportOutcome {
        try importSpecs([spec], from: source, figures: figures)
    }

    /// Stores the specs one file yields (a Swift source may hold several screens) in one
    /// transaction, with the rules of `importSpec`. Animations of other screens are named
    /// `Screen/id` in the outcome.
    ///
    /// `unpairedFeedback` (haptics the file fires on states nothing animates on) replaces what
    /// the file had before (migration 008).
    ///
    /// `figures`, when given, holds figures computed ahead for these specs: each new revision
    /// with a record there gets it stored in this same transaction (`outcome.figuresStored`
    /// counts them).
    ///
    /// `places` gives where each animation is written (by its screen and id as given), and
    /// `containers` what contains the code of those read from code (`reassignCodeScreens`); each
    /// is written again on every import of the file. Animations read from code (`source.format` is
    /// `swift`) are never refused for their name: an id another live file holds on the same
    /// screen becomes `id@folder` (the file's folder), stable across imports (`codeID`).
    @discardableResult
    public func importSpecs(
        _ specs: [MotionSpec], from source: SourceFile, unpairedFeedback: [UnpairedFeedback] = [],
        figures: ImportFigures? = nil, places: [AnimationKey: SourcePlace] = [:],
        containers: [AnimationKey: CodeContainer] = [:]
    ) throws -> ImportOutcome {
        let now = Self.timestamp(clock())
        let screens = specs.map(\.screen)
        let primary = screens.first ?? ""
        func name(_ screen: String, _ id: String) -> String { Self.outcomeName(screen, id, primary: primary) }
        // Timelines first, outside the transaction: a refusal stores nothing.
        let timelines = try Self.timelines(of: specs)
        let label = Self.label(screens)
        return try guarded {
            try db.transaction { () throws -> ImportOutcome in
                let existing = try db.first("SELECT id, content_hash FROM sources WHERE path = ?", source.path)
                if let existing, existing[1].string == source.contentHash {
                    return ImportOutcome(
                        result: .unchanged, screen: label, unchanged: specs.flatMap { s in s.animations.map { name(s.screen, $0.id) } })
                }
                let sourceID: Int64
                if let existing {
                    sourceID = existing[0].int ?? 0
                    try db.run(
                        "UPDATE sources SET content_hash = ?, format = ?, imported_at = ? WHERE id = ?", source.contentHash, source.format, now,
                        sourceID)
                } else {
                    try db.run(
                        "INSERT INTO sources (path, format, content_hash, imported_at) VALUES (?, ?, ?, ?)", source.path, source.format,
                        source.contentHash, now)
                    sourceID = db.lastInsertID
                }
                // (A file new to the store had no unpaired haptics to replace.)
                if existing != nil || !unpairedFeedback.isEmpty { try replaceUnpairedFeedback(unpairedFeedback, sourceID: sourceID) }
                try db.run(
                    "INSERT INTO imports (source_id, imported_at, result, content_hash) VALUES (?, ?, ?, ?)",
                    sourceID, now, existing == nil ? "added" : "changed", source.contentHash)
                let importID = db.lastInsertID

                var outcome = ImportOutcome(result: existing == nil ? .added : .changed, screen: label)
                let written = WrittenImport(source: source, sourceID: sourceID, importID: importID, now: now, primary: primary)
                let kept = try storeAnimations(
                    of: specs, written, timelines: timelines, figures: figures, places: places, containers: containers, outcome: &outcome)
                // (A file new to the store had no animations before these.)
                if existing != nil { outcome.removed = try markRemoved(from: sourceID, keeping: Set(kept), now: now).map { name($0.screen, $0.id) } }
                if outcome.added.isEmpty && outcome.changed.isEmpty && outcome.removed.isEmpty && existing != nil {
                    // Only the bytes changed (formatting, key order): keep the new hash, log nothing.
                    try db.run("DELETE FROM imports WHERE id = ?", importID)
                    return ImportOutcome(result: .unchanged, screen: label, unchanged: outcome.unchanged)
                }
                try db.run(
                    """
                    UPDATE imports SET animations_added = ?, animations_changed = ?, animations_removed = ?, animations_unchanged = ? WHERE id = ?
                    """, outcome.added.count, outcome.changed.count, outcome.removed.count, outcome.unchanged.count, importID)
                return outcome
            }
        }
    }

    /// The screens an import's outcome is labelled with: each once, sorted, joined by ", ".
    static func label(_ screens: [String]) -> String {
        var label = ""
        for (k, screen) in Set(screens).sorted().enumerated() {
            if k > 0 { label += ", " }
            label += screen
        }
        return label
    }

    /// How an import's outcome names an animation: by its id on the file's first screen
    /// (`primary`), as `Screen/id` on the others.
    static func outcomeName(_ screen: String, _ id: String, primary: String) -> String { screen == primary ? id : "\(screen)/\(id)" }

    /// Every animation's timeline, keyed by screen and id (joined by a NUL).
    ///
    /// - Throws: `StoreError.invalidAnimation` for the first the motion core refuses.
    static func timelines(of specs: [MotionSpec]) throws -> [String: any MotionTimeline] {
        var timelines: [String: any MotionTimeline] = [:]
        for spec in specs {
            for animation in spec.animations {
                do { timelines[spec.screen + "\u{0}" + animation.id] = try animation.timeline() } catch {
                    throw StoreError.invalidAnimation(screen: spec.screen, id: animation.id, reason: "\(error)")
                }
            }
        }
        return timelines
    }

    /// The rows one import writes under: its file's row, the import's row, when, and the file's
    /// first screen (whose animations the outcome names by id alone).
    struct WrittenImport {
        let source: SourceFile
        let sourceID: Int64
        let importID: Int64
        let now: String
        let primary: String
    }

    /// Stores each animation of `specs` (a code file's under the id `codeID` gives), with where
    /// it is written and its figures when `figures` has them; each is counted in `outcome` as
    /// added, changed or unchanged. Returns the ids of the animation rows written, in order.
    func storeAnimations(
        of specs: [MotionSpec], _ written: WrittenImport, timelines: [String: any MotionTimeline], figures: ImportFigures?,
        places: [AnimationKey: SourcePlace], containers: [AnimationKey: CodeContainer], outcome: inout ImportOutcome
    ) throws -> [Int64] {
        var kept: [Int64] = []
        for spec in specs {
            let screenID = try screenID(named: spec.screen, now: written.now)
            for given in spec.animations {
                var animation = given
                if written.source.format == "swift" {
                    animation.id = try codeID(given.id, screenID: screenID, sourceID: written.sourceID, path: written.source.path)
                }
                let (animationID, change, revisionID) = try store(
                    animation, given: given.id, timeline: timelines[spec.screen + "\u{0}" + given.id]!, screenID: screenID,
                    screen: spec.screen, written)
                kept.append(animationID)
                let key = AnimationKey(screen: spec.screen, id: given.id)
                try writePlace(places[key], container: containers[key], animationID: animationID)
                if let revisionID, let figures, let record = figures.record(screen: spec.screen, id: given.id) {
                    try insertFigures(record, revisionID: revisionID, version: figures.version, now: written.now)
                    outcome.figuresStored += 1
                }
                let name = Self.outcomeName(spec.screen, animation.id, primary: written.primary)
                switch change {
                case .added: outcome.added.append(name)
                case .changed: outcome.changed.append(name)
                case .unchanged: outcome.unchanged.append(name)
                }
            }
        }
        return kept
    }

    /// Marks removed the live animations of source `sourceID` whose rows are not in `kept` (the
    /// file no longer defines them); returns their screens and ids, by screen then id.
    func markRemoved(from sourceID: Int64, keeping kept: Set<Int64>, now: String) throws -> [(screen: String, id: String)] {
        var removed: [(screen: String, id: String)] = []
        for row in try db.rows(
            """
            SELECT a.id, s.name, a.name FROM animations a JOIN screens s ON s.id = a.screen_id
            WHERE a.source_id = ? AND a.removed_at IS NULL ORDER BY s.name, a.name
            """, sourceID) where !kept.contains(row[0].int ?? 0)
        {
            try db.run("UPDATE animations SET removed_at = ? WHERE id = ?", now, row[0].int ?? 0)
            removed.append((row[1].string ?? "", row[2].string ?? ""))
        }
        return removed
    }

    enum Change { case added, changed, unchanged }

    /// Writes where an animation is written and what contains its code (migration 010).
    func writePlace(_ place: SourcePlace?, container: CodeContainer?, animationID: Int64) throws {
        try db.run(
            "UPDATE animations SET source_line = ?, source_column = ?, code_container = ?, also_on = ? WHERE id = ?",
            place?.line, place?.column, container?.name,
            container.flatMap { $0.alsoOn.isEmpty ? nil : $0.alsoOn.joined(separator: "\n") }, animationID)
    }

    /// The id an animation read from code is stored under: `id` when no other live file holds it
    /// on the screen, else `id@folder` (the folder the file is in), else
    /// `id@folder-hhhhhhhh` (the first 8 hex digits of the path's SHA-256). Each depends on the
    /// file's path alone, so a file keeps its ids from one import to the next.
    func codeID(_ id: String, screenID: Int64, sourceID: Int64, path: String) throws -> String {
        func taken(_ name: String) throws -> Bool {
            try db.first(
                """
                SELECT 1 FROM animations WHERE screen_id = ? AND name = ? AND removed_at IS NULL AND source_id != ?
                """, screenID, name, sourceID) != nil
        }
        guard try taken(id) else { return id }
        return try Self.renamed(id, path: path, taken: taken)
    }

    /// `id@folder`, else `id@folder-hhhhhhhh`: the names `codeID` gives code whose id is taken.
    static func renamed(_ id: String, path: String, taken: (String) throws -> Bool) rethrows -> String {
        let parts = path.split(separator: "/")
        let folder = parts.count >= 2 ? String(parts[parts.count - 2]) : "file"
        let byFolder = "\(id)@\(folder)"
        guard try taken(byFolder) else { return byFolder }
        return "\(byFolder)-\(SHA256.hex(path).prefix(8))"
    }

    /// Conflicts are per origin: two spec files may not define one animation, but code never
    /// blocks a spec. The live code animation `rowID` (read from `path`) that holds the id a spec
    /// now defines takes the name `codeID` gives it when the spec came first (`id@folder`), so
    /// its next import finds the same name; its revisions, figures and given id stay.
    func yieldName(of rowID: Int64, id: String, screenID: Int64, path: String) throws {
        let name = try Self.renamed(id, path: path) { name in
            try db.first("SELECT 1 FROM animations WHERE screen_id = ? AND name = ?", screenID, name) != nil
        }
        try db.run("UPDATE animations SET name = ?, given_id = coalesce(given_id, name) WHERE id = ?", name, rowID)
    }

    func screenID(named name: String, now: String) throws -> Int64 {
        if let row = try db.first("SELECT id FROM screens WHERE name = ?", name) { return row[0].int ?? 0 }
        try db.run("INSERT INTO screens (name, created_at) VALUES (?, ?)", name, now)
        return db.lastInsertID
    }

    /// Upserts one animation; returns its row id, what changed and the id of the revision it
    /// inserted (nil when none).
    /// `given` is the id the source gave it (`animation.id` unless `codeID` renamed it).
    func store(
        _ animation: AnimationSpec, given: String, timeline: any MotionTimeline, screenID: Int64, screen: String, _ written: WrittenImport
    ) throws -> (Int64, Change, Int64?) {
        let (sourceID, importID, now) = (written.sourceID, written.importID, written.now)
        // The canonical text is written once: hashed here, stored by insertRevision.
        let definition = CanonicalDefinition.text(animation)
        let hash = SHA256.hex(definition)
        var row = try db.first(
            """
            SELECT a.id, a.source_id, a.removed_at, r.content_hash, r.number, src.path, src.format
            FROM animations a LEFT JOIN revisions r ON r.id = a.current_revision JOIN sources src ON src.id = a.source_id
            WHERE a.screen_id = ? AND a.name = ?
            """, screenID, animation.id)
        if let held = row, held[1].int != sourceID, held[2].isNull, held[6].string == "swift", written.source.format != "swift" {
            try yieldName(of: held[0].int ?? 0, id: animation.id, screenID: screenID, path: held[5].string ?? "")
            row = nil
        }
        guard let row else {
            try db.run(
                "INSERT INTO animations (screen_id, name, source_id, created_at, given_id) VALUES (?, ?, ?, ?, ?)", screenID, animation.id,
                sourceID, now, given == animation.id ? nil : given)
            let id = db.lastInsertID
            let revisionID = try insertRevision(
                animation, timeline: timeline, animationID: id, number: 1, hash: hash, definition: definition, importID: importID, now: now)
            return (id, .added, revisionID)
        }
        let id = row[0].int ?? 0
        let removed = !row[2].isNull
        if row[1].int != sourceID && !removed {
            throw StoreError.conflict(screen: screen, id: animation.id, owner: row[5].string ?? "another file")
        }
        try db.run(
            "UPDATE animations SET source_id = ?, removed_at = NULL, given_id = ? WHERE id = ?", sourceID, given == animation.id ? nil : given, id)
        if row[3].string == hash && !removed { return (id, .unchanged, nil) }
        if row[3].string == hash { return (id, .added, nil) } // back after removal, same definition
        let revisionID = try insertRevision(
            animation, timeline: timeline, animationID: id, number: Int(row[4].int ?? 0) + 1, hash: hash,
            definition: definition, importID: importID, now: now)
        return (id, removed ? .added : .changed, revisionID)
    }

    /// Inserts a revision with its motion rows; returns the revision's row id.
    @discardableResult
    func insertRevision(
        _ animation: AnimationSpec, timeline: any MotionTimeline, animationID: Int64, number: Int,
        hash: String, definition: String, importID: Int64, now: String
    ) throws -> Int64 {
        try db.run(
            """
            INSERT INTO revisions (animation_id, number, import_id, kind, trigger, component, reduce_motion, notes, repeating,
                                   duration, content_hash, definition, created_at, haptics, cues, feedback)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, animationID, number, importID, animation.kind, animation.trigger.description, animation.component,
            animation.reduceMotion?.rawValue, animation.notes, animation.isRepeating, timeline.duration, hash,
            definition, now,
            animation.haptics.flatMap { $0.isDefault ? nil : JSONWriter(pretty: false).string(CanonicalDefinition.haptics($0)) },
            animation.cues.isEmpty ? nil : JSONWriter(pretty: false).string(CanonicalDefinition.cues(animation.cues)),
            animation.feedback.map { JSONWriter(pretty: false).string(CanonicalDefinition.feedback($0, sources: true)) })
        let revisionID = db.lastInsertID
        try db.run("UPDATE animations SET current_revision = ? WHERE id = ?", revisionID, animationID)
        switch animation.motion {
        case .keyframes(let initial, let tracks, _):
            try insertKeyframes(initial: initial, tracks: tracks, timeline: timeline, revisionID: revisionID)
        case .phases(let phases):
            try insertPhases(phases, timeline: timeline, revisionID: revisionID)
        case .layer(let motion):
            try insertLayer(motion, revisionID: revisionID)
        case .implicit(let motion):
            try insertImplicit(motion, timeline: timeline, revisionID: revisionID)
        }
        let reasons = Self.estimates(of: animation)
        if !reasons.isEmpty {
            try db.run("INSERT INTO estimates (revision_id, reasons) VALUES (?, ?)", revisionID, reasons.joined(separator: "\n"))
        }
        return revisionID
    }

    /// Why the animation's figures are estimates, one reason each: the layer motion's model, then
    /// what the source left unknown (`AnimationSpec.estimates`), without repeats.
    static func estimates(of animation: AnimationSpec) -> [String] {
        var reasons: [String] = []
        if case .layer(let motion) = animation.motion { reasons = motion.estimates }
        for reason in animation.estimates where !reasons.contains(reason) { reasons.append(reason) }
        return reasons
    }

    func insertKeyframes(initial: [NamedValue], tracks: [KeyframeTrack], timeline: any MotionTimeline, revisionID: Int64) throws {
        for (k, value) in initial.enumerated() {
            try db.run(
                "INSERT INTO initial_values (revision_id, position, property, value) VALUES (?, ?, ?, ?)", revisionID, k, value.name, value.value)
        }
        let resolved = (timeline as? KeyframeTimeline)
        // The revision's keyframe rows, several per INSERT (`keyframeRowsPerInsert`), in track then
        // position order: a track's rows fill the statement with the next track's (each
        // execution of the INSERT builds what its CHECK constraints look values up in).
        var rows: [KeyframeRow] = []
        rows.reserveCapacity(Self.keyframeRowsPerInsert)
        func flush() throws {
            guard !rows.isEmpty else { return }
            let statement = try db.prepare(Self.keyframeInserts[rows.count - 1])
            statement.clear()
            for (k, row) in rows.enumerated() { try row.bind(to: statement, from: Int32(k) * KeyframeRow.columns + 1) }
            try statement.runBound()
            rows.removeAll(keepingCapacity: true)
        }
        for (position, track) in tracks.enumerated() {
            // The resolved track for this declaration (a property's last track is the one that plays).
            let segments = resolved.flatMap { t in t.index(of: track.property).flatMap { t.tracks[$0] } }?.segments
            let trackDuration = segments.map { $0.last?.finish ?? 0 } ?? 0
            try db.run(
                "INSERT INTO tracks (revision_id, position, property, duration) VALUES (?, ?, ?, ?)", revisionID, position, track.property,
                trackDuration)
            let trackID = db.lastInsertID
            for (k, keyframe) in track.keyframes.enumerated() {
                let segment = segments.flatMap { $0.indices.contains(k) ? $0[k] : nil }
                rows.append(
                    KeyframeRow(
                        trackID: trackID, position: k, keyframe: keyframe, start: segment?.start ?? 0, resolvedSpringDuration: segment?.duration))
                if rows.count == Self.keyframeRowsPerInsert { try flush() }
            }
        }
        try flush()
    }

    /// Rows one keyframe INSERT writes at most: one statement per eight rows instead of one per
    /// row (SQLite's per-statement work — reset, binding, the program's prologue — once).
    static let keyframeRowsPerInsert = 8
    /// `keyframeInserts[n - 1]` inserts n rows (n = 1 … `keyframeRowsPerInsert`).
    static let keyframeInserts: [String] = (1...keyframeRowsPerInsert).map { n in
        // (Strings appended, not `joined`: the generic one looks its types up in the runtime at
        // its first call, a scan of every conformance of the binary.)
        var row = "(?"
        for _ in 1..<KeyframeRow.columns { row += ", ?" }
        row += ")"
        var sql = """
            INSERT INTO keyframes (track_id, position, type, to_value, duration, start_time, resolved_duration, curve,
                                   curve_x1, curve_y1, curve_x2, curve_y2, start_velocity, end_velocity,
                                   spring_angular_frequency, spring_damping_ratio, spring_mass, spring_response, spring_stiffness, spring_damping)
            VALUES
            """
        for k in 0..<n { sql += k == 0 ? row : ",\n" + row }
        return sql
    }

    func insertPhases(_ phases: [Phase], timeline: any MotionTimeline, revisionID: Int64) throws {
        for (position, phase) in phases.enumerated() {
            var values: [any SQLiteBindable] = [revisionID, position, phase.name]
            switch phase.animation?.curve {
            case nil:
                values += ["jump", Double?.none, Double?.none, Double?.none, Double?.none, Double?.none, Double?.none, Double?.none, Double?.none]
            case .bezier(let c, let d)?:
                values += ["curve", c.p1.x, c.p1.y, c.p2.x, c.p2.y, d, Double?.none, Double?.none, Double?.none]
            case .spring(let s)?:
                values += [
                    "spring", Double?.none, Double?.none, Double?.none, Double?.none, Double?.none, s.angularFrequency, s.dampingRatio, s.mass,
                ]
            }
            values += [phase.animation?.delay ?? 0, phase.animation?.speed ?? 1]
            try db.prepare(
                """
                INSERT INTO phases (revision_id, position, name, animation, curve_x1, curve_y1, curve_x2, curve_y2, curve_duration,
                                    spring_angular_frequency, spring_damping_ratio, spring_mass, delay, speed)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
            ).run(bindings: values)
            let phaseID = db.lastInsertID
            for (k, name) in phase.order.enumerated() {
                try db.run(
                    "INSERT INTO phase_values (phase_id, position, property, value) VALUES (?, ?, ?, ?)", phaseID, k, name, phase.values[name] ?? 0)
            }
        }
        if let steps = (timeline as? PhaseTimeline)?.steps {
            for (k, step) in steps.enumerated() {
                try db.run(
                    """
                    INSERT INTO phase_steps (revision_id, position, from_phase, to_phase, start_time, logical_duration, settling_duration)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, revisionID, k, step.from, step.to, step.start, step.logicalDuration, step.settlingDuration)
            }
        }
    }
}

// MARK: - Checkpoints beside a long import

extension MotionStore {
    /// Runs `body` (many write transactions on this store) with the WAL checkpointed on a thread
    /// and a connection of its own (`SQLiteCheckpointer`) instead of on this one after commits:
    /// the writes never wait for a checkpoint's syncs. SQLite's automatic checkpoint is back on
    /// afterwards, also when `body` throws. Where a second connection cannot be opened, `body`
    /// runs as it would without this.
    public func checkpointingAside<T>(_ body: () throws -> T) rethrows -> T {
        // (A store built in memory has no WAL to checkpoint.)
        guard !isUnpublished, let checkpointer = SQLiteCheckpointer(path: path) else { return try body() }
        db.autoCheckpoint(pages: 0)
        defer {
            checkpointer.stop()
            db.autoCheckpoint(pages: Self.autoCheckpointPages)
        }
        return try body()
    }

    /// SQLite's default automatic checkpoint, in pages of the WAL.
    static let autoCheckpointPages: Int32 = 1_000
}
