import MotionHaptics
import MotionJSON
import Testing

@Suite("AHAPEncoder: exact output, splitting, determinism")
struct AHAPEncoderTests {
    /// A transient at 0.2 s and a continuous event from 0.2 to 0.26 s (its duration computed,
    /// 0.06000000000000003, is written rounded to 0.1 ms).
    static let tapAndBuzz = HapticPattern(events: [
        .continuous(at: 0.2, duration: 0.26 - 0.2, intensity: 0.5, sharpness: 0.3),
        .transient(at: 0.2, intensity: 1, sharpness: 0.7),
    ])

    @Test("a transient at 0.2 s and a continuous 0.2–0.26 s: the exact AHAP text")
    func exactText() {
        let expected = """
            {
              "Version": 1,
              "Pattern": [
                {
                  "Event": {
                    "Time": 0.2,
                    "EventType": "HapticTransient",
                    "EventParameters": [
                      {
                        "ParameterID": "HapticIntensity",
                        "ParameterValue": 1
                      },
                      {
                        "ParameterID": "HapticSharpness",
                        "ParameterValue": 0.7
                      }
                    ]
                  }
                },
                {
                  "Event": {
                    "Time": 0.2,
                    "EventType": "HapticContinuous",
                    "EventDuration": 0.06,
                    "EventParameters": [
                      {
                        "ParameterID": "HapticIntensity",
                        "ParameterValue": 0.5
                      },
                      {
                        "ParameterID": "HapticSharpness",
                        "ParameterValue": 0.3
                      }
                    ]
                  }
                }
              ]
            }

            """
        #expect(AHAPEncoder().encode(Self.tapAndBuzz) == expected)
        let decoded = decodeAHAP(expected)
        #expect(decoded.diagnostics.isEmpty, "\(listing(decoded.diagnostics))")
        #expect(
            decoded.pattern?.hapticEvents == [
                .transient(at: 0.2, intensity: 1, sharpness: 0.7),
                .continuous(at: 0.2, duration: 0.06, intensity: 0.5, sharpness: 0.3),
            ])
    }

    @Test("metadata comes second, in the given order; times and values round to 4 decimals")
    func metadataAndRounding() {
        let pattern = HapticPattern(events: [.transient(at: 0.123456, intensity: 0.333333, sharpness: 0.66666)])
        let text = AHAPEncoder().encode(pattern, metadata: [("Project", "demo"), ("Created", "today")])
        #expect(
            text == """
                {
                  "Version": 1,
                  "Metadata": {
                    "Project": "demo",
                    "Created": "today"
                  },
                  "Pattern": [
                    {
                      "Event": {
                        "Time": 0.1235,
                        "EventType": "HapticTransient",
                        "EventParameters": [
                          {
                            "ParameterID": "HapticIntensity",
                            "ParameterValue": 0.3333
                          },
                          {
                            "ParameterID": "HapticSharpness",
                            "ParameterValue": 0.6667
                          }
                        ]
                      }
                    }
                  ]
                }

                """)
    }

    @Test("Parameter and ParameterCurve key order; waveform keys after EventDuration")
    func keyOrder() {
        let pattern = AHAPPattern(elements: [
            .parameter(AHAPDynamicParameter(id: "HapticIntensityControl", time: 0.5, value: 0.25)),
            .parameterCurve(
                AHAPParameterCurve(id: "AudioVolumeControl", time: 1, controlPoints: [.init(time: 0, value: 1), .init(time: 0.5, value: 0)])),
            .event(
                AHAPEvent(
                    time: 0, type: .audioCustom, duration: 1.5, parameters: [.init(id: "AudioVolume", value: 0.8)],
                    waveformPath: "boing.wav", waveformUseVolumeEnvelope: true, waveformLoopEnabled: false)),
        ])
        let text = JSONWriter(pretty: false).string(AHAPEncoder().json(pattern))
        #expect(
            text == #"{"Version":1,"Pattern":[{"Parameter":{"ParameterID":"HapticIntensityControl","Time":0.5,"ParameterValue":0.25}},"#
                + #"{"ParameterCurve":{"ParameterID":"AudioVolumeControl","Time":1,"ParameterCurveControlPoints":[{"Time":0,"ParameterValue":1},{"Time":0.5,"ParameterValue":0}]}},"#
                + #"{"Event":{"Time":0,"EventType":"AudioCustom","EventDuration":1.5,"EventWaveformPath":"boing.wav","EventWaveformUseVolumeEnvelope":true,"#
                + #""EventWaveformLoopEnabled":false,"EventParameters":[{"ParameterID":"AudioVolume","ParameterValue":0.8}]}}]}"#)
        #expect(decodeAHAP(AHAPEncoder().encode(pattern)).pattern == pattern)
    }

    @Test("a 75 s continuous event splits into 30 + 30 + 15 s")
    func longContinuousSplits() throws {
        let pattern = HapticPattern(events: [.continuous(at: 1, duration: 75, intensity: 0.8, sharpness: 0.2)])
        let ahap = AHAPEncoder().pattern(from: pattern)
        #expect(ahap.events.map(\.time) == [1, 31, 61])
        #expect(ahap.events.map(\.duration) == [30, 30, 15])
        for event in ahap.events {
            #expect(event.type == .hapticContinuous)
            #expect(event.parameters == [.init(id: "HapticIntensity", value: 0.8), .init(id: "HapticSharpness", value: 0.2)])
        }
        let decoded = decodeAHAP(AHAPEncoder().encode(pattern))
        #expect(decoded.diagnostics.isEmpty, "\(listing(decoded.diagnostics))")
        #expect(decoded.pattern?.events.map(\.duration) == [30, 30, 15])
        // Exactly 30 s stays whole; 60 s gives two pieces, with no sliver left by rounding.
        #expect(AHAPEncoder().pattern(from: HapticPattern(events: [.continuous(at: 0, duration: 30, intensity: 1, sharpness: 1)])).events.count == 1)
        let sixty = AHAPEncoder().pattern(from: HapticPattern(events: [.continuous(at: 0.2, duration: 60.2 - 0.2, intensity: 1, sharpness: 1)]))
        #expect(sixty.events.map(\.duration) == [30, 30])
    }

    @Test("the encoder splits an AHAPPattern's long events too, and the validator refuses them unsplit")
    func longEventInModel() {
        let pattern = AHAPPattern(elements: [.event(AHAPEvent(time: 0, type: .hapticContinuous, duration: 75))])
        let errors = AHAPValidator().validate(pattern)
        #expect(errors.map(\.pointer) == [pointer("/Pattern/0/Event/EventDuration")])
        #expect(errors.first?.problem.contains("split it into consecutive HapticContinuous events of at most 30 s") == true)
        let written = decodeAHAP(AHAPEncoder().encode(pattern))
        #expect(written.diagnostics.isEmpty)
        #expect(written.pattern?.events.map(\.time) == [0, 30, 60])
        // Audio continuous events have no 30 s limit and are not split.
        let audio = AHAPPattern(elements: [.event(AHAPEvent(time: 0, type: .audioContinuous, duration: 75))])
        #expect(audio.splittingLongEvents() == audio)
    }

    @Test("a 40-point curve splits into 16 + 16 + 10 points, boundary points repeated at their absolute times")
    func longCurveSplits() throws {
        // Curve at 1 s; point k at 1 + 0.1·k s (absolute), value k/40.
        let points = (0..<40).map { AHAPParameterCurve.ControlPoint(time: Double($0) * 0.1, value: Double($0) / 40) }
        let curve = AHAPParameterCurve(id: "HapticIntensityControl", time: 1, controlPoints: points)
        let split = AHAPPattern(elements: [.parameterCurve(curve)]).splittingLongCurves()
        let pieces = split.parameterCurves
        #expect(pieces.map(\.controlPoints.count) == [16, 16, 10])
        #expect(pieces.map(\.id) == ["HapticIntensityControl", "HapticIntensityControl", "HapticIntensityControl"])
        // Piece 1 is the original curve's first 16 points, unchanged.
        #expect(pieces[0].time == 1)
        #expect(pieces[0].controlPoints == Array(points[0..<16]))
        // Piece 2 starts at point 15 (absolute 2.5 s), piece 3 at point 30 (absolute 4 s).
        #expect(abs(pieces[1].time - 2.5) < 1e-12)
        #expect(abs(pieces[2].time - 4.0) < 1e-12)
        #expect(pieces[1].controlPoints.first == .init(time: 0, value: 15.0 / 40))
        #expect(pieces[2].controlPoints.first == .init(time: 0, value: 30.0 / 40))
        #expect(pieces[0].controlPoints.last?.value == pieces[1].controlPoints.first?.value)
        #expect(pieces[1].controlPoints.last?.value == pieces[2].controlPoints.first?.value)
        // Every piece's points sit at their original absolute times.
        let absolute: [Double] = pieces.flatMap { piece in piece.controlPoints.map { piece.time + $0.time } }
        let indices: [Int] = Array(0..<16) + Array(15..<31) + Array(30..<40)
        let expected: [Double] = indices.map { 1 + Double($0) * 0.1 }
        #expect(absolute.count == expected.count)
        for (a, b) in zip(absolute, expected) { #expect(abs(a - b) < 1e-9) }

        // Written out: exact 4-decimal times, and the file is warning-free and stable.
        let text = AHAPEncoder().encode(AHAPPattern(elements: [.event(AHAPEvent(time: 0, type: .hapticTransient)), .parameterCurve(curve)]))
        let decoded = decodeAHAP(text)
        #expect(decoded.diagnostics.isEmpty, "\(listing(decoded.diagnostics))")
        let written = try #require(decoded.pattern).parameterCurves
        #expect(written.map(\.time) == [1, 2.5, 4])
        #expect(written[1].controlPoints.map(\.time) == (0..<16).map { (Double($0) * 1000).rounded() / 10_000 })
        #expect(written[2].controlPoints.map(\.time) == (0..<10).map { (Double($0) * 1000).rounded() / 10_000 })
        #expect(written[2].controlPoints.map(\.value) == (30..<40).map { Double($0) / 40 })
    }

    @Test("curve splitting: edge sizes")
    func curveSplitSizes() {
        func sizes(_ n: Int, _ limit: Int = 16) -> [Int] {
            let curve = AHAPParameterCurve(id: "HapticSharpnessControl", time: 0, controlPoints: (0..<n).map { .init(time: Double($0), value: 0) })
            return curve.split(maximumPoints: limit).map(\.controlPoints.count)
        }
        #expect(sizes(16) == [16])
        #expect(sizes(17) == [16, 2])
        #expect(sizes(31) == [16, 16])
        #expect(sizes(32) == [16, 16, 2])
        #expect(sizes(5, 2) == [2, 2, 2, 2])
        #expect(sizes(0) == [0])
    }

    @Test("the same pattern always gives the same bytes")
    func deterministic() {
        let pattern = HapticPattern(
            events: (0..<50).map { (k: Int) -> HapticEvent in
                let time = Double(k) * 0.037
                if k % 3 == 0 {
                    return .continuous(at: time, duration: 0.021 * Double(k % 5 + 1), intensity: Double(k % 7) / 6, sharpness: Double(k % 4) / 3)
                }
                return .transient(at: time, intensity: Double(k % 5) / 4, sharpness: Double(k % 6) / 5)
            })
        let a = AHAPEncoder().encode(pattern), b = AHAPEncoder().encode(pattern)
        #expect(a == b)
        let decoded = decodeAHAP(a)
        #expect(decoded.errors.isEmpty, "\(listing(decoded.errors))")
        #expect(AHAPEncoder().encode(decoded.pattern!) == a)
    }
}
