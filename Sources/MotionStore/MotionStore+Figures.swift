import MotionSQLite

// MARK: - FigureRecord

/// What the analysis found in one revision, as the store keeps it (migration 006). The store
/// does not analyse: the layer above computes these and hands them over. Times in seconds.
public struct FigureRecord: Sendable, Equatable {
    public var peaks: Int
    /// Holds between movements (interior).
    public var holds: Int
    public var hapticEvents: Int
    public var firstPeak: Double?
    /// Overall verdict per built-in profile: "apple-touch" and "material3" → pass, warn or fail.
    public var verdicts: [String: String]
    /// JSON texts: the analysis, the haptic plan and the budget results per profile.
    public var analysis: String
    public var hapticPlan: String
    public var budget: String

    public init(
        peaks: Int, holds: Int, hapticEvents: Int, firstPeak: Double?, verdicts: [String: String], analysis: String, hapticPlan: String,
        budget: String
    ) {
        self.peaks = peaks
        self.holds = holds
        self.hapticEvents = hapticEvents
        self.firstPeak = firstPeak
        self.verdicts = verdicts
        self.analysis = analysis
        self.hapticPlan = hapticPlan
        self.budget = budget
    }
}

// MARK: - FigureTask

/// A live animation whose current revision has no figures from the analysis version in use.
public struct FigureTask: Sendable, Equatable {
    public let revisionID: Int64
    public let screen: String
    public let id: String
}

// MARK: - InventoryFigureRow

/// One row of the `inventory_figures` view: the inventory with its stored figures.
public struct InventoryFigureRow: Sendable, Equatable {
    public let row: InventoryRow
    public let peaks: Int
    public let holds: Int
    public let hapticEvents: Int
    /// Overall verdict for the profile asked for.
    public let budget: String
}

// MARK: - Figures

extension MotionStore {
    /// Live animations whose current revision lacks figures made by `version`, by screen and id.
    /// One query, O(animations).
    /// Whether any live animation in scope (one screen, or all) lacks figures made by `version`:
    /// one EXISTS query that reads neither revisions nor details, so a read-only command over a
    /// large store stays a few page reads.
    public func hasStaleFigures(version: Int, screen: String? = nil) throws -> Bool {
        try guarded {
            try db.first(
                """
                SELECT EXISTS (SELECT 1 FROM animations a JOIN screens s ON s.id = a.screen_id
                LEFT JOIN figures f ON f.revision_id = a.current_revision
                WHERE a.removed_at IS NULL AND \(Self.equals("s.name", 2, screen)) AND (f.revision_id IS NULL OR f.analysis_version <> ?1))
                """, Int64(version), screen)?[0].int == 1
        }
    }

    public func figureTasks(version: Int) throws -> [FigureTask] {
        try guarded {
            try db.rows(
                """
                SELECT r.id, s.name, a.name FROM animations a
                JOIN screens s ON s.id = a.screen_id
                JOIN revisions r ON r.id = a.current_revision
                LEFT JOIN figures f ON f.revision_id = r.id
                WHERE a.removed_at IS NULL AND (f.revision_id IS NULL OR f.analysis_version <> ?)
                ORDER BY s.name, a.name
                """, Int64(version)
            ).map { FigureTask(revisionID: $0[0].int ?? 0, screen: $0[1].string ?? "", id: $0[2].string ?? "") }
        }
    }

    /// Stores figures (replacing older ones of the same revisions) in one transaction.
    public func storeFigures(_ figures: [(revisionID: Int64, record: FigureRecord)], version: Int) throws {
        guard !figures.isEmpty else { return }
        let now = Self.timestamp(clock())
        try guarded {
            try db.transaction {
                for (revisionID, f) in figures { try insertFigures(f, revisionID: revisionID, version: version, now: now) }
            }
        }
    }

