import MotionFormats

/// The spec decoder, then every accepted animation's timeline, analysis, haptic plan and encodings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpec(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let result = SpecDecoder().decode(bytes: FuzzSupport.bytes(data, size), file: "fuzz.json")
    if let spec = result.spec { FuzzPipeline.exercise(spec) }
    return 0
}
