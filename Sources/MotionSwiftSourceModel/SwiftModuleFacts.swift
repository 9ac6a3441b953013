// MARK: - SwiftModuleFacts

/// What one Swift file says about the module's types, for finding the screen each animation is
/// on: the types it declares and which types their code creates or holds. The facts of every file
/// of an app together (`ScreenAttribution`) say which views a user sees as screens and which
/// screens contain each component.
public struct SwiftModuleFacts: Sendable, Hashable, Codable {
    public var types: [SwiftTypeFact]
    public var uses: [SwiftTypeUse]
    /// The constants its types declare (`static let fadeTime = 0.3`) and its file-level `let`s
    /// (`let animationDuration = 0.3`), for the other files' code that names them
    /// (`SwiftModuleConstants`).
    public var constants: [SwiftConstantFact]
    /// The properties its types and extensions declare (`let`, `var`, `static` or not), as
    /// `Type.name` (the type as written), in the order written: a property hides a file-level constant of
    /// its name from the code of its type (and of subclasses and conforming types), so another
    /// file's global is not read there.
    public var members: [String]
    /// The animations its types keep in a `static let` (`static let fast: Animation =
    /// .easeOut(duration: 0.2)`, also in `extension Animation`), for the other files' code that
    /// names them (`SwiftModuleConstants.animations`).
    public var animations: [SwiftAnimationFact]
    /// The functions it declares that run a closure later by a number of seconds they are given
    /// (`func doThisAfter(_ seconds: Double, callback: …) { DispatchQueue.main.asyncAfter(
    /// deadline: .now() + seconds) { … } }`), for the other files' code that calls them
    /// (`SwiftModuleConstants.delays`).
    public var delays: [SwiftDelayFact]
    /// What its types' handlers call or set (`SwiftHandlerScan`), for the other files' code that
    /// hands them a binding or a closure, or whose methods they call (`SwiftModuleConstants.handlers`).
    public var handlers: [SwiftHandlerFact]

    public init(
        types: [SwiftTypeFact] = [], uses: [SwiftTypeUse] = [], constants: [SwiftConstantFact] = [], members: [String] = [],
        animations: [SwiftAnimationFact] = [], delays: [SwiftDelayFact] = [], handlers: [SwiftHandlerFact] = []
    ) {
        self.handlers = handlers
        self.types = types
        self.uses = uses
        self.constants = constants
        self.members = members
        self.animations = animations
        self.delays = delays
    }
}

/// A name a handler of a type calls or sets: `selected` set by `Child`'s `Button { selected = 1 }`
/// (a tap), `action` called by `WinstonButton`'s `.onTapGesture { action() }`, or a method of
/// another object called (`splash.start()` in `viewDidAppear`: container `*`).
public struct SwiftHandlerFact: Sendable, Hashable, Codable {
    /// The type whose code the handler is in, by its own name (`Row` of `Feed.Row`), or `*` for
    /// a method called on another object.
    public var container: String
    public var name: String
    /// The handler's trigger, as a spec writes it (`tap`, `appear`, `drag`).
    public var trigger: String

    public init(container: String, name: String, trigger: String) {
        self.container = container
        self.name = name
        self.trigger = trigger
    }
}

/// A function of the app that runs the closure it is given `seconds` later, through
/// `DispatchQueue.main.asyncAfter(deadline: .now() + seconds)`: `func doThisAfter(_ seconds:
/// Double, callback: @escaping () -> Void)` is `doThisAfter`, unlabelled, the first unlabelled
/// argument.
public struct SwiftDelayFact: Sendable, Hashable, Codable {
    /// The function's name (its base name, without argument labels).
    public var name: String
    /// The argument label of the seconds parameter, `_` when it has none.
    public var label: String
    /// Where an unlabelled seconds argument is among the call's unlabelled ones (0: the first).
    public var position: Int

    public init(name: String, label: String, position: Int) {
        self.name = name
        self.label = label
        self.position = position
    }
}

