import MotionCore
import MotionJSON
import MotionSQLite

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - MotionStore

/// The inventory store: a SQLite file holding screens, animations, their revisions, keyframes,
/// phases and import history (schema in `Migrations/`, documented in the README).
///
/// Opening applies pending migrations. Every import is one transaction: a file's animations are
/// stored whole or not at all, an unchanged file writes nothing, a changed animation gets a new
/// revision (the old ones stay), and animations a re-imported file no longer has are marked
/// removed. One `MotionStore` per thread; several processes may share the file (WAL, busy timeout).
public final class MotionStore {
    public let path: String
    /// The connection: to the file, or to the memory a new store is built in until it is put in
    /// place (`publishIfLarger(than:)` then goes on with the file).
    var db: SQLiteDatabase
    let clock: () -> Date
    /// Held while this is a new store built in memory that is not at `path` yet
    /// (`unpublished(at:)`); nil for a store opened from its file and once `publish()` has run.
    var creationLock: StoreCreationLock?

    /// Whether this is a new store built in memory that `publish()` has not put at `path` yet.
    public var isUnpublished: Bool { creationLock != nil }

    /// A store on the connection `db` (one `unpublished(at:)` made in memory).
    init(path: String, db: SQLiteDatabase, clock: @escaping () -> Date, creationLock: StoreCreationLock?) {
        self.path = path
        self.db = db
        self.clock = clock
        self.creationLock = creationLock
    }

    /// How a store is opened.
    public enum Access: Sendable {
        /// Import: create the file when missing, migrate, write.
        case readWrite
        /// Commands that only read: never create, never write (a store in a read-only folder can
        /// be read); a store that still needs migrations is migrated read-write first.
        case readOnly
    }

    /// Opens the store at `path` (creating it when missing, for `.readWrite`: whole, see
    /// `createWhole`) and migrates it.
    ///
    /// Before SQLite sees the file: an existing non-empty file must start with SQLite's header and
    /// be as long as the header says (a truncated or foreign file is refused, never started over
    /// on). After opening: `PRAGMA quick_check` (O(pages), a few ms per MB), so a damaged store
    /// is said to be damaged by every command.
    /// - Throws: `StoreError` (missing, damaged, cannot open, not a store, newer store, changed migration).
    public init(path: String, access: Access = .readWrite, migrator: Migrator = Migrator(), clock: @escaping () -> Date = Date.init) throws {
        self.path = path
        self.clock = clock
        var exists = Self.fileExists(path)
        if !exists, access == .readOnly { throw StoreError.missing(path: path) }
        // A new store is made whole beside the path and linked into place, already migrated.
        let creation = exists ? nil : try Self.createWhole(at: path, migrator: migrator, now: Self.timestamp(clock()))
        if creation == .alreadyThere { exists = true }
        if exists { try Self.checkFile(path, allowEmpty: access == .readWrite) }
        func open(_ mode: SQLiteDatabase.Mode) throws -> SQLiteDatabase {
            do {
                return try SQLiteDatabase(path: path, mode: mode)
            } catch {
                if error.code & 0xFF == 26 { throw StoreError.cannotOpen(path: path, reason: "the file is not a SQLite database") }
                if error.code & 0xFF == 11 { throw StoreError.damaged(path: path, reason: "SQLite: \(error.message)") }
                throw StoreError.cannotOpen(path: path, reason: error.message)
            }
        }
        // Read-only commands open once and read `schema_migrations` once (which also checks the
        // applied migrations); only a store that needs a migration is reopened writable.
        var mode: SQLiteDatabase.Mode = access == .readOnly ? .readOnly : .readWrite
        var handle = try open(mode)
        var checked = false
        if access == .readOnly {
            if try Self.isCurrent(handle, migrator: migrator) {
                checked = true
            } else {
                mode = .readWrite
                handle = try open(mode)
            }
        }
        db = handle
        if exists, Self.fileSize(path) <= Self.quickCheckLimit { try quickCheck() }
        if creation == .created {
            // Made from the carried migrations a moment ago: nothing to apply or check.
        } else if mode == .readWrite {
            let stamp = Self.timestamp(clock())
            try migrator.migrate(db, now: stamp)
        } else if !checked {
            do { try migrator.check(db) } catch let error as SQLiteError { throw StoreError.sqlite(path: path, error) }
        }
    }

