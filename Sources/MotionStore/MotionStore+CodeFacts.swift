import MotionSQLite

// MARK: - Code facts and screens (migration 010)

/// Where an animation read from code belongs: the type (or `func:NAME`) its code is written in,
/// and the screens that contain it besides the one it is listed under.
public struct CodeContainer: Sendable, Hashable {
    public var name: String
    public var alsoOn: [String]

    public init(name: String, alsoOn: [String] = []) {
        self.name = name
        self.alsoOn = alsoOn
    }
}

/// An animation moved to another screen because what contains its code changed.
public struct ScreenMove: Sendable, Hashable {
    public var id: String
    public var from: String
    public var to: String
}

extension MotionStore {
    /// Where the live animation `id` read from the file at `path` is written (migration 010);
    /// nil when not known.
    public func place(path: String, id: String) throws -> SourcePlace? {
        try guarded {
            guard
                let row = try db.first(
                    """
                    SELECT a.source_line, a.source_column FROM animations a JOIN sources s ON s.id = a.source_id
                    WHERE s.path = ? AND a.name = ? AND a.removed_at IS NULL
                    """, path, id)
            else { return nil }
            return Self.place(line: row[0], column: row[1])
        }
    }

    /// Every Swift file's facts, as text (`SwiftModuleFacts.text`), by path.
    public func codeFacts() throws -> [String: String] {
        try guarded {
            var facts: [String: String] = [:]
            for row in try db.rows("SELECT path, facts FROM code_facts") { facts[row[0].string ?? ""] = row[1].string ?? "" }
            return facts
        }
    }

    /// Writes the facts of the files read (path and facts' text, each path once; those that
    /// differ from what is stored) and forgets `removed` (files no longer there), in one
    /// transaction, the rows in the order of their paths. `known` is what the store holds, when
    /// the caller has just read it (`codeFacts()`).
    public func writeCodeFacts(
        _ facts: [(path: String, text: String)], removing removed: [String] = [], known: [String: String]? = nil
    ) throws {
        try guarded {
            let stored = try known ?? codeFacts()
            let changed = facts.filter { stored[$0.path] != $0.text }
            let gone = removed.filter { stored[$0] != nil }
            guard !changed.isEmpty || !gone.isEmpty else { return }
            try db.transaction {
                // An import's files come in the order of their paths already: checked, not sorted again.
                let ordered = zip(changed, changed.dropFirst()).allSatisfy { $0.path < $1.path }
                let rows = ordered ? changed : changed.sorted(by: { $0.path < $1.path })
                // Several rows a statement: an import writes a row for every Swift file, and each
                // statement run costs more than the row it writes.
                func insert(_ count: Int) -> String {
                    "INSERT INTO code_facts (path, facts) VALUES " + Array(repeating: "(?, ?)", count: count).joined(separator: ", ")
                        + " ON CONFLICT (path) DO UPDATE SET facts = excluded.facts"
                }
                // The text of a full statement, made once: all statements but the last are full.
                let full = insert(Self.codeFactsRowsPerStatement)
                var start = 0
                while start < rows.count {
                    let count = Swift.min(Self.codeFactsRowsPerStatement, rows.count - start)
                    let statement = try db.prepare(count == Self.codeFactsRowsPerStatement ? full : insert(count))
                    statement.clear()
                    for (k, row) in rows[start..<(start + count)].enumerated() {
                        try statement.set(row.path, at: Int32(2 * k + 1))
                        try statement.set(row.text, at: Int32(2 * k + 2))
                    }
                    try statement.runBound()
                    start += count
                }
                for path in gone { try db.run("DELETE FROM code_facts WHERE path = ?", path) }
            }
        }
    }

    /// The most rows one statement of `writeCodeFacts` inserts (two parameters each, far below
    /// SQLite's limit of parameters).
    static let codeFactsRowsPerStatement = 64

    /// Moves each live animation read from code to the first screen `screensOf` gives for its
    /// container (the others kept in `also_on`), where that differs from where it is: what
    /// contains a component changes when other files do. An animation whose id the target
    /// screen already holds stays where it is. One transaction; the moves made.
    public func reassignCodeScreens(_ screensOf: (String) -> [String]) throws -> [ScreenMove] {
        try guarded {
            let rows = try db.rows(
                """
                SELECT a.id, s.name, a.name, a.code_container, a.also_on FROM animations a JOIN screens s ON s.id = a.screen_id
                WHERE a.code_container IS NOT NULL AND a.removed_at IS NULL ORDER BY s.name, a.name
                """)
            var moves: [ScreenMove] = []
            let now = Self.timestamp(clock())
            try db.transaction {
                for row in rows {
                    let screens = screensOf(row[3].string ?? "")
                    guard let target = screens.first else { continue }
                    let alsoOn = screens.dropFirst().joined(separator: "\n")
                    let (id, screen, name) = (row[0].int ?? 0, row[1].string ?? "", row[2].string ?? "")
                    if alsoOn != (row[4].string ?? "") {
                        try db.run("UPDATE animations SET also_on = ? WHERE id = ?", alsoOn.isEmpty ? nil : alsoOn, id)
                    }
                    guard target != screen else { continue }
                    let targetID = try screenID(named: target, now: now)
                    guard try db.first("SELECT 1 FROM animations WHERE screen_id = ? AND name = ?", targetID, name) == nil else { continue }
                    try db.run("UPDATE animations SET screen_id = ? WHERE id = ?", targetID, id)
                    moves.append(ScreenMove(id: name, from: screen, to: target))
                }
            }
            return moves
        }
    }
}
