import MotionJSON

/// The JSON parser (strict, then with Apple's trailing commas), and the writer on what it read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = FuzzSupport.bytes(data, size)
    if let document = try? JSONParser().parse(bytes) {
        let text = JSONWriter().string(document.value)
        // What the writer writes, the parser reads back.
        guard (try? JSONParser().parse(text)) != nil else { fatalError("the writer wrote JSON the parser refuses: \(text.prefix(200))") }
    }
    _ = try? JSONParser(allowTrailingCommas: true).parse(bytes)
    return 0
}