/// An animation a type keeps in a constant: `static let easeInOutFaster: Animation =
/// .easeInOut(duration: 0.1)` in `enum Animation` in `enum DesignSystem` is
/// `DesignSystem.Animation.easeInOutFaster`; `static let noAnimation: Animation = .linear(duration: 0)`
/// in `extension Animation` is `Animation.noAnimation`.
public struct SwiftAnimationFact: Sendable, Hashable, Codable {
    /// The constant's name qualified by the types around it (an extension's name as written).
    public var name: String
    /// The value as written, on one line (runs of white space as one space).
    public var expression: String

    public init(name: String, expression: String) {
        self.name = name
        self.expression = expression
    }
}

/// A constant a file declares: `static let defaultAnimationTime = 0.3 as TimeInterval` in `enum
/// Animation` in `enum Constants` is `Constants.Animation.defaultAnimationTime` = 0.3; a
/// file-level `let animationDuration = 0.3` is `animationDuration`.
public struct SwiftConstantFact: Sendable, Hashable, Codable {
    /// What the declaration says of the value.
    public enum Definition: Sendable, Hashable, Codable {
        /// A number literal, and whether Swift makes it an `Int` (a whole number written without a
        /// floating-point type: `static let count = 3`).
        case literal(Double, integer: Bool)
        /// Arithmetic (`+ - * /`, parentheses) over number literals and names of other constants,
        /// as tokens separated by single spaces (`notificationCloseDelay + 2 * notificationSlide`),
        /// with the numeric type it is declared with (`: TimeInterval`, `as CGFloat`), if any.
        case expression(String, type: String?)
        /// Declared, with a value this scan does not read (a `static var`, a value of another kind,
        /// a call): its name still hides others of that name.
        case unread
    }

    /// The constant's name qualified by the types around it (an extension's name as written);
    /// a file-level constant's name alone.
    public var name: String
    public var definition: Definition

    public init(name: String, definition: Definition) {
        self.name = name
        self.definition = definition
    }

    /// A floating-point literal constant (`Double`, `TimeInterval`, `CGFloat`).
    public init(name: String, value: Double) { self.init(name: name, definition: .literal(value, integer: false)) }

    /// The literal's value; nil for an expression or a value not read.
    public var value: Double? {
        if case .literal(let value, _) = definition { return value }
        return nil
    }
}

/// A type a file declares (extensions do not declare).
public struct SwiftTypeFact: Sendable, Hashable, Codable {
    /// What the type is, as far as screens go.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A view controller or a window controller (UIKit or AppKit): a screen by itself.
        case viewController
        /// A SwiftUI view: a screen when presented, else a component.
        case view
        /// A SwiftUI view generic over the view it shows (`struct AppEnvironment<Content: View>`):
        /// one that only decorates what it is given is never a screen by itself, only part of the
        /// views that use it; one whose code makes views of the app is a view like any other.
        case wrapper
        /// A UIKit or AppKit view (a cell, a control): a component of the screens that create it,
        /// never a screen by itself.
        case platformView
        /// A SwiftUI `App`: its scenes' root views are screens.
        case app
        /// A `PreviewProvider` or a test case (`XCTestCase`, a type named `…Tests`): not part of
        /// the app (what only previews and tests create is on no screen).
        case preview
        /// A style or a view modifier (`ButtonStyle`, `ViewModifier`, `GeometryEffect`, …): part
        /// of the views that use it.
        case style
        /// A view controller transition's animator (`UIViewControllerAnimatedTransitioning`): on
        /// the screens of the view controllers it holds (the ones it moves), not of the
        /// navigation controller that vends it.
        case transition
        /// Anything else (a view model, a store, a coordinator, a delegate, an animator).
        case other
        /// A protocol: never a screen, whatever its name says (`protocol MediaPreviewableViewController`).
        case protocolType = "protocol"

