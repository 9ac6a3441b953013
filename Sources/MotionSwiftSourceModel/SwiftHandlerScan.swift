// MARK: - SwiftHandlerScan

/// What the handlers of a file's types do (`SwiftHandlerFact`), read from its bytes, so that
/// another file's animation keyed on what they change or call takes their trigger: a
/// `Button { selected = 1 }` in `Child` (a binding `Parent` hands it as `Child(selected:
/// $selected)`), `.onTapGesture { action() }` in `WinstonButton` (a closure handed to it), and
/// `splash.start()` in a view controller's `viewDidAppear` (a method of `SplashView`).
///
/// Handlers: `Button`'s action, `.onTapGesture`, `.onLongPressGesture`, `UIAction`,
/// `UIAlertAction` and `UIContextualAction` (taps); `.onAppear`, `.task`, `viewDidAppear`,
/// `viewWillAppear`, `viewDidLoad` (appearances); a gesture's `onChanged`/`onEnded`/`updating`
/// (a drag, a tap after `TapGesture` or `LongPressGesture`); `@IBAction` methods and row
/// selection (`tableView(_:didSelectRowAt:)`) (taps). A closure inside a handler is the
/// handler's, except one that runs on events of its own (a `sink`, an `onChange`, …), whose
/// code is recorded as an event's (`event`): a name also called there has no one trigger. Comments
/// and strings are skipped; code that does not compile gives facts as written. O(bytes).
struct SwiftHandlerScan {
    private let text: SwiftFactsText
    private var facts: [SwiftHandlerFact] = []
    private var seen: Set<SwiftHandlerFact> = []
    /// Each open `{`: the type whose code it is (unqualified), the trigger of the handler it
    /// is in, if any, and the method (of no trigger of its own) whose body it is in, as an index
    /// in `functions` (-1: none).
    private var frames: [(container: String?, trigger: String?, function: Int32)] = [] {
        didSet { inHandler = frames.last?.trigger != nil }
    }
    /// Whether the innermost `{` is in a handler: asked at every identifier, so kept as a flag
    /// rather than read from `frames` (whose strings each read would retain).
    private var inHandler = false
    /// Each open `(`: the name called and whether an `action:` argument was written in it.
    private var parens: [(callee: Range<Int>?, action: Bool)] = []
    /// The `(…)` that closed last, when `)` is the last token.
    private var lastClosed: (callee: Range<Int>?, action: Bool)?
    /// A type declared (or extended) waits for its `{`.
    private var pendingType: String?
    /// A function waits for its `{`: its trigger ("" for none), and its name.
    private var pendingFunction: String?
    private var pendingFunctionName: String?
    /// The methods of no trigger of their own whose bodies were read, as `Type.name`.
    private var functions: [String] = []
    /// The names those methods call, where they are written (an index in `functions`, the
    /// name's bytes, whether it is the type's own): made strings only when a handler calls a
    /// method (`passOnCalls`), as most files' methods are called by none.
    private var calls: [(function: Int32, name: Range<Int>, own: Bool)] = []
    /// The last identifier, when it is the last token; the label before a `:` that is.
    private var previousWord: Range<Int>?
    private var label: Range<Int>?
    /// The last token's first byte (`a` for an identifier).
    private var lastToken: UInt8 = 0
    /// A `label:` in the arguments of a type's initializer (`Leaf(`), whose value is not read
    /// yet, and whether a `$` came after it: a property handed on if the value is a name.
    private var argument: (label: Range<Int>, callee: Range<Int>, binding: Bool)?
    /// The closure and binding properties the file declares, as `Type.name`.
    private var handedOn: Set<String> = []
    /// A name handed on to another view's `label` (`Leaf(onTap: onSelect)`, `Leaf(selected:
    /// $selected)`, `Leaf(onTap: { onSelect() })`), as a fact whose trigger is `>Leaf.label`;
    /// kept when the name is a binding or a closure property of the type (`handedOn`).
    private var forwards: [(fact: SwiftHandlerFact, binding: Bool)] = []

