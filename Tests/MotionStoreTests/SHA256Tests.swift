import Foundation
import Testing

@testable import MotionStore

@Suite("SHA-256")
struct SHA256Tests {
    /// FIPS 180-2 / NIST example vectors.
    @Test(
        "matches the published test vectors",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
            ("The quick brown fox jumps over the lazy dog", "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"),
        ])
    func vectors(input: String, expected: String) {
        #expect(SHA256.hex(input) == expected)
    }

    @Test("the published vectors on both paths: the SHA instructions (when this CPU has them) and the Swift rounds")
    func bothPaths() throws {
        let vectors = [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ]
        let paths = SHA256.accelerated ? [false, true] : [false]
        for hardware in paths {
            for (input, expected) in vectors {
                let digest = Array(input.utf8).withUnsafeBytes { SHA256.digest($0, hardware: hardware) }
                #expect(digest.map { String(format: "%02x", $0) }.joined() == expected, "hardware: \(hardware)")
            }
        }
    }

    @Test(
        "the two paths agree on every length from 0 to 300 bytes and on 1 MB of seeded bytes (on a CPU with SHA extensions)",
        .enabled(if: SHA256.accelerated))
    func pathsAgree() throws {
        var state: UInt64 = 7
        func byte() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let data = (0..<1_000_000).map { _ in byte() }
        for n in Array(0...300) + [4096, 65_537, 1_000_000] {
            let slice = Array(data[0..<n])
            let hardware = slice.withUnsafeBytes { SHA256.digest($0, hardware: true) }
            let software = slice.withUnsafeBytes { SHA256.digest($0, hardware: false) }
            #expect(hardware == software, "length \(n)")
        }
    }

    @Test("one million 'a'")
    func million() {
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
