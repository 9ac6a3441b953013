import Foundation
import MotionSwiftSource
import Testing

/// Issue 48: an animation that names another file's constant (`Constants.Animation.fadeTime`) is
/// read as the number the constant is, found as Swift finds it, and never guessed.
@Suite("numeric constants across the files of a module")
struct ModuleConstantsTests {
    static let constantsFile = """
        enum Constants {
            enum Animation {
                static let defaultTime = 0.3 as TimeInterval
                public static let fast: TimeInterval = 0.15
                static let count = 3
                static let negative = -1.5e-1 // a comment after it
                static var mutable = 0.4
                static let sum = 0.1 + 0.2
                static let name = "x"
                static let angle: Angle = 0.3
                static let hex = 0x10
                static let compared = 1 == 1
                func f() { struct Local { static let inside = 9.0 } }
            }
        }
        extension Constants.Animation { static let slow = 0.6 }
        struct Card { enum Timing { static let pop = 0.25 } }
        """

    @Test("the facts scan finds `static let`s with their qualified names: literals, arithmetic, and the others as not read")
    func scanFindsConstants() {
        let facts = SwiftFactsScan.facts(Array(Self.constantsFile.utf8))
        let found = Dictionary(uniqueKeysWithValues: facts.constants.map { ($0.name, $0.definition) })
        let a = "Constants.Animation."
        #expect(
            found == [
                a + "defaultTime": .literal(0.3, integer: false), a + "fast": .literal(0.15, integer: false), a + "count": .literal(3, integer: true),
                a + "negative": .literal(-0.15, integer: false), a + "mutable": .unread, a + "sum": .expression("0.1 + 0.2", type: nil),
                a + "name": .unread, a + "angle": .unread, a + "hex": .unread, a + "compared": .unread, a + "slow": .literal(0.6, integer: false),
                "Card.Timing.pop": .literal(0.25, integer: false),
            ])
        // Every property, by the type that declares it (qualified as Swift names it); a local type's too.
        #expect(facts.members.contains("Constants.Animation.mutable") && facts.members.contains("Local.inside"))
        // Kept through the store's text form.
        #expect(SwiftModuleFacts(text: facts.text) == facts)
        let table = SwiftModuleConstants([facts])
        #expect(table.value(of: a + "sum", within: []) == 0.1 + 0.2)
        #expect(table.lookup(a + "count", within: []) == .value(3, integer: true))
        #expect(table.lookup(a + "mutable", within: []) == .unread(SwiftConstantFailure.notANumber.description))
    }

    @Test("a name is looked up in the types around the code, innermost first; two values make it unknown")
    func lookupAsSwiftDoes() {
        let a = SwiftModuleFacts(constants: [
            SwiftConstantFact(name: "Feed.Timing.fast", value: 0.2), SwiftConstantFact(name: "Timing.fast", value: 0.5),
        ])
        let b = SwiftModuleFacts(constants: [SwiftConstantFact(name: "Twice.x", value: 1), SwiftConstantFact(name: "Same.x", value: 2)])
        let c = SwiftModuleFacts(constants: [SwiftConstantFact(name: "Twice.x", value: 3), SwiftConstantFact(name: "Same.x", value: 2)])
        let table = SwiftModuleConstants([a, b, c])
        #expect(table.value(of: "Timing.fast", within: ["Feed.Card", "Feed"]) == 0.2)
        #expect(table.value(of: "Timing.fast", within: []) == 0.5)
        #expect(table.value(of: "Timing.fast", within: ["Other"]) == 0.5)
        #expect(table.value(of: "Twice.x", within: []) == nil, "declared with 1 and 3: not known")
        #expect(table.value(of: "Same.x", within: []) == 2)
        #expect(table.value(of: "fast", within: []) == nil)
        #expect(SwiftModuleConstants(text: table.text) == table)
        #expect(SwiftModuleConstants(text: "bad line\nA.b\tnot a number\nA.c\tinf\n").isEmpty)
    }

    @Test("the reader reads a constant of another file as its number and says which it read")
    func readerUsesModuleConstants() throws {
        let view = """
            import SwiftUI
            struct Card: View {
                @State private var open = false
                var body: some View {
                    Button("Open") {
                        withAnimation(.easeOut(duration: Constants.Animation.fast)) { open.toggle() }
                    }
                    .scaleEffect(open ? 1.2 : 1)
                    .animation(.linear(duration: Timing.pop), value: open)
                }
            }
            """
        let table = SwiftModuleConstants([SwiftFactsScan.facts(Array(Self.constantsFile.utf8))])
        let read = try SwiftSourceImporter().extract(source: view, file: "Card.swift", constants: table)
        #expect(read.unresolved.isEmpty, "\(read.unresolved)")
        #expect(read.constantsUsed == ["Constants.Animation.fast": 0.15, "Timing.pop": 0.25])
        let durations = try read.animations.map { try $0.spec.timeline().duration }
        #expect(durations.sorted() == [0.15, 0.25])
        // Without the other files' constants the names are not literals: said, not guessed.
        let alone = try SwiftSourceImporter().extract(source: view, file: "Card.swift")
        #expect(alone.constantsUsed.isEmpty)
        #expect(alone.unresolved.contains { $0.what.contains("Constants.Animation.fast") })
        // The file's own (private) constants come first, whatever other files declare.
        let withOwn = view + "\nprivate enum Constants { enum Animation { static let fast = 0.05 } }\n"
        let ownFirst = try SwiftSourceImporter().extract(source: withOwn, file: "Card.swift", constants: table)
        #expect(try ownFirst.animations.map { try $0.spec.timeline().duration }.sorted() == [0.05, 0.25])
        #expect(ownFirst.constantsUsed == ["Timing.pop": 0.25])
        // A file's own constant written with `as` is a literal too.
        let cast = view.replacingOccurrences(of: "Constants.Animation.fast", with: "local").replacingOccurrences(
            of: "@State", with: "let local = 0.4 as TimeInterval\n    @State")
        let own = try SwiftSourceImporter().extract(source: cast, file: "Card.swift")
        #expect(try own.animations.map { try $0.spec.timeline().duration }.contains(0.4), "\(own.unresolved)")
    }
}

