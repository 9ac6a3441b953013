import CSHA256

// MARK: - SHA256

/// SHA-256 (FIPS 180-4), for content hashes of imported files, definitions and migrations.
/// (Foundation on Linux has no CryptoKit, and no package can be fetched.) Where the CPU has SHA
/// extensions (x86-64 SHA-NI) the blocks are compressed by them (`CSHA256`, about three times as
/// fast); elsewhere `PortableSHA256` runs. Whole 64-byte blocks are read in place (no copy of
/// the message). O(n).
public enum SHA256 {
    /// Whether this CPU has the SHA extensions `CSHA256` uses.
    static let accelerated = motionsync_sha256_accelerated() != 0

    /// The digest of `bytes` as 64 lowercase hex digits.
    public static func hex<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 { PortableSHA256.hex(digest: digest(bytes)) }

    /// The digest of a string's UTF-8 bytes, as hex.
    public static func hex(_ text: String) -> String { hex(Array(text.utf8)) }

    /// The 32-byte digest.
    public static func digest<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        if let digest = bytes.withContiguousStorageIfAvailable({ digest(UnsafeRawBufferPointer($0)) }) { return digest }
        return Array(bytes).withUnsafeBytes { digest($0) }
    }

    /// The digest of contiguous bytes: every whole block in place, then the padded tail.
    /// `hardware` false runs the portable Swift rounds (the tests compare both).
    static func digest(_ message: UnsafeRawBufferPointer, hardware: Bool = accelerated) -> [UInt8] {
        guard hardware else { return PortableSHA256.digest(message) }
        var state: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
        let blocks = message.count / 64
        let tail = paddedTail(message, from: blocks * 64)
        state.withUnsafeMutableBufferPointer { h in
            if blocks > 0, let base = message.baseAddress {
                motionsync_sha256_blocks(h.baseAddress!, base.assumingMemoryBound(to: UInt8.self), blocks)
            }
            tail.withUnsafeBufferPointer { motionsync_sha256_blocks(h.baseAddress!, $0.baseAddress!, $0.count / 64) }
        }
        var out: [UInt8] = []
        out.reserveCapacity(32)
        for v in state { for shift in stride(from: 24, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: v >> UInt32(shift))) } }
        return out
    }

    /// The message's last partial block from `whole`, then 0x80, zeros and the length in bits
    /// (one or two blocks).
    static func paddedTail(_ message: UnsafeRawBufferPointer, from whole: Int) -> [UInt8] {
        var tail = [UInt8](message[whole...])
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        let bitLength = UInt64(message.count) * 8
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        return tail
    }
}
