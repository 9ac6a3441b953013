import MotionCore
import MotionFormats
import MotionPipeline
import MotionStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - DemoCommand

/// `motionsync demo`: what a newcomer runs first, on the example specs carried in the binary.
public struct DemoCommand: Command {
    public static let name = "demo"
    public static let summary = "run the whole pipeline on the bundled example specs, in a fresh store"
    public static let help = """
        USAGE
          motionsync demo [--keep DIR]

        Writes the example specs that ship inside motionsync (the files of Specs/) to a temporary
        folder, imports them into a fresh store there, and prints what each step finds: the import
        report, the inventory per screen (with peaks, holds and haptic events), the heart pulse
        sampled every 20 ms with its peaks (its written "hold" is not flat), the haptic plan of the
        add-to-cart bump, and every animation's budget verdict. Your own store (--db) is not touched.

        OPTIONS
          --keep DIR   keep the demo's specs and store in DIR (created) instead of a temporary folder

        EXAMPLE
          motionsync demo
          motionsync demo --keep /tmp/demo && motionsync inventory --db /tmp/demo/motionsync.sqlite
        """

    public let keep: String?

    public init(arguments: inout ArgumentList, globals: GlobalOptions) throws {
        keep = try arguments.option("keep")
        try arguments.finish()
    }

    public func run(io: CommandIO) throws -> Int32 {
        let fm = FileManager.default
        let folder = keep.map { io.resolve(path: $0) } ?? fm.temporaryDirectory.appendingPathComponent("motionsync-demo-\(UUID().uuidString)").path
        let specsFolder = PathText.appending("Specs", to: folder)
        do {
            try fm.createDirectory(atPath: specsFolder, withIntermediateDirectories: true)
            for file in BundledSpecs.files {
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: PathText.appending(file.name, to: specsFolder)))
            }
        } catch {
            throw CLIError.rejected(what: "cannot write the demo files", place: folder, why: "\(ErrorText.describing(error))")
        }
        defer { if keep == nil { try? fm.removeItem(atPath: folder) } }

        let demoIO = CommandIO(
            stdout: { io.out($0) }, stderr: { io.err($0, newline: false) }, stderrIsTerminal: false,
            environment: io.environment, currentDirectory: folder)
        let globals = GlobalOptions(database: PathText.appending("motionsync.sqlite", to: folder))

        io.line("== motionsync import Specs/   (the \(BundledSpecs.files.count) example specs bundled in the binary, into a fresh store)")
        var importArgs = ArgumentList(["Specs/"])
        let code = try ImportCommand(arguments: &importArgs, globals: globals).run(io: demoIO)
        guard code == 0 else { return code }

        io.line()
        io.line("== motionsync inventory")
        var inventoryArgs = ArgumentList([])
        _ = try InventoryCommand(arguments: &inventoryArgs, globals: globals).run(io: demoIO)

        io.line()
        io.line(
            "== motionsync sample Feed/heart-pulse --fps 50   (the \"hold\" at 0.18–0.24 s bulges above 1.28: it is a Catmull-Rom cubic between two springs)"
        )
        var sampleArgs = ArgumentList(["Feed/heart-pulse", "--fps", "50"])
        _ = try SampleCommand(arguments: &sampleArgs, globals: globals).run(io: demoIO)

        io.line()
        io.line("== motionsync peaks Feed/heart-pulse   (where it really peaks, and whether the written hold is flat)")
        var peaksArgs = ArgumentList(["Feed/heart-pulse"])
        _ = try PeaksCommand(arguments: &peaksArgs, globals: globals).run(io: demoIO)

        io.line()
        io.line("== motionsync haptics Checkout/add-to-cart-bump --format plan   (events on the peaks, with the moments they stand on)")
        var hapticsArgs = ArgumentList(["Checkout/add-to-cart-bump", "--format", "plan"])
        _ = try HapticsCommand(arguments: &hapticsArgs, globals: globals).run(io: demoIO)
        io.line()
        io.line("== motionsync budget --rules   (every rule: what it checks, its limit, its source)")
        var rulesArgs = ArgumentList(["--rules"])
        _ = try BudgetCommand(arguments: &rulesArgs, globals: globals).run(io: demoIO)
        io.line()
        io.line("== motionsync budget   (each animation's verdict, with the figures that missed)")
        var budgetArgs = ArgumentList([])
        _ = try BudgetCommand(arguments: &budgetArgs, globals: globals).run(io: demoIO)
        if keep != nil { io.line("\nKept in \(folder)") }
        return 0
    }

    /// The bundled example specs, decoded (`BundledSpecs.decoded()`).
    /// - Throws: `CLIError.rejectedFile` if a bundled file does not decode (a build defect).
    public static func bundledSpecs() throws -> [MotionSpec] {
        try BundledSpecs.decoded()
    }
}
