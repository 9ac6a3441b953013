import Foundation
import MotionCore
import MotionSwiftSource

/// The SwiftUI source importer (Apple's parser) on any text, then the pipeline on what it found.
/// Also the reader's wire (`SwiftSourceWire`): the raw bytes as a request (refused or read,
/// never a crash), and the answer of what was found read back equal, as motionsync reads what
/// `motionsync-swift` writes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSwiftSource(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? SwiftSourceWire.sources(fromRequest: bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    let result: Result<SwiftSourceResult, SwiftSourceError>
    do { result = .success(try SwiftSourceImporter().extract(source: text, file: "Fuzz.swift")) } catch let error as SwiftSourceError { result = .failure(error) } catch { return 0 }
    guard let answer = try? SwiftSourceWire.answer([result]),
          let back = try? SwiftSourceWire.results(fromAnswer: answer, expected: 1), back == [result] else {
        fatalError("the reader's answer does not read back to what it found")
    }
    if case .success(let found) = result {
        for animation in found.animations { FuzzPipeline.exercise(MotionSpec(specVersion: 1, screen: animation.screen, animations: [animation.spec])) }
    }
    return 0
}