    private init(_ bytes: [UInt8]) { text = SwiftFactsText(bytes) }

    /// The facts of `bytes`. `SwiftFactsScan` asks only for a file whose code names one of
    /// `names` (its word table knows them), so most files are never read twice.
    static func facts(_ bytes: [UInt8]) -> [SwiftHandlerFact] {
        var scan = SwiftHandlerScan(bytes)
        scan.run()
        scan.passOnCalls()
        for forward in scan.forwards where forward.binding || scan.handedOn.contains(forward.fact.container + "." + forward.fact.name) {
            scan.add(forward.fact)
        }
        return scan.facts
    }

    /// The words that make a file worth this scan though it names no handler: a closure
    /// property (`let onSelect: () -> Void`) or a binding it may hand on to another view.
    static let forwardingNames = ["Void", "Binding"]

    /// The names of the handlers read (besides SwiftUI's `Button`, a `Word.listing`), or of the
    /// methods that take them (`tableView`, `collectionView`: row selection).
    static let names = [
        "onTapGesture", "onLongPressGesture", "UIAction", "UIAlertAction", "UIContextualAction", "onAppear", "task", "onChanged", "onEnded",
        "updating", "viewDidLoad", "viewWillAppear", "viewDidAppear", "didMoveToWindow", "awakeFromNib", "IBAction", "tableView",
        "collectionView",
    ]

    private mutating func run() {
        var k = 0
        let count = text.count
        while k < count {
            let c = text[k]
            // One class lookup a byte; white space, the commonest, passed over at once.
            switch text.byteClass(at: k) {
            case .space:
                k += 1
            case .identifierStart:
                var end = k + 1
                while end < count, text.continuesIdentifier(text[end]) { end += 1 }
                word(k..<end)
                k = end
            case .digit:
                while k < count, text.continuesIdentifier(text[k]) || text[k] == 0x2E { k += 1 }
                token(0x30)
            case .quote where c == 0x2F && k + 1 < count && text[k + 1] == 0x2F:
                k = text.lineEnd(from: k)
            case .quote where c == 0x2F && k + 1 < count && text[k + 1] == 0x2A:
                k = text.blockCommentEnd(from: k)
            case .quote where c == 0x22 || (c == 0x23 && text.rawStringFollows(k)):
                k = min(text.stringEnd(from: k), count)
                token(0x22)
            default:
                punctuation(c, at: k)
                k += 1
            }
        }
    }

    private mutating func token(_ first: UInt8) {
        lastToken = first
        previousWord = nil
    }

    private mutating func punctuation(_ c: UInt8, at k: Int) {
        // (`$` and the `.` of `self.` keep an argument's label for the name that follows.)
        if !(c == 0x24 || (c == 0x2E && lastToken == 0x61)) { argument = nil }
        switch c {
        case 0x20, 0x09, 0x0A, 0x0D: return
        case 0x24:
            argument?.binding = true
        case 0x28:
            parens.append((lastToken == 0x61 ? previousWord : nil, false))
        case 0x29:
            lastClosed = parens.popLast()
        case 0x3A:
            label = lastToken == 0x61 ? previousWord : nil
            if let word = label, text.spells(word, "action"), !parens.isEmpty { parens[parens.count - 1].action = true }
            if let word = label, let callee = parens.last?.callee, text.isUppercase(callee) { argument = (word, callee, false) }
        case 0x7B:
            openBrace(at: k)
        case 0x7D:
            if !frames.isEmpty { frames.removeLast() }
            pendingFunction = nil
        default: break
        }
        token(c)
    }
}

// MARK: Declarations and handlers

