import MotionCore
import MotionFormats

/// The stored-figures path on what a store hands back: keyframes rebuilt from raw columns (as
/// `MotionStore` rebuilds a revision: a spring as angular frequency, damping ratio and mass, any
/// numbers a damaged or edited store may hold), checked as the store checks them, then the
/// timeline, analysis, haptic plan and encodings the figures are computed from. A spring the
/// store would refuse must also be refused by the core; whatever is accepted must finish.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStoredFigures(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = FuzzSupport.bytes(data, size)
    var reader = FuzzColumns(bytes)
    var keyframes: [Keyframe] = []
    var storeRefuses = false
    while keyframes.count < 64, let kind = reader.byte() {
        let to = reader.double(), duration = reader.double()
        switch kind % 4 {
        case 0: keyframes.append(.move(to: to))
        case 1: keyframes.append(.linear(to: to, duration: duration, curve: .easeInOut))
        case 2: keyframes.append(.cubic(to: to, duration: duration, startVelocity: nil, endVelocity: nil))
        default:
            let spring = Spring(angularFrequency: reader.double(), dampingRatio: reader.double(), mass: reader.double())
            // `MotionStore.storedSpring`'s rule: a positive finite frequency and mass, a damping ratio ≥ 0.
            if !(spring.angularFrequency.isFinite && spring.angularFrequency > 0 && spring.dampingRatio.isFinite && spring.dampingRatio >= 0
                && spring.mass.isFinite && spring.mass > 0)
            {
                storeRefuses = true
            }
            keyframes.append(.spring(to: to, duration: kind & 4 == 0 ? duration : nil, spring: spring, startVelocity: nil))
        }
    }
    let track = KeyframeTrack(property: "x", keyframes: keyframes)
    let spec = MotionSpec(
        specVersion: 1, screen: "Fuzz",
        animations: [
            AnimationSpec(id: "a", trigger: .tap, motion: .keyframes(initial: [NamedValue("x", 0)], tracks: [track], repeating: false))
        ])
    if storeRefuses, (try? spec.animations[0].timeline()) != nil,
        keyframes.contains(where: { if case .spring(_, _, let s, _) = $0 { return !(s.dampingRatio >= 0) } else { return false } })
    {
        fatalError("the core built a timeline with a negative or non-number damping ratio")
    }
    FuzzPipeline.exercise(spec)
    return 0
}

/// Little-endian doubles and bytes read off the fuzzer's input, 0 past its end.
struct FuzzColumns {
    let bytes: [UInt8]
    var at = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func byte() -> UInt8? {
        guard at < bytes.count else { return nil }
        at += 1
        return bytes[at - 1]
    }

    mutating func double() -> Double {
        var raw: UInt64 = 0
        for j in 0..<8 where at + j < bytes.count { raw |= UInt64(bytes[at + j]) << (8 * j) }
        at += 8
        return Double(bitPattern: raw)
    }
}
