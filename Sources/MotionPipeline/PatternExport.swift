import MotionCore
import MotionHaptics
import MotionJSON
import MotionStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - PatternExport

/// Writes one haptic pattern file per animation into a folder (what `motionsync export` does):
/// the live animations of a store (or of one screen), or every animation of some spec files read
/// directly (nothing stored; how the build-tool plugin exports a target's specs).
///
/// Files are named by ``SafeFileName`` (`SCREEN--ID.EXT`); two names that differ only in case get
/// 8 hex digits of the SHA-256 of `SCREEN\0ID`. The folder keeps a manifest
/// (`.motionsync-export.json`) of the files written and their SHA-256: a file not written by
/// motionsync, or edited since, is left alone unless `force`; a full export (no `screen`) deletes
/// the files it wrote earlier for animations that are gone. An animation without haptic events
/// gets no pattern file (an empty pattern plays nothing, and `check-ahap` rejects it), unless
/// `includeEmpty` (the build-tool plugin names its outputs before it knows the plans); the plan
/// format, which is not a pattern, is always written.
public struct PatternExport {
    /// The manifest's file name inside the folder.
    public static let manifestName = ".motionsync-export.json"

    /// The folder (relative paths against the IO's current directory); created when missing.
    public var out: String
    /// Only this screen of the store (nil: all).
    public var screen: String?
    /// Spec files to export instead of the store (empty: the store).
    public var files: [String]
    /// The pattern format.
    public var format: HapticOutput
    /// Overwrite files motionsync did not write.
    public var force: Bool
    /// Also write the (empty) pattern of an animation without haptic events.
    public var includeEmpty: Bool
    /// Analysis thresholds; with `.standard` the plans stored at import are written as they are.
    public var options: AnalysisOptions
    /// Where the store is.
    public var globals: GlobalOptions

    public init(
        out: String, screen: String? = nil, files: [String] = [], format: HapticOutput = .ahap, force: Bool = false,
        includeEmpty: Bool = false, options: AnalysisOptions = .standard, globals: GlobalOptions = GlobalOptions()
    ) {
        self.out = out
        self.screen = screen
        self.files = files
        self.format = format
        self.force = force
        self.includeEmpty = includeEmpty
        self.options = options
        self.globals = globals
    }

    // MARK: Summary

    /// What an export did.
    public struct Summary: Equatable, Sendable {
        /// Animations in scope.
        public var animations = 0
        /// Files written (new or changed).
        public var written = 0
        /// Files that already held the same bytes.
        public var unchanged = 0
        /// Animations without haptic events, so without a file (`SCREEN/ID`).
        public var withoutEvents: [String] = []
        /// Files of animations that are gone, deleted.
        public var removed = 0
        /// Files left alone, each with why (`NAME: exists and was not written by motionsync …`).
        public var leftAlone: [String] = []
        /// The names of the files this export produced, in order.
        public var produced: [String] = []

        /// The command's summary line (`14 animations: 14 written, 0 unchanged, 0 removed, 0 left alone`;
        /// `…, 2 without haptic events (no file)` after it when there are such animations).
        public var line: String {
            "\(animations) animation\(animations == 1 ? "" : "s"): \(written) written, \(unchanged) unchanged, \(removed) removed, \(leftAlone.count) left alone"
                + (withoutEvents.isEmpty ? "" : ", \(withoutEvents.count) without haptic events (no file)")
        }
    }

    // MARK: Plans

    /// One animation to write: its names and its plan, and when it has one (`SafeFileName
    /// .hasReducedMotionPattern`), how to plan its Reduce Motion pattern from its own plan.
    struct Item {
        let screen: String
        let id: String
        let plan: () throws -> HapticPlan
        var reduced: ((HapticPlan) throws -> HapticPlan)? = nil
    }

    /// The Reduce Motion plan of `animation` (`HapticPlanner.reducedMotionPlan`; the full plan
    /// when Reduce Motion plays it as written), for the formats generated code loads (AHAP);
    /// nil when no Reduce Motion file is written for it.
    func reducedPlanner(_ reduceMotion: String?, spec: @escaping () throws -> AnimationSpec) -> ((HapticPlan) throws -> HapticPlan)? {
        guard format == .ahap, SafeFileName.hasReducedMotionPattern(reduceMotion) else { return nil }
        return { [options] full in try HapticPlanner().reducedMotionPlan(for: spec(), full: full, options: options) ?? full }
    }

