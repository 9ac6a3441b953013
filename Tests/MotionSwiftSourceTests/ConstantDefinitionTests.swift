import Foundation
import MotionSwiftSource
import Testing

/// Issue 48: a constant defined by others (`static let total = closeDelay + 2 * slide`) is worked
/// out as Swift works it out, across files; a cycle, a name the module does not declare, two
/// values or arithmetic Swift traps on leave it not read, with why.
@Suite("constants defined by other constants")
struct ConstantDefinitionTests {
    typealias Number = SwiftConstantExpression.Number

    /// `text` evaluated with `names`' values (name → value, `Int` when `integer`).
    static func evaluate(_ text: String, type: String? = nil, _ names: [String: Number] = [:]) -> Result<Number, SwiftConstantFailure>? {
        SwiftConstantExpression(text)?.evaluate(type: type) { names[$0].map { .success($0) } ?? .failure(.unknownName($0)) }
    }

    @Test("precedence, signs, parentheses and Swift's types: Int arithmetic truncates, a decimal literal makes it Double")
    func arithmeticAsSwift() {
        #expect(Self.evaluate("1 + 2 * 3") == .success(Number(7, integer: true)))
        #expect(Self.evaluate("( 1 + 2 ) * 3") == .success(Number(9, integer: true)))
        #expect(Self.evaluate("10 - 4 - 3") == .success(Number(3, integer: true)), "left to right")
        #expect(Self.evaluate("- ( 2 - 5 )") == .success(Number(3, integer: true)))
        #expect(Self.evaluate("7 / 2") == .success(Number(3, integer: true)), "Int division truncates")
        #expect(Self.evaluate("-7 / 2") == nil || Self.evaluate("- 7 / 2") == .success(Number(-3, integer: true)))
        #expect(Self.evaluate("7 / 2 + 0.5") == .success(Number(4, integer: false)), "one decimal literal makes every literal a Double")
        #expect(Self.evaluate("7 / 2", type: "TimeInterval") == .success(Number(3.5, integer: false)))
        #expect(Self.evaluate("1_000 * 2e-3") == .success(Number(2, integer: false)))
        // Names give their type to the literals.
        let slide = Number(0.25, integer: false)
        #expect(
            Self.evaluate("closeDelay + 2 * slide", ["closeDelay": Number(1.5, integer: false), "slide": slide])
                == .success(Number(2, integer: false)))
        #expect(Self.evaluate("limit / 40", ["limit": Number(100, integer: true)]) == .success(Number(2, integer: true)))
        // Float arithmetic rounds to Float after each step.
        let float = Double(Float(0.1) + Float(0.2))
        #expect(Self.evaluate("0.1 + 0.2", type: "Float") == .success(Number(float, integer: false)))
        #expect(float != 0.1 + 0.2)
    }

    @Test("overflow, division by zero, non-finite results, mixed kinds and unknown names are not read")
    func badExpressions() {
        #expect(Self.evaluate("9_000_000_000_000_000_000 * 2") == .failure(.overflow), "past Int64: Swift traps")
        #expect(Self.evaluate("9_223_372_036_854_775_807 + 1") == .failure(.overflow))
        #expect(Self.evaluate("- 9_223_372_036_854_775_807 - 1 - 1") == .failure(.overflow))
        #expect(Self.evaluate("1 / 0") == .failure(.divisionByZero))
        #expect(Self.evaluate("0.0 / 0.0") == .failure(.divisionByZero), "NaN")
        #expect(Self.evaluate("1e308 * 10") == .failure(.overflow), "infinity")
        #expect(Self.evaluate("a + b", ["a": Number(1, integer: true), "b": Number(0.5, integer: false)]) == .failure(.mixedKinds))
        #expect(Self.evaluate("2.5 * 2", type: "Int") == .failure(.floatingLiteralInInt("2.5")))
        #expect(Self.evaluate("a * 2", ["b": Number(1, integer: false)]) == .failure(.unknownName("a")))
        // Not arithmetic of this form: nothing to evaluate.
        for text in ["", "1 +", "( 1", "1 )", "f ( 1 )", "0x10 + 1", "1 % 2", "a..b", "1 2"] {
            #expect(SwiftConstantExpression(text) == nil, "\(text)")
        }
        // Nesting past the limit is refused, not a crash.
        let deep = String(repeating: "( ", count: 200) + "1" + String(repeating: " )", count: 200)
        #expect(SwiftConstantExpression(deep) == nil)
    }

    static let timing = """
        import Foundation
        enum Timing {
            static let closeDelay: TimeInterval = 1.5
            static let total: TimeInterval = closeDelay + 2 * Slide.time
            static let fetchLimit = 100
            static let pages = fetchLimit / 40
            static let a = b + 1
            static let b = a * 2
            static let lost = missing * 2
            static var variable = 0.5
            static let fromVariable = variable * 2
            static let huge = 9_000_000_000_000_000_000 * 2
            static let notANumber = 0.0 / 0.0
            static let twice = 0.4
            enum Inner {
                static let fromOuter = closeDelay / 3
                static let closeDelay = 3.0
            }
        }
        """
    static let slide = "enum Slide { static let time = 0.25 }\nextension Timing {\n    static let twice = 0.5\n    static var variable = 0.5\n}\n"

    @Test("a table works constants out across files, innermost scope first; bad ones are not read, with why")
    func tableAcrossFiles() throws {
        let table = SwiftModuleConstants([Array(Self.timing.utf8), Array(Self.slide.utf8)].map(SwiftFactsScan.facts))
        #expect(table.lookup("Timing.total", within: []) == .value(1.5 + 2 * 0.25, integer: false))
        #expect(table.lookup("Timing.pages", within: []) == .value(2, integer: true))
        // Inside `Inner`, `closeDelay` is `Inner.closeDelay` (3), not `Timing.closeDelay`.
        #expect(table.lookup("Timing.Inner.fromOuter", within: []) == .value(1, integer: false))
        func why(_ name: String) -> String? {
            if case .unread(let why) = table.lookup(name, within: []) { return why }
            return nil
        }
        #expect(why("Timing.a") == SwiftConstantFailure.cycle(["Timing.a", "Timing.b", "Timing.a"]).description)
        #expect(why("Timing.b") != nil)
        #expect(why("Timing.lost") == SwiftConstantFailure.unknownName("missing").description)
        #expect(why("Timing.fromVariable") == SwiftConstantFailure.notANumber.description)
        #expect(why("Timing.variable") == SwiftConstantFailure.notANumber.description, "a `var` in both modules: still a `var`")
        #expect(why("Timing.huge") == SwiftConstantFailure.overflow.description)
        #expect(why("Timing.notANumber") == SwiftConstantFailure.divisionByZero.description)
        #expect(why("Timing.twice") == SwiftConstantFailure.declaredTwice.description, "0.4 in one file, 0.5 in the other")
        // The same through the wire's text form.
        #expect(SwiftModuleConstants(text: table.text) == table)
        // A chain longer than one pass follows is worked out in passes, not a deep recursion.
        let chain = (0..<40).map { k in
            SwiftConstantFact(name: "C.c\(k)", definition: k == 0 ? .literal(1, integer: false) : .expression("c\(k - 1) + 1", type: nil))
        }
        let long = SwiftModuleConstants([SwiftModuleFacts(constants: chain)])
        #expect(long.lookup("C.c10", within: []) == .value(11, integer: false))
        #expect(long.lookup("C.c39", within: []) == .value(40, integer: false))
        let reversed = (0..<40).map { k in
            SwiftConstantFact(name: "C.c\(k)", definition: k == 39 ? .literal(1, integer: false) : .expression("c\(k + 1) + 1", type: nil))
        }
        #expect(SwiftModuleConstants([SwiftModuleFacts(constants: reversed)]).lookup("C.c0", within: []) == .value(40, integer: false))
    }

    static let view = """
        import SwiftUI
        struct Toast: View {
            @State private var shown = false
            var body: some View {
                Text("Saved")
                    .opacity(shown ? 1 : 0)
                    .animation(.easeOut(duration: Timing.total), value: shown)
                    .offset(y: shown ? 0 : 20)
                    .animation(.easeOut(duration: Timing.a), value: shown)
                    .scaleEffect(shown ? 1 : 0.5)
                    .animation(.easeOut(duration: Double(Timing.pages) / 10), value: shown)
            }
        }
        """

    @Test("the reader reads a constant defined by another file's constants, and says why one is not read")
    func readerFollowsDefinitions() throws {
        let table = SwiftModuleConstants([Array(Self.timing.utf8), Array(Self.slide.utf8)].map(SwiftFactsScan.facts))
        let read = try SwiftSourceImporter().extract(source: Self.view, file: "Toast.swift", constants: table)
        let durations = try read.animations.map { try $0.spec.timeline().duration }
        // 2 s from the sum, 0.2 s from `Int` 100 / 40 = 2 converted, and SwiftUI's 0.35 s default
        // for the cycle, marked estimated with its reason.
        #expect(durations.sorted() == [0.2, 0.35, 2])
        #expect(read.constantsUsed["Timing.total"] == 2 && read.constantsUsed["Timing.pages"] == 2)
        #expect(read.constantsUsed["Timing.a"]?.isNaN == true, "a declared constant not read: the file is read again each import")
        let estimated = read.animations.filter { !$0.spec.estimates.isEmpty }
        #expect(estimated.count == 1)
        #expect(estimated.first?.spec.estimates.joined().contains("defined through itself (Timing.a → Timing.b → Timing.a)") == true)
        // An `Int` constant is not a duration unless converted.
        let bare = Self.view.replacingOccurrences(of: "Double(Timing.pages) / 10", with: "Timing.pages")
        let unconverted = try SwiftSourceImporter().extract(source: bare, file: "Toast.swift", constants: table)
        #expect(try unconverted.animations.map { try $0.spec.timeline().duration }.sorted() == [0.35, 0.35, 2])
    }
}

