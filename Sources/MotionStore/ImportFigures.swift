// MARK: - ImportFigures

/// Figures computed ahead of an import (on worker threads, from the specs being imported), by
/// screen and animation id: `importSpecs` stores each new revision's record with the revision,
/// in the import's own transaction, so nothing reads the revision back to analyse it. An
/// animation without a record here (the computation failed, or it was not computed) is left to
/// the usual refresh (`figureTasks`).
public struct ImportFigures: Sendable {
    /// The analysis version that made the records (stored with them).
    public let version: Int
    /// Records by `screen + "\u{0}" + id`.
    private let records: [String: FigureRecord]

    /// - Parameters:
    ///   - version: the analysis version that made the records.
    ///   - records: one record per animation; a later one for the same screen and id wins.
    public init(version: Int, records: [(screen: String, id: String, record: FigureRecord)]) {
        self.version = version
        self.records = Dictionary(records.map { (Self.key($0.screen, $0.id), $0.record) }, uniquingKeysWith: { _, later in later })
    }

    // MARK: Lookup

    /// The record of `screen/id`, or nil; O(1).
    public func record(screen: String, id: String) -> FigureRecord? { records[Self.key(screen, id)] }

    /// How many records there are.
    public var count: Int { records.count }

    private static func key(_ screen: String, _ id: String) -> String { screen + "\u{0}" + id }
}
