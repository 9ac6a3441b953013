import MotionCore
import MotionFormats

// MARK: - DemoCommand

/// `motionsync demo`: what a newcomer runs first, on the example specs carried in the binary.
public struct DemoCommand: Command {
    public static let name = "demo"
    public static let summary = "run the whole pipeline on the bundled example specs"
    public static let help = """
    USAGE
      motionsync demo

    Decodes the example specs that ship inside motionsync (the files of Specs/), builds every
    animation's timeline the way SwiftUI computes it, and prints the inventory: screen, id,
    kind, trigger, duration and properties, then the heart pulse sampled every 20 ms.

    EXAMPLE
      motionsync demo
    """

    public init(arguments: inout ArgumentList, globals: GlobalOptions) throws {
        try arguments.finish()
    }

    public func run(io: CommandIO) throws -> Int32 {
        let specs = try Self.bundledSpecs()
        let rows = try specs.flatMap { spec in
            try spec.animations.map { a -> [String] in
                let timeline = try a.timeline()
                return [spec.screen, a.id, a.kind, a.trigger.description, Self.milliseconds(timeline.duration) + (timeline.isRepeating ? " loop" : ""),
                        timeline.properties.joined(separator: " ")]
            }
        }
        io.line("motionsync demo: \(rows.count) animations on \(specs.count) screens, from the example specs bundled in the binary")
        io.line()
        io.out(TextTable(header: ["SCREEN", "ID", "KIND", "TRIGGER", "DURATION", "PROPERTIES"], rows: rows).render())
        if let feed = specs.first(where: { $0.screen == "Feed" }), let heart = feed.animation(id: "heart-pulse") {
            let timeline = try heart.timeline()
            io.line()
            io.line("Feed/heart-pulse sampled every 20 ms (motionsync sample Specs/Feed.json#heart-pulse):")
            io.out(TimelineTable(timeline: timeline, times: SampleGrid.times(duration: timeline.duration, fps: 50)).csv())
        }
        return 0
    }

    /// The bundled example specs, decoded.
    /// - Throws: `CLIError.rejectedFile` if a bundled file does not decode (a build defect).
    public static func bundledSpecs() throws -> [MotionSpec] {
        try BundledSpecs.files.map { file in
            let result = SpecDecoder().decode(bytes: Array(file.text.utf8), file: "(bundled) Specs/\(file.name)")
            guard let spec = result.spec else { throw CLIError.rejectedFile(result.errors) }
            return spec
        }
    }

    static func milliseconds(_ seconds: Double) -> String {
        "\(Int((seconds * 1000).rounded())) ms"
    }
}
