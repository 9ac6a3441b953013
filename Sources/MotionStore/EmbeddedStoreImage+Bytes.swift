// MARK: - The image as a file

extension EmbeddedStoreImage {
    /// The bytes of a new store made by `migrator` at `now` (`MotionStore.timestamp`'s text): the
    /// image with `now` written over each migration's `applied_at`. Nil when the migrator's
    /// migrations are not the ones the image was made from, or `now` is not as long as the stamp
    /// (the record would change size): the store is then made by replaying the migrations.
    /// O(size): the non-zero runs are decoded into a zeroed buffer.
    static func bytes(appliedAt now: String, migrator: Migrator) -> [UInt8]? {
        guard fits(now, migrator: migrator) else { return nil }
        var image = [UInt8](repeating: 0, count: size)
        image.withUnsafeMutableBufferPointer { write(appliedAt: now, into: $0) }
        return image
    }

    /// Whether the image is of `migrator`'s migrations and can hold `now` (`bytes`).
    static func fits(_ now: String, migrator: Migrator) -> Bool {
        now.utf8.count == stamp.utf8.count && migrator.migrations.map(\.checksum) == migrationSHA256
    }

    /// Writes the image stamped `now` into `out` (`size` bytes, zeroed first), for a caller that
    /// holds the buffer already (a database in memory): `bytes` without an array between.
    static func write(appliedAt now: String, into out: UnsafeMutableBufferPointer<UInt8>) {
        precondition(out.count >= size)
        out.baseAddress!.initialize(repeating: 0, count: size)
        for run in runs {
            let hex = UnsafeBufferPointer(start: run.hex.utf8Start, count: run.hex.utf8CodeUnitCount)
            for k in 0..<hex.count / 2 { out[run.offset + k] = nibble(hex[2 * k]) << 4 | nibble(hex[2 * k + 1]) }
        }
        for offset in stampOffsets {
            for (k, byte) in now.utf8.enumerated() { out[offset + k] = byte }
        }
    }

    /// The value of one lowercase hex digit.
    private static func nibble(_ digit: UInt8) -> UInt8 { digit <= UInt8(ascii: "9") ? digit &- UInt8(ascii: "0") : digit &- UInt8(ascii: "a") &+ 10 }
}
