#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - CFormat

/// C's `printf` formats (`%.1f`, `%+.2f`, `%.6g`) through the C library's `vsnprintf`: the digits
/// Foundation's `String(format:)` printed, since it hands its numeric conversions to the same C
/// library, without linking the whole of Foundation (and its Unicode tables) into every process
/// for a handful of numbers.
public enum CFormat {
    /// `format` with `arguments`, as `vsnprintf` writes it (UTF-8). O(length of the result).
    public static func string(_ format: String, _ arguments: any CVarArg...) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let needed = Int(withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) })
        guard needed >= 0 else { return "" }
        if needed >= buffer.count {
            // A va_list is read once: a second one for the longer buffer.
            buffer = [CChar](repeating: 0, count: needed + 1)
            _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
        }
        return String(decoding: buffer.prefix(needed).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
