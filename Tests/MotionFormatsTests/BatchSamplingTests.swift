import Foundation
import MotionCore
import MotionFormats
import MotionJSON
import MotionTestSupport
import Testing

// MARK: - Batch sampling on real files

/// `values(of:at:)` (what `sample` computes) against `value(of:at:)`, bit for bit, on every
/// bundled example and every Lottie of the shared corpus: at sample grids, at 0, before 0, on and
/// beside every breakpoint (segment boundaries), at the end and past it (wrapping when the
/// timeline repeats), and at times out of order.
@Suite("Batch sampling equals value(of:at:)")
struct BatchSamplingTests {
    static let lottieFolder = sharedCorpus.appendingPathComponent("lottie/lottie-docs")

    /// (name, timeline) for every animation of the bundled examples.
    static func specTimelines() throws -> [(String, any MotionTimeline)] {
        var found: [(String, any MotionTimeline)] = []
        for url in try Repo.exampleSpecs() {
            let spec = try #require(SpecDecoder().decode(fileAt: url.path).spec, "\(url.lastPathComponent) decodes")
            for animation in spec.animations { found.append(("\(url.lastPathComponent)#\(animation.id)", try animation.timeline())) }
        }
        return found
    }

    /// (name, timeline) for every animation the Lottie importer finds in the corpus.
    static func lottieTimelines() throws -> [(String, any MotionTimeline)] {
        let files = try FileManager.default.contentsOfDirectory(at: lottieFolder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        var found: [(String, any MotionTimeline)] = []
        for url in files {
            let document = try JSONParser().parse([UInt8](try Data(contentsOf: url)))
            for animation in LottieImporter().importDocument(document, file: url.lastPathComponent).spec?.animations ?? [] {
                found.append(("\(url.lastPathComponent)#\(animation.id)", try animation.timeline()))
            }
        }
        return found
    }

    /// The edge times of property `p` (s): 0 and just around it, every breakpoint and its float
    /// neighbours, the end, past the end (one and a half and two and a bit cycles), and NaN.
    static func edgeTimes(_ timeline: any MotionTimeline, property p: Int) -> [Double] {
        let d = timeline.duration
        var times: [Double] = [-1, -0.0, 0, Double.leastNonzeroMagnitude, 1e-12]
        for b in timeline.breakpoints(of: p) + [d] { times += [b.nextDown, b, b.nextUp] }
        times += [d * 1.5, d * 2, d * 2 + 1e-9, d + 1, 3600, .nan]
        return times
    }

    /// Fails on the first time where the two differ in a bit.
    func expectEqual(_ name: String, _ timeline: any MotionTimeline, at times: [Double]) {
        for p in timeline.properties.indices {
            let batch = timeline.values(of: p, at: times)
            #expect(batch.count == times.count)
            for (k, t) in times.enumerated() where batch[k].bitPattern != timeline.value(of: p, at: t).bitPattern {
                Issue.record("\(name) \(timeline.properties[p]) at \(t): values \(batch[k]), value \(timeline.value(of: p, at: t))")
                return
            }
        }
    }

    func check(_ name: String, _ timeline: any MotionTimeline) {
        let grid = SampleGrid.times(duration: timeline.duration, fps: 997) + SampleGrid.times(duration: timeline.duration, fps: 60)
        expectEqual(name, timeline, at: grid)
        expectEqual(name, timeline, at: grid.reversed())
        for p in timeline.properties.indices {
            let edges = Self.edgeTimes(timeline, property: p)
            expectEqual(name, timeline, at: edges)
            expectEqual(name, timeline, at: edges.filter { !$0.isNaN }.sorted())
        }
        // Times past the end of a repeating timeline wrap into the cycle.
        expectEqual(name, timeline, at: grid.map { $0 + timeline.duration * 2 })
        expectEqual(name, ScaledTimeline(timeline, factor: 0.7), at: grid)
    }

    @Test("every example in Specs/, keyframes and phases")
    func examples() throws {
        let timelines = try Self.specTimelines()
        #expect(timelines.count == 20)
        for (name, timeline) in timelines { check(name, timeline) }
    }

    @Test("every Lottie animation of the shared corpus, and at 100,000 fps")
    func lotties() throws {
        let timelines = try Self.lottieTimelines()
        #expect(!timelines.isEmpty)
        for (name, timeline) in timelines {
            check(name, timeline)
            expectEqual(name, timeline, at: SampleGrid.times(duration: timeline.duration, fps: 100_000))
        }
    }

    @Test("a repeating keyframe timeline with Bézier, cubic, spring and move keyframes wraps as value(of:at:) does")
    func repeating() throws {
        let curve = try #require(UnitCurve(x1: 0.3, y1: -0.4, x2: 0.7, y2: 1.6))
        let timeline = try KeyframeTimeline(
            initial: [("x", 2)],
            tracks: [
                KeyframeTrack(
                    property: "x",
                    keyframes: [
                        .linear(to: 10, duration: 0.3, curve: curve), .move(to: 4),
                        .cubic(to: -3, duration: 0.25, startVelocity: nil, endVelocity: nil),
                        .spring(to: 1, duration: 0.4, spring: Spring(duration: 0.5, bounce: 0.3), startVelocity: nil),
                        .linear(to: 1, duration: 0, curve: .easeIn), .linear(to: 6, duration: 0.2, curve: .easeInOut),
                    ])
            ], repeating: true)
        #expect(timeline.isRepeating)
        let grid = SampleGrid.times(duration: 4 * timeline.duration, fps: 1000)
        check("repeating", timeline)
        expectEqual("repeating", timeline, at: grid)
    }
}
