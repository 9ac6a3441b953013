// MARK: - SwiftFactsScan

/// A file's `SwiftModuleFacts` read from its bytes by a small lexer, without Apple's parser, so
/// every file of an app is read for them (most have no animation and are never parsed): the
/// types it declares and their kinds, and what each type's code creates (`PostRow(…)`),
/// holds (`var model: FeedViewModel`, `Store.self`, `SpeechService.shared`) or presents (inside `.sheet`,
/// `NavigationLink`, `TabView`, `WindowGroup`, `UIHostingController(rootView:)`, …). Code in a
/// method `f` of a `View` extension is `func:f`'s, and every call `.f(…)` is a use of `func:f`.
///
/// Comments, string literals (with interpolations) and numbers are skipped. It reads code as
/// tokens and brackets, so code that does not compile gives facts as written. O(bytes).
public struct SwiftFactsScan {
    private let text: SwiftFactsText
    private var types: [SwiftTypeFact] = []
    private var uses: [SwiftTypeUse] = []
    /// The uses recorded, as a set: made only when a use with a non-ASCII name comes (see `use`).
    private var seen: Set<SwiftTypeUse>?
    private var constants: [SwiftConstantFact] = []
    /// The properties its types declare (`Type.name`), in order (twice only under `#if`).
    private var members: [String] = []
    private var animations: [SwiftAnimationFact] = []
    /// The structs declared generic over a view (`struct AppEnvironment<Content: View>`).
    private var wrapperViews: Set<String> = []

    /// The open brackets: `.sheet { DetailView() }` presents `DetailView`; `NavigationStack {
    /// List { Row() } }` does not present `Row`, which is part of the view that writes the stack.
    /// Plain values, no strings: the stack is pushed and popped at every bracket of every file,
    /// and a string in it would be retained and released each time.
    private var brackets = SwiftFactsBrackets()
    /// The names of the containers opened so far, in order; brackets refer to them by index.
    private var containers: [String] = []
    /// What the scan asks of each container's name, answered once when it opens (by index, as
    /// `containers`), not at each word inside it.
    private var containerTraits: [ContainerTraits] = []
    private struct ContainerTraits {
        /// `func:NAME`: a function's code, not a type's body.
        var isFunction: Bool
        /// An extension of `View` (`View`, `some View`, `View where …`): its methods are modifiers.
        var extendsView: Bool
        /// A name ending in `Style`: its static members are styles `.buttonStyle(.name)` names.
        var isStyle: Bool
        /// The first container of an equal name (two `extension Feed` bodies are one container
        /// to the facts): the index repeated uses are known by.
        var first: Int32
        /// Whether the name is ASCII (see `use`).
        var isASCII: Bool
    }
    /// The first index in `containers` of each name.
    private var containerIndex: [String: Int32] = [:]
    /// A declaration waiting for its `{`: its name, what it inherits, whether it is a class.
    private var pending: (name: String, inherited: [String], isClass: Bool, declares: Bool)? {
        didSet { awaitingBody = pending != nil }
    }
    /// `pending != nil`, as a flag: the scan asks it at each uppercase word, and a flag is read
    /// without copying the name and list the optional holds.
    private var awaitingBody = false
    /// The last identifier read: most identifiers are never needed as text, so none is made
    /// until one is.
    private var previous: Identifier?
    private struct Identifier {
        /// Its bytes.
        var range: Range<Int>
        /// Whether it was read after a `.` (a member).
        var member: Bool
        /// The word it is, if one the scan acts on.
        var word: SwiftFactsText.Word
    }
    /// A `)` of a presenting call just closed: its trailing closure is presented too.
    private var presentingClosed = false
    /// Reading a stored property's type: after `var name:` in a type body.
    private var propertyType = 0
    /// A `switch`, `if`, `else` or `guard` waits for its `{`: a branch of a presenting closure
    /// presents what it creates as the closure does (`navigationDestination { d in switch d {
    /// case .a: DetailView() … } }`).
    private var controlFlow = false

    public init(_ bytes: [UInt8]) { text = SwiftFactsText(bytes) }

    /// The facts of `bytes`, what its handlers do included.
    public static func facts(_ bytes: [UInt8]) -> SwiftModuleFacts { facts(bytes, handlers: true) }

