import Foundation
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

    public init(peaks: Int, holds: Int, hapticEvents: Int, firstPeak: Double?, verdicts: [String: String], analysis: String, hapticPlan: String, budget: String) {
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
    public func figureTasks(version: Int) throws -> [FigureTask] {
        try guarded {
            try db.rows("""
                SELECT r.id, s.name, a.name FROM animations a
                JOIN screens s ON s.id = a.screen_id
                JOIN revisions r ON r.id = a.current_revision
                LEFT JOIN figures f ON f.revision_id = r.id
                WHERE a.removed_at IS NULL AND (f.revision_id IS NULL OR f.analysis_version <> ?)
                ORDER BY s.name, a.name
                """, Int64(version)).map { FigureTask(revisionID: $0[0].int ?? 0, screen: $0[1].string ?? "", id: $0[2].string ?? "") }
        }
    }

    /// Stores figures (replacing older ones of the same revisions) in one transaction.
    public func storeFigures(_ figures: [(revisionID: Int64, record: FigureRecord)], version: Int) throws {
        guard !figures.isEmpty else { return }
        let now = Self.timestamp(clock())
        try guarded {
            try db.transaction {
                for (revisionID, f) in figures {
                    try db.run("""
                        INSERT OR REPLACE INTO figures (revision_id, analysis_version, peaks, holds, haptic_events, first_peak,
                            budget_apple_touch, budget_material3, computed_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """, revisionID, Int64(version), Int64(f.peaks), Int64(f.holds), Int64(f.hapticEvents), f.firstPeak,
                               f.verdicts["apple-touch"] ?? "pass", f.verdicts["material3"] ?? "pass", now)
                    try db.run("INSERT OR REPLACE INTO figure_details (revision_id, analysis, haptic_plan, budget) VALUES (?, ?, ?, ?)",
                               revisionID, f.analysis, f.hapticPlan, f.budget)
                }
            }
        }
    }

    /// The inventory with stored figures, ordered by screen then id: one SQL query over the
    /// `inventory_figures` view. `profile` picks the verdict column ("apple-touch" or "material3").
    /// Rows whose figures are missing report zeros and "pass"; bring them up to date first.
    public func inventoryFigures(_ filter: InventoryFilter = InventoryFilter(), profile: String = "apple-touch") throws -> [InventoryFigureRow] {
        let column = profile == "material3" ? "budget_material3" : "budget_apple_touch"
        return try guarded {
            try db.rows("""
                SELECT screen, id, kind, trigger, component, reduce_motion, duration, repeating, revision, source,
                       peaks, holds, haptic_events, \(column), estimated
                FROM inventory_figures
                WHERE (?1 IS NULL OR screen = ?1) AND (?2 IS NULL OR kind = ?2) AND (?3 IS NULL OR trigger = ?3)
                ORDER BY screen, id
                """, filter.screen, filter.kind, filter.trigger).map { r in
                try checkDuration(r[6], screen: r[0].string, id: r[1].string)
                return InventoryFigureRow(
                    row: InventoryRow(screen: r[0].string ?? "", id: r[1].string ?? "", kind: r[2].string ?? "", trigger: r[3].string ?? "",
                                      component: r[4].string, reduceMotion: r[5].string, duration: r[6].double ?? 0,
                                      repeating: r[7].int == 1, revision: Int(r[8].int ?? 0), source: r[9].string ?? "", estimated: r[14].string),
                    peaks: Int(r[10].int ?? 0), holds: Int(r[11].int ?? 0), hapticEvents: Int(r[12].int ?? 0), budget: r[13].string ?? "pass")
            }
        }
    }

    /// Names of the screens with at least one live animation, sorted: one query, without reading
    /// the inventory's rows.
    public func liveScreens() throws -> [String] {
        try guarded {
            try db.rows("""
                SELECT DISTINCT s.name FROM screens s JOIN animations a ON a.screen_id = s.id
                WHERE a.removed_at IS NULL ORDER BY s.name
                """).compactMap { $0[0].string }
        }
    }

    /// The stored budget results (JSON text) of the current revision of `screen/id`, when its
    /// figures were made by `version`.
    public func storedBudget(screen: String, id: String, version: Int) throws -> String? {
        try guarded {
            try db.first("""
                SELECT d.budget FROM animations a JOIN screens s ON s.id = a.screen_id
                JOIN figures f ON f.revision_id = a.current_revision JOIN figure_details d ON d.revision_id = f.revision_id
                WHERE s.name = ? AND a.name = ? AND a.removed_at IS NULL AND f.analysis_version = ?
                """, screen, id, Int64(version))?[0].string
        }
    }
}
