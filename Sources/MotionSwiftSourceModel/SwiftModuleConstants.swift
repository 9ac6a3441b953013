// MARK: - SwiftModuleConstants

/// The numeric constants the module's files declare (`SwiftConstantFact`), so that an animation
/// in one file that names a constant of another (`.easeOut(duration:
/// Constants.Animation.fadeTime)`, `.easeOut(duration: animationDuration)` for a file-level
/// `let`) is read as the number it is, not estimated.
///
/// A dotted name is looked up as Swift looks it up: in the types around the code, innermost
/// first, then at the top (`Timing.fast` inside `struct Card` is `Card.Timing.fast` if there is
/// one). A constant defined by others (`static let total = closeDelay + 2 * slide`) is worked out
/// here, its names looked up from its own type the same way (a bare name: the type's and the
/// outer types' constants, then the file-level ones). A name declared with two values (two
/// modules read together), defined through itself, through a name the module does not declare,
/// or with arithmetic Swift would trap on is not known, with why: never a guess. O(constants ·
/// chain) to build; a lookup is O(types around the code).
public struct SwiftModuleConstants: Sendable, Hashable {
    /// Qualified name (a file-level constant's: its name alone) → value, for the names read.
    public private(set) var values: [String: Double] = [:]
    /// The names of `values` whose type is `Int`.
    private var integers: Set<String> = []
    /// Declared names whose value is not read → why (`SwiftConstantFailure.description`).
    private var unread: [String: String] = [:]
    /// File-level constant → the types with a property of its name (`*`: a protocol or a type
    /// of another module, whose property any type may have): not read in those types' code.
    private var hidden: [String: Set<String>] = [:]
    /// Whether any file-level constant is declared (a bare name is looked up only then).
    public private(set) var hasGlobals = false
    /// Qualified name → the animation a type keeps in it, as written (`SwiftAnimationFact`); a
    /// name declared with two different values is not here (which one the code means is not known).
    public private(set) var animations: [String: String] = [:]
    /// Function name → how it delays the closure it is given (`SwiftDelayFact`); a name declared
    /// with two different facts is not here.
    public private(set) var delays: [String: SwiftDelayFact] = [:]
    /// `container.name` (`*.name` for another object's method) → the triggers of the handlers
    /// that call or set it (`SwiftHandlerFact`), sorted, each once.
    public private(set) var handlers: [String: [String]] = [:]

    public init() {}

    /// The types a numeric constant may be written with (`: TimeInterval`, `as CGFloat`).
    public static let numericTypes: Set<String> = ["Double", "Float", "CGFloat", "TimeInterval", "CFTimeInterval", "Int", "Float64", "Float32"]

    /// A constant defined by others is followed through at most this many in a row at a time
    /// (longer chains are worked out in passes).
    public static let maximumChain = 16

    /// The constants of every file of `facts`.
    public init(_ facts: [SwiftModuleFacts]) {
        var twice: Set<String> = []
        for file in facts {
            for animation in file.animations
            where animations.updateValue(animation.expression, forKey: animation.name) ?? animation.expression != animation.expression {
                twice.insert(animation.name)
            }
        }
        for name in twice { animations[name] = nil }
        var twiceDelayed: Set<String> = []
        for file in facts {
            for delay in file.delays where delays.updateValue(delay, forKey: delay.name) ?? delay != delay { twiceDelayed.insert(delay.name) }
        }
        for name in twiceDelayed { delays[name] = nil }
        for file in facts {
            for h in file.handlers {
                let key = h.container + "." + h.name
                if !(handlers[key]?.contains(h.trigger) ?? false) { handlers[key, default: []].append(h.trigger) }
            }
        }
        for key in handlers.keys { handlers[key]?.sort() }
        var resolver = Resolver()
        for file in facts {
            for constant in file.constants { resolver.declare(constant) }
        }
        // Properties matter only for the bare names a lookup may meet: the file-level constants,
        // and the names written bare in a type's constants (`static let total = closeDelay * 2`).
        let wanted = resolver.bareNames()
        if !wanted.isEmpty {
            for file in facts {
                for member in file.members { resolver.member(member, ifIn: wanted) }
            }
            // A type's constants are its properties too.
            for name in resolver.definitions.keys where name.utf8.contains(0x2E) { resolver.member(name, ifIn: wanted) }
        }
        // A chain longer than `maximumChain` is worked out in passes, its deeper part first (a
        // deep recursion would exhaust a reader thread's stack); each pass finishes some.
        var pending = resolver.definitions.keys.sorted()
        while !pending.isEmpty {
            let left = pending.filter { resolver.resolve($0, chain: []) == .failure(.tooDeep) }
            if left.count == pending.count { break }
            pending = left
        }
        for (name, result) in resolver.done {
            switch result {
            case .success(let n):
                values[name] = n.value
                if n.integer { integers.insert(name) }
            case .failure(let why):
                unread[name] = why.description
            }
        }
        var declaredTypes: Set<Substring>?
        for name in values.keys where !name.utf8.contains(0x2E) {
            guard let owners = resolver.members[name] else { continue }
            let types = declaredTypes ?? Set(facts.flatMap { $0.types.lazy.filter { $0.kind != .protocolType }.map { Self.lastComponent($0.name) } })
            declaredTypes = types
            // A property of a protocol or of another module's type (an extension) may be any type's.
            hidden[name] = owners.contains { !types.contains(Self.lastComponent($0)) } ? ["*"] : owners
        }
        hasGlobals = resolver.definitions.keys.contains { !$0.utf8.contains(0x2E) }
    }

