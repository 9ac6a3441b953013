import MotionCore
import MotionJSON
import MotionSQLite

// MARK: - Design tokens

extension MotionStore {
    /// What importing one tokens file did, by token path.
    public struct TokenImportOutcome: Sendable, Equatable {
        public let result: ImportOutcome.Result
        public var added: [String] = []
        public var changed: [String] = []
        public var removed: [String] = []
    }

    /// Stores the tokens of one file in one transaction, replacing what that file defined before.
    /// - Throws: `StoreError.conflict` when another file already defines one of the paths.
    @discardableResult
    public func importTokens(_ tokens: DesignTokenSet, from source: SourceFile) throws -> TokenImportOutcome {
        let now = Self.timestamp(clock())
        return try guarded {
            try db.transaction { () throws -> TokenImportOutcome in
                let existing = try db.first("SELECT id, content_hash FROM sources WHERE path = ?", source.path)
                if let existing, existing[1].string == source.contentHash { return TokenImportOutcome(result: .unchanged) }
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
                var before: [String: String] = [:]
                for row in try db.rows("SELECT path, type || ':' || value FROM tokens WHERE source_id = ?", sourceID) {
                    before[row[0].string ?? ""] = row[1].string
                }
                let rows = Self.tokenRows(tokens)
                var outcome = TokenImportOutcome(result: existing == nil ? .added : .changed)
                for (path, type, value) in rows {
                    if let owner = try db.first(
                        "SELECT src.path FROM tokens t JOIN sources src ON src.id = t.source_id WHERE t.path = ? AND t.source_id != ?", path, sourceID
                    ) {
                        throw StoreError.conflict(screen: "tokens", id: path, owner: owner[0].string ?? "another file")
                    }
                    if let old = before[path] { if old != "\(type):\(value)" { outcome.changed.append(path) } } else { outcome.added.append(path) }
                }
                outcome.removed = before.keys.filter { path in !rows.contains { $0.0 == path } }.sorted()
                try db.run("DELETE FROM tokens WHERE source_id = ?", sourceID)
                for (path, type, value) in rows {
                    try db.run("INSERT INTO tokens (source_id, path, type, value) VALUES (?, ?, ?, ?)", sourceID, path, type, value)
                }
                return outcome
            }
        }
    }

    /// Every token in the store.
    public func tokens() throws -> DesignTokenSet { try tokens(besides: nil) }

    /// Every token in the store but those the file at `sourcePath` defined (what another tokens
    /// file may refer to while that file is imported again).
    public func tokens(besides sourcePath: String?) throws -> DesignTokenSet {
        try guarded {
            var set = DesignTokenSet()
            let rows =
                try sourcePath.map {
                    try db.rows(
                        "SELECT t.path, t.type, t.value FROM tokens t JOIN sources s ON s.id = t.source_id WHERE s.path != ? ORDER BY t.path", $0)
                }
                ?? db.rows("SELECT path, type, value FROM tokens ORDER BY path")
            for row in rows {
                guard let path = row[0].string, let value = row[2].string.flatMap({ try? JSONParser().parse($0).value }) else { continue }
                func bezier(_ v: JSONValue?) -> UnitCurve? {
                    let p = v?.arrayValue?.compactMap(\.numberValue) ?? []
                    return p.count == 4 ? UnitCurve(x1: p[0], y1: p[1], x2: p[2], y2: p[3]) : nil
                }
                switch row[1].string {
                case "duration": set.durations[path] = value["seconds"]?.numberValue
                case "curve": set.curves[path] = bezier(value["bezier"])
                case "spring":
                    if let w = value["angularFrequency"]?.numberValue, let z = value["dampingRatio"]?.numberValue {
                        set.springs[path] = Spring(angularFrequency: w, dampingRatio: z, mass: value["mass"]?.numberValue ?? 1)
                    }
                case "transition":
                    if let d = value["duration"]?.numberValue, let c = bezier(value["bezier"]) {
                        set.transitions[path] = DesignTokenTransition(duration: d, delay: value["delay"]?.numberValue ?? 0, curve: c)
                    }
                default: break
                }
            }
            return set
        }
    }

    /// (path, type, canonical value) for every token, sorted by path.
    public static func tokenRows(_ t: DesignTokenSet) -> [(String, String, String)] {
        let w = JSONWriter(pretty: false)
        func b(_ c: UnitCurve) -> JSONValue { .array([c.p1.x, c.p1.y, c.p2.x, c.p2.y].map(JSONValue.number)) }
        var rows: [(String, String, String)] = []
        for (p, s) in t.durations { rows.append((p, "duration", w.string(["seconds": .number(s)]))) }
        for (p, c) in t.curves { rows.append((p, "curve", w.string(["bezier": b(c)]))) }
        for (p, s) in t.springs {
            rows.append(
                (
                    p, "spring",
                    w.string(
                        .object(
                            JSONObject([
                                ("angularFrequency", .number(s.angularFrequency)), ("dampingRatio", .number(s.dampingRatio)),
                                ("mass", .number(s.mass)),
                            ])))
                ))
        }
        for (p, x) in t.transitions {
            rows.append(
                (
                    p, "transition",
                    w.string(.object(JSONObject([("duration", .number(x.duration)), ("delay", .number(x.delay)), ("bezier", b(x.curve))])))
                ))
        }
        return rows.sorted { $0.0 < $1.0 }
    }
}