    /// SQLite's 16-byte header string.
    static let sqliteMagic = Array("SQLite format 3\u{0}".utf8)

    /// Refuses a file that is not a whole SQLite database: shorter than its header, without
    /// SQLite's magic, or shorter than the page count its header records (when no WAL file holds
    /// the rest). An empty file is a new store only where stores may be created.
    static func checkFile(_ path: String, allowEmpty: Bool) throws {
        // POSIX calls, not FileHandle: a short command's open is a few of them.
        #if canImport(Glibc)
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        #else
        let fd = Darwin.open(path, O_RDONLY | O_CLOEXEC)
        #endif
        guard fd >= 0 else {
            throw StoreError.cannotOpen(path: path, reason: "the file cannot be read (check its permissions)")
        }
        defer { close(fd) }
        var info = stat()
        let size = fstat(fd, &info) == 0 ? UInt64(max(info.st_size, 0)) : 0
        if info.st_mode & S_IFMT == S_IFDIR {
            throw StoreError.cannotOpen(
                path: path,
                reason: "it is a folder, not a store file; name a file with --db, like \(path.hasSuffix("/") ? path : path + "/")motionsync.sqlite")
        }
        if size == 0 {
            if allowEmpty { return }
            throw StoreError.damaged(path: path, reason: "the file is empty")
        }
        var header = [UInt8](repeating: 0, count: 100)
        var count = 0
        while count < 100 {
            let n = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + count, 100 - count, off_t(count)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            count += n
        }
        header.removeLast(100 - count)
        let prefix = min(16, header.count)
        guard Array(header[0..<prefix]) == Array(sqliteMagic.prefix(prefix)) else {
            throw StoreError.cannotOpen(path: path, reason: "the file is not a SQLite database")
        }
        guard header.count == 100 else {
            throw StoreError.damaged(path: path, reason: "the file is \(size) bytes, shorter than a SQLite header: it was cut short")
        }
        // Page size at offset 16 (big-endian; 1 means 65536), page count at 28, valid when the
        // change counter (24) equals the version-valid-for number (92).
        func u32(_ at: Int) -> UInt64 { header[at..<at + 4].reduce(0) { $0 << 8 | UInt64($1) } }
        let rawPage = UInt64(header[16]) << 8 | UInt64(header[17])
        let pageSize = rawPage == 1 ? 65536 : rawPage
        let pages = u32(28)
        let hasWAL = fileExists(path + "-wal")
        if !hasWAL, u32(24) == u32(92), pages > 0, pageSize >= 512, size < pages * pageSize {
            throw StoreError.damaged(
                path: path, reason: "the file is \(size) bytes but its header says \(pages) pages of \(pageSize) bytes: it was cut short")
        }
    }