    public var isEmpty: Bool { values.isEmpty && unread.isEmpty && animations.isEmpty && delays.isEmpty && handlers.isEmpty }

    /// What a name stands for: a value (and whether Swift types it `Int`), a declared name whose
    /// value is not read (why), or nothing the module declares.
    public enum Lookup: Sendable, Equatable {
        case value(Double, integer: Bool)
        case unread(String)
        case undeclared
    }

    /// What `name` (dotted, as the code writes it: `Constants.fadeTime`) stands for in code
    /// inside the types `scopes` (qualified names, innermost first: `["Feed.Card", "Feed"]`): the
    /// first of `Feed.Card.name`, `Feed.name`, `name` that is declared.
    public func lookup(_ name: String, within scopes: [String]) -> Lookup {
        for qualified in scopes.map({ $0 + "." + name }) + [name] {
            if let value = values[qualified] { return .value(value, integer: integers.contains(qualified)) }
            if let why = unread[qualified] { return .unread(why) }
        }
        return .undeclared
    }

    /// What a file-level constant `name`, written bare, stands for in code inside the types
    /// `scopes` (qualified, innermost first; none at file level), where `inheriting` says whether
    /// one of them may inherit properties (a class, or an extension of a type declared elsewhere):
    /// not its value where a property of that name may be meant (the type's own, wherever
    /// declared; any, when it may inherit one or conform to a protocol that has one).
    public func lookupGlobal(_ name: String, within scopes: [String], inheriting: Bool) -> Lookup {
        if let value = values[name] {
            if !scopes.isEmpty, let owners = hidden[name],
                inheriting || owners.contains("*") || scopes.contains(where: { owners.contains(String(Self.lastComponent($0))) })
            {
                return .unread(SwiftConstantFailure.hiddenByMember.description)
            }
            return .value(value, integer: integers.contains(name))
        }
        return unread[name].map(Lookup.unread) ?? .undeclared
    }

    /// Whether a constant of exactly this name (`Type.name`, or a file-level one) is declared,
    /// read or not. O(1).
    public func declares(_ qualified: String) -> Bool { values[qualified] != nil || unread[qualified] != nil }

    /// Whether a file-level constant `name` is declared (read or not).
    public func declaresGlobal(_ name: String) -> Bool { hasGlobals && (values[name] != nil || unread[name] != nil) && !name.utf8.contains(0x2E) }

    /// `Card` of `Feed.Card`.
    static func lastComponent(_ name: some StringProtocol) -> Substring {
        let s = Substring(name)
        return s[(s.utf8.lastIndex(of: 0x2E).map { s.utf8.index(after: $0) } ?? s.startIndex)...]
    }

    /// The value `name` stands for inside `scopes` (`lookup`), if it is read.
    public func value(of name: String, within scopes: [String]) -> Double? {
        if case .value(let value, _) = lookup(name, within: scopes) { return value }
        return nil
    }

    // MARK: Text form