        /// Whether a type that inherits `name` is a style or a view modifier: SwiftUI's styles
        /// all end in `Style` (`ButtonStyle`, `LabelStyle`, `ProgressViewStyle`, …).
        public static func isStyleProtocol(_ name: String) -> Bool {
            name.hasSuffix("Style") || ["ViewModifier", "AnimatableModifier", "GeometryEffect", "SwiftUI.ViewModifier"].contains(name)
        }
    }

    public var name: String
    public var kind: Kind

    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }
}

/// A type's code creating or holding another: `FeedView` creates `PostRow(…)`, shows
/// `DetailView()` in a `.sheet`, holds a `FeedViewModel`.
public struct SwiftTypeUse: Sendable, Hashable, Codable {
    /// How the used type is reached.
    public enum Role: String, Sendable, Hashable, Codable {
        /// Part of the container's content (a child view, a style, a modifier, a view model).
        case part
        /// Shown as a screen of its own: a navigation destination, a sheet, a full-screen cover,
        /// a popover, a tab, a window's root, a hosting controller's root view.
        case presented
        /// Inherited: the container is a subclass of it (or conforms to it), so its code runs
        /// as part of the container's.
        case inherited
    }

    /// The type whose code it is, or `func:NAME` for a `View` extension method `NAME` (a
    /// modifier function: the types it creates are parts of the views that call it).
    public var container: String
    /// The type created or held, or `func:NAME` for a call of such a method.
    public var used: String
    public var role: Role

    public init(container: String, used: String, role: Role) {
        self.container = container
        self.used = used
        self.role = role
    }
}

// MARK: - ScreenAttribution

/// Which screens contain each type of the module, from every file's facts: a view controller is a
/// screen; so is a SwiftUI view presented as one (a navigation destination, a sheet, a tab, a
/// window's root) and, when the files read hold no app or view controller (a part of an app), a
/// view no other type creates (the top of what they show), and a view that code outside any view
/// creates (a coordinator's, a router's: it hands the view to what shows it; not a view model's,
/// whose views are its view's). Names resolve as
/// Swift looks them up (a nested `ViewModel` in `Feed`'s code is `Feed.ViewModel`). Any other type is on the screens that
/// reach it through the types that create or hold it (a row, a button, a style, a modifier, a view
/// model), up to the first screen on each path, the nearest first (then by name). Previews are not
/// part of the app. O(types + uses) to build; each question walks the containers once.
public struct ScreenAttribution: Sendable {
    private var kinds: [String: SwiftTypeFact.Kind] = [:]
    /// The types whose code uses each type (creates, holds or calls it), in no order, a repeat
    /// where more than one file's code of a type uses it.
    private var containers: [String: [String]] = [:]
    private var presented: Set<String> = []
    /// Whether the files read hold the app's roots (an `App`, a view controller): then a view
    /// nothing creates is not the top of the app (it is dead code, or made out of sight).
    private var hasRoots = false
    /// What follows each dot of the nested types' names (`B.C` and `C` for `A.B.C`): a name that
    /// is none of these means no nested type in any container, and `resolve` returns it at once.
    private var nestedNames: Set<String> = []
    /// The types each transition animator's code uses, in the order written.
    private var animatorUses: [String: [String]] = [:]
    /// The wrappers whose own code makes a view (`ExpandedPostView<Content: View>` lays out a
    /// post around a slot): screens as views are, unlike one that only decorates what it is
    /// given (`AppEnvironment<Content: View>`).
    private var composingWrappers: Set<String> = []
    /// The view controllers other types only inherit from (no code creates, holds or presents
    /// them): abstract bases, shown only as their subclasses, whose screens are theirs.
    private var basesOnly: Set<String> = []

