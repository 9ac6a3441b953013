// MARK: - SwiftFactsScan

/// A file's `SwiftModuleFacts` read from its bytes by a small lexer, without Apple's parser, so
/// every file of an app is read for them (most have no animation and are never parsed): the
/// types it declares and their kinds, and what each type's code creates (`PostRow(…)`),
/// holds (`var model: FeedViewModel`, `Store.self`) or presents (inside `.sheet`,
/// `NavigationLink`, `TabView`, `WindowGroup`, `UIHostingController(rootView:)`, …). Code in a
/// method `f` of a `View` extension is `func:f`'s, and every call `.f(…)` is a use of `func:f`.
///
/// Comments, string literals (with interpolations) and numbers are skipped. It reads code as
/// tokens and brackets, so code that does not compile gives facts as written. O(bytes).
public struct SwiftFactsScan {
    private let text: [UInt8]
    private var at = 0
    private var types: [SwiftTypeFact] = []
    private var uses: [SwiftTypeUse] = []
    private var seen: Set<SwiftTypeUse> = []

    /// An open bracket: what it opened and whether a type created right inside it (not in a
    /// bracket nested in it) is presented as a screen: `.sheet { DetailView() }` presents
    /// `DetailView`; `NavigationStack { List { Row() } }` does not present `Row`, which is part
    /// of the view that writes the stack.
    private struct Bracket {
        var byte: UInt8
        /// The type (or `func:NAME`) whose body it is.
        var container: String?
        var presented: Bool
        /// The innermost container at or around it: `container` without a walk down the stack.
        var inside: String?
    }
    private var brackets: [Bracket] = []
    /// A declaration waiting for its `{`: its name, what it inherits, whether it is a class.
    private var pending: (name: String, inherited: [String], isClass: Bool, declares: Bool)?
    /// The last identifier (its bytes' range) and whether it was read after a `.` (a member):
    /// most identifiers are never needed as text, so none is made until one is.
    private var previous: (range: Range<Int>, member: Bool)?
    /// A `)` of a presenting call just closed: its trailing closure is presented too.
    private var presentingClosed = false
    /// Reading a stored property's type: after `var name:` in a type body.
    private var propertyType = 0
    /// A `switch`, `if`, `else` or `guard` waits for its `{`: a branch of a presenting closure
    /// presents what it creates as the closure does (`navigationDestination { d in switch d {
    /// case .a: DetailView() … } }`).
    private var controlFlow = false

    public init(_ bytes: [UInt8]) { text = bytes }

    /// The facts of `bytes`.
    public static func facts(_ bytes: [UInt8]) -> SwiftModuleFacts {
        var scan = SwiftFactsScan(bytes)
        scan.run()
        return SwiftModuleFacts(types: scan.types, uses: scan.uses)
    }

    // MARK: Tokens

    private mutating func run() {
        while at < text.count {
            let c = text[at]
            // White space, the commonest byte, changes nothing `punctuation` keeps.
            if c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D { at += 1; continue }
            if c == 0x2F, at + 1 < text.count, text[at + 1] == 0x2F { skipLine(); continue }
            if c == 0x2F, at + 1 < text.count, text[at + 1] == 0x2A { skipBlockComment(); continue }
            if c == 0x22 || (c == 0x23 && rawStringFollows()) { skipString(); previous = nil; continue }
            if Self.isIdentifierStart(c) { identifier(); continue }
            if c >= 0x30 && c <= 0x39 { while at < text.count, Self.isIdentifierByte(text[at]) || text[at] == 0x2E { at += 1 }; previous = nil; continue }
            punctuation(c)
            at += 1
        }
    }

