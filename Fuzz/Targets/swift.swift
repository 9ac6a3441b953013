import MotionCore
import MotionSwiftSource

/// The SwiftUI source importer (Apple's parser) on any text, then the pipeline on what it found.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSwiftSource(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let result = try? SwiftSourceImporter().extract(source: text, file: "Fuzz.swift") {
        for animation in result.animations { FuzzPipeline.exercise(MotionSpec(specVersion: 1, screen: animation.screen, animations: [animation.spec])) }
    }
    return 0
}