    /// The facts of `bytes`; what its handlers do only when `handlers` (the Swift reader reads a
    /// file's own facts for its constants, animations and delaying functions, and the module's
    /// handlers from the table motionsync sends it).
    public static func facts(_ bytes: [UInt8], handlers: Bool) -> SwiftModuleFacts {
        var scan = SwiftFactsScan(bytes)
        scan.run()
        let delays = scan.namesAsyncAfter ? SwiftDelayScan.facts(scan.text) : []
        return SwiftModuleFacts(
            types: scan.types, uses: scan.uses, constants: scan.constants, members: scan.members, animations: scan.animations,
            delays: delays, handlers: handlers && scan.readsHandlers ? SwiftHandlerScan.facts(bytes) : [])
    }

    // MARK: Tokens

    /// The bytes from first to last, read through a pointer: nearly every byte of every file of
    /// an import goes through this loop, and the pointer's reads carry no bounds check. The bytes
    /// are copied with a 0 after them, which ends every run of white space, word or number, so
    /// those loops test one byte's class and not also the end.
    private mutating func run() {
        var padded: [UInt8] = []
        padded.reserveCapacity(text.count + 1)
        padded += text.bytes
        padded.append(0)
        padded.withUnsafeBufferPointer { p in
            text.classes.withUnsafeBufferPointer { classes in
                text.wordLengths.withUnsafeBufferPointer { lengths in tokens(p, classes: classes, lengths: lengths) }
            }
        }
    }

    /// The tokens of `p` (the bytes of `text` and a 0), `classes` being `ByteClass.table` and
    /// `lengths` `SwiftFactsText.wordLengths`. The position is a local; white space, words and
    /// plain punctuation, which nearly every byte is, are handled here, the rest by `identifier`,
    /// `brace` and `quote`.
    /// Invariant of the unchecked reads: `at` ≤ `text.count` at each `p[at]`. Every run stops at
    /// the final 0 (its class is `.quote`, neither space nor a word's), and the scan ends there;
    /// a byte indexes `classes` and `lengths`, which have 256 entries each. (`&+`: `at` stays at
    /// or before the end of an array's bytes, so it cannot overflow.)
    private mutating func tokens(
        _ p: UnsafeBufferPointer<UInt8>, classes: UnsafeBufferPointer<SwiftFactsText.ByteClass>, lengths: UnsafeBufferPointer<UInt32>
    ) {
        let wordByte = SwiftFactsText.ByteClass.identifierStart.rawValue
        var at = 0
        while true {
            let c = p[at]
            let kind = classes[Int(c)]
            // A switch over every class: one jump through a table, no range check.
            switch kind {
            case .identifierStart:
                let start = at
                at &+= 1
                while classes[Int(p[at])].rawValue >= wordByte { at &+= 1 }
                // (`start` < `at`: the word holds the byte it started at.)
                word(Range(uncheckedBounds: (start, at)), in: p, lengths: lengths)
                // A word is often followed by one space: skipped here, without a turn of the loop.
                while classes[Int(p[at])] == .space { at &+= 1 }
            case .space:
                // White space changes nothing the scan keeps; it comes in runs (indentation).
                at &+= 1
                while classes[Int(p[at])] == .space { at &+= 1 }
            case .plain:
                // Punctuation that is no bracket, `:`, comment or string only ends a word.
                if c != 0x3F && c != 0x21 { propertyType = 0 }
                lastPunctuation = c
                presentingClosed = false
                at &+= 1
                while classes[Int(p[at])] == .space { at &+= 1 }
            case .open:
                open(c, at: at, in: p, lengths: lengths)
                at &+= 1
            case .close:
                presentingClosed = brackets.close() && c == 0x29
                lastPunctuation = c
                at &+= 1
                while classes[Int(p[at])] == .space { at &+= 1 }
            case .colon:
                colon(at: at)
                at &+= 1
            case .digit:
                while classes[Int(p[at])].rawValue >= wordByte || p[at] == 0x2E { at &+= 1 }
                previous = nil
            case .brace:
                brace(at: at, in: p, lengths: lengths)
                at &+= 1
            case .quote:
                if at == text.count { return }
                at = quote(c, at: at, in: p)
            }
        }
    }