    /// The animations of the spec files, sorted by screen then id (the store's order).
    func fileItems(io: CommandIO) throws -> [Item] {
        let resolver = AnimationResolver(io: io, globals: globals)
        var items: [Item] = []
        for path in files {
            let spec = try resolver.loadSpec(path)
            for animation in spec.animations {
                let resolved = ResolvedAnimation(screen: spec.screen, spec: animation, source: path)
                items.append(
                    Item(
                        screen: spec.screen, id: animation.id,
                        plan: { [options] in try AnimationFigures(resolved, options: options).plan(for: resolved) },
                        reduced: reducedPlanner(animation.reduceMotion?.rawValue) { animation }))
            }
        }
        guard !items.isEmpty else {
            throw CLIError.rejected(what: "nothing to export", place: files.joined(separator: " "), why: "the files hold no animations")
        }
        return items.sorted { ($0.screen, $0.id) < ($1.screen, $1.id) }
    }

    /// The live animations of the store in scope, with their stored plans when current.
    func storeItems(io: CommandIO) throws -> [Item] {
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
        do { rows = try store.inventory(InventoryFilter(screen: screen)) } catch let error as StoreError {
            throw CLIError.store(place: store.path, why: error.description)
        }
        if rows.isEmpty {
            throw CLIError.rejected(
                what: "nothing to export", place: store.path,
                why: screen.map { "no live animation on screen \($0)" } ?? "the store is empty; import specs first")
        }
        let opened = store
        return rows.map { row in
            Item(
                screen: row.screen, id: row.id,
                plan: { [options] in
                    if let text = storedPlans[row.screen + "/" + row.id], let stored = StoredFigures.plan(from: text) { return stored }
                    let stored = try Self.stored(row, in: opened)
                    let animation = ResolvedAnimation(screen: stored.screen, spec: stored.spec, source: stored.source)
                    return try AnimationFigures(animation, options: options).plan(for: animation)
                }, reduced: reducedPlanner(row.reduceMotion) { try Self.stored(row, in: opened).spec })
        }
    }

    /// The stored animation of `row`.
    /// - Throws: `CLIError` when the store fails or the animation has left it.
    static func stored(_ row: InventoryRow, in store: MotionStore) throws -> StoredAnimation {
        let found: StoredAnimation?
        do { found = try store.animation(screen: row.screen, id: row.id) } catch let error as StoreError {
            throw CLIError.store(place: store.path, why: error.description)
        }
        guard let stored = found else {
            throw CLIError.rejected(what: "no such animation", place: "\(row.screen)/\(row.id)", why: "it left the store during the export")
        }
        return stored
    }

    // MARK: Writing

