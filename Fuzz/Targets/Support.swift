// MARK: - FuzzSupport

/// What every fuzz target needs: libFuzzer's bytes as an array.
enum FuzzSupport {
    static func bytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: data, count: size))
    }
}
