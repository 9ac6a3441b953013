import MotionStore

// MARK: - StoreAccess

/// Opens the store the global options name, turning failures into exit code 3.
enum StoreAccess {
    static func open(_ globals: GlobalOptions, io: CommandIO) throws -> MotionStore {
        let path = globals.databasePath(io: io)
        do {
            return try MotionStore(path: path)
        } catch let error as StoreError {
            throw CLIError.store(place: path, why: error.description)
        }
    }
}
