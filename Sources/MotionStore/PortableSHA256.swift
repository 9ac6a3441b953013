// MARK: - PortableSHA256

/// SHA-256 (FIPS 180-4) in plain Swift, with no import: `SHA256` runs it where the CPU has no SHA
/// extensions, and the export build plugin (which can link no C) names its files with it. O(n):
/// whole 64-byte blocks are read in place (no copy of the message), the schedule lives on the
/// stack.
public enum PortableSHA256 {
    static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// The digest of `bytes` as 64 lowercase hex digits.
    public static func hex<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 { hex(digest: digest(bytes)) }

    /// A digest's bytes as lowercase hex digits (`SHA256` spells its digests so too).
    static func hex(digest: [UInt8]) -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(2 * digest.count)
        for byte in digest {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The digest of a string's UTF-8 bytes, as hex.
    public static func hex(_ text: String) -> String { hex(Array(text.utf8)) }

    /// The 32-byte digest.
    static func digest<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        if let digest = bytes.withContiguousStorageIfAvailable({ digest(UnsafeRawBufferPointer($0)) }) { return digest }
        return Array(bytes).withUnsafeBytes { digest($0) }
    }

    /// The digest of contiguous bytes: every whole block in place, then the padded tail.
    static func digest(_ message: UnsafeRawBufferPointer) -> [UInt8] {
        var h: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
            (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
        let whole = message.count / 64 * 64
        k.withUnsafeBufferPointer { k in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                var offset = 0
                while offset < whole {
                    compress(UnsafeRawBufferPointer(rebasing: message[offset..<offset + 64]), &h, w, k)
                    offset += 64
                }
                // The tail: the last partial block, 0x80, zeros, the length in bits (one or two blocks).
                var tail = [UInt8](message[whole...])
                tail.append(0x80)
                while tail.count % 64 != 56 { tail.append(0) }
                let bitLength = UInt64(message.count) * 8
                for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
                tail.withUnsafeBytes { raw in
                    for block in stride(from: 0, to: raw.count, by: 64) {
                        compress(UnsafeRawBufferPointer(rebasing: raw[block..<block + 64]), &h, w, k)
                    }
                }
            }
        }
        let words = [h.0, h.1, h.2, h.3, h.4, h.5, h.6, h.7]
        var out: [UInt8] = []
        out.reserveCapacity(32)
        for v in words { for shift in stride(from: 24, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: v >> UInt32(shift))) } }
        return out
    }

    /// One 64-byte block into the state `h`; `w` is the 64-word schedule (scratch).
    @inline(__always)
    static func compress(
        _ block: UnsafeRawBufferPointer, _ h: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32),
        _ w: UnsafeMutableBufferPointer<UInt32>, _ k: UnsafeBufferPointer<UInt32>
    ) {
        for i in 0..<16 {
            w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
        }
        for i in 16..<64 {
            let s0 = rotate(w[i - 15], 7) ^ rotate(w[i - 15], 18) ^ (w[i - 15] >> 3)
            let s1 = rotate(w[i - 2], 17) ^ rotate(w[i - 2], 19) ^ (w[i - 2] >> 10)
            w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
        }
        var a = h.0, b = h.1, c = h.2, d = h.3, e = h.4, f = h.5, g = h.6, hh = h.7
        for i in 0..<64 {
            let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
            let ch = (e & f) ^ (~e & g)
            let t1 = hh &+ s1 &+ ch &+ k[i] &+ w[i]
            let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
            let maj = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ maj
            hh = g
            g = f
            f = e
            e = d &+ t1
            d = c
            c = b
            b = a
            a = t1 &+ t2
        }
        h.0 = h.0 &+ a
        h.1 = h.1 &+ b
        h.2 = h.2 &+ c
        h.3 = h.3 &+ d
        h.4 = h.4 &+ e
        h.5 = h.5 &+ f
        h.6 = h.6 &+ g
        h.7 = h.7 &+ hh
    }

    @inline(__always) static func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
}
