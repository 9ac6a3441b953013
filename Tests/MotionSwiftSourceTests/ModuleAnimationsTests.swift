import Foundation
import MotionCore
import MotionSwiftSource
import Testing

/// Issue 48: an animation held in a `static let` of another file's type (a design system's
/// `DesignSystem.Animation.fast`, `extension Animation { static let snap = … }` used as `.snap`)
/// is read as its value, looked up as Swift looks it up; each checked against the same site
/// written with the value itself.
@Suite("animations kept in another file's static let")
struct ModuleAnimationsTests {
    static let designSystem = """
        import SwiftUI
        public enum DesignSystem {
            public enum Animation {
                public static let fast: SwiftUICore.Animation = .easeInOut(duration: 0.1)
                public static let `default`: SwiftUICore.Animation = .easeOut(duration: 0.3)
                static let bouncy = SwiftUI.Animation.spring(
                    response: 0.4,
                    dampingFraction: 0.6
                )
            }
        }
        public extension Animation {
            static let snap: Animation = .linear(duration: 0)
            static var computed: Animation { .default }
            static var fading: Animation {
                .easeInOut(duration: 0.2)
            }
            static func content() -> Animation {
                return Animation.easeInOut(duration: 1).delay(3)
            }
            static var twoSteps: Animation { let a: Animation = .easeIn(duration: 0.1); return a }
            static var getter: Animation { get { .easeIn(duration: 0.1) } }
            static func given(_ d: Double) -> Animation { .easeIn(duration: d) }
            static var changing: Animation = .easeIn(duration: 0.1)
            static let labelled: Animation = .easeIn(duration: 0.2) // a comment after it
            static let moving: Animation = .interpolatingSpring(stiffness: 350, damping: 50, initialVelocity: 10)
        }
        enum Toast { static let animation: Animation = .interpolatingSpring(stiffness: 350, damping: 50) }
        let spring = Animation.interpolatingSpring(stiffness: 300, damping: 30)
        private let hidden: Animation = .easeIn(duration: 0.5)
        enum Twice { static let a: Animation = .easeIn(duration: 0.1) }
        """
    static let otherModule = "enum Twice { static let a: Animation = .easeIn(duration: 0.3) }\n"

    static var table: SwiftModuleConstants {
        SwiftModuleConstants([designSystem, otherModule].map { SwiftFactsScan.facts(Array($0.utf8)) })
    }

    /// The one animation of a view whose `.animation(ANIMATION, value: open)` is on line 6.
    static func read(_ animation: String, table: SwiftModuleConstants = table) throws -> SwiftSourceResult {
        let source = """
            import SwiftUI
            struct Card: View {
                @State private var open = false
                var body: some View {
                    Text("x").opacity(open ? 1 : 0)
                        .animation(\(animation), value: open)
                        .onTapGesture { open.toggle() }
                }
            }
            """
        return try SwiftSourceImporter().extract(source: source, file: "Card.swift", constants: table)
    }