    /// One constant a line, in name order: `name<TAB>value` (an `Int`'s without a decimal point),
    /// `<TAB>hidden` after it for a file-level constant a property shares the name of,
    /// `name<TAB><TAB>why` for a name whose value is not read (`name<TAB>` when it is not a
    /// number at all), `name<TAB><TAB>animation<TAB>value` for an animation and
    /// `name<TAB><TAB>delay<TAB>label<TAB>position` for a function that delays a closure: how the
    /// Swift reader is sent them (`SwiftSourceWire`).
    public var text: String {
        let known = values.map { name, value in
            let written = integers.contains(name) && Int64(exactly: value) != nil ? String(Int64(value)) : "\(value)"
            return "\(name)\t\(written)" + (hidden[name].map { "\thidden:" + $0.sorted().joined(separator: ",") } ?? "")
        }
        let notANumber = SwiftConstantFailure.notANumber.description
        let unknown = unread.map { $0.value == notANumber ? "\($0.key)\t" : "\($0.key)\t\t\($0.value)" }
        let kept = animations.map { "\($0.key)\t\tanimation\t\($0.value)" }
        let delayed = delays.values.map { "\($0.name)\t\tdelay\t\($0.label)\t\($0.position)" }
        let handled = handlers.map { "\($0.key)\t\thandler\t\($0.value.joined(separator: ","))" }
        return (known + unknown + kept + delayed + handled).sorted().joined(separator: "\n")
    }

    /// The constants of `text` (`text`'s form); lines of another form are passed over.
    public init(text: String) {
        for line in Self.lines(of: text) {
            let fields = line.utf8.split(separator: 0x09, omittingEmptySubsequences: false).map { Substring($0) }
            if fields.count == 4, fields[1].isEmpty, fields[2] == "handler", !fields[0].isEmpty, !fields[3].isEmpty {
                handlers[String(fields[0])] = fields[3].split(separator: ",").map(String.init)
                continue
            }
            if fields.count == 4, fields[1].isEmpty, fields[2] == "animation", !fields[0].isEmpty, !fields[3].isEmpty {
                animations[String(fields[0])] = String(fields[3])
                continue
            }
            if fields.count == 5, fields[1].isEmpty, fields[2] == "delay", !fields[0].isEmpty, !fields[3].isEmpty, let position = Int(fields[4]) {
                delays[String(fields[0])] = SwiftDelayFact(name: String(fields[0]), label: String(fields[3]), position: position)
                continue
            }
            guard fields.count >= 2, fields.count <= 3, !fields[0].isEmpty else { continue }
            let name = String(fields[0])
            if !name.utf8.contains(0x2E) { hasGlobals = true }
            if fields[1].isEmpty {
                unread[name] = fields.count == 3 && !fields[2].isEmpty ? String(fields[2]) : SwiftConstantFailure.notANumber.description
                values[name] = nil
            } else if case .literal(let value, let integer)? = SwiftModuleFacts.literal(fields[1]), unread[name] == nil {
                values[name] = value
                if integer { integers.insert(name) }
                if fields.count == 3, fields[2].hasPrefix("hidden:") {
                    hidden[name] = Set(fields[2].dropFirst("hidden:".count).split(separator: ",").map(String.init))
                }
            }
        }
    }

    /// The non-empty lines of `text`, split where `text.split(separator: "\n")` splits: at each
    /// line feed that does not end a "\r\n" (one Character). Found in the UTF-8 bytes, as a tab
    /// splits a line's fields (a tab is a Character of its own): every reader reads the module's
    /// constants at its start, and a split by Characters walks grapheme boundaries.
    static func lines(of text: String) -> [Substring] {
        let utf8 = text.utf8
        var lines: [Substring] = []
        var start = utf8.startIndex
        var previous: UInt8 = 0
        var i = start
        while i != utf8.endIndex {
            let byte = utf8[i]
            if byte == 0x0A && previous != 0x0D {
                if start != i { lines.append(Substring(utf8[start..<i])) }
                start = utf8.index(after: i)
            }
            previous = byte
            i = utf8.index(after: i)
        }
        if start != utf8.endIndex { lines.append(Substring(utf8[start...])) }
        return lines
    }
}

// MARK: - Resolver

/// Works out the constants of a module: each declared name's definition, then its value.
private struct Resolver {
    var definitions: [String: SwiftConstantFact.Definition] = [:]
    var twice: Set<String> = []
    /// Property name → the types (as written) that declare one of that name.
    var members: [String: Set<String>] = [:]
    var done: [String: Result<SwiftConstantExpression.Number, SwiftConstantFailure>] = [:]