    /// A `:` at `at`: after `var name` directly in a type's body, a stored property's type follows.
    private mutating func colon(at: Int) {
        if !awaitingBody, let p = previous, !p.member, brackets.container >= 0, text.isPropertyName(before: at) {
            propertyType = 1
        }
        lastPunctuation = 0x3A
        presentingClosed = false
    }

    /// A `(` or `[` at `at`: a bracket opened; a `(` after a member is a call of it (`.f(…)`),
    /// after an uppercase name a use of that type (`Row(…)`; not in a declaration's header).
    @inline(__always) private mutating func open(_ c: UInt8, at: Int, in p: UnsafeBufferPointer<UInt8>, lengths: UnsafeBufferPointer<UInt32>) {
        if c == 0x28, let previous {
            if previous.member {
                call(previous, in: p)
            } else if p[previous.range.lowerBound] >= 0x41 && p[previous.range.lowerBound] <= 0x5A && !awaitingBody {
                use(previous, as: presenting ? .presented : .part, in: p)
            }
            if (presents(previous) && !isPagedTabView(previous, at: at))
                || ((previous.word == .transparent || isForEach(previous)) && brackets.presented)
            {
                brackets.open(c, presented: true, container: -1)
            } else {
                brackets.openPlain()
            }
        } else {
            brackets.openPlain()
        }
        lastPunctuation = c
        presentingClosed = false
    }

    /// Whether the code names a handler (`SwiftHandlerScan.names`, or `Button`) or `asyncAfter`:
    /// only then is the file read again for those facts.
    private var namesHandler = false
    private var namesAsyncAfter = false
    /// Whether the code names `Void` or `Binding`, and a SwiftUI control, collection or stack:
    /// a view that may hand a closure or a binding on to another view.
    private var namesForwarding = false
    private var namesListing = false

    /// Whether the file is read again for its handlers' facts (`SwiftHandlerScan`): it names a
    /// handler, or it is a SwiftUI view that may hand a closure or a binding on.
    private var readsHandlers: Bool { namesHandler || (namesForwarding && namesListing) }

    /// Notes a handler's name or `asyncAfter` (`word` is `.listing`, `.handler`, `.asyncAfter`
    /// or `.forwarding`).
    private mutating func noteGate(_ word: SwiftFactsText.Word, _ range: Range<Int>, in p: UnsafeBufferPointer<UInt8>) {
        switch word {
        case .handler: namesHandler = true
        case .asyncAfter: namesAsyncAfter = true
        case .forwarding: namesForwarding = true
        case .listing:
            namesListing = true
            if range.count == 6, p[range.lowerBound] == UInt8(ascii: "B") { namesHandler = true }
        default: break
        }
    }

    /// The identifier in `range`: the words that change nothing but `previous` (most of them) are
    /// known here, the others go on to `identifier`.
    @inline(__always) private mutating func word(_ range: Range<Int>, in p: UnsafeBufferPointer<UInt8>, lengths: UnsafeBufferPointer<UInt32>) {
        let start = range.lowerBound
        let member = start > 0 && p[start &- 1] == 0x2E
        let first = p[start]
        // (`count` > 0: a word has a byte; below 32, the shift stays in the mask.)
        let count = range.upperBound &- start
        let known = count < 32 && lengths[Int(first)] & 1 << UInt32(truncatingIfNeeded: count) != 0
        let word = known ? text.lookUp(range, in: p) : .none
        if word == .listing || word.rawValue >= SwiftFactsText.Word.handler.rawValue { noteGate(word, range, in: p) }
        if member {
            if word != .self && word != .shared, start < 2 || p[start &- 2] != 0x28 {
                previous = Identifier(range: range, member: true, word: word)
                return
            }
        } else if first >= 0x41 && first <= 0x5A {
            if propertyType == 0 && !awaitingBody {
                previous = Identifier(range: range, member: false, word: word)
                return
            }
        } else {
            // A plain word, or a keyword (`identifier` would only pass it on to `keyword`).
            if word.isKeyword { keyword(word, range) }
            previous = Identifier(range: range, member: false, word: word)
            return
        }
        identifier(range, member: member, word: word, in: p)
    }

