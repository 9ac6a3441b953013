// motionsync-peer-bench: the library-side figures of Scripts/benchmark.sh (issue 10), one
// thread, release build, measured as thread CPU time (unmoved by other work on the machine).
//
//   motionsync-peer-bench sample LOTTIE FPS   imports a Lottie file, samples every property of its
//                                             timeline at FPS from 0 to the end (SampleGrid and
//                                             `values(of:at:)`, as `sample` does) for about 1 s
//                                             of CPU, the values returned to the caller, and prints
//                                             values per second
//   motionsync-peer-bench peaks SPEC          decodes a spec file and prints, per animation, the
//                                             time of its first maximum (s, full precision): the
//                                             closed-form check of the peak finder
//
// Analysis throughput lives in motionsync-bench (issue 15); this target does not repeat it.
import Foundation
import MotionCore
import MotionFormats
import MotionJSON

// MARK: - Clock

/// CPU time of this thread (s).
func threadSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("motionsync-peer-bench: \(message)\n".utf8))
    exit(2)
}

// MARK: - sample

/// Samples the file's only animation repeatedly; O(properties × duration × fps) per pass.
func sample(path: String, fps: Double) {
    let bytes: [UInt8]
    switch InputDocument.read(path: path, displayName: path, splitHint: "") {
    case .success(let b): bytes = b
    case .failure(let d): fail("\(d)")
    }
    guard case .success(let document) = InputDocument.parse(bytes, file: path, splitHint: "") else { fail("\(path) is not JSON") }
    let result = LottieImporter().importDocument(document, file: path)
    guard let animation = result.spec?.animations.first, let timeline = try? animation.timeline() else { fail("\(path): no Lottie animation") }
    let times = SampleGrid.times(duration: timeline.duration, fps: fps)
    let properties = timeline.properties.count
    var checksum = 0.0
    var values = 0
    let start = threadSeconds()
    var elapsed = 0.0
    repeat {
        for p in 0..<properties {
            for v in timeline.values(of: p, at: times) { checksum += v }
        }
        values += properties * times.count
        elapsed = threadSeconds() - start
    } while elapsed < 1
    print(
        "sampled \(values) values (\(properties) properties × \(times.count) times, checksum \(String(format: "%.3f", checksum))) in \(String(format: "%.3f", elapsed)) s of CPU: \(Int(Double(values) / elapsed)) values/s on one thread"
    )
}

// MARK: - peaks

/// Prints `id time` for each animation's first maximum; O(analysis) per animation.
func peaks(path: String) {
    guard let spec = SpecDecoder().decode(fileAt: path).spec else { fail("\(path): not a valid spec") }
    let analyzer = MotionAnalyzer()
    for animation in spec.animations {
        guard let timeline = try? animation.timeline() else { fail("\(animation.id): no timeline") }
        let first = analyzer.analyze(timeline).peaks.filter { $0.kind == .max }.map(\.time).min()
        print(animation.id, first.map { String(format: "%.12f", $0) } ?? "none")
    }
}

// MARK: - Main

let arguments = CommandLine.arguments
switch (arguments.count, arguments.dropFirst().first) {
case (4, "sample"):
    guard let fps = Double(arguments[3]) else { fail("FPS is not a number") }
    sample(path: arguments[2], fps: fps)
case (3, "peaks"):
    peaks(path: arguments[2])
default:
    fail("usage: motionsync-peer-bench sample LOTTIE FPS | peaks SPEC")
}