    /// A property `Type.name`, kept when its name is one of `wanted`.
    mutating func member(_ qualified: String, ifIn wanted: Set<Substring>) {
        guard let dot = qualified.utf8.lastIndex(of: UInt8(ascii: ".")) else { return }
        let name = qualified[qualified.index(after: dot)...]
        guard wanted.contains(name) else { return }
        // The owner by its own name, as lookups compare it with the scopes' (`Feed.Model` is `Model`).
        members[String(name), default: []].insert(String(SwiftModuleConstants.lastComponent(qualified[..<dot])))
    }

    /// The names a lookup may meet bare: the file-level constants', and those a type's
    /// constant's arithmetic writes without a dot.
    func bareNames() -> Set<Substring> {
        var names: Set<Substring> = []
        for (name, definition) in definitions {
            guard name.utf8.contains(0x2E) else {
                names.insert(Substring(name))
                continue
            }
            guard case .expression(let text, _) = definition else { continue }
            for token in text.split(separator: " ") where !token.utf8.contains(0x2E) && token.first.map({ $0 == "_" || $0.isLetter }) == true {
                names.insert(token)
            }
        }
        return names
    }

    mutating func declare(_ constant: SwiftConstantFact) {
        guard let earlier = definitions[constant.name] else {
            definitions[constant.name] = constant.definition
            return
        }
        if !Self.same(earlier, constant.definition) { twice.insert(constant.name) }
    }

    /// Whether two declarations of a name give it one value (the same literal, bit for bit, or
    /// the same expression).
    static func same(_ a: SwiftConstantFact.Definition, _ b: SwiftConstantFact.Definition) -> Bool {
        switch (a, b) {
        case (.literal(let x, let i), .literal(let y, let j)): x.bitPattern == y.bitPattern && i == j
        case (.expression(let x, let s), .expression(let y, let t)): x == y && s == t
        case (.unread, .unread): true
        default: false
        }
    }

    /// The value of `name`, followed from `chain` (the names being worked out that led to it).
    mutating func resolve(_ name: String, chain: [String]) -> Result<SwiftConstantExpression.Number, SwiftConstantFailure> {
        if let known = done[name] { return known }
        if let start = chain.firstIndex(of: name) { return .failure(.cycle(Array(chain[start...]) + [name])) }
        let result: Result<SwiftConstantExpression.Number, SwiftConstantFailure>
        if twice.contains(name) {
            result = .failure(.declaredTwice)
        } else {
            switch definitions[name] {
            case .literal(let value, let integer)?: result = .success(SwiftConstantExpression.Number(value, integer: integer))
            case .expression(let text, let type)?:
                guard chain.count < SwiftModuleConstants.maximumChain else { return .failure(.tooDeep) }
                guard let expression = SwiftConstantExpression(text) else {
                    result = .failure(.notANumber)
                    break
                }
                let owner = name.utf8.lastIndex(of: 0x2E).map { String(name[..<$0]) }
                result = expression.evaluate(type: type) { reference in
                    key(for: reference, owner: owner).flatMap { resolve($0, chain: chain + [name]) }
                }
            case .unread?, nil: result = .failure(.notANumber)
            }
        }
        // Too deep from here is not final: a later pass starts nearer the end of the chain.
        if result != .failure(.tooDeep) { done[name] = result }
        return result
    }

    /// The declared name `reference` means in a constant of type `owner` (nil: a file-level
    /// one): the owner's and its outer types' constants first, then a dotted name as written or
    /// a file-level constant. A bare name some type also has a property of is not followed from
    /// inside a type (the property may be an inherited one).
    func key(for reference: String, owner: String?) -> Result<String, SwiftConstantFailure> {
        var scopes: [String] = []
        if let owner {
            var parts = owner.split(separator: ".")
            while !parts.isEmpty {
                scopes.append(parts.joined(separator: "."))
                parts.removeLast()
            }
        }
        for scope in scopes where declared(scope + "." + reference) { return .success(scope + "." + reference) }
        if owner != nil, !reference.utf8.contains(0x2E), members[reference] != nil { return .failure(.hiddenByMember) }
        return declared(reference) ? .success(reference) : .failure(.unknownName(reference))
    }

    func declared(_ name: String) -> Bool { definitions[name] != nil }
}
