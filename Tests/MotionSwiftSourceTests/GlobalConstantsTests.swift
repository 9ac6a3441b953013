import Foundation
import MotionSwiftSource
import Testing

/// Issue 48: a file-level `let animationDuration = 0.3` in one file, named bare in another
/// (`.easeOut(duration: animationDuration)`), is read as Swift resolves the name: a local, a
/// parameter or a property of that name wins, and where one may be meant the row stays estimated.
@Suite("file-level constants named from another file")
struct GlobalConstantsTests {
    static let constants = """
        import Foundation
        let animationDuration = 0.3
        public let slowDuration: TimeInterval = animationDuration * 2
        private let privateDuration = 0.9
        let fadeDuration = 0.4
        let speed = 0.5
        let twiceDeclared = 0.2
        let count = 4
        func helper() {
            let notGlobal = 5.0
            if let maybe = Double("1") { print(maybe, notGlobal) }
        }
        """
    static let members = """
        struct Other { var fadeDuration = 2.0 }
        extension Card { var hiddenDuration: Double { 1 } }
        let hiddenDuration = 0.25
        """
    static let otherModule = "let twiceDeclared = 0.7\n"

    static var table: SwiftModuleConstants {
        SwiftModuleConstants([constants, members, otherModule].map { SwiftFactsScan.facts(Array($0.utf8)) })
    }

    /// The durations of the animations `body` writes in a SwiftUI view (one modifier each),
    /// sorted, with what the read used.
    static func read(
        _ lines: [String], file: String = "Card.swift", wrap: Bool = true
    ) throws -> (durations: [Double], used: [String: Double], estimates: [String]) {
        var source = "import SwiftUI\nstruct Card: View {\n    @State private var open = false\n    var body: some View {\n        Text(\"x\")\n"
        for (k, line) in lines.enumerated() {
            source += "            .offset(x: open ? \(k + 1) : 0)\n            .animation(\(line), value: open)\n"
        }
        source += "    }\n}\n"
        let result = try SwiftSourceImporter().extract(source: wrap ? source : lines.joined(separator: "\n"), file: file, constants: table)
        let durations = try result.animations.map { try $0.spec.timeline().duration }.sorted()
        return (durations, result.constantsUsed, result.animations.flatMap(\.spec.estimates))
    }

    @Test("the scan records visible file-level `let`s only")
    func scanFindsGlobals() {
        let facts = SwiftFactsScan.facts(Array(Self.constants.utf8))
        let names = Set(facts.constants.map(\.name))
        #expect(names == ["animationDuration", "slowDuration", "fadeDuration", "speed", "twiceDeclared", "count"])
        #expect(facts.constants.first { $0.name == "slowDuration" }?.definition == .expression("animationDuration * 2", type: "TimeInterval"))
        // A line the next line may continue is not read (Swift reads `+ 1` as part of it), nor
        // two bindings in one statement; a value of another kind is no number code could mean.
        let text = "let a = 0.3\n    + 1\nlet b = 0.3 +\n    1\nlet c = 1, d = 2\nlet e = JSONDecoder()\nlet f = \"0.3\"\n"
        let continued = SwiftFactsScan.facts(Array(text.utf8))
        #expect(continued.constants == [SwiftConstantFact(name: "b", definition: .expression("0.3 + 1", type: nil))])
    }

    @Test("a bare name is another file's constant when nothing in scope binds it")
    func readsGlobals() throws {
        let read = try Self.read([".easeOut(duration: animationDuration)", ".linear(duration: slowDuration)", ".linear(duration: fadeDuration)"])
        // `Other.fadeDuration` is another struct's property: not what `Card`'s code means.
        #expect(read.durations == [0.3, 0.4, 0.6])
        #expect(read.used == ["animationDuration": 0.3, "slowDuration": 0.6, "fadeDuration": 0.4])
        #expect(read.estimates.isEmpty)
    }

    @Test("a local, a parameter or a property of the name wins; a private or twice-declared one is not read")
    func shadowing() throws {
        // A local constant before the use.
        let local = """
            import SwiftUI
            struct Card: View {
                @State private var open = false
                var body: some View {
                    let animationDuration = 0.9
                    return Text("x").opacity(open ? 1 : 0).animation(.easeOut(duration: animationDuration), value: open)
                }
            }
            """
        #expect(try Self.read([local], wrap: false).durations == [0.9])
        #expect(try Self.read([local], wrap: false).used.isEmpty)
        // A parameter: a value the call passes in, not the constant (SwiftUI's default, estimated).
        let parameter = """
            import SwiftUI
            struct Card: View {
                @State private var open = false
                var body: some View { Text("x").opacity(open ? 1 : 0).modifier(Fade(open: open, animationDuration: 2)) }
            }
            struct Fade: ViewModifier {
                let open: Bool
                let animationDuration: Double
                func body(content: Content) -> some View { content.animation(.easeOut(duration: animationDuration), value: open) }
            }
            """
        let viaParameter = try Self.read([parameter], wrap: false)
        #expect(!viaParameter.durations.contains(0.3) && viaParameter.used["animationDuration"] == nil)
        // A property `extension Card` declares in another file.
        let hidden = try Self.read([".easeOut(duration: hiddenDuration)"])
        #expect(hidden.durations == [0.35] && hidden.estimates.joined().contains("shares its name with a type's property"))
        // Private to its file; declared with two values (two modules read together).
        #expect(try Self.read([".easeOut(duration: privateDuration)"]).durations == [0.35])
        let twice = try Self.read([".easeOut(duration: twiceDeclared)"])
        #expect(twice.durations == [0.35] && twice.estimates.joined().contains("declared more than once"))
        // An `Int` is not a duration; converted, it is.
        #expect(try Self.read([".easeOut(duration: count)", ".easeOut(duration: Double(count) / 10)"]).durations == [0.35, 0.4])
    }

    @Test("in a class, any property of the name may be inherited: not read")
    func classes() throws {
        func subclass(of base: String, _ name: String) -> String {
            """
            import UIKit
            final class Panel: \(base) {
                func show(_ view: UIView) { UIView.animate(withDuration: \(name)) { view.alpha = 1 } }
            }
            """
        }
        // A view controller has no `speed` or `animationDuration` of its own: the constants.
        #expect(try Self.read([subclass(of: "UIViewController", "speed")], wrap: false).durations == [0.5])
        #expect(try Self.read([subclass(of: "UIViewController", "animationDuration")], wrap: false).durations == [0.3])
        // A layer's `speed` (Core Animation timing), an image view's `animationDuration`: what
        // the subclass's code means; not read (UIKit's stand-in duration, estimated).
        #expect(try Self.read([subclass(of: "CALayer", "speed")], wrap: false).durations == [0.2])
        #expect(try Self.read([subclass(of: "UIImageView", "animationDuration")], wrap: false).durations == [0.2])
        // `Other` has a `fadeDuration`; a class may inherit one.
        #expect(try Self.read([subclass(of: "UIViewController", "fadeDuration")], wrap: false).durations == [0.2])
    }
}