    @Test(
        "the facts scan keeps each typed or `Animation.` static let, and each static var or argument-less static func of one expression; not a stored var, not a value it cannot end"
    )
    func facts() {
        let facts = SwiftFactsScan.facts(Array(Self.designSystem.utf8))
        #expect(
            Dictionary(uniqueKeysWithValues: facts.animations.map { ($0.name, $0.expression) }) == [
                "DesignSystem.Animation.fast": ".easeInOut(duration: 0.1)",
                "DesignSystem.Animation.bouncy": "SwiftUI.Animation.spring( response: 0.4, dampingFraction: 0.6 )",
                "Animation.snap": ".linear(duration: 0)", "Animation.labelled": ".easeIn(duration: 0.2)",
                "DesignSystem.Animation.default": ".easeOut(duration: 0.3)",
                "Animation.moving": ".interpolatingSpring(stiffness: 350, damping: 50, initialVelocity: 10)",
                "Toast.animation": ".interpolatingSpring(stiffness: 350, damping: 50)", "Twice.a": ".easeIn(duration: 0.1)",
                "Animation.computed": ".default", "Animation.fading": ".easeInOut(duration: 0.2)",
                "Animation.content()": "Animation.easeInOut(duration: 1).delay(3)",
                "spring": "Animation.interpolatingSpring(stiffness: 300, damping: 30)",
            ])
        #expect(SwiftModuleFacts(text: facts.text) == facts)
        #expect(SwiftModuleConstants(text: Self.table.text) == Self.table, "sent to the reader as written")
        #expect(Self.table.animations["Twice.a"] == nil, "two values: which one is meant is not known")
    }

    @Test("each name is read as the value it holds, the same timeline as the value written at the use")
    func readAsWritten() throws {
        for (name, value) in [
            ("DesignSystem.Animation.fast", ".easeInOut(duration: 0.1)"),
            ("DesignSystem.Animation.bouncy", ".spring(response: 0.4, dampingFraction: 0.6)"),
            (".snap", ".linear(duration: 0)"), ("Animation.labelled", ".easeIn(duration: 0.2)"),
            ("Toast.animation", ".interpolatingSpring(stiffness: 350, damping: 50)"), ("DesignSystem.Animation.default", ".easeOut(duration: 0.3)"),
            (".default", ".default"), (".computed", ".default"), (".fading", ".easeInOut(duration: 0.2)"),
            (".content()", ".easeInOut(duration: 1).delay(3)"), ("Animation.content()", ".easeInOut(duration: 1).delay(3)"),
            ("spring", ".interpolatingSpring(stiffness: 300, damping: 30)"),
        ] {
            let named = try Self.read(name)
            let written = try Self.read(value)
            let a = try #require(named.animations.first), b = try #require(written.animations.first)
            #expect(a.spec.estimates.isEmpty, "\(name): \(a.spec.estimates)")
            try expectSameTimeline(a.spec, b.spec)
            // SwiftUI's own names are SwiftUI's; another file's are keyed on the value used.
            #expect(named.constantsUsed.keys.contains { $0.hasPrefix("animation:") } == (name != ".default"), "\(name)")
            #expect(named.animations.count == 1, "\(name): one site, not the declaration's value too")
        }
    }

    @Test("a stored var, one of statements or parameters, one declared twice and one of no module stay estimated, with the reason")
    func notRead() throws {
        for name in [".changing", ".twoSteps", ".getter", ".given(0.1)", "Twice.a", ".unknownAnimation"] {
            let read = try #require(try Self.read(name).animations.first)
            #expect(read.spec.estimates.contains { $0.contains("Animation.default") }, "\(name): \(read.spec.estimates)")
        }
        // What is not modelled in the value is estimated as at the use, and said of the name.
        let moving = try #require(try Self.read(".moving").animations.first)
        let atUse = try #require(try Self.read(".interpolatingSpring(stiffness: 350, damping: 50, initialVelocity: 10)").animations.first)
        #expect(moving.spec.estimates == atUse.spec.estimates.map { "`Animation.moving`: " + $0 } && !moving.spec.estimates.isEmpty)
        try expectSameTimeline(moving.spec, atUse.spec)
        // A changed value changes what the file is keyed on.
        let changed = SwiftModuleConstants(
            [Self.designSystem.replacingOccurrences(of: "duration: 0.1)", with: "duration: 0.15)")].map { SwiftFactsScan.facts(Array($0.utf8)) })
        #expect(
            try Self.read("DesignSystem.Animation.fast").constantsUsed != (try Self.read("DesignSystem.Animation.fast", table: changed)).constantsUsed
        )
    }

    @Test("a file's own fileprivate animation is the one its code means, though another file declares the name too")
    func ownFirst() throws {
        let own = """
            import SwiftUI
            fileprivate extension Animation {
                static func content() -> Animation { .easeIn(duration: 0.7) }
            }
            struct Welcome: View {
                @State private var start = false
                var body: some View {
                    Text("x").opacity(start ? 1 : 0)
                        .animation(.content(), value: start)
                        .onAppear { start = true }
                }
            }
            """
        let other = "fileprivate extension Animation {\n    static func content() -> Animation { .easeOut(duration: 0.3) }\n}\n"
        let table = SwiftModuleConstants([own, other].map { SwiftFactsScan.facts(Array($0.utf8)) })
        #expect(table.animations["Animation.content()"] == nil, "two values in the module")
        let read = try #require(try SwiftSourceImporter().extract(source: own, file: "Welcome.swift", constants: table).animations.first)
        let literal = try #require(
            try SwiftSourceImporter().extract(
                source: own.replacingOccurrences(of: ".animation(.content()", with: ".animation(.easeIn(duration: 0.7)"),
                file: "Welcome.swift"
            ).animations.first)
        #expect(read.spec.estimates.isEmpty, "\(read.spec.estimates)")
        try expectSameTimeline(read.spec, literal.spec)
    }

    @Test("`Self.duration` is the constant of the type around the use")
    func selfConstant() throws {
        let source = """
            import UIKit
            final class Cell: UITableViewCell {
                static let duration: TimeInterval = 0.6
                func update() { UIView.animate(withDuration: Self.duration) { self.alpha = 0 } }
            }
            """
        let read = try #require(try SwiftSourceImporter().extract(source: source, file: "Cell.swift").animations.first)
        let literal = try #require(
            try SwiftSourceImporter().extract(source: source.replacingOccurrences(of: "Self.duration", with: "0.6"), file: "Cell.swift").animations
                .first)
        #expect(read.spec.estimates.isEmpty, "\(read.spec.estimates)")
        try expectSameTimeline(read.spec, literal.spec)
    }
}