    /// Whether something (a file, a folder) is at `path`: one stat(2).
    static func fileExists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Whether the store at `path` has every migration this binary carries (false: a reading
    /// command must migrate it first), read through a read-only connection. When it has, the
    /// applied migrations were also checked (`Migrator.check`): one query for both.
    static func isCurrent(_ db: SQLiteDatabase, migrator: Migrator) throws -> Bool {
        let path = db.path
        do {
            let applied: [SQLiteRow]
            do {
                applied = try db.rows("SELECT version, name, checksum FROM schema_migrations ORDER BY version")
            } catch {
                // No such table: a new or foreign file (the migration says which); anything else
                // is the file's own failure.
                if try db.first("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'") == nil { return false }
                if try Migrator.isForeign(db) { throw StoreError.notAStore(path: path) }
                throw error
            }
            if applied.isEmpty, try Migrator.isForeign(db) { throw StoreError.notAStore(path: path) }
            let versions = applied.compactMap { $0[0].int }
            guard !migrator.migrations.contains(where: { !versions.contains(Int64($0.version)) }) else { return false }
            try migrator.check(applied, path: path)
            return true
        } catch let error as SQLiteError {
            if error.code & 0xFF == 26 || error.code & 0xFF == 11 { throw StoreError.damaged(path: path, reason: "SQLite: \(error.message)") }
            throw StoreError.cannotOpen(path: path, reason: error.message)
        }
    }

    /// Stores up to this size (bytes) are checked with `PRAGMA quick_check` on every open (its
    /// time grows with the file: here it is cheap); larger ones are not (SQLite still
    /// reports damage where a read meets it, and `inventory` of a large store stays a query).
    static let quickCheckLimit: UInt64 = 8 * 1024 * 1024

    /// The file's size in bytes (0 when it cannot be read): one stat(2).
    static func fileSize(_ path: String) -> UInt64 {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_size) : 0
    }

    /// `PRAGMA quick_check`: a damaged store is refused, saying what SQLite found.
    func quickCheck() throws {
        do {
            let answer = try db.rows("PRAGMA quick_check").compactMap { $0[0].string }
            guard answer == ["ok"] else {
                throw StoreError.damaged(path: path, reason: "PRAGMA quick_check: " + answer.prefix(3).joined(separator: "; "))
            }
        } catch let error as SQLiteError {
            throw StoreError.damaged(path: path, reason: "SQLite: \(error.message)")
        }
    }

    /// ISO 8601 in UTC with milliseconds (`2026-11-30T22:18:09.625Z`), as `ISO8601DateFormatter`
    /// with fractional seconds writes it (tested), from gmtime_r: making that formatter was a
    /// tenth of a new store's open. The milliseconds are the nearest, counted as the formatter
    /// counts them: milliseconds since 1970 from the date's own interval since 2001, rounded half
    /// up (a fraction taken from `timeIntervalSince1970` rounds differently near half a millisecond).
    static func timestamp(_ date: Date) -> String {
        let total = ((date.timeIntervalSinceReferenceDate + 978_307_200) * 1000 + 0.5).rounded(.down)
        guard total.isFinite, abs(total) < 1e17 else { return "1970-01-01T00:00:00.000Z" }
        let seconds = (total / 1000).rounded(.down)
        let millis = Int(total - seconds * 1000)
        var whole = time_t(seconds)
        var parts = tm()
        guard gmtime_r(&whole, &parts) != nil else { return "1970-01-01T00:00:00.000Z" }
        func digits(_ value: Int32, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        return digits(parts.tm_year + 1900, 4) + "-" + digits(parts.tm_mon + 1, 2) + "-" + digits(parts.tm_mday, 2) + "T"
            + digits(parts.tm_hour, 2) + ":" + digits(parts.tm_min, 2) + ":" + digits(parts.tm_sec, 2) + "." + digits(Int32(millis), 3) + "Z"
    }

    /// Runs `body`, turning SQLite failures into `StoreError.sqlite` naming this store.
    func guarded<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as SQLiteError { throw StoreError.sqlite(path: path, error) }
    }

    // MARK: Reading

    /// The content hash recorded for the file at `path`, if it was imported.
    public func sourceHash(path: String) throws -> String? {
        try guarded { try db.first("SELECT content_hash FROM sources WHERE path = ?", path)?[0].string }
    }

    /// Every imported file: its absolute path, importer and recorded content hash.
    public func sources() throws -> [(path: String, format: String, contentHash: String)] {
        try guarded {
            try db.rows("SELECT path, format, content_hash FROM sources ORDER BY path").map {
                ($0[0].string ?? "", $0[1].string ?? "", $0[2].string ?? "")
            }
        }
    }

