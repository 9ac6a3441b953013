import MotionSwiftSourceModel

/// The reader's answer as motionsync reads it (`SwiftSourceWire.results`, the binary form of
/// `WireTag`): any bytes are refused with an error or read, never a crash, a hang or a read past
/// the end. What is read is written again and must read back equal.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWire(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = FuzzSupport.bytes(data, size)
    // The count is checked after the whole answer is read: any count reads all of it.
    // A NaN anywhere makes two reads of the same bytes unequal (IEEE comparison; an array compared
    // with itself is equal without a look at its elements): then only the read is checked.
    guard let results = try? SwiftSourceWire.results(fromAnswer: bytes, expected: 1),
        let twin = try? SwiftSourceWire.results(fromAnswer: bytes, expected: 1), results == twin
    else { return 0 }
    guard let again = try? SwiftSourceWire.answer(results), (try? SwiftSourceWire.results(fromAnswer: again, expected: 1)) == results else {
        fatalError("an answer read does not read back the same after it is written again")
    }
    return 0
}
