import MotionHaptics
import MotionJSON
import Testing

@Suite("Android: waveform and composition")
struct AndroidEncoderTests {
    // MARK: Waveform

    @Test("a small pattern, computed by hand")
    func handComputed() {
        // Transient at 0 s (intensity 1): slots 0–1 (20 ms) at 255. Continuous 0.05–0.1 s at
        // intensity 0.5: slots 5–9 at round(127.5) = 128. Duration 0.15 s: 15 slots.
        let pattern = HapticPattern(
            events: [
                .transient(at: 0, intensity: 1, sharpness: 1),
                .continuous(at: 0.05, duration: 0.05, intensity: 0.5, sharpness: 0.5),
            ], duration: 0.15)
        let waveform = AndroidWaveformEncoder().encode(pattern)
        #expect(waveform.timings == [20, 30, 50, 50])
        #expect(waveform.amplitudes == [255, 0, 128, 0])
        #expect(waveform.repeatIndex == -1)
        #expect(waveform.duration == 150)
        #expect(JSONWriter(pretty: false).string(waveform.json) == #"{"timings":[20,30,50,50],"amplitudes":[255,0,128,0],"repeat":-1}"#)
    }

    @Test("a transient at 0.2 s over a continuous 0.2–0.26 s")
    func tapAndBuzz() {
        let pattern = HapticPattern(events: [
            .transient(at: 0.2, intensity: 1, sharpness: 0.7),
            .continuous(at: 0.2, duration: 0.26 - 0.2, intensity: 0.5, sharpness: 0.3),
        ])
        let waveform = AndroidWaveformEncoder().encode(pattern)
        #expect(waveform.timings == [200, 20, 40])
        #expect(waveform.amplitudes == [0, 255, 128])
        #expect(waveform.duration == 260)
    }

    @Test("looping: repeat from 0, and a pulse past the end wraps to the start")
    func looping() {
        let pattern = HapticPattern(events: [.transient(at: 0.1, intensity: 0.5, sharpness: 0.5)], isLooping: true, duration: 0.1)
        let waveform = AndroidWaveformEncoder().encode(pattern)
        #expect(waveform.timings == [20, 80])
        #expect(waveform.amplitudes == [128, 0])
        #expect(waveform.repeatIndex == 0)
        // Not looping: the pulse extends the waveform instead.
        let once = AndroidWaveformEncoder().encode(HapticPattern(events: [.transient(at: 0.1, intensity: 0.5, sharpness: 0.5)], duration: 0.1))
        #expect(once.timings == [100, 20])
        #expect(once.amplitudes == [0, 128])
        #expect(once.repeatIndex == -1)
    }

    @Test("amplitudes: any non-zero intensity is at least 1, full intensity 255, none 0")
    func amplitudeRange() {
        let pattern = HapticPattern(events: [
            .continuous(at: 0, duration: 0.05, intensity: 0.001, sharpness: 0),
            .continuous(at: 0.05, duration: 0.05, intensity: 0, sharpness: 0),
            .continuous(at: 0.1, duration: 0.05, intensity: 1.7, sharpness: 0),
        ])
        let waveform = AndroidWaveformEncoder().encode(pattern)
        #expect(waveform.amplitudes == [1, 0, 255])
        #expect(waveform.timings == [50, 50, 50])
        #expect(AndroidWaveformEncoder().encode(HapticPattern(events: [])) == AndroidWaveform(timings: [], amplitudes: [], repeatIndex: -1))
    }

    @Test("a continuous event shorter than its rounding keeps one slot, inside the pattern")
    func subSlotEvent() {
        // 0.162–0.164 s rounds to slots 16–16 (empty): it takes slot 16 (its middle, 0.163 s),
        // clamped to the last slot of the 0.164 s ≈ 160 ms pattern, slot 15.
        let waveform = AndroidWaveformEncoder().encode(HapticPattern(events: [.continuous(at: 0.162, duration: 0.002, intensity: 1, sharpness: 0)]))
        #expect(waveform.timings == [150, 10])
        #expect(waveform.amplitudes == [0, 255])
        let early = AndroidWaveformEncoder().encode(
            HapticPattern(events: [.continuous(at: 0.012, duration: 0.002, intensity: 1, sharpness: 0)], duration: 0.05))
        #expect(early.timings == [10, 10, 30])
        #expect(early.amplitudes == [0, 255, 0])
    }

    @Test("timings sum to the duration rounded to 10 ms; amplitudes stay in 0…255; segments alternate")
    func invariants() {
        for seed in 0..<60 {
            var events: [HapticEvent] = []
            for k in 0..<(seed % 7 + 1) {
                let time = Double((seed * 37 + k * 23) % 200) / 1000 + Double(k) * 0.05
                let intensity = Double((seed + k * 5) % 12) / 10
                if (seed + k) % 2 == 0 {
                    events.append(.transient(at: time, intensity: intensity, sharpness: 0.5))
                } else {
                    events.append(.continuous(at: time, duration: Double((seed + k) % 9) * 0.013 + 0.004, intensity: intensity, sharpness: 0.5))
                }
            }
            let lastPulse = events.filter { $0.kind == .transient }.map { $0.time + 0.025 }.max() ?? 0
            let duration = max(events.map(\.end).max() ?? 0, lastPulse) + Double(seed % 4) * 0.0037
            let looping = seed % 3 == 0
            let waveform = AndroidWaveformEncoder().encode(HapticPattern(events: events, isLooping: looping, duration: duration))
            #expect(waveform.duration == Int((duration * 100).rounded()) * 10, "seed \(seed)")
            #expect(waveform.timings.count == waveform.amplitudes.count)
            #expect(waveform.timings.allSatisfy { $0 > 0 && $0 % 10 == 0 })
            #expect(waveform.amplitudes.allSatisfy { (0...255).contains($0) })
            #expect(zip(waveform.amplitudes, waveform.amplitudes.dropFirst()).allSatisfy { $0 != $1 })
            #expect(waveform.repeatIndex == (looping ? 0 : -1))
        }
    }