    /// A `/`, `"`, `#` or a 0 byte at `at` (before the end): a comment or a string literal
    /// skipped, or punctuation. Where the scan goes on.
    private mutating func quote(_ c: UInt8, at: Int, in p: UnsafeBufferPointer<UInt8>) -> Int {
        if c == 0x2F, p[at + 1] == 0x2F { return text.lineEnd(from: at) }
        if c == 0x2F, p[at + 1] == 0x2A { return text.blockCommentEnd(from: at) }
        if c == 0x22 || (c == 0x23 && text.rawStringFollows(at)) {
            previous = nil
            // (A literal cut by the end after a backslash ends one past it: the scan ends at the end.)
            return Swift.min(text.stringEnd(from: at), text.count)
        }
        // Division, a `#if`, a 0 byte: punctuation that only ends a word, as `.plain` is.
        propertyType = 0
        lastPunctuation = c
        presentingClosed = false
        return at + 1
    }

    // MARK: Identifiers and declarations

    /// The identifier in `range`, the word `word`, after a `.` if `member`.
    private mutating func identifier(_ range: Range<Int>, member: Bool, word: SwiftFactsText.Word, in bytes: UnsafeBufferPointer<UInt8>) {
        let start = range.lowerBound
        defer { previous = Identifier(range: range, member: member, word: word) }
        // `Store.self`, and a singleton held (`@StateObject var speech = SpeechService.shared`).
        if member, word == .self || word == .shared, let type = previous, text.isUppercase(type.range) { use(type, as: .part, in: bytes) }
        // `.buttonStyle(.primary)`: the style a static member of a style protocol's extension makes.
        if member, start >= 2, text[start - 2] == 0x28, let call = previous, call.member, text.endsWithStyle(call.range) {
            self.call(Identifier(range: range, member: member, word: word), in: bytes)
        }
        guard !member else { return }
        if text.isUppercase(range) {
            guard propertyType > 0 || pending != nil else { return }
            if propertyType > 0 {
                // `let style: ThemeButton.Style` holds the nested type, not a `ThemeButton`.
                let nested =
                    range.upperBound + 1 < text.count && text[range.upperBound] == 0x2E
                    && text.isUppercase((range.upperBound + 1)..<(range.upperBound + 2))
                if !nested { use(Identifier(range: range, member: member, word: word), as: .part, in: bytes) }
                propertyType = 0
            }
            guard var p = pending, lastPunctuationIsInheritance else { return }
            let name = text.name(range)
            if p.name != name {
                p.inherited.append(name)
                pending = p
            }
            return
        }
        if word.isKeyword { keyword(word, range) }
    }

    /// The declarations and control flow a keyword in `range` starts (`struct`, `class`, `func`
    /// in a `View` extension, `switch`, `if`, `else`, `guard`).
    private mutating func keyword(_ word: SwiftFactsText.Word, _ range: Range<Int>) {
        let at = range.upperBound
        switch word {
        case .struct, .enum, .actor, .protocol, .extension:
            let declares = word != .extension && word != .protocol
            if let next = text.identifier(after: at) {
                pending = (next, [], false, declares)
                // Its body is read as an extension's; its name is kept so it is known as no type of the app's screens.
                if word == .protocol { types.append(SwiftTypeFact(name: next, kind: .protocolType)) }
                if word == .struct, text.genericParameterIsView(afterKeyword: at) { wrapperViews.insert(next) }
            }
        case .class:
            guard let next = text.identifier(after: at) else { break }
            if !["func", "var", "let", "static", "override", "final", "public", "private"].contains(next) {
                pending = (next, [], true, true)
            } else if next == "var", let constant = text.staticConstant(after: at), let owner = qualifiedTypeBody() {
                // `class var`: a type's property, as a `static var` is.
                constants.append(SwiftConstantFact(name: owner + "." + constant.name, definition: constant.definition))
            }
        case .switch, .if, .else, .guard:
            controlFlow = true
        case .static:
            styleMember(after: at)
            if let animation = text.staticAnimation(after: at), let owner = qualifiedTypeBody() {
                animations.append(SwiftAnimationFact(name: owner + "." + animation.name, expression: animation.expression))
            }
            if let constant = text.staticConstant(after: at), let owner = qualifiedTypeBody() {
                constants.append(SwiftConstantFact(name: owner + "." + constant.name, definition: constant.definition))
            }
        case .let, .var:
            declaration(word, at: range)
            if word == .var { viewBody(after: at) }
        case .func:
            if let inside = insideContainer, containerTraits[inside].extendsView, let next = text.identifier(after: at) {
                pending = ("func:" + next, [], false, false)
            }
            viewBody(after: at)
        default: break
        }
    }

