import Foundation
import MotionCore
import MotionHaptics
import MotionJSON
import MotionPipeline
import MotionStore

// MARK: - ExportCommand

/// `motionsync export [--screen S] --out DIR [--format …] [--force]`.
public struct ExportCommand: Command {
    public static let name = "export"
    public static let summary = "write one haptic pattern file per stored animation into a folder"
    public static let help = """
    USAGE
      motionsync export --out DIR [--screen S] [--format ahap|android-waveform|android-composition|haptic|plan] [--force]

    Writes the haptic pattern of every live animation in the store (or of one screen) into DIR,
    one file per animation, named SCREEN--ID.EXT with anything but letters, digits, '.', '_'
    and '-' replaced (an id like ../../x cannot leave DIR); a changed name, and two names
    that differ only in case (one file on macOS), get a short hash of the original so no two
    animations share a file. DIR keeps a manifest of the files motionsync wrote
    (.motionsync-export.json): those are overwritten when they change; a file motionsync did
    not write, or one edited since, is left alone unless --force. A full export (no --screen)
    deletes the files it wrote earlier for animations no longer in the store, unless edited
    since. The manifest is saved even when a write fails part-way.

    OPTIONS
      --out DIR    the folder (created when missing)
      --screen S   only this screen
      --format F   ahap (default), android-waveform, android-composition, haptic, plan
      --force      overwrite files motionsync did not write
    \(AnalysisFlags.help)

    Exit code 0 when every file was written, 2 when some were left alone (listed on stderr).

    EXAMPLES
      motionsync export --out Haptics/
      motionsync export --screen Checkout --out android/ --format android-waveform
    """

    static let manifestName = ".motionsync-export.json"

    let out: String
    let screen: String?
    let format: HapticOutput
    let force: Bool
    let options: AnalysisOptions
    let globals: GlobalOptions

    public init(arguments: inout ArgumentList, globals: GlobalOptions) throws {
        self.globals = globals
        guard let out = try arguments.option("out") else { throw CLIError.usage("--out DIR is required", hint: "write motionsync export --out Haptics/") }
        self.out = out
        screen = try arguments.option("screen")
        format = try HapticOutput.parse(try arguments.option("format") ?? "ahap")
        force = arguments.flag("force")
        options = try AnalysisFlags.parse(&arguments)
        try arguments.finish()
    }