    static func isIdentifierStart(_ c: UInt8) -> Bool { (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c >= 0x80 }
    static func isIdentifierByte(_ c: UInt8) -> Bool { isIdentifierStart(c) || (c >= 0x30 && c <= 0x39) }

    private mutating func skipLine() { while at < text.count, text[at] != 0x0A { at += 1 } }

    private mutating func skipBlockComment() {
        var depth = 0
        while at + 1 < text.count {
            if text[at] == 0x2F, text[at + 1] == 0x2A { depth += 1; at += 2; continue }
            if text[at] == 0x2A, text[at + 1] == 0x2F { depth -= 1; at += 2; if depth == 0 { return }; continue }
            at += 1
        }
        at = text.count
    }

    private func rawStringFollows() -> Bool {
        var k = at
        while k < text.count, text[k] == 0x23 { k += 1 }
        return k < text.count && text[k] == 0x22
    }

    /// A string literal: `"…"`, `"""…"""`, raw `#"…"#`, with `\(…)` interpolations skipped whole.
    private mutating func skipString() {
        var hashes = 0
        while at < text.count, text[at] == 0x23 { hashes += 1; at += 1 }
        let multiline = at + 2 < text.count && text[at + 1] == 0x22 && text[at + 2] == 0x22
        at += multiline ? 3 : 1
        while at < text.count {
            let c = text[at]
            if c == 0x5C, hashesFollow(hashes, from: at + 1) {
                at += 1 + hashes
                if at < text.count, text[at] == 0x28 { skipInterpolation() } else { at += 1 }
                continue
            }
            if c == 0x0A, !multiline { return }
            if c == 0x22, !multiline || (at + 2 < text.count && text[at + 1] == 0x22 && text[at + 2] == 0x22), hashesFollow(hashes, from: at + (multiline ? 3 : 1)) {
                at += (multiline ? 3 : 1) + hashes
                return
            }
            at += 1
        }
    }

    private func hashesFollow(_ count: Int, from start: Int) -> Bool {
        guard count > 0 else { return true }
        guard start + count <= text.count else { return false }
        return (start..<start + count).allSatisfy { text[$0] == 0x23 }
    }

    /// `(…)` of an interpolation, nested parentheses and strings inside it included.
    private mutating func skipInterpolation() {
        var depth = 0
        while at < text.count {
            let c = text[at]
            if c == 0x22 { skipString(); continue }
            if c == 0x28 { depth += 1 } else if c == 0x29 { depth -= 1; if depth == 0 { at += 1; return } }
            at += 1
        }
    }

    // MARK: Identifiers and declarations

    private mutating func identifier() {
        let start = at
        while at < text.count, Self.isIdentifierByte(text[at]) { at += 1 }
        let range = start..<at
        let member = start > 0 && text[start - 1] == 0x2E
        defer { previous = (range, member) }
        if member, spells(range, "self"), let type = previous, isUppercase(type.range) { use(name(type.range), presented: false) }
        guard !member else { return }
        if isUppercase(range) {
            guard propertyType > 0 || pending != nil else { return }
            let name = name(range)
            if propertyType > 0 { use(name, presented: false); propertyType = 0 }
            if var p = pending, p.name != name, lastPunctuationIsInheritance {
                p.inherited.append(name)
                pending = p
            }
            return
        }
        keyword(range)
    }

    /// The declarations and control flow a lower-case word starts (`struct`, `class`, `func`
    /// in a `View` extension, `switch`, `if`, `else`, `guard`); other words do nothing.
    private mutating func keyword(_ range: Range<Int>) {
        // Each word starts with one of these letters: the rest are ruled out by one byte.
        guard range.count >= 2, range.count <= 9, Self.keywordInitials[Int(text[range.lowerBound])] else { return }
        if spells(range, "struct") || spells(range, "enum") || spells(range, "actor") || spells(range, "protocol") || spells(range, "extension") {
            let declares = !spells(range, "extension") && !spells(range, "protocol")
            if let next = nextIdentifier() { pending = (next, [], false, declares) }
        } else if spells(range, "class") {
            if let next = nextIdentifier(), !["func", "var", "let", "static", "override", "final", "public", "private"].contains(next) {
                pending = (next, [], true, true)
            }
        } else if spells(range, "switch") || spells(range, "if") || spells(range, "else") || spells(range, "guard") {
            controlFlow = true
        } else if spells(range, "func") {
            if let owner = container, ["View", "some View"].contains(owner) || owner.hasPrefix("View where"), let next = nextIdentifier() {
                pending = ("func:" + next, [], false, false)
            }
        }
    }

    /// `keywordInitials[b]`: whether a word `keyword` looks at starts with byte `b`.
    static let keywordInitials: [Bool] = (0..<256).map { Array("seapcigf".utf8).contains(UInt8($0)) }

    /// Whether the bytes of `range` spell `word`.
    private func spells(_ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let spelled = word.utf8Start
        for k in 0..<range.count where text[range.lowerBound + k] != spelled[k] { return false }
        return true
    }

    private func isUppercase(_ range: Range<Int>) -> Bool { text[range.lowerBound] >= 0x41 && text[range.lowerBound] <= 0x5A }

    private func name(_ range: Range<Int>) -> String { String(decoding: text[range], as: UTF8.self) }

    /// The identifier after the whitespace at `at` (a declaration's name), without moving.
    private func nextIdentifier() -> String? {
        var k = at
        while k < text.count, text[k] == 0x20 || text[k] == 0x09 || text[k] == 0x0A || text[k] == 0x0D { k += 1 }
        let start = k
        while k < text.count, Self.isIdentifierByte(text[k]) || text[k] == 0x2E { k += 1 }
        return k > start ? String(decoding: text[start..<k], as: UTF8.self) : nil
    }

    private var lastPunctuation: UInt8 = 0
    private var lastPunctuationIsInheritance: Bool { lastPunctuation == 0x3A || lastPunctuation == 0x2C }

    // MARK: Brackets

    private var container: String? { brackets.last?.inside }

    private mutating func open(_ byte: UInt8, container: String?, presented: Bool) {
        brackets.append(Bracket(byte: byte, container: container, presented: presented, inside: container ?? brackets.last?.inside))
    }
    private var presenting: Bool { brackets.last?.presented ?? false }

    private mutating func punctuation(_ c: UInt8) {
        switch c {
        case 0x7B:  // {
            // `AnyView(…)` and `Group { … }` show what they wrap as it is.
            let inherits = controlFlow || previous.map { spells($0.range, "AnyView") || spells($0.range, "Group") } ?? false
            let presented = presentingClosed || previousPresents || (inherits && presenting)
            controlFlow = false
            if let p = pending {
                if p.declares { types.append(SwiftTypeFact(name: p.name, kind: Self.kind(name: p.name, inherited: p.inherited, isClass: p.isClass))) }
                open(c, container: p.name, presented: false)
                pending = nil
            } else {
                open(c, container: nil, presented: presented)
            }
            presentingClosed = false
            propertyType = 0
        case 0x28, 0x5B:  // ( [
            if c == 0x28, let p = previous, !p.member, isUppercase(p.range), pending == nil { use(name(p.range), presented: presenting) }
            if c == 0x28, let p = previous, p.member { use("func:" + name(p.range), presented: false) }
            let transparent = previous.map { spells($0.range, "AnyView") || spells($0.range, "Group") } ?? false
            open(c, container: nil, presented: c == 0x28 && (previousPresents || (transparent && presenting)))
            presentingClosed = false
        case 0x7D, 0x29, 0x5D:  // } ) ]
            let closed = brackets.popLast()
            presentingClosed = c == 0x29 && (closed?.presented ?? false)
        case 0x3A:  // :
            if pending == nil, let p = previous, !p.member, isPropertyName(), brackets.last?.container != nil { propertyType = 1 }
        default:
            if c != 0x20 && c != 0x0A && c != 0x09 && c != 0x0D && c != 0x3F && c != 0x21 { propertyType = 0 }
        }
        if c != 0x20 && c != 0x0A && c != 0x09 && c != 0x0D {
            lastPunctuation = c
            if c != 0x29 { presentingClosed = presentingClosed && c == 0x7B }
        }
    }

    /// Whether the identifier before this `:` follows `var` or `let` (a stored property).
    private func isPropertyName() -> Bool {
        var k = at - 1
        while k >= 0, text[k] == 0x20 { k -= 1 }
        while k >= 0, Self.isIdentifierByte(text[k]) { k -= 1 }
        while k >= 0, text[k] == 0x20 { k -= 1 }
        guard k >= 2 else { return false }
        return spells((k - 2)..<(k + 1), "var") || spells((k - 2)..<(k + 1), "let")
    }

    /// Whether the identifier just read names a call whose content is shown as a screen.
    private var previousPresents: Bool {
        guard let p = previous, p.range.count >= 4, p.range.count <= 21, Self.presentingInitials[Int(text[p.range.lowerBound])] else { return false }
        return Self.presenting.contains(name(p.range))
    }

    /// The presenting names start with one of a few letters: a first look before the set.
    static let presentingInitials: [Bool] = (0..<256).map { byte in presenting.contains { $0.utf8.first == UInt8(byte) } }

    /// The calls whose content is shown as a screen of its own.
    public static let presenting: Set<String> = [
        "sheet", "fullScreenCover", "popover", "navigationDestination", "inspector", "NavigationLink", "TabView", "WindowGroup", "Window",
        "DocumentGroup", "Settings", "UIHostingController", "NSHostingController", "NavigationStack", "NavigationView", "NavigationSplitView",
        "present", "pushViewController", "setViewControllers", "show",
    ]

    private mutating func use(_ name: String, presented: Bool) {
        guard let container, container != name else { return }
        let fact = SwiftTypeUse(container: container, used: name, role: presented ? .presented : .part)
        if seen.insert(fact).inserted { uses.append(fact) }
    }

    // MARK: Kinds

    /// What a type is, from what it inherits (its name decides for subclasses of the app's own
    /// base classes, declared in other files).
    public static func kind(name: String, inherited: [String], isClass: Bool) -> SwiftTypeFact.Kind {
        if inherited.contains(where: { $0.hasSuffix("ViewController") || $0.hasSuffix("HostingController") || $0.hasSuffix("TabBarController") || $0.hasSuffix("NavigationController") }) {
            return .viewController
        }
        if inherited.contains(where: { $0 == "View" || $0 == "SwiftUI.View" }) { return .view }
        if inherited.contains(where: { $0 == "App" || $0 == "SwiftUI.App" }) { return .app }
        if inherited.contains(where: { $0 == "PreviewProvider" || $0 == "SwiftUI.PreviewProvider" }) { return .preview }
        if isClass, name.hasSuffix("ViewController") { return .viewController }
        if isClass, inherited.contains(where: uiKitViewBase) || (name.hasSuffix("View") && !inherited.isEmpty) || name.hasSuffix("Cell") { return .platformView }
        return .other
    }

    /// UIKit and AppKit view classes (`UIView`, `UIButton`, `UITableViewCell`, `NSView`, …).
    static func uiKitViewBase(_ name: String) -> Bool {
        guard name.hasPrefix("UI") || name.hasPrefix("NS") else { return false }
        return ["View", "Cell", "Button", "Control", "Label", "Field", "Bar", "ReusableView"].contains { name.hasSuffix($0) }
    }
}