    /// A `let` or `var` in `range`: a property's name, when directly in a type's body; a constant
    /// other files see, when a `let` at file level.
    private mutating func declaration(_ word: SwiftFactsText.Word, at range: Range<Int>) {
        let at = range.upperBound
        if !brackets.isEmpty {
            let container = brackets.container
            guard brackets.innermostIsBrace, container >= 0, !containerTraits[Int(container)].isFunction,
                let name = text.declaredName(after: at)
            else { return }
            // One string made at its final size: `a + "." + b` makes and grows two.
            var member = containers[Int(container)]
            member.reserveCapacity(member.utf8.count + 1 + name.utf8.count)
            member += "."
            member += name
            members.append(member)
            // A type's `let` with a number is that number in every instance (no initializer can
            // set it again): the type's code in other files (its extensions) names it bare.
            if word == .let, !text.followsStatic(at: range.lowerBound), let constant = text.binding(after: at), constant.definition != .unread {
                constants.append(SwiftConstantFact(name: member, definition: constant.definition))
            }
        } else if word == .let, text.startsVisibleDeclaration(at: range.lowerBound) {
            if let constant = text.binding(after: at), constant.definition != .unread {
                constants.append(SwiftConstantFact(name: constant.name, definition: constant.definition))
            } else if let animation = text.staticAnimation(after: range.lowerBound) {
                // `let spring = Animation.interpolatingSpring(…)` in a file of constants.
                animations.append(SwiftAnimationFact(name: animation.name, expression: animation.expression))
            }
            // (A file-level `let` of another kind is no number or animation any code could mean.)
        }
    }

    /// A `body` that is `some View` (`var body: some View`, `func body(props: Props) -> some
    /// View`) declared after `start` directly in the body of a type this file declares: the type
    /// is a view, though what it conforms to is a protocol of another module (`struct Discover:
    /// ConnectedView`, a package's protocol that refines `View`).
    private mutating func viewBody(after start: Int) {
        guard text.declaresViewBody(after: start), let owner = qualifiedTypeBody(),
            let k = types.lastIndex(where: { $0.name == owner }), types[k].kind == .other
        else { return }
        types[k].kind = .view
    }

    /// `static var primary: PrimaryStyle { … }` (or a `static func`) in an extension of a style
    /// protocol (`extension ButtonStyle where Self == PrimaryStyle`): code of `func:primary`, as
    /// `.buttonStyle(.primary)` names it, so the style is part of the views that name it.
    private mutating func styleMember(after start: Int) {
        guard let inside = insideContainer, containerTraits[inside].isStyle, let word = text.identifier(after: start),
            word == "var" || word == "func",
            let name = text.identifier(after: text.skipSpace(start, newlines: true) + word.utf8.count)
        else { return }
        pending = ("func:" + name, [], false, false)
    }

    private var lastPunctuation: UInt8 = 0
    private var lastPunctuationIsInheritance: Bool { lastPunctuation == 0x3A || lastPunctuation == 0x2C }

    // MARK: Brackets

    /// The qualified name of the type whose body the scan is directly in (`Constants.Animation`
    /// in `enum Constants { enum Animation { … } }`: the containers of nested types are named
    /// qualified); nil inside a function, a closure or a bracket, or outside any type.
    private func qualifiedTypeBody() -> String? {
        guard brackets.allBodies({ !containerTraits[Int($0)].isFunction }) else { return nil }
        return containers[Int(brackets.container)]
    }

    /// The index in `containers` of the innermost container the scan is in, if any.
    private var insideContainer: Int? {
        let inside = brackets.inside
        return inside >= 0 ? Int(inside) : nil
    }

    /// A `{` opened, the body of `container` (a type's own declaration when `declared`, else an
    /// extension's, a protocol's or a modifier function's).
    private mutating func openBody(of container: String, declared: Bool) {
        let index = Int32(containers.count)
        let first = containerIndex[container] ?? index
        if first == index { containerIndex[container] = index }
        containers.append(container)
        containerTraits.append(
            ContainerTraits(
                isFunction: container.hasPrefix("func:"),
                extendsView: !declared && Self.methodsAreFunctions(inExtensionOf: container),
                isStyle: container.hasSuffix("Style"), first: first, isASCII: Self.isASCII(container)))
        brackets.open(0x7B, presented: false, container: index)
    }
    private var presenting: Bool { brackets.presented }