extension SwiftHandlerScan {
    private static let taps: Set<String> = ["onTapGesture", "onLongPressGesture", "UIAction", "UIAlertAction", "UIContextualAction"]
    private static let appearances: Set<String> = ["onAppear", "task"]
    private static let gestures: Set<String> = ["onChanged", "onEnded", "updating"]
    /// Closures that run on events of their own, not when the handler around them runs: what
    /// they call or set is an event's (`event`), which no trigger of a handler agrees with.
    private static let ownEvents: Set<String> = [
        "sink", "subscribe", "onReceive", "onChange", "addObserver", "scheduledTimer", "observe", "bind", "drive", "onSubmit", "refreshable",
        "onDisappear", "publisher",
    ]
    /// Names called in handlers that are no method or closure of the app's.
    private static let notOwn: Set<String> = [
        "if", "guard", "switch", "return", "let", "var", "case", "for", "in", "while", "try", "await", "else", "self", "super", "withAnimation",
        "withTransaction", "print", "min", "max", "abs", "repeat", "do", "catch", "where", "is", "as",
    ]
    /// Methods of the standard library, Foundation, Combine, SwiftUI and UIKit that handlers call
    /// on values of all kinds (`isOn.toggle()`, `items.append(x)`): never an app's method worth a
    /// fact, and an app's method of the same name would take their triggers.
    private static let platformMethods: Set<String> = [
        "toggle", "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "popLast", "sort", "sorted", "reverse", "shuffle",
        "filter", "first", "last", "contains", "forEach", "map", "compactMap", "flatMap", "reduce", "joined", "formUnion", "subtract",
        "send", "cancel", "store", "sink", "receive", "dismiss", "present", "pushViewController", "popViewController", "popToRootViewController",
        "layoutIfNeeded", "setNeedsLayout", "addSubview", "removeFromSuperview", "bringSubviewToFront", "reloadData", "reloadRows",
        "reloadSections", "performBatchUpdates", "deselectRow", "selectRow", "scrollToRow", "scrollToItem", "scrollTo", "setTitle", "setImage",
        "endEditing", "resignFirstResponder", "becomeFirstResponder", "impactOccurred", "notificationOccurred", "selectionChanged",
        "prepare", "async", "asyncAfter", "post", "addObserver", "removeObserver", "invalidate", "fire", "setValue", "write", "debug",
        "info", "error", "warning", "addAnimation", "addTarget", "addGestureRecognizer", "setNavigationBarHidden", "startAnimating",
        "stopAnimating", "setOn", "setProgress", "setContentOffset", "setEditing", "setSelected", "setHighlighted",
        // UIKit's and Core Animation's own animation calls (`UIView.animate(…)`, `layer.add(…)`).
        "animate", "animateKeyframes", "addKeyframe", "transition", "performWithoutAnimation", "addAnimations", "addCompletion",
        "startAnimation", "stopAnimation", "finishAnimation", "pauseAnimation", "continueAnimation", "removeAllAnimations",
        "removeAnimation", "setAnimationDuration", "setCompletionBlock", "begin", "commit",
    ]

    /// The methods of UIKit's view controllers, views and cells that run when they appear.
    private static let appearing: Set<String> = ["viewDidAppear", "viewWillAppear", "viewDidLoad", "didMoveToWindow", "awakeFromNib"]

    /// An identifier: a declaration's keyword, or a name a handler calls or sets.
    private mutating func word(_ range: Range<Int>) {
        let handed = argument
        argument = nil
        defer {
            lastToken = 0x61
            previousWord = range
        }
        if let handed {
            forward(range, as: handed)
            return
        }
        // (Most words are none of these: their bytes are read without making a string.)
        if lastToken != 0x2E, isDeclaring(range) {
            guard let declared = text.identifier(after: range.upperBound), !["func", "var", "let", "static", "final"].contains(declared) else {
                return
            }
            pendingType = String(declared.split(separator: ".").last ?? Substring(declared))
            return
        }
        if lastToken != 0x2E, text.spells(range, "func") {
            pendingFunction = functionTrigger(after: range)
            pendingFunctionName = text.identifier(after: range.upperBound)
            return
        }
        if lastToken != 0x2E, range.count == 3, text.spells(range, "var") || text.spells(range, "let") {
            noteHandedOn(after: range)
            return
        }
        guard inHandler, let trigger = frames.last?.trigger else {
            if let function = frames.last?.function, function >= 0 { noteCall(range, in: function) }
            return
        }
        record(range, trigger: trigger)
    }

