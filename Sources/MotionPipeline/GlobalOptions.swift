// MARK: - GlobalOptions

/// Options every command takes.
public struct GlobalOptions: Sendable {
    /// `--db FILE`, else `$MOTIONSYNC_DB`, else `motionsync.sqlite` in the current directory.
    public var database: String?

    public init(database: String? = nil) { self.database = database }

    /// The store path to use.
    public func databasePath(io: CommandIO) -> String {
        io.resolve(path: database ?? io.environment["MOTIONSYNC_DB"].flatMap { $0.isEmpty ? nil : $0 } ?? "motionsync.sqlite")
    }
}
