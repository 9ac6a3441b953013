import MotionSQLite

// MARK: - StoreError

/// Why the store refused: each case says what and where.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// The file could not be opened as a SQLite database.
    case cannotOpen(path: String, reason: String)
    /// The file is a SQLite database but not a motionsync store.
    case notAStore(path: String)
    /// Made by a newer motionsync: it has migrations this binary does not know.
    case newerStore(path: String, version: Int, known: Int)
    /// An applied migration's SQL differs from the one this binary carries.
    case changedMigration(path: String, version: Int, name: String)
    /// Another live file already defines this animation.
    case conflict(screen: String, id: String, owner: String)
    /// A SQLite failure while reading or writing.
    case sqlite(path: String, SQLiteError)
    /// The motion core refused an animation being stored.
    case invalidAnimation(screen: String, id: String, reason: String)
    /// A command that only reads found no store at `path` (reading never creates one).
    case missing(path: String)
    /// The file is there but is not a whole SQLite database, or SQLite finds it damaged.
    case damaged(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "cannot open the store \(path): \(reason)"
        case .notAStore(let path):
            "\(path) is a SQLite database but not a motionsync store (it has tables and no schema_migrations motionsync wrote); nothing was written: name another file with --db"
        case .newerStore(let path, let version, let known):
            "\(path) was made by a newer motionsync (schema version \(version); this one knows up to \(known)); upgrade motionsync or use another --db"
        case .changedMigration(let path, let version, let name):
            "\(path) applied migration \(version) (\(name)) with different SQL than this motionsync carries; the store and the binary disagree about the schema"
        case .conflict(let screen, let id, let owner): "\(screen)/\(id) is already defined by \(owner); rename the id or remove it from one file"
        case .sqlite(let path, let error): "\(path): \(error)"
        case .invalidAnimation(let screen, let id, let reason): "\(screen)/\(id): \(reason)"
        case .missing(let path):
            "there is no store at \(path); stores are made by importing into them (motionsync import Specs/ --db \(path)), or name another with --db"
        case .damaged(let path, let reason):
            "the store \(path) is damaged (\(reason)); nothing was read or written: restore it from a backup, or import again into a new --db"
        }
    }
}
