// MARK: - HapticPlayerCode

/// The Core Haptics player a generated modifier keeps (`HeartPulseHaptics`): it starts the
/// engine on first use, loads `CHHapticPattern(contentsOf:)` from the AHAP file in its `bundle`
/// (`.main` unless the app sets it, `.module` where the export build plugin bundles the file) and
/// starts it (`playPattern()`, which the Swift reader takes for a Core Haptics pattern); when haptics are unavailable or the engine cannot start it does
/// nothing, as Apple advises (the app works the same without haptics).
enum HapticPlayerCode {
    /// Writes the player class `name` for `file` (`Feed--heart-pulse.ahap`); with `loop` (the
    /// animation's cycle, s) it plays in a loop of that length (an advanced player) until `stop()`.
    static func write(_ w: inout SourceWriter, name: String, file: String, loop: Double?) {
        let looping = loop != nil
        let base = file.hasSuffix(".ahap") ? String(file.dropLast(5)) : file
        w.line("/// Plays `\(SwiftLiteral.comment(file))` from `bundle`: the MotionSyncExport build plugin")
        w.line("/// writes it into the target's resources (set `bundle = .module`); or write it with")
        w.line("/// `motionsync export --format ahap` and add it to the app target (`.main`).")
        w.line("@MainActor")
        w.block("final class \(name) {") { w in
            w.line("/// The bundle holding the AHAP file.")
            w.line("static var bundle = Bundle.main")
            w.line("")
            w.line("private var engine: CHHapticEngine?")
            w.line(looping ? "private var player: CHHapticAdvancedPatternPlayer?" : "private var player: CHHapticPatternPlayer?")
            w.line("")
            w.line("/// Starts the pattern; does nothing when the device has no haptics or the engine fails.")
            w.block("func playPattern() {") { w in
                w.block("do {", close: "} catch {") { w in
                    w.block("if player == nil {") { w in
                        w.line("guard CHHapticEngine.capabilitiesForHardware().supportsHaptics,")
                        w.line("  let url = Self.bundle.url(")
                        w.line("    forResource: \(SwiftLiteral.string(base)), withExtension: \"ahap\")")
                        w.line("else { return }")
                        w.line("let engine = try CHHapticEngine()")
                        w.line("engine.resetHandler = { [weak self] in self?.player = nil }")
                        w.line("try engine.start()")
                        w.line("let pattern = try CHHapticPattern(contentsOf: url)")
                        if looping {
                            w.line("let player = try engine.makeAdvancedPlayer(with: pattern)")
                            w.line("player.loopEnabled = true")
                            w.line("player.loopEnd = \(SwiftLiteral.number(((loop ?? 0) * 1e6).rounded() / 1e6))  // the animation's cycle, s")
                            w.line("self.player = player")
                        } else {
                            w.line("player = try engine.makePlayer(with: pattern)")
                        }
                        w.line("self.engine = engine")
                    }
                    w.line("try player?.start(atTime: CHHapticTimeImmediate)")
                }
                w.indented { w in
                    w.line("// No haptics: the animation plays on without them, as Apple advises.")
                    w.line("player = nil")
                }
                w.line("}")
            }
            w.line("")
            w.line("/// Stops the pattern.")
            w.block("func stop() {") { w in
                w.line("try? player?.stop(atTime: CHHapticTimeImmediate)")
            }
        }
    }
}
