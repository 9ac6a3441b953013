import MotionHaptics

/// Meta Haptics Studio's `.haptic` decoder and validator (strict and lenient), and the encoder.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMetaHaptic(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = FuzzSupport.bytes(data, size)
    for mode in [MetaHapticValidator.Mode.strict, .legacyCompatibility] {
        let result = MetaHapticDecoder(mode: mode).decode(bytes: bytes, file: "fuzz.haptic")
        if let haptic = result.haptic {
            _ = MetaHapticValidator(mode: mode).validate(haptic, file: "fuzz.haptic")
            _ = MetaHapticEncoder().encode(haptic)
        }
    }
    return 0
}
