import MotionStore

// MARK: - StoreAccess

/// Opens the store the global options name, turning failures into exit code 3. Commands that
/// only read open it read-only (never creating one: a missing store is an error naming the path);
/// `import` opens it read-write.
public enum StoreAccess {
    public static func open(_ globals: GlobalOptions, io: CommandIO, access: MotionStore.Access = .readOnly) throws -> MotionStore {
        let path = globals.databasePath(io: io)
        do {
            return try MotionStore(path: path, access: access)
        } catch let error as StoreError {
            throw CLIError.store(place: path, why: error.description)
        }
    }

    /// The store the global options name, for an import that found none there: a new one built
    /// in memory, which the import puts in place with `MotionStore.publish()` when done
    /// (`MotionStore.unpublished(at:)`); or, when a store appeared meanwhile or the folder takes
    /// no lock or cannot be written, the store `open` gives. `inMemory` false: the store `open`
    /// gives (made on disk), for an import too large to hold its store in memory.
    public static func openNew(_ globals: GlobalOptions, io: CommandIO, inMemory: Bool = true) throws -> MotionStore {
        let path = globals.databasePath(io: io)
        guard inMemory else { return try open(globals, io: io, access: .readWrite) }
        do {
            if let store = try MotionStore.unpublished(at: path) { return store }
        } catch let error as StoreError {
            throw CLIError.store(place: path, why: error.description)
        }
        return try open(globals, io: io, access: .readWrite)
    }
}
