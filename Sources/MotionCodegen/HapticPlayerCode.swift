// MARK: - HapticPlayerCode

/// The Core Haptics player a generated modifier keeps (`HeartPulseHaptics`): it starts the
/// engine on first use, loads `CHHapticPattern(contentsOf:)` from the AHAP file in its `bundle`
/// (`.main` unless the app sets it, `.module` where the export build plugin bundles the file) and
/// starts it (`playPattern()`, which the Swift reader takes for a Core Haptics pattern); when haptics are unavailable or the engine cannot start it does
/// nothing, as Apple advises (the app works the same without haptics). Where Reduce Motion plays
/// another pattern (`HapticCode.Playback.branches`), `playPattern(reduceMotion:)` plays the
/// file of the setting, each loaded on its first use.
enum HapticPlayerCode {
    /// Writes the player class `name` for `playback`; a looping one plays in a loop of the
    /// animation's cycle (an advanced player) until `stop()`.
    static func write(_ w: inout SourceWriter, name: String, playback p: HapticCode.Playback) {
        let files = [p.file, p.reducedFile].compactMap { $0 }
        if files.count == 1 {
            w.line("/// Plays `\(SwiftLiteral.comment(files[0]))` from `bundle`: the MotionSyncExport build plugin")
            w.line("/// writes it into the target's resources (set `bundle = .module`); or write it with")
            w.line("/// `motionsync export --format ahap` and add it to the app target (`.main`).")
        } else {
            let text =
                "Plays `\(files[0])`, and with Reduce Motion on `\(files[1])`, from `bundle`: the MotionSyncExport "
                + "build plugin writes them into the target's resources (set `bundle = .module`); or write them with "
                + "`motionsync export --format ahap` and add them to the app target (`.main`)."
            for line in UIKitCodegen.wrap(text, width: 96) { w.line("/// " + line) }
        }
        w.line("@MainActor")
        w.block("final class \(name) {") { w in
            w.line("/// The bundle holding the AHAP file\(files.count == 1 ? "" : "s").")
            w.line("static var bundle = Bundle.main")
            w.line("")
            w.line("private var engine: CHHapticEngine?")
            let playerType = p.looping ? "CHHapticAdvancedPatternPlayer" : "CHHapticPatternPlayer"
            if files.count == 2 {
                w.line("/// The pattern's resource name, and the one played with Reduce Motion on.")
                w.line("static let resource = \(SwiftLiteral.string(resource(files[0])))")
                w.line("static let reducedResource = \(SwiftLiteral.string(resource(files[1])))")
                w.line("/// The player of each pattern (by resource name), made on its first use.")
                w.line("private var players: [String: \(playerType)] = [:]")
            } else {
                w.line("private var player: \(playerType)?")
            }
            w.line("")
            if p.branches {
                w.line("/// Starts the pattern of the Reduce Motion setting; does nothing when the device has no")
                w.line("/// haptics or the engine fails.")
                w.block("func playPattern(reduceMotion: Bool) {") { w in
                    if files.count == 2 {
                        writeTwoFileBody(&w, playback: p)
                    } else {
                        // One of the two plays nothing: its events marked motion that does not play then.
                        w.line(
                            p.file == nil
                                ? "if !reduceMotion { return }  // the motion as written has no haptic event"
                                : "if reduceMotion { return }  // what plays with Reduce Motion on has no haptic moment")
                        writeOneFileBody(&w, file: files[0], loop: p.looping ? p.cycle : nil)
                    }
                }
            } else {
                w.line("/// Starts the pattern; does nothing when the device has no haptics or the engine fails.")
                w.block("func playPattern() {") { w in writeOneFileBody(&w, file: files.first ?? "", loop: p.looping ? p.cycle : nil) }
            }
            w.line("")
            w.line("/// Stops the pattern.")
            w.block("func stop() {") { w in
                w.line(
                    files.count == 2
                        ? "for player in players.values { try? player.stop(atTime: CHHapticTimeImmediate) }"
                        : "try? player?.stop(atTime: CHHapticTimeImmediate)")
            }
        }
    }

    /// The resource name of an AHAP file (its name without `.ahap`).
    static func resource(_ file: String) -> String { file.hasSuffix(".ahap") ? String(file.dropLast(5)) : file }

    /// `playPattern`'s body for one file: the engine and player made on first use, then started.
    static func writeOneFileBody(_ w: inout SourceWriter, file: String, loop: Double?) {
        w.block("do {", close: "} catch {") { w in
            w.block("if player == nil {") { w in
                w.line("guard CHHapticEngine.capabilitiesForHardware().supportsHaptics,")
                w.line("  let url = Self.bundle.url(")
                w.line("    forResource: \(SwiftLiteral.string(resource(file))), withExtension: \"ahap\")")
                w.line("else { return }")
                w.line("let engine = try CHHapticEngine()")
                w.line("engine.resetHandler = { [weak self] in self?.player = nil }")
                w.line("try engine.start()")
                w.line("let pattern = try CHHapticPattern(contentsOf: url)")
                if let loop {
                    w.line("let player = try engine.makeAdvancedPlayer(with: pattern)")
                    w.line("player.loopEnabled = true")
                    w.line("player.loopEnd = \(SwiftLiteral.number((loop * 1e6).rounded() / 1e6))  // the animation's cycle, s")
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

    /// `playPattern(reduceMotion:)`'s body for two files: one engine, a player per file.
    static func writeTwoFileBody(_ w: inout SourceWriter, playback p: HapticCode.Playback) {
        w.line("let name = reduceMotion ? Self.reducedResource : Self.resource")
        w.block("do {", close: "} catch {") { w in
            w.block("if players[name] == nil {") { w in
                w.line("guard CHHapticEngine.capabilitiesForHardware().supportsHaptics,")
                w.line("  let url = Self.bundle.url(forResource: name, withExtension: \"ahap\")")
                w.line("else { return }")
                w.block("if engine == nil {") { w in
                    w.line("let engine = try CHHapticEngine()")
                    w.block("engine.resetHandler = { [weak self] in") { w in
                        w.line("self?.players = [:]")
                        w.line("try? self?.engine?.start()")
                    }
                    w.line("try engine.start()")
                    w.line("self.engine = engine")
                }
                w.line("let pattern = try CHHapticPattern(contentsOf: url)")
                if p.looping {
                    w.line("let player = try engine?.makeAdvancedPlayer(with: pattern)")
                    w.line("player?.loopEnabled = true")
                    w.line("player?.loopEnd = \(SwiftLiteral.number((p.cycle * 1e6).rounded() / 1e6))  // the animation's cycle, s")
                    w.line("players[name] = player")
                } else {
                    w.line("players[name] = try engine?.makePlayer(with: pattern)")
                }
            }
            w.line("try players[name]?.start(atTime: CHHapticTimeImmediate)")
        }
        w.indented { w in
            w.line("// No haptics: the animation plays on without them, as Apple advises.")
            w.line("players[name] = nil")
        }
        w.line("}")
    }
}
