import Foundation
import MotionCore
import MotionSwiftSource
import MotionSwiftSourceModel

/// The facts scan (every file's types, uses, constants and kept animations) on any bytes: its
/// text form, as the store keeps it, reads back equal, and so does the module table built from
/// it, as the reader is sent it. Then the SwiftUI source importer (Apple's parser) on any text,
/// then the pipeline on what it found.
/// Also the reader's wire (`SwiftSourceWire`): the raw bytes as a request (refused or read,
/// never a crash), and the answer of what was found read back equal, as motionsync reads what
/// `motionsync-swift` writes. Then the reader's spring path: the first bytes as the mass,
/// stiffness and damping of a `Spring(mass:stiffness:damping:)` in a `SpringKeyframe` (negative,
/// zero, huge and non-finite numbers included), read and run through the pipeline.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSwiftSource(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let facts = SwiftFactsScan.facts(bytes)
    guard SwiftModuleFacts(text: facts.text) == facts else { fatalError("the facts' text form does not read back") }
    let table = SwiftModuleConstants([facts])
    guard SwiftModuleConstants(text: table.text).text == table.text else { fatalError("the module table's text form does not read back") }
    _ = ScreenAttribution([facts]).screens(of: facts.types.first?.name ?? "")
    _ = try? SwiftSourceWire.sources(fromRequest: bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    read(text)
    read(FuzzSwiftSpring.source(bytes))
    return 0
}

/// Reads `text`, checks the wire round trip, and exercises every animation found.
func read(_ text: String) {
    let result: Result<SwiftSourceResult, SwiftSourceError>
    do { result = .success(try SwiftSourceImporter().extract(source: text, file: "Fuzz.swift")) } catch let error as SwiftSourceError {
        result = .failure(error)
    } catch { return }
    guard let answer = try? SwiftSourceWire.answer([result]),
        let back = try? SwiftSourceWire.results(fromAnswer: answer, expected: 1), back == [result]
    else {
        fatalError("the reader's answer does not read back to what it found")
    }
    if case .success(let found) = result {
        for animation in found.animations {
            FuzzPipeline.exercise(MotionSpec(specVersion: 1, screen: animation.screen, animations: [animation.spec]))
        }
    }
}

// MARK: - FuzzSwiftSpring

/// A SwiftUI keyframe animator whose spring is written from fuzzer bytes.
enum FuzzSwiftSpring {
    /// Three numbers from the first 24 bytes (little-endian doubles, missing bytes 0), written as
    /// Swift literals (`-20.0`, `1e+300`; `.infinity` and `.nan` as the reader sees them), and a
    /// duration from the next byte (none at 0: played until settled).
    static func source(_ bytes: [UInt8]) -> String {
        func number(_ k: Int) -> String {
            var raw: UInt64 = 0
            for j in 0..<8 where 8 * k + j < bytes.count { raw |= UInt64(bytes[8 * k + j]) << (8 * j) }
            let x = Double(bitPattern: raw)
            if x.isNaN { return "Double.nan" }
            if x.isInfinite { return x < 0 ? "-Double.infinity" : "Double.infinity" }
            return "\(x)"
        }
        let durationByte = bytes.count > 24 ? bytes[24] : 0
        let duration = durationByte == 0 ? "" : "duration: \(Double(durationByte) / 64), "
        return """
            import SwiftUI

            struct Pulse: View {
                var body: some View {
                    Image(systemName: "cart")
                        .keyframeAnimator(initialValue: 1.0) { view, scale in
                            view.scaleEffect(scale)
                        } keyframes: { _ in
                            SpringKeyframe(1.2, \(duration)spring: Spring(mass: \(number(0)), stiffness: \(number(1)), damping: \(number(2))))
                        }
                }
            }
            """
    }
}
