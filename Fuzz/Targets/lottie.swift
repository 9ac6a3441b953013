import MotionFormats
import MotionJSON

/// The Lottie importer on any JSON, then the pipeline on what it imported.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLottie(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let document = try? JSONParser().parse(FuzzSupport.bytes(data, size)) else { return 0 }
    let result = LottieImporter().importDocument(document, file: "fuzz.json")
    if let spec = result.spec { FuzzPipeline.exercise(spec) }
    return 0
}
