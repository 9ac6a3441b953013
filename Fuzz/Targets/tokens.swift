import MotionCore
import MotionFormats

/// The design-token decoder, then a spec whose keyframe and phase use every token it yielded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokens(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let result = DesignTokenDecoder().decode(bytes: FuzzSupport.bytes(data, size), file: "tokens.json")
    guard let tokens = result.tokens else { return 0 }
    for name in tokens.names.prefix(8) {
        let spec = """
            {"specVersion": 1, "screen": "T", "animations": [
              {"id": "k", "kind": "keyframes", "trigger": "tap", "tracks": {"x": [
                {"type": "spring", "to": 1, "spring": "{\(name)}"}, {"type": "linear", "to": 0, "duration": "{\(name)}", "curve": "{\(name)}"}]}},
              {"id": "p", "kind": "phases", "trigger": "repeating", "phases": [
                {"name": "a", "values": {"x": 0}}, {"name": "b", "values": {"x": 1}, "animation": "{\(name)}"}]}]}
            """
        if let decoded = SpecDecoder(tokens: tokens).decode(bytes: Array(spec.utf8), file: "uses.json").spec { FuzzPipeline.exercise(decoded) }
    }
    return 0
}