    public init(_ facts: [SwiftModuleFacts]) {
        for file in facts {
            for type in file.types where kinds[type.name] == nil || type.kind != .other { kinds[type.name] = type.kind }
        }
        hasRoots = kinds.values.contains { $0 == .app || $0 == .viewController }
        for name in kinds.keys {
            var rest = Substring(name)
            while let dot = rest.utf8.firstIndex(of: 0x2E) {
                rest = rest[rest.utf8.index(after: dot)...]
                nestedNames.insert(String(rest))
            }
        }
        // A file's uses come grouped by container, so the container's kind is asked once a
        // group. What the uses say of a type is gathered in one entry (one hash of its name a
        // use); its containers as a list, repeats kept: a file's uses are unique already, so
        // repeats are rare (a type's extensions in other files), and every reader of the list
        // asks a question a repeat does not change (`nearestScreens` walks each container once).
        var made: [String: Uses] = [:]
        var last: (container: String, kind: SwiftTypeFact.Kind?)?
        for file in facts {
            for use in file.uses {
                if last?.container != use.container { last = (use.container, kinds[use.container]) }
                let containerKind = last?.kind
                if containerKind == .preview { continue }
                let used = resolve(use.used, in: use.container)
                guard used != use.container else { continue }
                made[used, default: Uses()].add(use.container, role: use.role)
                if containerKind == .transition { animatorUses[use.container, default: []].append(used) }
                if containerKind == .wrapper, [.view, .platformView].contains(kinds[used]) { composingWrappers.insert(use.container) }
            }
        }
        containers = made.mapValues(\.containers)
        let kinds = kinds
        presented = Set(made.filter { $0.value.presented }.keys)
        basesOnly = Set(made.filter { $0.value.inheritedOnly && Self.isViewController($0.key, kind: kinds[$0.key]) }.keys)
    }

    /// Whether a type is a view controller: declared as one, or declared outside the Swift files
    /// (in Objective-C, the module's own code only extends it) with a view controller's name and
    /// none of UIKit's or AppKit's own (`UIViewController` is every screen's base, no screen).
    private static func isViewController(_ type: String, kind: SwiftTypeFact.Kind?) -> Bool {
        if kind == .viewController { return true }
        return kind == nil && type.hasSuffix("ViewController") && !type.hasPrefix("func:") && !SwiftFactsScan.isPlatformType(type)
    }

    /// What the module's uses say of one type: the containers whose code uses it, and how.
    private struct Uses {
        var containers: [String] = []
        var presented = false
        var inherited = false
        var usedOtherwise = false
        /// Whether other types only inherit from it.
        var inheritedOnly: Bool { inherited && !usedOtherwise }

        mutating func add(_ container: String, role: SwiftTypeUse.Role) {
            containers.append(container)
            if role == .presented { presented = true }
            if role == .inherited { inherited = true } else { usedOtherwise = true }
        }
    }

    /// The type a name written in `container`'s code means, as Swift looks it up: a type nested
    /// in the container or in a type around it first (`ViewModel` in `Feed`'s code is
    /// `Feed.ViewModel` when there is one), then the name as written. O(depth of nesting).
    func resolve(_ name: String, in container: String) -> String {
        guard !nestedNames.isEmpty, nestedNames.contains(name), !name.hasPrefix("func:"), !container.hasPrefix("func:") else { return name }
        var scope = Substring(container)
        while !scope.isEmpty {
            let candidate = scope + "." + name
            if kinds[candidate] != nil { return candidate }
            scope = scope[..<(scope.utf8.lastIndex(of: 0x2E) ?? scope.startIndex)]
        }
        return name
    }

    /// Whether `type` is a screen by itself.
    public func isScreen(_ type: String) -> Bool {
        switch kinds[type] {
        case .viewController?: return !basesOnly.contains(type)
        case nil: return Self.isViewController(type, kind: nil) && !basesOnly.contains(type)
        case .wrapper? where !composingWrappers.contains(type): return false
        case .view?, .wrapper?:
            if presented.contains(type) { return true }
            let made = containers[type] ?? []
            if made.isEmpty { return !hasRoots }
            // Created by an app's scenes, or handed to what shows it by code that is no part of
            // a view (a coordinator, a router, a route); a view model's views are its view's.
            return made.allSatisfy { kinds[$0] == .app } || made.contains { kinds[$0] == .other && !$0.hasSuffix("ViewModel") }
        default: return false
        }
    }

