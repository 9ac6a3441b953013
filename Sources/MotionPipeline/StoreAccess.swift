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
}