    /// A `{`: the body of the declaration that waits for it (a type, a modifier function), or a
    /// block or closure, presented when what it follows presents (`.sheet { … }`).
    private mutating func brace(at: Int, in bytes: UnsafeBufferPointer<UInt8>, lengths: UnsafeBufferPointer<UInt32>) {
        // `AnyView(…)` and `Group { … }` show what they wrap as it is; so does a view of the app
        // made with a trailing closure where it is shown (`TabView { SignedIn { Feed() } }`,
        // not a list's or a button's closure); a closure given to a presenting call under a
        // label (`.navigationDestination(for:destination: { … })`) is its content.
        let wraps = presenting && wrapsContent(at: at)
        let inherits = controlFlow || previous?.word == .transparent || wraps || !brackets.innermostIsBrace
        // (No closure over `self` here: it would copy the scan, arrays and all, at every brace.)
        var named = false
        if let p = previous {
            named = (presents(p) && !isPagedTabView(p, at: at)) || (lastPunctuation == 0x3A && text.spells(p.range, "destination"))
        }
        let presented = presentingClosed || named || (inherits && presenting)
        controlFlow = false
        if awaitingBody, let p = pending {
            // A type declared in a type's body is named as Swift qualifies it (`Feed.Model`).
            let name = p.declares ? qualifiedTypeBody().map { $0 + "." + p.name } ?? p.name : p.name
            if p.declares {
                let kind = Self.kind(name: p.name, inherited: p.inherited, isClass: p.isClass)
                types.append(SwiftTypeFact(name: name, kind: kind == .view && wrapperViews.contains(p.name) ? .wrapper : kind))
            }
            openBody(of: name, declared: p.declares)
            // What it inherits is part of it: a base class's code (`SwipeCell.wiggle`) runs in
            // the subclasses the screens make (`RowCell: SwipeCell`), a protocol extension's in
            // the types that conform.
            if p.declares {
                for base in p.inherited where !Self.isPlatformType(base) { use(base, presented: false, isASCII: Self.isASCII(base), inherited: true) }
            }
            pending = nil
        } else {
            // `.swipeAction { … }`: a modifier function called with a trailing closure alone.
            if let p = previous, p.member, lastPunctuation == 0x2E { call(p, in: bytes) }
            // `Card { … }`: a view made with its trailing closure alone (`Card(…) { … }` was
            // counted at its `(`).
            if let p = previous, !p.member, text.isUppercase(p.range), text.skipSpace(p.range.upperBound, newlines: true) == at {
                use(p, as: presenting ? .presented : .part, in: bytes)
            }
            brackets.open(0x7B, presented: presented, container: -1)
        }
        presentingClosed = false
        propertyType = 0
        lastPunctuation = 0x7B
    }

    /// Whether the `{` at `brace` is the trailing closure of a view of the app (`Wrap {`,
    /// `Wrap(x: 1) {`): an uppercase name that is no SwiftUI control or collection
    /// (`Word.listing`), no keyword and no member. Asked only inside presented content.
    private func wrapsContent(at brace: Int) -> Bool {
        let name: Range<Int>
        if lastPunctuation == 0x29 {
            guard let callee = text.callee(beforeBrace: brace) else { return false }
            name = callee
        } else {
            guard let p = previous, !p.member, text.skipSpace(p.range.upperBound, newlines: true) == brace else { return false }
            name = p.range
        }
        guard text.isUppercase(name), name.lowerBound == 0 || text[name.lowerBound - 1] != 0x2E else { return false }
        return text.word(name) == .none
    }

    /// Whether `name` is a `TabView` whose arguments or content open at `at` and that shows them
    /// as pages (`.tabViewStyle(.page)`): a carousel or a pager is part of its screen, its pages
    /// no screens of their own.
    private func isPagedTabView(_ name: Identifier, at: Int) -> Bool {
        name.word == .presenting && name.range.count == 7 && text.spells(name.range, "TabView") && text.tabViewIsPaged(from: at)
    }

