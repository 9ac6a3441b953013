// MARK: - WireTag

/// The first byte of every value in the reader's binary answer (`WireEncoder`, `WireDecoder`).
///
/// All numbers are little-endian. After the tag:
/// - `null`, `no`, `yes`: nothing;
/// - `int`, `uint`: 8 bytes (two's complement, unsigned); `double`: the 8 bytes of its bits;
///   `float`: the 4 bytes of its bits;
/// - `string`: a UInt32 byte count and the UTF-8 bytes;
/// - `array`: a UInt32 byte length of what follows it, a UInt32 count, the values;
/// - `object`: a UInt32 byte length of what follows it, a UInt32 count, then per entry a UInt32
///   key length, the key's UTF-8 bytes and the value.
///
/// A container's byte length lets a reader pass over it without reading it, so a key can be
/// looked up among its siblings, and a key the reader does not know is skipped.
enum WireTag: UInt8 {
    case null = 0
    case no = 1
    case yes = 2
    case int = 3
    case uint = 4
    case double = 5
    case float = 6
    case string = 7
    case array = 8
    case object = 9
}