    /// Writes one revision's figures (replacing older ones), inside the caller's transaction:
    /// two rows, `figures` and `figure_details`.
    func insertFigures(_ f: FigureRecord, revisionID: Int64, version: Int, now: String) throws {
        try db.run(
            """
            INSERT OR REPLACE INTO figures (revision_id, analysis_version, peaks, holds, haptic_events, first_peak,
                budget_apple_touch, budget_material3, computed_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, revisionID, Int64(version), Int64(f.peaks), Int64(f.holds), Int64(f.hapticEvents), f.firstPeak,
            f.verdicts["apple-touch"] ?? "pass", f.verdicts["material3"] ?? "pass", now)
        try db.run(
            "INSERT OR REPLACE INTO figure_details (revision_id, analysis, haptic_plan, budget) VALUES (?, ?, ?, ?)",
            revisionID, f.analysis, f.hapticPlan, f.budget)
    }

    /// The inventory with stored figures, ordered by screen then id: one SQL query over the
    /// `inventory_figures` view. `profile` picks the verdict column ("apple-touch" or "material3").
    /// Rows whose figures are missing report zeros and "pass"; bring them up to date first.
    public func inventoryFigures(_ filter: InventoryFilter = InventoryFilter(), profile: String = "apple-touch") throws -> [InventoryFigureRow] {
        let column = profile == "material3" ? "budget_material3" : "budget_apple_touch"
        return try guarded {
            let estimated = try estimatedReasons(screen: filter.screen)
            let origins = try sourceOrigins()
            return try db.rows(
                """
                SELECT screen, id, kind, trigger, component, reduce_motion, duration, repeating, revision, source,
                       peaks, holds, haptic_events, \(column), source_line, source_column, code_haptics, also_on, given_id
                FROM inventory_figures
                WHERE \(Self.equals("screen", 1, filter.screen)) AND \(Self.equals("kind", 2, filter.kind)) AND \(Self.equals("trigger", 3, filter.trigger))
                ORDER BY screen, id
                """, filter.screen, filter.kind, filter.trigger
            ).map { r in
                try checkDuration(r[6], screen: r[0].string, id: r[1].string)
                var row = InventoryRow(
                    screen: r[0].string ?? "", id: r[1].string ?? "", kind: r[2].string ?? "", trigger: r[3].string ?? "",
                    component: r[4].string, reduceMotion: r[5].string, duration: r[6].double ?? 0,
                    repeating: r[7].int == 1, revision: Int(r[8].int ?? 0), source: r[9].string ?? "",
                    estimated: estimated[EstimateKey(screen: r[0].string ?? "", id: r[1].string ?? "")])
                row.place = Self.place(line: r[14], column: r[15])
                row.codeHaptics = r[16].int.map(Int.init)
                row.alsoOn = r[17].string.map { $0.split(separator: "\n").map(String.init) } ?? []
                Self.readOrigin(into: &row, origins: origins, givenID: r[18])
                return InventoryFigureRow(
                    row: row,
                    peaks: Int(r[10].int ?? 0), holds: Int(r[11].int ?? 0), hapticEvents: Int(r[12].int ?? 0), budget: r[13].string ?? "pass")
            }
        }
    }

    /// Whether `screen` (or, when nil, any screen) has a live animation: one EXISTS query on the
    /// screen-name and animation indexes, a few page reads however large the store.
    public func hasLiveAnimations(screen: String? = nil) throws -> Bool {
        try guarded {
            try db.first(
                """
                SELECT EXISTS (SELECT 1 FROM animations a JOIN screens s ON s.id = a.screen_id
                WHERE a.removed_at IS NULL AND \(Self.equals("s.name", 1, screen)))
                """, screen)?[0].int == 1
        }
    }

    /// Whether the file imported from `sourcePath` still has a live animation: one EXISTS query
    /// on the path and animation indexes.
    public func hasLiveAnimations(sourcePath: String) throws -> Bool {
        try guarded {
            try db.first(
                """
                SELECT EXISTS (SELECT 1 FROM animations a JOIN sources src ON src.id = a.source_id
                WHERE src.path = ? AND a.removed_at IS NULL)
                """, sourcePath)?[0].int == 1
        }
    }

    /// The paths of the files of importer `format` (`swift`) that still have a live animation:
    /// one query over the format's files (migration 011's index).
    public func filesWithLiveAnimations(format: String) throws -> Set<String> {
        try guarded {
            Set(
                try db.rows(
                    """
                    SELECT src.path FROM sources src WHERE src.format = ?
                    AND EXISTS (SELECT 1 FROM animations a WHERE a.source_id = src.id AND a.removed_at IS NULL)
                    """, format
                ).compactMap { $0[0].string })
        }
    }

    /// Whether `screen` (or, when nil, any screen) has a live animation read from code: one
    /// EXISTS query.
    public func hasLiveCode(screen: String? = nil) throws -> Bool {
        try guarded {
            try db.first(
                """
                SELECT EXISTS (SELECT 1 FROM animations a JOIN screens s ON s.id = a.screen_id JOIN sources src ON src.id = a.source_id
                WHERE a.removed_at IS NULL AND src.format = 'swift' AND \(Self.equals("s.name", 1, screen)))
                """, screen)?[0].int == 1
        }
    }

    /// Names of the screens with at least one live animation, sorted: one query, without reading
    /// the inventory's rows. Each screen's search stops at its first live animation (EXISTS), where
    /// a join read every animation's row for its `removed_at`.
    public func liveScreens() throws -> [String] {
        try guarded {
            try db.rows(
                """
                SELECT s.name FROM screens s
                WHERE EXISTS (SELECT 1 FROM animations a WHERE a.screen_id = s.id AND a.removed_at IS NULL)
                ORDER BY s.name
                """
            ).compactMap { $0[0].string }
        }
    }

    /// Every live animation in scope (one screen, or all) with its source and the stored budget
    /// results (JSON text, every built-in profile) of its current revision, in inventory order
    /// (screen, id); nil details where the figures were not made by `version`. One query.
    public func storedBudgets(screen: String?, version: Int) throws -> [(screen: String, id: String, source: String, budget: String?)] {
        try guarded {
            try db.rows(
                """
                SELECT s.name, a.name, src.path, CASE WHEN f.analysis_version = ?2 THEN d.budget END
                FROM animations a JOIN screens s ON s.id = a.screen_id JOIN sources src ON src.id = a.source_id
                LEFT JOIN figures f ON f.revision_id = a.current_revision
                LEFT JOIN figure_details d ON d.revision_id = a.current_revision
                WHERE a.removed_at IS NULL AND \(Self.equals("s.name", 1, screen))
                ORDER BY s.name, a.name
                """, screen, Int64(version)
            ).map { r in (r[0].string ?? "", r[1].string ?? "", r[2].string ?? "", r[3].string) }
        }
    }

    /// The stored haptic plans (JSON text) of the live animations in scope, by "SCREEN/ID": those
    /// whose figures were made by `version`. One query.
    public func storedPlans(screen: String?, version: Int) throws -> [String: String] {
        try guarded {
            var plans: [String: String] = [:]
            for r in try db.rows(
                """
                SELECT s.name, a.name, d.haptic_plan
                FROM animations a JOIN screens s ON s.id = a.screen_id
                JOIN figures f ON f.revision_id = a.current_revision
                JOIN figure_details d ON d.revision_id = a.current_revision
                WHERE a.removed_at IS NULL AND \(Self.equals("s.name", 1, screen)) AND f.analysis_version = ?2
                """, screen, Int64(version))
            {
                if let text = r[2].string { plans[(r[0].string ?? "") + "/" + (r[1].string ?? "")] = text }
            }
            return plans
        }
    }

    /// The stored details (analysis, haptic plan and budget JSON texts) of the live animations in
    /// scope, by "SCREEN/ID": those whose figures were made by `version`. One query.
    public func storedDetails(screen: String?, version: Int) throws -> [String: (analysis: String, plan: String, budget: String)] {
        try guarded {
            var details: [String: (analysis: String, plan: String, budget: String)] = [:]
            for r in try db.rows(
                """
                SELECT s.name, a.name, d.analysis, d.haptic_plan, d.budget
                FROM animations a JOIN screens s ON s.id = a.screen_id
                JOIN figures f ON f.revision_id = a.current_revision
                JOIN figure_details d ON d.revision_id = a.current_revision
                WHERE a.removed_at IS NULL AND \(Self.equals("s.name", 1, screen)) AND f.analysis_version = ?2
                """, screen, Int64(version))
            {
                details[(r[0].string ?? "") + "/" + (r[1].string ?? "")] = (r[2].string ?? "", r[3].string ?? "", r[4].string ?? "")
            }
            return details
        }
    }

    /// `column = ?n`, or `?n IS NULL` when there is no value to match: the parameter stays in
    /// the SQL (so binding it is valid), and a scope that is there can use the column's index
    /// (`(?n IS NULL OR column = ?n)` cannot: SQLite plans before it sees the value, and read
    /// every revision of a 20,000-animation store to list one screen).
    static func equals(_ column: String, _ n: Int, _ value: String?) -> String {
        value == nil ? "?\(n) IS NULL" : "\(column) = ?\(n)"
    }
}
