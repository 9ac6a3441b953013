// motionsync-bench: measures the motion core inside the library, one thread, release build.
//
//   motionsync-bench analysis DIR      decodes every spec file in DIR, then analyses every
//                                      animation repeatedly for about 2 s of CPU time and prints
//                                      animations per second (timeline + closed-form analysis)
//   motionsync-bench analysis DIR N    the same, exactly N passes over the animations (a fixed
//                                      amount of work: for instruction counts under valgrind)
//   motionsync-bench digest DIR        prints every animation's analysis in full (shortest exact
//                                      spelling of every number), once: two builds whose digests
//                                      are equal give bit-identical results on that corpus
//   motionsync-bench facts DIR [N]     the Swift facts scan alone over every .swift file under
//                                      DIR, N passes (FactsBench)
//   motionsync-bench facts-dump DIR    every file's facts, one per line, to diff two builds
//   motionsync-bench json DIR [N]      the JSON parser alone over every .json file under DIR, N
//                                      passes (JSONBench)
//   motionsync-bench json-dump DIR…    every file's parse (values, locations, errors of damaged
//                                      copies), one per line, to diff two builds
//
// Scripts/benchmark-analysis.sh runs it beside the whole-process comparisons.
import Dispatch
import Foundation
import MotionCore
import MotionFormats

let arguments = CommandLine.arguments
if arguments.count >= 3, arguments[1].hasPrefix("facts") { exit(FactsBench.run(arguments)) }
if arguments.count >= 3, arguments[1].hasPrefix("json") { exit(JSONBench.run(arguments)) }
let passes = arguments.count == 4 ? Int(arguments[3]) : nil
guard arguments.count == 3 || (arguments.count == 4 && arguments[1] == "analysis" && (passes ?? 0) > 0),
    ["analysis", "digest"].contains(arguments[1])
else {
    FileHandle.standardError.write(Data("usage: motionsync-bench analysis DIR [PASSES] | digest DIR\n".utf8))
    exit(2)
}
let folder = arguments[2]
let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
var animations: [AnimationSpec] = []
for name in names {
    if let spec = SpecDecoder().decode(fileAt: folder + "/" + name).spec { animations += spec.animations }
}
guard !animations.isEmpty else {
    FileHandle.standardError.write(Data("motionsync-bench: no spec files with animations in \(folder)\n".utf8))
    exit(2)
}
let analyzer = MotionAnalyzer()
if arguments[1] == "digest" {
    for animation in animations {
        guard let timeline = try? animation.timeline() else {
            print("\(animation.id): no timeline")
            continue
        }
        print("\(animation.id): \(analyzer.analyze(timeline))")
    }
    exit(0)
}
var analysed = 0
var checksum = 0
/// CPU time of this thread (s): the measure of "one core", unmoved by other work on the machine.
func threadSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}
let start = threadSeconds()
var elapsed = 0.0
var passesDone = 0
repeat {
    for animation in animations {
        guard let timeline = try? animation.timeline() else { continue }
        let result = analyzer.analyze(timeline)
        checksum &+= result.peaks.count + result.holds.count
        analysed += 1
    }
    elapsed = threadSeconds() - start
    passesDone += 1
} while passes.map { passesDone < $0 } ?? (elapsed < 2)
print(
    "analysed \(analysed) animations (\(animations.count) distinct, \(checksum) peaks and holds) in \(String(format: "%.3f", elapsed)) s of CPU: \(Int(Double(analysed) / elapsed)) animations/s on one thread"
)