    public func run(io: CommandIO) throws -> Int32 {
        var store = try StoreAccess.open(globals, io: io)
        try ScreenScope.check(screen, in: store)
        // With the standard analysis options the plans stored at import are written as they are
        // (brought up to date first when an older analysis made them and the store can be
        // written); any other options plan anew.
        var storedPlans: [String: String] = [:]
        if options == .standard {
            let current: Bool
            (store, current) = try StoredFigures.upToDate(store, screen: screen, globals: globals, io: io)
            if current { storedPlans = (try? store.storedPlans(screen: screen, version: StoredFigures.analysisVersion)) ?? [:] }
        }
        let rows: [InventoryRow]
        do { rows = try store.inventory(InventoryFilter(screen: screen)) } catch let error as StoreError { throw CLIError.store(place: store.path, why: error.description) }
        if rows.isEmpty {
            throw CLIError.rejected(what: "nothing to export", place: store.path, why: screen.map { "no live animation on screen \($0)" } ?? "the store is empty; import specs first")
        }
        let folder = URL(fileURLWithPath: io.resolve(path: out)).standardizedFileURL
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw CLIError.rejected(what: "cannot create the folder", place: out, why: error.localizedDescription)
        }
        var manifest = Self.readManifest(folder)
        var refused: [String] = []
        var written = 0, unchanged = 0, removed = 0
        var produced: Set<String> = []
        var taken: Set<String> = []
        // Saved on every way out, so files written before a failure stay known.
        defer { try? Self.writeManifest(manifest, folder) }
        for row in rows {
            let plan: HapticPlan
            if let text = storedPlans[row.screen + "/" + row.id], let stored = StoredFigures.plan(from: text) {
                plan = stored
            } else {
                let found: StoredAnimation?
                do { found = try store.animation(screen: row.screen, id: row.id) } catch let error as StoreError {
                    throw CLIError.store(place: store.path, why: error.description)
                }
                guard let stored = found else { continue }
                let animation = ResolvedAnimation(screen: stored.screen, spec: stored.spec, source: stored.source)
                plan = try AnimationFigures(animation, options: options).plan(for: animation)
            }
            let text = format.render(plan, screen: row.screen, id: row.id)
            var name = SafeFileName.make(screen: row.screen, id: row.id, extension: format.fileExtension)
            if taken.contains(name.lowercased()) {
                let stem = String(name.dropLast(format.fileExtension.count + 1))
                name = stem + "-" + String(SHA256.hex("\(row.screen)\u{0}\(row.id)").prefix(8)) + "." + format.fileExtension
            }
            taken.insert(name.lowercased())
            produced.insert(name)
            let file = folder.appendingPathComponent(name)
            guard file.deletingLastPathComponent().standardizedFileURL.path == folder.path else {
                refused.append("\(name): would leave \(out)")
                continue
            }
            if let existing = FileManager.default.contents(atPath: file.path) {
                let hash = SHA256.hex([UInt8](existing))
                if hash == SHA256.hex(text) { unchanged += 1; manifest[name] = hash; continue }
                if !force && manifest[name] != hash {
                    refused.append("\(name): exists and was not written by motionsync (or was edited since); --force overwrites it")
                    continue
                }
            }
            do { try Data(text.utf8).write(to: file, options: .atomic) } catch {
                throw CLIError.rejected(what: "cannot write", place: file.path, why: error.localizedDescription)
            }
            manifest[name] = SHA256.hex(text)
            written += 1
            io.note("wrote \((out as NSString).appendingPathComponent(name))")
        }
        // Files written earlier for animations that are gone (a full export only).
        if screen == nil {
            for (name, hash) in manifest.sorted(by: { $0.key < $1.key }) where !produced.contains(name) && name.hasSuffix("." + format.fileExtension) {
                let file = folder.appendingPathComponent(name)
                guard let existing = FileManager.default.contents(atPath: file.path) else { manifest[name] = nil; continue }
                guard SHA256.hex([UInt8](existing)) == hash else {
                    refused.append("\(name): its animation is gone, but the file was edited since; delete it yourself")
                    manifest[name] = nil
                    continue
                }
                do { try FileManager.default.removeItem(at: file) } catch {
                    throw CLIError.rejected(what: "cannot remove", place: file.path, why: error.localizedDescription)
                }
                manifest[name] = nil
                removed += 1
                io.note("removed \((out as NSString).appendingPathComponent(name)) (its animation is gone)")
            }
        }
        try Self.writeManifest(manifest, folder)
        io.line("\(rows.count) animation\(rows.count == 1 ? "" : "s"): \(written) written, \(unchanged) unchanged, \(removed) removed, \(refused.count) left alone")
        for line in refused { io.err("motionsync: not overwritten (\(out)): \(line)") }
        return refused.isEmpty ? 0 : 2
    }

    static func readManifest(_ folder: URL) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(manifestName).path),
              let value = try? JSONParser().parse([UInt8](data)).value, let files = value["files"]?.objectValue else { return [:] }
        var result: [String: String] = [:]
        for (name, hash) in files { if let h = hash.stringValue { result[name] = h } }
        return result
    }

    static func writeManifest(_ manifest: [String: String], _ folder: URL) throws {
        let files = JSONObject(manifest.keys.sorted().map { ($0, JSONValue.string(manifest[$0]!)) })
        let text = JSONWriter().string(.object(JSONObject([("comment", "Files written by motionsync export, with their SHA-256; others are not overwritten without --force."), ("files", .object(files))])))
        let file = folder.appendingPathComponent(manifestName)
        do { try Data(text.utf8).write(to: file, options: .atomic) } catch {
            // The atomic write needs room for a second copy; in place needs none beyond the
            // manifest's own size (a nearly full disk), so the record of what was written survives.
            do { try Data(text.utf8).write(to: file) } catch {
                throw CLIError.rejected(what: "cannot write the manifest", place: folder.path, why: error.localizedDescription)
            }
        }
    }
}