    /// Whether `name` is `ForEach`: right inside presented content (`TabView { ForEach(tabs) { tab
    /// in … } }`) it presents what it makes, each item a screen, as the content would itself.
    private func isForEach(_ name: Identifier) -> Bool {
        name.word == .listing && name.range.count == 7 && text.spells(name.range, "ForEach")
    }

    /// Whether the call `name` opens shows its content as a screen: one of `presenting`, or a
    /// name that ends as SwiftUI's navigation containers and destinations do (a package's
    /// `NBNavigationStack`, `.nbNavigationDestination(for:)`, an app's own `AppNavigationStack`).
    private func presents(_ name: Identifier) -> Bool {
        if name.word == .presenting { return true }
        guard name.word == .none, name.range.count > 14 else { return false }
        return text.endsPresentingName(name.range)
    }

    /// The calls whose content is shown as a screen of its own.
    public static let presenting: Set<String> = [
        "sheet", "fullScreenCover", "popover", "navigationDestination", "inspector", "NavigationLink", "TabView", "WindowGroup", "Window",
        "DocumentGroup", "Settings", "UIHostingController", "NSHostingController", "NavigationStack", "NavigationView", "NavigationSplitView",
        "present", "pushViewController", "setViewControllers", "show",
    ]

    /// A call `.name(…)`: a use of `func:name`. Calls are the commonest use and repeat (the same
    /// modifier all over a view), so a repeat is known by the container's first index and the
    /// name's bytes, before any `func:` name is made.
    private mutating func call(_ name: Identifier, in p: UnsafeBufferPointer<UInt8>) {
        let inside = brackets.inside
        guard inside >= 0 else { return }
        // The same call as the last one, in the same container (`xs.reduce(…)` line after line):
        // seen, known by its bytes without a hash.
        let range = name.range
        if inside == lastCall.container, range.count == lastCall.name.count {
            var k = 0
            while k < range.count, p[range.lowerBound &+ k] == p[lastCall.name.lowerBound &+ k] { k &+= 1 }
            if k == range.count { return }
        }
        lastCall = (inside, range)
        guard
            seenUses.insert(
                container: containerTraits[Int(inside)].first, kind: .call, name: name.range, hash: SwiftFactsText.key(name.range, in: p), in: p)
        else { return }
        use("func:" + text.name(name.range), presented: false, isASCII: Self.isASCII(name.range, in: p))
    }

    /// A use of the type `name` (as a part or as presented): passed over when the container has
    /// used that name in that role already, before any string is made.
    private mutating func use(_ name: Identifier, as kind: SwiftFactsSeen.Kind, in p: UnsafeBufferPointer<UInt8>) {
        let inside = brackets.inside
        guard inside >= 0,
            seenUses.insert(
                container: containerTraits[Int(inside)].first, kind: kind, name: name.range, hash: SwiftFactsText.key(name.range, in: p), in: p)
        else { return }
        use(text.name(name.range), presented: kind == .presented, isASCII: Self.isASCII(name.range, in: p))
    }
    private var seenUses = SwiftFactsSeen()
    /// The last call's container and name, seen (none yet: container -1).
    private var lastCall: (container: Int32, name: Range<Int>) = (-1, 0..<0)