    /// Live animations, ordered by screen then id.
    public func inventory(_ filter: InventoryFilter = InventoryFilter()) throws -> [InventoryRow] {
        try guarded {
            let estimated = try estimatedReasons(screen: filter.screen)
            // A store opened with fewer migrations (an older motionsync's view) has no places
            // (010) and no origins (011).
            let columns = Set(try db.rows("SELECT name FROM pragma_table_info('inventory')").compactMap { $0[0].string })
            let places =
                (columns.contains("source_line") ? "source_line, source_column, code_haptics, also_on" : "NULL, NULL, NULL, NULL")
                + (columns.contains("given_id") ? ", given_id" : ", NULL")
            let origins = try sourceOrigins()
            return try db.rows(
                """
                SELECT screen, id, kind, trigger, component, reduce_motion, duration, repeating, revision, source,
                       \(places)
                FROM inventory
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
                row.place = Self.place(line: r[10], column: r[11])
                row.codeHaptics = r[12].int.map(Int.init)
                row.alsoOn = r[13].string.map { $0.split(separator: "\n").map(String.init) } ?? []
                Self.readOrigin(into: &row, origins: origins, givenID: r[14])
                return row
            }
        }
    }

    /// The origin (`sourceOrigins`) and `given_id` (migration 011; NULL where it is the id)
    /// into `row`.
    static func readOrigin(into row: inout InventoryRow, origins: [String: String], givenID: SQLiteValue) {
        if !origins.isEmpty, let origin = origins[row.source] { row.origin = origin }
        if let given = givenID.string { row.givenID = given }
    }

    /// The origin of every imported file that is not a spec, by path: `code` (Swift) or `design`
    /// (a Lottie export); a file not listed is a spec. What the inventory views' `origin` says,
    /// read once per listing from the few such files (an index lookup, migration 011's), instead
    /// of per row.
    func sourceOrigins() throws -> [String: String] {
        var origins: [String: String] = [:]
        for r in try db.rows("SELECT path, format FROM sources WHERE format IN ('swift', 'lottie')") {
            if let path = r[0].string { origins[path] = r[1].string == "swift" ? "code" : "design" }
        }
        return origins
    }

    /// A place read back from `source_line` and `source_column` (migration 010): nil when either
    /// is not a positive integer.
    static func place(line: SQLiteValue, column: SQLiteValue) -> SourcePlace? {
        guard let l = line.int, let c = column.int, l >= 1, c >= 1, l <= Int64(Int32.max), c <= Int64(Int32.max) else { return nil }
        return SourcePlace(line: Int(l), column: Int(c))
    }

    /// The animation `screen/id` (live, or removed when `includeRemoved`), at its current revision
    /// or at `revision`.
    public func animation(screen: String, id: String, revision: Int? = nil, includeRemoved: Bool = false) throws -> StoredAnimation? {
        try guarded {
            guard
                let row = try db.first(
                    """
                    SELECT a.id, a.removed_at, src.path, r.id, r.number, r.kind, r.trigger, r.component, r.reduce_motion, r.notes, r.repeating, r.haptics, r.cues, r.feedback,
                           (SELECT e.reasons FROM estimates e WHERE e.revision_id = r.id)
                    FROM animations a JOIN screens s ON s.id = a.screen_id JOIN sources src ON src.id = a.source_id
                    JOIN revisions r ON r.animation_id = a.id AND (CASE WHEN ?3 IS NULL THEN r.id = a.current_revision ELSE r.number = ?3 END)
                    WHERE s.name = ?1 AND a.name = ?2
                    """, screen, id, revision)
            else { return nil }
            let removed = !row[1].isNull
            if removed && !includeRemoved { return nil }
            let revisionID = row[3].int ?? 0
            let motion: AnimationSpec.Motion =
                switch row[5].string {
                case "phases": .phases(try phases(revision: revisionID))
                case "implicit": .implicit(try implicit(revision: revisionID))
                case "layer": .layer(try layerMotion(revision: revisionID, screen: screen, id: id))
                default: try keyframes(revision: revisionID, repeating: row[10].int == 1)
                }
            var spec = AnimationSpec(
                id: id, component: row[7].string, trigger: Trigger(row[6].string ?? "") ?? .tap,
                reduceMotion: row[8].string.flatMap(ReduceMotion.init(rawValue:)), notes: row[9].string, motion: motion,
                haptics: row[11].string.flatMap { try? JSONParser().parse($0).value }.map(CanonicalDefinition.hapticSettings))
            spec.cues = row[12].string.flatMap { try? JSONParser().parse($0).value }.map(CanonicalDefinition.cues) ?? []
            spec.feedback = row[13].string.flatMap { try? JSONParser().parse($0).value }.map(CanonicalDefinition.feedback)
            // The stored reasons less the layer model's own, which the motion gives again.
            let modelled: [String] = if case .layer(let layer) = motion { layer.estimates } else { [] }
            spec.estimates = (row[14].string?.split(separator: "\n").map(String.init) ?? []).filter { !modelled.contains($0) }
            return StoredAnimation(screen: screen, spec: spec, source: row[2].string ?? "", revision: Int(row[4].int ?? 0), removed: removed)
        }
    }

    /// Every revision of `screen/id`, oldest first.
    public func revisions(screen: String, id: String) throws -> [RevisionSummary] {
        try guarded {
            try db.rows(
                """
                SELECT revision, is_current, duration, content_hash, definition, created_at FROM animation_history
                WHERE screen = ? AND id = ? ORDER BY revision
                """, screen, id
            ).map {
                RevisionSummary(
                    number: Int($0[0].int ?? 0), isCurrent: $0[1].int == 1, duration: $0[2].double ?? 0,
                    contentHash: $0[3].string ?? "", definition: $0[4].string ?? "", createdAt: $0[5].string ?? "")
            }
        }
    }

    /// Row counts of every table (for checks that a rejected import changed nothing).
    public func rowCounts() throws -> [String: Int] {
        try guarded {
            var counts: [String: Int] = [:]
            for row in try db.rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name") {
                let name = row[0].string ?? ""
                counts[name] = Int(try db.first("SELECT count(*) FROM \"\(name)\"")?[0].int ?? 0)
            }
            return counts
        }
    }

    /// `PRAGMA integrity_check`'s answer ("ok" when sound).
    public func integrityCheck() throws -> String {
        try guarded { try db.rows("PRAGMA integrity_check").compactMap { $0[0].string }.joined(separator: "; ") }
    }

    /// A duration read back from `revisions.duration`, checked like input: motionsync stores
    /// durations within an hour, so anything else means the store was edited or damaged.
    func checkDuration(_ value: SQLiteValue, screen: String?, id: String?) throws {
        if let d = value.double, !(d >= 0 && d <= MotionLimits.maximumDuration) {
            throw StoreError.damaged(
                path: path,
                reason: "\(screen ?? "")/\(id ?? "") has a stored duration of \(d) s (revisions.duration), where motionsync stores 0…3600 s")
        }
    }

    /// A spring read back from its three columns, checked like input: motionsync stores only
    /// springs with a positive finite frequency and mass and a damping ratio of 0 or more (every
    /// importer refuses others), so anything else means the store was edited or damaged. A
    /// negative damping ratio would make the motion grow without bound instead of settling.
    func storedSpring(_ frequency: SQLiteValue, _ ratio: SQLiteValue, _ mass: SQLiteValue, revision: Int64, table: String) throws -> Spring {
        let spring = Spring(angularFrequency: frequency.double ?? 1, dampingRatio: ratio.double ?? 1, mass: mass.double ?? 1)
        guard spring.angularFrequency.isFinite, spring.angularFrequency > 0, spring.dampingRatio.isFinite, spring.dampingRatio >= 0,
            spring.mass.isFinite, spring.mass > 0
        else {
            throw StoreError.damaged(
                path: path,
                reason:
                    "revision \(revision) has a stored spring of angular frequency \(spring.angularFrequency) rad/s, damping ratio \(spring.dampingRatio), mass \(spring.mass) (\(table)), where motionsync stores a positive frequency and mass and a damping ratio of 0 or more"
            )
        }
        return spring
    }

    // MARK: Rebuilding definitions from rows

    func keyframes(revision: Int64, repeating: Bool) throws -> AnimationSpec.Motion {
        let initial = try db.rows("SELECT property, value FROM initial_values WHERE revision_id = ? ORDER BY position", revision)
            .map { NamedValue($0[0].string ?? "", $0[1].double ?? 0) }
        var tracks: [KeyframeTrack] = []
        for track in try db.rows("SELECT id, property FROM tracks WHERE revision_id = ? ORDER BY position", revision) {
            let keyframes = try db.rows(
                """
                SELECT type, to_value, duration, curve, curve_x1, curve_y1, curve_x2, curve_y2, start_velocity, end_velocity,
                       spring_angular_frequency, spring_damping_ratio, spring_mass
                FROM keyframes WHERE track_id = ? ORDER BY position
                """, track[0].int ?? 0
            ).map { k -> Keyframe in
                let to = k[1].double ?? 0
                switch k[0].string {
                case "move": return .move(to: to)
                case "linear": return .linear(to: to, duration: k[2].double ?? 0, curve: Self.curve(name: k[3].string, k[4], k[5], k[6], k[7]))
                case "cubic": return .cubic(to: to, duration: k[2].double ?? 0, startVelocity: k[8].double, endVelocity: k[9].double)
                default:
                    let spring = try storedSpring(k[10], k[11], k[12], revision: revision, table: "keyframes")
                    return .spring(to: to, duration: k[2].double, spring: spring, startVelocity: k[8].double)
                }
            }
            tracks.append(KeyframeTrack(property: track[1].string ?? "", keyframes: keyframes))
        }
        return .keyframes(initial: initial, tracks: tracks, repeating: repeating)
    }

    static func curve(name: String?, _ x1: SQLiteValue, _ y1: SQLiteValue, _ x2: SQLiteValue, _ y2: SQLiteValue) -> UnitCurve {
        if let name, let named = UnitCurve.named[name] { return named }
        return UnitCurve(x1: x1.double ?? 0, y1: y1.double ?? 0, x2: x2.double ?? 1, y2: y2.double ?? 1) ?? .linear
    }

    func phases(revision: Int64) throws -> [Phase] {
        try db.rows(
            """
            SELECT id, name, animation, curve_x1, curve_y1, curve_x2, curve_y2, curve_duration,
                   spring_angular_frequency, spring_damping_ratio, spring_mass, delay, speed
            FROM phases WHERE revision_id = ? ORDER BY position
            """, revision
        ).map { p in
            let values = try db.rows("SELECT property, value FROM phase_values WHERE phase_id = ? ORDER BY position", p[0].int ?? 0)
                .map { ($0[0].string ?? "", $0[1].double ?? 0) }
            var animation: PhaseAnimation?
            switch p[2].string {
            case "curve":
                animation = PhaseAnimation(
                    .bezier(Self.curve(name: nil, p[3], p[4], p[5], p[6]), duration: p[7].double ?? 0),
                    delay: p[11].double ?? 0, speed: p[12].double ?? 1)
            case "spring":
                animation = PhaseAnimation(
                    .spring(try storedSpring(p[8], p[9], p[10], revision: revision, table: "phase_steps")),
                    delay: p[11].double ?? 0, speed: p[12].double ?? 1)
            default:
                animation = nil
            }
            return Phase(name: p[1].string ?? "", values: values, animation: animation)
        }
    }
}
