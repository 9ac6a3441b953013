import Foundation
import MotionCore
import MotionSwiftSource
import Testing

/// The store re-reads a Swift file only when its hash changes, and that hash carries
/// `SwiftReaderRevision.current`. This digest of the reader's answers on every fixture pins
/// what the revision stands for: a change to the reader that changes an answer fails here
/// until the revision goes up (and the digest is recorded again), so stores re-read their files
/// instead of keeping rows an earlier reader wrote.
@Suite("the reader's revision changes whenever its answers do")
struct ReaderRevisionTests {
    /// The revision and the digest of the fixtures' answers it was recorded with.
    static let recorded = (revision: 9, digest: "1c1b86b7d7a1f966")

    /// The answers' JSON (sorted keys) on every `Fixtures/*.swift`, in name order, FNV-1a 64-bit.
    static func fixtureDigest() throws -> String {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(names.count > 30, "the fixtures folder was not found or is nearly empty: \(folder.path)")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for name in names {
            let answer = try extractFixture(name)
            for byte in Array(name.utf8) + [0] + Array(try encoder.encode(answer)) {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        return String(hash, radix: 16)
    }

    @Test("the fixtures' answers are those recorded with the current revision")
    func digestMatchesRevision() throws {
        let digest = try Self.fixtureDigest()
        #expect(
            Self.recorded.revision == SwiftReaderRevision.current,
            "SwiftReaderRevision.current is \(SwiftReaderRevision.current); record it here with the digest \(digest)")
        #expect(
            Self.recorded.digest == digest,
            """
            The reader answers differently on the fixtures (digest \(digest), recorded \(Self.recorded.digest)): raise \
            SwiftReaderRevision.current so stores read their files again, and record the new revision and digest here.
            """)
    }

    @Test("a stored Swift hash ends with the revision")
    func hashSuffix() {
        #expect(SwiftReaderRevision.hashSuffix == "+reader\(SwiftReaderRevision.current)")
    }
}