    /// Whether `name` is ASCII: over its bytes in place (`allSatisfy` over a string's UTF-8 view
    /// steps an iterator through each byte).
    private static func isASCII(_ name: String) -> Bool {
        name.utf8.withContiguousStorageIfAvailable { bytes in !bytes.contains { $0 >= 0x80 } } ?? name.utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether the bytes of `range` are ASCII.
    private static func isASCII(_ range: Range<Int>, in p: UnsafeBufferPointer<UInt8>) -> Bool {
        for k in range where p[k] >= 0x80 { return false }
        return true
    }

    /// A use `seenUses` has not seen: recorded unless an equal one is. Between ASCII names,
    /// equal strings are equal bytes, and containers of equal names share their first index, so
    /// `seenUses` has passed over every repeat already and no set of the uses is needed. A
    /// non-ASCII name may equal other bytes (`\u{212A}` is `K`): from the first such use on, every
    /// use is checked against a set of them all.
    private mutating func use(_ name: String, presented: Bool, isASCII: Bool, inherited: Bool = false) {
        // An extension of `View` or of a platform class (`extension UICollectionView { var
        // swipeCells: [SwipeCell] }`) is code of no screen in particular: what its properties
        // use is not held by every view controller that holds a collection view.
        guard let inside = insideContainer, containers[inside] != name, !containerTraits[inside].extendsView else { return }
        let fact = SwiftTypeUse(container: containers[inside], used: name, role: inherited ? .inherited : presented ? .presented : .part)
        if seen == nil, !isASCII || !containerTraits[inside].isASCII { seen = Set(uses) }
        if seen != nil, seen?.insert(fact).inserted == false { return }
        uses.append(fact)
    }

    // MARK: Kinds

    /// What a type is, from what it inherits (its name decides for subclasses of the app's own
    /// base classes, declared in other files).
    /// Whether the methods of an extension of `extended` (as written) are functions of their own,
    /// whose screens are their callers' (`func:NAME`, each call `.NAME(…)` a use), rather than
    /// the extended type's code: SwiftUI's `View` (`View`, `some View`, `View where …`), whose
    /// methods are modifiers, and a platform class (`UIView`, `NSView`, `CALayer`,
    /// `CASpringAnimation`, `UIViewController`: a name with a UIKit, AppKit or Core Animation
    /// prefix), which every view of the app is, so a screen found through the type itself would
    /// be every screen. O(length).
    public static func methodsAreFunctions(inExtensionOf extended: String) -> Bool {
        if extended == "View" || extended == "SwiftUI.View" || extended == "some View" || extended.hasPrefix("View where") { return true }
        let name = extended.utf8
        for prefix in ["UI", "NS", "CA"] where extended.hasPrefix(prefix) {
            let rest = name.dropFirst(2)
            guard let first = rest.first, (0x41...0x5A).contains(first) else { return false }
            return rest.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x5F }
        }
        return false
    }

    /// Whether `name` is a type of SwiftUI, UIKit, AppKit, Core Animation or the standard
    /// library's protocols that types inherit (`View`, `UIView`, `NSObject`, `Identifiable`, …):
    /// no code of the app.
    public static func isPlatformType(_ name: String) -> Bool {
        if Self.methodsAreFunctions(inExtensionOf: name) || name.hasPrefix("SwiftUI.") || name.hasPrefix("Foundation.") { return true }
        return [
            "NSObject", "ObservableObject", "Identifiable", "Hashable", "Equatable", "Codable", "Decodable", "Encodable", "Sendable",
            "Comparable", "CaseIterable", "CustomStringConvertible", "Error", "App", "Scene", "PreviewProvider", "ViewModifier", "Shape",
        ].contains(name)
    }

    public static func kind(name: String, inherited: [String], isClass: Bool) -> SwiftTypeFact.Kind {
        if inherited.contains(where: {
            $0.hasSuffix("ViewController") || $0.hasSuffix("HostingController") || $0.hasSuffix("TabBarController")
                || $0.hasSuffix("NavigationController") || $0.hasSuffix("WindowController")
        }) {
            return .viewController
        }
        if inherited.contains(where: { $0 == "UIViewControllerAnimatedTransitioning" || $0 == "NSViewControllerPresentationAnimator" }) {
            return .transition
        }
        if inherited.contains(where: { $0 == "View" || $0 == "SwiftUI.View" }) { return .view }
        if inherited.contains(where: { $0 == "App" || $0 == "SwiftUI.App" }) { return .app }
        if inherited.contains(where: { $0 == "PreviewProvider" || $0 == "SwiftUI.PreviewProvider" || $0 == "XCTestCase" }) || name.hasSuffix("Tests")
        {
            return .preview
        }
        if inherited.contains(where: SwiftTypeFact.Kind.isStyleProtocol) { return .style }
        if isClass, name.hasSuffix("ViewController") { return .viewController }
        if isClass, inherited.contains(where: uiKitViewBase) || (name.hasSuffix("View") && !inherited.isEmpty) || name.hasSuffix("Cell") {
            return .platformView
        }
        return .other
    }

    /// UIKit and AppKit view classes (`UIView`, `UIButton`, `UITableViewCell`, `NSView`, …).
    static func uiKitViewBase(_ name: String) -> Bool {
        guard name.hasPrefix("UI") || name.hasPrefix("NS") else { return false }
        return ["View", "Cell", "Button", "Control", "Label", "Field", "Bar", "ReusableView"].contains { name.hasSuffix($0) }
    }
}