    /// Whether the word in `range` is one of `declaring`.
    private func isDeclaring(_ range: Range<Int>) -> Bool {
        switch range.count {
        case 5: return text.spells(range, "class") || text.spells(range, "actor")
        case 4: return text.spells(range, "enum")
        case 6: return text.spells(range, "struct")
        case 8: return text.spells(range, "protocol")
        case 9: return text.spells(range, "extension")
        default: return false
        }
    }

    /// The trigger of the function whose name follows `keyword` ("" for none): UIKit's
    /// appearance methods, `@IBAction`s, row and item selection. (Read as bytes: every `func` of
    /// every file comes here.)
    private func functionTrigger(after keyword: Range<Int>) -> String {
        guard let name = text.identifier(after: keyword.upperBound) else { return "" }
        if Self.appearing.contains(name) { return "appear" }
        if TapMethodName.saysTap(name) { return "tap" }
        // Its attributes: back to the end of what comes before the declaration.
        var start = keyword.lowerBound
        while start > 0, keyword.lowerBound - start < 120, ![0x7B, 0x7D, 0x3B].contains(text[start - 1]) { start -= 1 }
        if holds("@IBAction", in: start..<keyword.lowerBound) { return "tap" }
        if name == "tableView" || name == "collectionView" {
            // The signature: up to its body's `{`.
            var end = keyword.upperBound
            while end < min(text.count, keyword.upperBound + 200), text[end] != 0x7B { end += 1 }
            if holds("didSelectRowAt", in: keyword.upperBound..<end) || holds("didSelectItemAt", in: keyword.upperBound..<end) { return "tap" }
        }
        return ""
    }

    /// Whether the bytes of `range` hold `word`'s.
    private func holds(_ word: StaticString, in range: Range<Int>) -> Bool { text.firstIndex(of: word, in: range) != nil }

    /// A `{` at `at`: a type's or a function's body, a handler, or a block or closure in the
    /// handler (if any) around it.
    private mutating func openBrace(at: Int) {
        let around = frames.last ?? (container: nil, trigger: nil, function: -1)
        if let type = pendingType {
            frames.append((type, nil, -1))
            pendingType = nil
            pendingFunction = nil
            return
        }
        if let function = pendingFunction {
            var index: Int32 = -1
            if function.isEmpty, let container = around.container, let name = pendingFunctionName {
                index = Int32(functions.count)
                functions.append(container + "." + name)
            }
            frames.append((around.container, function.isEmpty ? nil : function, index))
            pendingFunction = nil
            return
        }
        var trigger = around.trigger
        if lastToken == 0x29, let callee = lastClosed?.callee {
            let called = text.name(callee)
            trigger = Self.ownEvents.contains(called) ? "event" : handler(called, actionWritten: lastClosed?.action ?? false, brace: at) ?? trigger
        } else if lastToken == 0x61, let word = previousWord {
            let called = text.name(word)
            trigger = Self.ownEvents.contains(called) ? "event" : handler(called, actionWritten: false, brace: at) ?? trigger
        } else if lastToken == 0x3A, let label, let callee = parens.last?.callee {
            // `Button(action: { … })`, `UIAlertAction(title:, style:, handler: { … })`.
            let called = text.name(callee)
            if text.spells(label, "action"), text.isUppercase(callee) || called == "onTapGesture" { trigger = "tap" }
            if text.spells(label, "handler"), Self.taps.contains(called) { trigger = "tap" }
            if Self.ownEvents.contains(called) { trigger = "event" }
            // A closure handed to another view: what it calls or sets is handed on (`forwards`).
            if trigger == nil, text.isUppercase(callee) { trigger = ">" + called + "." + text.name(label) }
        }
        // A method's calls are followed through its `if`, `for`, `switch`… blocks, not into its
        // closures: a completion or an observer runs later, on an event of its own.
        let function = trigger == nil && around.function >= 0 && isControlFlowBlock(at: at) ? around.function : -1
        frames.append((around.container, trigger, function))
    }