/// A type's own `let` with a number, named bare by its extensions in other files (Mlem's
/// `InteractionBarEditorView`, a generic view, declares `let barAnimationDuration: CGFloat = 0.15`).
@Suite("a type's `let` of a number, named by its extensions in other files")
struct TypeLetConstantTests {
    static let declaring = """
        import SwiftUI
        struct InteractionBarEditorView<Configuration: BarConfiguration>: View {
            let barAnimationDuration: CGFloat = 0.15
            let trayItemDuration = 0.5
            let title: String = "Bar"
            var width: CGFloat = 3
            @State var open = false
            var body: some View { Text(title) }
        }
        """

    @Test("its value is the constant `Type.name`; a `var`, a string or a local `let` is none")
    func facts() {
        let facts = SwiftFactsScan.facts(Array(Self.declaring.utf8))
        let names = facts.constants.map(\.name)
        #expect(names.contains("InteractionBarEditorView.barAnimationDuration") && names.contains("InteractionBarEditorView.trayItemDuration"))
        #expect(!names.contains("InteractionBarEditorView.width") && !names.contains("InteractionBarEditorView.title"), "\(names)")
        let table = SwiftModuleConstants([facts])
        #expect(table.value(of: "barAnimationDuration", within: ["InteractionBarEditorView"]) == 0.15)
        #expect(table.value(of: "trayItemDuration", within: ["InteractionBarEditorView"]) == 0.5)
        #expect(table.value(of: "barAnimationDuration", within: ["OtherView"]) == nil)
    }

    @Test("the extension's withAnimation reads the type's let as a number, exact")
    func extensionReadsIt() throws {
        let table = SwiftModuleConstants([SwiftFactsScan.facts(Array(Self.declaring.utf8))])
        let logic = """
            import SwiftUI
            extension InteractionBarEditorView {
                func toggle() {
                    withAnimation(.easeOut(duration: barAnimationDuration)) { open.toggle() }
                }
                func tray() {
                    withAnimation(.easeInOut(duration: trayItemDuration)) { open = false }
                }
            }
            """
        let read = try SwiftSourceImporter().extract(source: logic, file: "InteractionBarEditorView+Logic.swift", constants: table)
        let durations = try read.animations.map { try $0.spec.timeline().duration }
        #expect(durations == [0.15, 0.5], "\(read.unresolved)")
        #expect(read.animations.allSatisfy { $0.spec.estimates.isEmpty }, "\(read.animations.map(\.spec.estimates))")
        #expect(read.constantsUsed["InteractionBarEditorView.barAnimationDuration"] == 0.15, "\(read.constantsUsed)")
    }
}