    /// The screens that contain `type`, sorted by name: itself when it is a screen; empty when no
    /// path from a screen reaches it in the files read (say so: the screen is not known).
    public func screens(of type: String) -> [String] {
        if isScreen(type) { return [type] }
        if let moved = animatorUses[type]?.filter({ Self.isViewController($0, kind: kinds[$0]) }), !moved.isEmpty {
            // An animator moves the view controllers its code names; the one that makes it is
            // one of them, unless it is a container that vends animators for its children.
            let makers = nearestScreens(of: type).filter { !Self.isContainerController($0) }
            return (makers + moved).reduce(into: []) { kept, name in if !kept.contains(name) { kept.append(name) } }
        }
        return nearestScreens(of: type)
    }

    /// A navigation, tab or split view controller (by UIKit's names): it shows other screens.
    static func isContainerController(_ name: String) -> Bool {
        ["NavigationController", "TabBarController", "SplitViewController"].contains { name.hasSuffix($0) }
    }

    /// The screens that reach `type` through the types that create or hold it, the nearest
    /// first (then by name).
    private func nearestScreens(of type: String) -> [String] {
        var found: [String] = []
        var seen: Set<String> = [type]
        var frontier = [type]
        while !frontier.isEmpty {
            var next: [String] = []
            var reached: [String] = []
            for current in frontier {
                for container in containers[current] ?? [] where seen.insert(container).inserted {
                    if isScreen(container) { reached.append(container) } else { next.append(container) }
                }
            }
            found += reached.sorted() // the nearest screens first, by name among equals
            frontier = next
        }
        return found
    }
}

// MARK: - Text form

extension SwiftModuleFacts {
    /// One fact a line: `t<TAB>name<TAB>kind`, `u<TAB>container<TAB>used<TAB>part|presented`,
    /// `c<TAB>name<TAB>value` (an `Int` literal without a decimal point, a value not read
    /// empty), `e<TAB>name<TAB>type<TAB>expression` (no type: empty), `a<TAB>name<TAB>animation`,
    /// `d<TAB>function<TAB>label<TAB>position`, `h<TAB>container<TAB>name<TAB>trigger` and
    /// `m<TAB>Type<TAB>names`
    /// (a type's property names, separated by spaces): how the store keeps a file's facts (names are
    /// Swift identifiers, without tabs or newlines; values in Swift's shortest round-trip form).
    ///
    /// Written as UTF-8 bytes, a field at a time: an import writes the facts of every file it reads.
    public var text: String {
        var out = FactsTextBytes()
        for t in types { out.line("t", t.name, t.kind.rawValue) }
        for u in uses { out.line("u", u.container, u.used, u.role.rawValue) }
        for c in constants {
            switch c.definition {
            case .literal(let value, let integer):
                out.line("c", c.name, integer && Int64(exactly: value) != nil ? String(Int64(value)) : "\(value)")
            case .expression(let expression, let type): out.line("e", c.name, type ?? "", expression)
            case .unread: out.line("c", c.name, "")
            }
        }
        for a in animations { out.line("a", a.name, a.expression) }
        for d in delays { out.line("d", d.name, d.label, String(d.position)) }
        for h in handlers { out.line("h", h.container, h.name, h.trigger) }
        for member in members { out.member(member) }
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// The facts of `text`; lines that do not follow the form are passed over.
    public init(text: String) {
        self.init()
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count == 3, fields[0] == "t", let kind = SwiftTypeFact.Kind(rawValue: String(fields[2])) {
                types.append(SwiftTypeFact(name: String(fields[1]), kind: kind))
            } else if fields.count == 4, fields[0] == "u", let role = SwiftTypeUse.Role(rawValue: String(fields[3])) {
                uses.append(SwiftTypeUse(container: String(fields[1]), used: String(fields[2]), role: role))
            } else if fields.count == 3, fields[0] == "c", !fields[1].isEmpty, let definition = Self.literal(fields[2]) {
                constants.append(SwiftConstantFact(name: String(fields[1]), definition: definition))
            } else if fields.count == 4, fields[0] == "e", !fields[1].isEmpty, !fields[3].isEmpty {
                let type = fields[2].isEmpty ? nil : String(fields[2])
                constants.append(SwiftConstantFact(name: String(fields[1]), definition: .expression(String(fields[3]), type: type)))
            } else if fields.count == 3, fields[0] == "a", !fields[1].isEmpty, !fields[2].isEmpty {
                animations.append(SwiftAnimationFact(name: String(fields[1]), expression: String(fields[2])))
            } else if fields.count == 4, fields[0] == "d", !fields[1].isEmpty, !fields[2].isEmpty, let position = Int(fields[3]), position >= 0 {
                delays.append(SwiftDelayFact(name: String(fields[1]), label: String(fields[2]), position: position))
            } else if fields.count == 4, fields[0] == "h", !fields[1].isEmpty, !fields[2].isEmpty, !fields[3].isEmpty {
                handlers.append(SwiftHandlerFact(container: String(fields[1]), name: String(fields[2]), trigger: String(fields[3])))
            } else if fields.count == 3, fields[0] == "m", !fields[1].isEmpty {
                members += fields[2].split(separator: " ").map { "\(fields[1]).\($0)" }
            }
        }
    }