    /// Whether the `{` at `at` opens a block of control flow (`if`, `guard … else`, `else`,
    /// `for`, `while`, `switch`, `do`, `repeat`, `defer`) rather than a closure.
    private func isControlFlowBlock(at: Int) -> Bool {
        if lastToken == 0x61, let word = previousWord {
            if text.spells(word, "else") || text.spells(word, "do") || text.spells(word, "repeat") || text.spells(word, "defer") { return true }
        }
        let start = text.skipSpace(statementStart(before: at), newlines: true)
        let first = start..<text.identifierEnd(from: start)
        switch first.count {
        case 2: return text.spells(first, "if")
        case 3: return text.spells(first, "for")
        case 4: return text.spells(first, "else")
        case 5: return text.spells(first, "guard") || text.spells(first, "while")
        case 6: return text.spells(first, "switch")
        default: return false
        }
    }

    /// The trigger of a closure handed to `called` (trailing, after `(…)` when written), nil
    /// for a call that is no handler.
    private func handler(_ called: String, actionWritten: Bool, brace: Int) -> String? {
        if Self.taps.contains(called) || (called == "Button" && !actionWritten) { return "tap" }
        if Self.appearances.contains(called) { return "appear" }
        guard Self.gestures.contains(called) else { return nil }
        // The gesture's chain, back to the start of its statement: a tap or a long press ends in a tap.
        let chain = String(decoding: text.bytes[statementStart(before: brace)..<brace], as: UTF8.self)
        if chain.contains("DragGesture") { return "drag" } // also after a press: `.sequenced(before: DragGesture())`
        return chain.contains("TapGesture") || chain.contains("LongPressGesture") ? "tap" : "drag"
    }

    /// Where the statement holding `k` starts, at most 240 bytes back: after a `{` or `}`, or
    /// after a line break that no `.` continues.
    private func statementStart(before k: Int) -> Int {
        var start = k
        while start > 0, k - start < 240 {
            let c = text[start - 1]
            if c == 0x7B || c == 0x7D { break }
            if c == 0x0A, text[text.skipSpace(start, newlines: true)] != 0x2E { break }
            start -= 1
        }
        return start
    }

    /// A name in a handler: called (`action()`, `action?()`, `splash.start()`) or set
    /// (`selected = 1`, `count += 1`, `isOn.toggle()`). Most names in a handler are neither,
    /// so what follows the name is read before the name is made a string.
    private mutating func record(_ range: Range<Int>, trigger: String) {
        let after = text.skipSpace(range.upperBound, newlines: false)
        let next = after < text.count ? text[after] : 0
        let second = after + 1 < text.count ? text[after + 1] : 0
        let called = next == 0x28 || (next == 0x3F && second == 0x28)
        let set =
            (next == 0x3D && second != 0x3D) || ((next == 0x2B || next == 0x2D) && second == 0x3D)
            || (next == 0x2E && after + 7 <= text.count && text.spells((after + 1)..<(after + 7), "toggle"))
        // A method or property starts with a lower-case letter or `_` (a non-ASCII first byte is
        // asked of the string below).
        let first = text[range.lowerBound]
        guard called || set, (first >= 0x61 && first <= 0x7A) || first == 0x5F || first >= 0x80 else { return }
        guard let own = ownership(of: range) else { return }
        let name = text.name(range)
        guard !Self.notOwn.contains(name), name.first.map({ $0.isLowercase || $0 == "_" }) == true else { return }
        if trigger.utf8.first == 0x3E {
            if own, let container = frames.last?.container {
                forwards.append((SwiftHandlerFact(container: container, name: name, trigger: trigger), false))
            }
            return
        }
        if own, let container = frames.last?.container {
            add(SwiftHandlerFact(container: container, name: name, trigger: trigger))
        } else if !own, next == 0x28, Self.isAppMethod(name, own: false) {
            add(SwiftHandlerFact(container: "*", name: name, trigger: trigger))
        }
    }