    // MARK: Composition

    @Test("primitive ids and names are Android's")
    func primitiveIDs() {
        let kinds = AndroidPrimitive.Kind.allCases
        #expect(kinds.map(\.rawValue) == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(kinds.map(\.name) == ["CLICK", "THUD", "SPIN", "QUICK_RISE", "SLOW_RISE", "QUICK_FALL", "TICK", "LOW_TICK"])
        #expect(kinds.filter { $0.minimumAPILevel == 31 } == [.thud, .spin, .lowTick])
    }

    @Test("transients: CLICK, TICK, THUD or LOW_TICK by sharpness and intensity; delays from the previous primitive's end")
    func transients() {
        let pattern = HapticPattern(events: [
            .transient(at: 0, intensity: 0.8, sharpness: 0.9), // crisp, strong: CLICK (12 ms)
            .transient(at: 0.1, intensity: 0.3, sharpness: 0.6), // crisp, light: TICK (8 ms)
            .transient(at: 0.2, intensity: 0.9, sharpness: 0.1), // dull, strong: THUD (30 ms)
            .transient(at: 0.3, intensity: 0.2, sharpness: 0.2), // dull, light: LOW_TICK
        ])
        let primitives = AndroidCompositionEncoder().encode(pattern)
        #expect(
            primitives == [
                AndroidPrimitive(primitive: .click, scale: 0.8, delayMs: 0),
                AndroidPrimitive(primitive: .tick, scale: 0.3, delayMs: 88), // 100 − (0 + 12)
                AndroidPrimitive(primitive: .thud, scale: 0.9, delayMs: 92), // 200 − (100 + 8)
                AndroidPrimitive(primitive: .lowTick, scale: 0.2, delayMs: 70), // 300 − (200 + 30)
            ])
        #expect(JSONWriter(pretty: false).string(primitives[1].json) == #"{"primitive":"TICK","id":7,"scale":0.3,"delayMs":88}"#)
        #expect(
            JSONWriter(pretty: false).string(AndroidCompositionEncoder().json(Array(primitives.prefix(1))))
                == #"[{"primitive":"CLICK","id":1,"scale":0.8,"delayMs":0}]"#)
    }

    @Test("continuous events: a rise at the start and a fall ending with the event")
    func continuous() {
        let long = AndroidCompositionEncoder().encode(HapticPattern(events: [.continuous(at: 0.1, duration: 0.5, intensity: 0.6, sharpness: 0.5)]))
        // SLOW_RISE (150 ms) at 100 ms; QUICK_FALL (50 ms) at 550 ms: 550 − 250 = 300.
        #expect(
            long == [
                AndroidPrimitive(primitive: .slowRise, scale: 0.6, delayMs: 100), AndroidPrimitive(primitive: .quickFall, scale: 0.6, delayMs: 300),
            ])
        let short = AndroidCompositionEncoder().encode(HapticPattern(events: [.continuous(at: 0, duration: 0.12, intensity: 1, sharpness: 0.5)]))
        // 120 ms: QUICK_RISE (50 ms) then QUICK_FALL at 70 ms: delay 20.
        #expect(
            short == [AndroidPrimitive(primitive: .quickRise, scale: 1, delayMs: 0), AndroidPrimitive(primitive: .quickFall, scale: 1, delayMs: 20)])
        let tiny = AndroidCompositionEncoder().encode(HapticPattern(events: [.continuous(at: 0, duration: 0.06, intensity: 1, sharpness: 0.5)]))
        #expect(tiny == [AndroidPrimitive(primitive: .quickRise, scale: 1, delayMs: 0)])
    }

    @Test("device durations change the delays; silent events are left out; late primitives get delay 0")
    func durations() {
        let pattern = HapticPattern(events: [
            .transient(at: 0, intensity: 1, sharpness: 1),
            .transient(at: 0.005, intensity: 1, sharpness: 1),
            .transient(at: 0.05, intensity: 0, sharpness: 1),
            .transient(at: 0.1, intensity: 0.5, sharpness: 1),
        ])
        let instant = AndroidCompositionEncoder(primitiveDurations: [:]).encode(pattern)
        #expect(instant.map(\.delayMs) == [0, 5, 95])
        let nominal = AndroidCompositionEncoder().encode(pattern)
        #expect(nominal.map(\.delayMs) == [0, 0, 76]) // the second CLICK waits for the first (12 ms); 100 − 24
    }
}
