import MotionHaptics

/// The AHAP decoder and validator, and the encoder on what was decoded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAHAP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let result = AHAPDecoder().decode(bytes: FuzzSupport.bytes(data, size), file: "fuzz.ahap")
    if let pattern = result.pattern {
        _ = AHAPValidator().validate(pattern, file: "fuzz.ahap")
        _ = AHAPEncoder().encode(pattern)
    }
    return 0
}