    /// Writes the files; notes (`wrote …`, `removed …`) go to `io`.
    /// - Throws: `CLIError` (exit 2 for a rejected input or a folder that cannot be written, 3 for the store).
    public func run(io: CommandIO) throws -> Summary {
        let items = files.isEmpty ? try storeItems(io: io) : try fileItems(io: io)
        let folder = URL(fileURLWithPath: io.resolve(path: out)).standardizedFileURL
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw CLIError.rejected(what: "cannot create the folder", place: out, why: ErrorText.describing(error))
        }
        var manifest = Self.readManifest(folder)
        var summary = Summary(animations: items.count)
        var taken: Set<String> = []
        // Saved on every way out, so files written before a failure stay known.
        defer { try? Self.writeManifest(manifest, folder) }
        var emptyNames: Set<String> = []
        for item in items {
            let plan = try item.plan()
            let name = Self.fileName(screen: item.screen, id: item.id, format: format, taken: &taken)
            // The Reduce Motion pattern's name comes right after, as codegen and the plugin name it.
            let reducedName = item.reduced.map { _ in
                SafeFileName.make(
                    screen: item.screen, id: item.id, extension: SafeFileName.reducedMotionInfix + "." + format.fileExtension, taken: &taken)
            }
            if format.isEmptyPattern(plan) && !includeEmpty {
                summary.withoutEvents.append("\(item.screen)/\(item.id)")
                emptyNames.insert(name)
                io.note("no file for \(item.screen)/\(item.id): it has no haptic events (an empty pattern plays nothing)")
            } else {
                try write(
                    format.render(plan, screen: item.screen, id: item.id), name: name, into: folder, manifest: &manifest, summary: &summary, io: io)
            }
            if let reduced = item.reduced, let reducedName {
                // None when it has no event: the code plays nothing with Reduce Motion on.
                let reducedPlan = try reduced(plan)
                if format.isEmptyPattern(reducedPlan) && !includeEmpty {
                    emptyNames.insert(reducedName)
                } else {
                    try write(
                        format.render(reducedPlan, screen: item.screen, id: item.id), name: reducedName, into: folder, manifest: &manifest,
                        summary: &summary, io: io)
                }
            }
        }
        let produced = Set(summary.produced)
        // Files written earlier for animations that are gone (a full export only).
        if screen == nil {
            for (name, hash) in manifest.sorted(by: { $0.key < $1.key }) where !produced.contains(name) && name.hasSuffix("." + format.fileExtension)
            {
                let file = folder.appendingPathComponent(name)
                guard let existing = FileManager.default.contents(atPath: file.path) else {
                    manifest[name] = nil
                    continue
                }
                guard SHA256.hex([UInt8](existing)) == hash else {
                    summary.leftAlone.append("\(name): its animation is gone, but the file was edited since; delete it yourself")
                    manifest[name] = nil
                    continue
                }
                do { try FileManager.default.removeItem(at: file) } catch {
                    throw CLIError.rejected(what: "cannot remove", place: file.path, why: ErrorText.describing(error))
                }
                manifest[name] = nil
                summary.removed += 1
                io.note(
                    "removed \(PathText.appending(name, to: out)) (\(emptyNames.contains(name) ? "its animation has no haptic events now" : "its animation is gone"))"
                )
            }
        }
        try Self.writeManifest(manifest, folder)
        return summary
    }

    /// Writes `text` as `name` in `folder` unless it holds those bytes already, or a file
    /// motionsync did not write (or that was edited since) without `force`; counts it in `summary`.
    /// - Throws: `CLIError.rejected` when the file cannot be written.
    func write(_ text: String, name: String, into folder: URL, manifest: inout [String: String], summary: inout Summary, io: CommandIO) throws {
        summary.produced.append(name)
        let file = folder.appendingPathComponent(name)
        guard file.deletingLastPathComponent().standardizedFileURL.path == folder.path else {
            summary.leftAlone.append("\(name): would leave \(out)")
            return
        }
        if let existing = FileManager.default.contents(atPath: file.path) {
            let hash = SHA256.hex([UInt8](existing))
            if hash == SHA256.hex(text) {
                summary.unchanged += 1
                manifest[name] = hash
                return
            }
            if !force && manifest[name] != hash {
                summary.leftAlone.append("\(name): exists and was not written by motionsync (or was edited since); --force overwrites it")
                return
            }
        }
        do { try Data(text.utf8).write(to: file, options: .atomic) } catch {
            throw CLIError.rejected(what: "cannot write", place: file.path, why: ErrorText.describing(error))
        }
        manifest[name] = SHA256.hex(text)
        summary.written += 1
        io.note("wrote \(PathText.appending(name, to: out))")
    }

    /// The file name of `screen/id`: ``SafeFileName``, with a hash of `SCREEN\0ID` when a name
    /// already `taken` differs only in case (one file on macOS). Adds the name to `taken`.
    public static func fileName(screen: String, id: String, format: HapticOutput, taken: inout Set<String>) -> String {
        SafeFileName.make(screen: screen, id: id, extension: format.fileExtension, taken: &taken)
    }

    // MARK: Manifest

    /// The manifest in `folder`: file name → SHA-256 (hex); empty when missing or unreadable.
    public static func readManifest(_ folder: URL) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(manifestName).path),
            let value = try? JSONParser().parse([UInt8](data)).value, let files = value["files"]?.objectValue
        else { return [:] }
        var result: [String: String] = [:]
        for (name, hash) in files { if let h = hash.stringValue { result[name] = h } }
        return result
    }

    /// Writes the manifest into `folder`.
    /// - Throws: `CLIError.rejected` when it cannot be written.
    public static func writeManifest(_ manifest: [String: String], _ folder: URL) throws {
        let files = JSONObject(manifest.keys.sorted().map { ($0, JSONValue.string(manifest[$0]!)) })
        let text = JSONWriter().string(
            .object(
                JSONObject([
                    ("comment", "Files written by motionsync export, with their SHA-256; others are not overwritten without --force."),
                    ("files", .object(files)),
                ])))
        let file = folder.appendingPathComponent(manifestName)
        do { try Data(text.utf8).write(to: file, options: .atomic) } catch {
            // The atomic write needs room for a second copy; in place needs none beyond the
            // manifest's own size (a nearly full disk), so the record of what was written survives.
            do { try Data(text.utf8).write(to: file) } catch {
                throw CLIError.rejected(what: "cannot write the manifest", place: folder.path, why: ErrorText.describing(error))
            }
        }
    }
}
