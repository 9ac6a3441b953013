// MARK: - WireDecoder

/// Reads a `Decodable` value from the reader's binary answer form (`WireTag`), with the standard
/// library alone. Every read is bounds-checked: bytes that end early or do not follow the form
/// throw `DecodingError.dataCorrupted` with the byte offset, never a wrong value. O(bytes read).
struct WireDecoder {
    /// The value `bytes` hold from `start` to their end.
    /// - Throws: `DecodingError` when the bytes are not a `T` in this form, or bytes follow it.
    func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], at start: Int = 0) throws -> T {
        let reader = WireReader(bytes: bytes)
        let value = try reader.decode(T.self, at: start)
        let end = try reader.end(ofValueAt: start)
        guard end == bytes.count else { throw reader.corrupt("\(bytes.count - end) bytes after the value", at: end) }
        return value
    }
}