    /// Whether the name in `range` is the type's own (no receiver, or `self.`), another
    /// object's (`other.x`, `other?.x`, `f().x`: false), or neither (nil: `super.x`, or an
    /// implicit member such as `.spring(`).
    private func ownership(of range: Range<Int>) -> Bool? {
        let start = range.lowerBound
        guard start > 0, text[start - 1] == 0x2E else { return true }
        guard start >= 2 else { return nil }
        let receiverEnd = start - 1
        let receiver = receiverEnd >= 4 && (receiverEnd == 4 || !text.continuesIdentifier(text[receiverEnd - 5]))
        if receiver, text.spells((receiverEnd - 4)..<receiverEnd, "self") { return true }
        if receiverEnd >= 5, text.spells((receiverEnd - 5)..<receiverEnd, "super") { return nil }
        if !(text.continuesIdentifier(text[start - 2]) || [0x29, 0x5D, 0x3F, 0x21].contains(text[start - 2])) { return nil }
        return false
    }

    /// The value of an argument `handed` labels, a name at `range`: `self.` waits for the name
    /// after it; a name alone (the argument ends after it) is handed on.
    private mutating func forward(_ range: Range<Int>, as handed: (label: Range<Int>, callee: Range<Int>, binding: Bool)) {
        let after = text.skipSpace(range.upperBound, newlines: true)
        guard after < text.count else { return }
        if lastToken != 0x2E, text.spells(range, "self"), text[after] == 0x2E {
            argument = handed
            return
        }
        guard text[after] == 0x2C || text[after] == 0x29, let container = frames.last?.container else { return }
        let name = text.name(range)
        guard name.first.map({ $0.isLowercase || $0 == "_" }) == true, !Self.notOwn.contains(name) else { return }
        if !handed.binding, text.spells(handed.callee, "Button"), text.spells(handed.label, "action") {
            // `Button(action: onClose)`: the button runs it, as `Button { onClose() }` does.
            add(SwiftHandlerFact(container: container, name: name, trigger: "tap"))
            return
        }
        let target = ">" + text.name(handed.callee) + "." + text.name(handed.label)
        forwards.append((SwiftHandlerFact(container: container, name: name, trigger: target), handed.binding))
    }

    /// A property declared after `keyword` (`var`, `let`) whose type is a closure (`: () ->
    /// Void`, `: (() -> Void)?`, `: @MainActor (Int) -> Void`) or a binding (`@Binding var`,
    /// `: Binding<Int>`), kept in `handedOn`.
    private mutating func noteHandedOn(after keyword: Range<Int>) {
        guard let container = frames.last?.container else { return }
        let start = text.skipSpace(keyword.upperBound, newlines: false)
        var end = start
        while end < text.count, text.continuesIdentifier(text[end]) { end += 1 }
        guard end > start else { return }
        let colon = text.skipSpace(end, newlines: false)
        guard colon < text.count, text[colon] == 0x3A else { return }
        let type = text.skipSpace(colon + 1, newlines: false)
        guard type < text.count else { return }
        var binding = type + 7 <= text.count && text.spells(type..<(type + 7), "Binding")
        // `@Binding` right before the keyword.
        var before = keyword.lowerBound
        while before > 0, text[before - 1] == 0x20 || text[before - 1] == 0x09 { before -= 1 }
        if before >= 8, text.spells((before - 8)..<before, "@Binding") { binding = true }
        if binding || text[type] == 0x28 || text[type] == 0x40 { handedOn.insert(container + "." + text.name(start..<end)) }
    }