/// Issue 48: `static let short = TimeInterval(0.25)` (Simplenote's `UIKitConstants`) is a literal
/// converted, read as the compiler reads it; a conversion of anything longer is not read.
@Suite("constants written as numeric conversions")
struct ConstantConversionTests {
    static let style = """
        class Style: NSObject {
            static let quick = TimeInterval(0.1)
            static let hidden = CGFloat(0)
            static let back = Double(-2.5)
            static let count = Int(3)
            static let truncated = Int(0.7)
            static let base = 4
            static let half = Double(base) / 8
            static let whole = Int(base)
            static let fromFloat = Int(half)
            static let sum = TimeInterval(0.25) + 0.25
            static let nested = Double(base + 1)
            static let declared: TimeInterval = TimeInterval(0.4)
            static let mixed = Double(1) + CGFloat(2)
            static let call = Double(round(0.5))
        }
        """

    @Test("a conversion of a literal or a name is read with the conversion's type; anything longer is not")
    func conversions() {
        let table = SwiftModuleConstants([SwiftFactsScan.facts(Array(Self.style.utf8))])
        #expect(table.lookup("Style.quick", within: []) == .value(0.1, integer: false))
        #expect(table.lookup("Style.hidden", within: []) == .value(0, integer: false), "CGFloat(0) is no Int")
        #expect(table.lookup("Style.back", within: []) == .value(-2.5, integer: false))
        #expect(table.lookup("Style.count", within: []) == .value(3, integer: true))
        #expect(table.lookup("Style.sum", within: []) == .value(0.5, integer: false))
        #expect(table.lookup("Style.declared", within: []) == .value(0.4, integer: false))
        #expect(table.lookup("Style.half", within: []) == .value(0.5, integer: false), "Double(4) / 8 in Double, not Int 0")
        #expect(table.lookup("Style.whole", within: []) == .value(4, integer: true), "Int of an Int")
        for name in ["Style.truncated", "Style.nested", "Style.mixed", "Style.call", "Style.fromFloat"] {
            guard case .unread = table.lookup(name, within: []) else {
                Issue.record("\(name) read as \(table.lookup(name, within: []))")
                continue
            }
        }
    }
}