    /// A `c` line's value: empty for a value not read, digits alone for an `Int`, else a finite
    /// `Double`; nil for anything else.
    static func literal(_ field: Substring) -> SwiftConstantFact.Definition? {
        if field.isEmpty { return .unread }
        guard let value = Double(String(field)), value.isFinite else { return nil }
        let integer = field.allSatisfy { $0 == "-" || $0.isASCII && $0.isNumber } && Int64(exactly: value) != nil
        return .literal(value, integer: integer)
    }
}

/// The bytes of `SwiftModuleFacts.text` as it is written: lines of tab-separated fields, each
/// copied from its string's UTF-8 storage (no array of fields, no substring made per line).
struct FactsTextBytes {
    var bytes: [UInt8] = []
    /// The `m` line being written: where its type's bytes are in `bytes`.
    private var memberOwner: Range<Int>?

    /// A line (after a line break, unless it is the first) of `tag` and up to three fields,
    /// tab-separated.
    mutating func line(_ tag: Unicode.Scalar, _ first: String, _ second: String? = nil, _ third: String? = nil) {
        start(tag)
        field(first)
        if let second { field(second) }
        if let third { field(third) }
    }

    /// The member `Type.name`: its name added to the `m` line of its type when the line before
    /// is that type's, else a new line `m<TAB>Type<TAB>name` (the type is all before the last
    /// dot).
    mutating func member(_ member: String) {
        var member = member
        member.withUTF8 { m in
            let cut = m.lastIndex(of: 0x2E) ?? 0
            let name = UnsafeBufferPointer(rebasing: m[(cut < m.count ? cut + 1 : cut)...])
            if let owner = memberOwner, bytes[owner].elementsEqual(m[..<cut]) {
                bytes.append(0x20)
            } else {
                start("m")
                bytes.append(0x09)
                memberOwner = bytes.count..<(bytes.count + cut)
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: m[..<cut]))
                bytes.append(0x09)
            }
            bytes.append(contentsOf: name)
        }
    }

    private mutating func start(_ tag: Unicode.Scalar) {
        if !bytes.isEmpty { bytes.append(0x0A) }
        bytes.append(UInt8(tag.value))
        memberOwner = nil
    }

    private mutating func field(_ text: String) {
        bytes.append(0x09)
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }
}