    /// Whether a name called (or set) may be an app's own method or property worth a fact: no
    /// keyword or common function (`notOwn`), and, called on another object, no method of the
    /// platforms' own (`platformMethods`) and at least four letters long.
    private static func isAppMethod(_ name: String, own: Bool) -> Bool {
        !notOwn.contains(name) && (own || (name.utf8.count >= 4 && !platformMethods.contains(name)))
    }

    /// A name a method of no trigger of its own calls (`refresh()`, `label.pulse()`), kept in
    /// `calls` as bytes (`passOnCalls` filters them as `record` filters a handler's calls).
    private mutating func noteCall(_ range: Range<Int>, in function: Int32) {
        let after = text.skipSpace(range.upperBound, newlines: false)
        guard after < text.count, text[after] == 0x28 else { return }
        let first = text[range.lowerBound]
        guard (first >= 0x61 && first <= 0x7A) || first == 0x5F, let own = ownership(of: range) else { return }
        calls.append((function, range, own))
    }

    /// Where each method's calls are in `calls`: the indices of the methods of a key (overloads
    /// share one, as handlers' facts know no labels), and each index's calls.
    private struct CallIndex {
        var keys: [String: [Int]]
        var calls: [[Int]]
    }

    /// The names the method `key` (`Type.name`) calls (`*.` before another object's), each
    /// once, filtered as `record` filters a handler's calls; `index` maps each key of
    /// `functions` to its calls' places in `calls`, made at the first question.
    private func calledNames(of key: String, index: inout CallIndex?) -> [String] {
        if index == nil {
            var made = CallIndex(keys: [:], calls: Array(repeating: [], count: functions.count))
            for (k, name) in functions.enumerated() { made.keys[name, default: []].append(k) }
            for (k, call) in calls.enumerated() { made.calls[Int(call.function)].append(k) }
            index = made
        }
        guard let functions = index?.keys[key], let byFunction = index?.calls else { return [] }
        var names: [String] = []
        for k in functions.flatMap({ byFunction[$0] }) {
            let call = calls[k]
            let name = text.name(call.name)
            guard Self.isAppMethod(name, own: call.own) else { continue }
            let called = call.own ? name : "*." + name
            if !names.contains(called) { names.append(called) }
        }
        return names
    }

    /// How many calls deep a handler's trigger is passed on to the methods it calls in the file.
    static let maximumCallDepth = 4

    /// A tap's or a drag's trigger passed on to what the methods its handler calls call in turn
    /// (`loginTapped` → `ensureWarnings()` → `label.pulse()`: `*.pulse` on a tap), up to
    /// `maximumCallDepth` calls on. O(facts × calls).
    private mutating func passOnCalls() {
        guard !calls.isEmpty else { return }
        // A user's action only: an appearance's helpers (`viewDidLoad` → `refresh()`) are mostly
        // also called on events the scan does not see (a notification's selector), so their
        // calls would take `appear` where the app animates on those events.
        var frontier = facts.filter { $0.container != "*" && ($0.trigger == "tap" || $0.trigger == "drag") }
        guard !frontier.isEmpty else { return }
        var index: CallIndex?
        for _ in 0..<Self.maximumCallDepth where !frontier.isEmpty {
            var next: [SwiftHandlerFact] = []
            for fact in frontier {
                for called in calledNames(of: fact.container + "." + fact.name, index: &index) {
                    let passed =
                        called.hasPrefix("*.")
                        ? SwiftHandlerFact(container: "*", name: String(called.dropFirst(2)), trigger: fact.trigger)
                        : SwiftHandlerFact(container: fact.container, name: called, trigger: fact.trigger)
                    if seen.insert(passed).inserted {
                        facts.append(passed)
                        if passed.container != "*" { next.append(passed) }
                    }
                }
            }
            frontier = next
        }
    }

    private mutating func add(_ fact: SwiftHandlerFact) {
        if seen.insert(fact).inserted { facts.append(fact) }
    }
}
