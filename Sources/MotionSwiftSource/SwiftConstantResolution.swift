#if MOTIONSYNC_SWIFTSYNTAX
internal import SwiftSyntax

// MARK: - Named constants

extension Evaluator {
    /// The number a name stands for when the file binds it with `let` to something `number` reads
    /// (`boundExpression`); a name bound to a division of whole-number literals alone (`let
    /// third = 1/3`, an `Int` in Swift) is not read. `depth` bounds constants defined by other
    /// constants.
    func boundNumber(_ expr: ExprSyntax, depth: Int) -> Double? {
        guard depth < 8, let value = boundExpression(expr), !Self.isIntegerDivision(value) else { return nil }
        return number(value, nil, depth: depth + 1)
    }

    /// The expression a name stands for when the file binds it with `let` (numbers, strings,
    /// option sets alike): a local constant written before the use (`let duration = 0.3`), a
    /// constant of the enclosing type or one of its extensions in the file (`private let
    /// duration: TimeInterval = 0.25`, `static let duration = 0.3`), `Type.name` for a type's
    /// constant (`Const.rotationX` in `enum Const { static let rotationX = "…" }`), or a
    /// file-level `let`. A name the scope binds any other way first (a parameter, a `var`, `if
    /// let`, `guard let`, a `for` or closure variable) is not a constant: nil. A `var`'s initial
    /// value may change, so it is never read here. O(enclosing scopes · their statements).
    func boundExpression(_ expr: ExprSyntax) -> ExprSyntax? {
        let e = unwrap(expr)
        var name: String?
        if let ref = e.as(DeclReferenceExprSyntax.self), ref.argumentNames == nil {
            name = ref.baseName.text
        } else if let access = e.as(MemberAccessExprSyntax.self), let base = access.base?.as(DeclReferenceExprSyntax.self) {
            if base.baseName.text == "self" {
                name = access.declName.baseName.text
            } else if base.baseName.text.first?.isUppercase == true {
                // `Type.name`: a constant of that type (through a typealias, the aliased one's,
                // by its own name as the index keeps it); `Self.name`: of the type around the use.
                let written = base.baseName.text
                let aliased = (index.typeAliases[written] ?? nil).flatMap { $0.split(separator: ".").last.map(String.init) }
                let type = written == "Self" ? SwiftTypeIndex.enclosingTypeName(of: e) : aliased ?? written
                guard let type, let binding = member(access.declName.baseName.text, of: type), binding.isConstant else { return nil }
                return binding.value
            }
        }
        guard let name, case .constant(let value) = binding(of: name, from: Syntax(e)) else { return nil }
        return value
    }

    /// What a name means in the file where it is written.
    enum FileBinding {
        /// A `let` with this initial value.
        case constant(ExprSyntax)
        /// A function's (or initializer's, or subscript's) parameter, with its default value if
        /// it has one: what a caller passes, unknown here.
        case parameter(default: ExprSyntax?)
        /// A stored property of the type around the use (or of its extensions in the file) that
        /// is no constant with a value: a `var`, or a `let` its initializer sets.
        case variable
        /// Something else: a local `var`, a pattern's variable, a `let` without a value.
        case other
        /// Nothing the file declares around the use: a file-level constant of another file, or
        /// something else declared elsewhere.
        case none
    }

    /// What `name` refers to at `node`, looking outwards scope by scope: the nearest binding.
    func binding(of name: String, from node: Syntax) -> FileBinding {
        var current = node
        while let parent = current.parent {
            defer { current = parent }
            if let list = parent.as(CodeBlockItemListSyntax.self), let item = current.as(CodeBlockItemSyntax.self) {
                // File scope sees every statement; a body only those before the use, nearest first.
                let items = parent.parent?.is(SourceFileSyntax.self) == true ? Array(list) : Array(list.prefix { $0.id != item.id }.reversed())
                for candidate in items {
                    if let variable = candidate.item.as(VariableDeclSyntax.self) {
                        for binding in variable.bindings where MemberBinding.names(in: binding.pattern).contains(name) {
                            guard variable.bindingSpecifier.tokenKind == .keyword(.let), binding.pattern.is(IdentifierPatternSyntax.self),
                                let value = binding.initializer?.value
                            else { return .other }
                            return .constant(value)
                        }
                    } else if let guardStmt = candidate.item.as(GuardStmtSyntax.self), Self.binds(guardStmt.conditions, name) {
                        return .other
                    }
                }
            } else if let function = parent.as(FunctionDeclSyntax.self) {
                if let parameter = Self.parameter(function.signature.parameterClause, name) { return .parameter(default: parameter) }
            } else if let initializer = parent.as(InitializerDeclSyntax.self) {
                if let parameter = Self.parameter(initializer.signature.parameterClause, name) { return .parameter(default: parameter) }
            } else if let subscriptDecl = parent.as(SubscriptDeclSyntax.self) {
                if let parameter = Self.parameter(subscriptDecl.parameterClause, name) { return .parameter(default: parameter) }
            } else if let closure = parent.as(ClosureExprSyntax.self), let signature = closure.signature {
                if Self.mentions(signature.description, name) { return .other }
            } else if let ifExpr = parent.as(IfExprSyntax.self), Self.binds(ifExpr.conditions, name) {
                return .other
            } else if let whileStmt = parent.as(WhileStmtSyntax.self), Self.binds(whileStmt.conditions, name) {
                return .other
            } else if let forStmt = parent.as(ForStmtSyntax.self), MemberBinding.names(in: forStmt.pattern).contains(name) {
                return .other
            } else if let switchCase = parent.as(SwitchCaseSyntax.self), Self.mentions(switchCase.label.description, name) {
                return .other // `case .x(let name):`
            } else if let block = parent.as(MemberBlockSyntax.self), let type = SwiftTypeIndex.enclosingTypeName(of: block) {
                // A type's body: its stored properties and those of its extensions in the file.
                if let binding = member(name, of: type) {
                    return binding.isConstant ? binding.value.map(FileBinding.constant) ?? .variable : .variable
                }
            }
        }
        return .none
    }

    /// A property of `type` declared in the file, or inherited from a class the file declares it
    /// to inherit from (`Self.duration` in a subclass), nearest first.
    func member(_ name: String, of type: String) -> MemberBinding? {
        for owner in classChain(from: type) {
            if let binding = index.members[owner]?[name] { return binding }
        }
        return nil
    }

    /// `type`, then the classes it inherits from as the file declares them, nearest first (at
    /// most eight; a cycle, which does not compile, ends it).
    func classChain(from type: String) -> [String] {
        var chain = [type]
        while chain.count < 8, let next = index.superclasses[chain[chain.count - 1]], !chain.contains(next) { chain.append(next) }
        return chain
    }

    /// The one expression a method of the type around a call returns, when the call names it
    /// (`transitionDuration(using: context)`, `self.duration()`): the same value at every call
    /// wherever the expression reads no parameter (one that does binds the parameter around it,
    /// and is not read). Nil for another expression, a name the scope binds otherwise, a method
    /// of more than one statement, or one declared twice in its type.
    func methodResult(_ expr: ExprSyntax) -> ExprSyntax? {
        guard let call = unwrap(expr).as(FunctionCallExprSyntax.self), call.trailingClosure == nil else { return nil }
        let name: String
        if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = ref.baseName.text
            guard case .none = binding(of: name, from: Syntax(ref)) else { return nil }
        } else if let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base?.as(DeclReferenceExprSyntax.self),
            ["self", "Self"].contains(base.baseName.text)
        {
            name = access.declName.baseName.text
        } else {
            return nil
        }
        guard let type = SwiftTypeIndex.enclosingTypeName(of: call) else { return nil }
        for owner in classChain(from: type) {
            if let result = index.methodResults[owner]?[name] { return result }
        }
        return nil
    }

    /// The number a name stands for as a numeric constant of the module: a dotted one
    /// (`Constants.Animation.fadeTime`) of the file or, failing that, of another file, looked up
    /// from the types around `expr` as Swift looks it up; a bare one (`animationDuration`) that
    /// the file does not declare around the use, as another file's file-level `let`. Another
    /// file's is recorded in `module.used` (a declared one whose value is not read, as NaN with
    /// why in `module.unread`, so the file is read again when it changes). An `Int` constant
    /// only where `integers` says it is converted (`Double(count)`). Nil for another expression
    /// or a name not known.
    func moduleNumber(_ expr: ExprSyntax, integers: Bool = false) -> Double? {
        guard !module.constants.isEmpty || !module.own.isEmpty else { return nil }
        let e = unwrap(expr)
        if let ref = e.as(DeclReferenceExprSyntax.self), ref.argumentNames == nil {
            return globalNumber(ref, integers: integers)
        }
        guard let name = aliasedDottedName(e) else { return nil }
        return moduleNumber(dotted: name, at: Syntax(e), integers: integers)
    }

    /// `dottedName` with a `typealias` of the file expanded (`expandingAlias`), also one spelled
    /// in lower case (`typealias animationConfig = ChatViewConfiguration.Animation`, then
    /// `animationConfig.duration`), which `dottedName` takes for a value.
    func aliasedDottedName(_ e: ExprSyntax) -> String? {
        if let name = Self.dottedName(e) { return expandingAlias(name) }
        var parts: [String] = []
        var current = e
        while let access = current.as(MemberAccessExprSyntax.self), access.declName.argumentNames == nil, let base = access.base {
            parts.append(access.declName.baseName.text)
            current = base
        }
        guard !parts.isEmpty, let root = current.as(DeclReferenceExprSyntax.self), let target = index.typeAliases[root.baseName.text] ?? nil
        else { return nil }
        return ([target] + parts.reversed()).joined(separator: ".")
    }

    /// `name` with its first part replaced by the type a `typealias` of the file names
    /// (`Config.duration` → `ChatConfig.Fade.duration` after `typealias Config =
    /// ChatConfig.Fade`), as the compiler reads it; `name` as it is otherwise.
    func expandingAlias(_ name: String) -> String {
        let first = name.prefix { $0 != "." }
        guard let target = index.typeAliases[String(first)] ?? nil else { return name }
        return target + name.dropFirst(first.count)
    }

    /// `moduleNumber` of a dotted name (`Timing.fast`) written at `node`.
    private func moduleNumber(dotted name: String, at node: Syntax, integers: Bool) -> Double? {
        let scopes = Self.typeScopes(around: node)
        // The file's own first: a `private enum Constants` here is the one its code means, whatever
        // other files declare under that name. (One defined by another file's constants is worked
        // out in the module's table.)
        switch module.own.lookup(name, within: scopes) {
        case .value(let value, let integer): return integer && !integers ? nil : value
        case .unread(let why) where why == SwiftConstantFailure.notANumber.description: return nil
        case .unread, .undeclared: break
        }
        return read(name, module.constants.lookup(name, within: scopes), integers: integers)
    }

    /// `.name` where a number is wanted (`UIView.animate(withDuration: .quick)`): a `static let`
    /// of an extension of a floating-point type (`extension TimeInterval { static let quick =
    /// 0.2 }`), in this file or another of the module. Swift looks it up on the parameter's type,
    /// which the reader does not know: `TimeInterval`, `Double` and `CFTimeInterval` (one type,
    /// and durations are most of the numbers read) are tried first, then `CGFloat` and `Float`.
    /// A `static var` there is not a constant: nil. O(1) lookups per type.
    func implicitNumericMember(_ expr: ExprSyntax, depth: Int) -> Double? {
        guard depth < 8, let access = unwrap(expr).as(MemberAccessExprSyntax.self), access.base == nil,
            access.declName.argumentNames == nil
        else { return nil }
        let name = access.declName.baseName.text
        for type in ["TimeInterval", "Double", "CFTimeInterval", "CGFloat", "Float"] {
            if let member = index.members[type]?[name] {
                guard member.isConstant, let value = member.value else { return nil }
                return number(value, nil, depth: depth + 1)
            }
            guard !module.constants.isEmpty || !module.own.isEmpty else { continue }
            if let value = moduleNumber(dotted: type + "." + name, at: Syntax(access), integers: false) { return value }
        }
        return nil
    }

    /// A bare name as another file's constant, when nothing around the use in this file binds
    /// it: a constant of a type around the use (its `let` named in an extension), else a
    /// file-level one where no property may be meant: one the module's types have
    /// (`lookupGlobal`), or one the platform's base classes give a subclass's code
    /// (`inheritedMembers`). O(the use's depth) before the table says the name is declared.
    private func globalNumber(_ ref: DeclReferenceExprSyntax, integers: Bool) -> Double? {
        let name = ref.baseName.text
        let scopes = Self.typeScopes(around: Syntax(ref))
        // A constant of a type around the use, declared in another file (an extension names its
        // type's `let` bare), unless this file binds the name around the use.
        if let member = scopes.lazy.map({ $0 + "." + name }).first(where: module.constants.declares) {
            guard case .none = binding(of: name, from: Syntax(ref)) else { return nil }
            return read(member, module.constants.lookup(member, within: []), integers: integers)
        }
        // The table first: most bare names are no file-level constant, and need no walk.
        guard module.constants.declaresGlobal(name), case .none = binding(of: name, from: Syntax(ref)) else { return nil }
        let inheriting = Self.insideClassOrExtension(Syntax(ref))
        if inheriting, Self.inheritedMembers.contains(name), Self.mayInheritPlatformProperties(Syntax(ref)) { return nil }
        return read(name, module.constants.lookupGlobal(name, within: scopes, inheriting: inheriting), integers: integers)
    }

    /// `found`'s value for `name`, recorded as read from another file.
    private func read(_ name: String, _ found: SwiftModuleConstants.Lookup, integers: Bool) -> Double? {
        switch found {
        case .value(let value, let integer):
            module.used[name] = value
            return integer && !integers ? nil : value
        case .unread(let why):
            // A value another file's edit can make readable: the file is read again each import.
            if why != SwiftConstantFailure.notANumber.description { module.used[name] = .nan }
            module.unread[name] = why
            return nil
        case .undeclared:
            return nil
        }
    }

    /// Why the module's constants named in `expr` are not read (`Timing.total` is defined through
    /// itself …), for an estimate's reason; nil when it names none of them.
    func unreadReason(_ expr: ExprSyntax) -> String? {
        guard !module.unread.isEmpty else { return nil }
        let words = Set(expr.trimmedDescription.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" && $0 != "." }).map(String.init))
        let reasons = module.unread.filter { words.contains($0.key) }.sorted { $0.key < $1.key }.map { "`\($0.key)` \($0.value)" }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }

    /// Numeric properties of UIKit, AppKit, Core Animation and SpriteKit classes: in the code of
    /// a subclass (or an extension) a bare name of one of them is the inherited property, not a
    /// file-level constant of the same name.
    static let inheritedMembers: Set<String> = [
        "alpha", "alphaValue", "tag", "contentScaleFactor", "opacity", "cornerRadius", "borderWidth", "shadowOpacity", "shadowRadius",
        "zPosition", "contentsScale", "rasterizationScale", "lineWidth", "strokeStart", "strokeEnd", "miterLimit", "lineDashPhase",
        "fontSize", "instanceCount", "instanceDelay", "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",
        "birthRate", "lifetime", "velocity", "scale", "zoomScale", "minimumZoomScale", "maximumZoomScale", "decelerationRate", "delay",
        "fractionComplete", "progress", "value", "minimumValue", "maximumValue", "stepValue", "spacing", "rowHeight",
        "estimatedRowHeight", "sectionHeaderHeight", "sectionFooterHeight", "minimumLineSpacing", "minimumInteritemSpacing",
        "numberOfLines", "minimumScaleFactor", "zRotation", "xScale", "yScale", "elasticity", "friction", "density", "resistance",
        "frameCenterRotation", "frameRotation", "animationDuration",
    ]

    /// Whether the code at `node` may see a platform class's properties: in an extension (of a
    /// type that may be a view or a layer), or in a class whose superclass (the first type it
    /// inherits, as written) is not a UIKit or AppKit controller or `NSObject` (which have none
    /// of `inheritedMembers`). A class that inherits nothing has none either.
    static func mayInheritPlatformProperties(_ node: Syntax) -> Bool {
        var current = node.parent
        while let n = current {
            if let decl = n.as(ClassDeclSyntax.self) {
                guard let first = decl.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription else { return false }
                let platform = first.hasPrefix("UI") || first.hasPrefix("NS")
                return !(platform && (first.hasSuffix("Controller") || first == "NSObject"))
            }
            if n.is(ExtensionDeclSyntax.self) { return true }
            current = n.parent
        }
        return false
    }

    /// Whether a class declaration or an extension (of a type that may be a class) is around `node`.
    static func insideClassOrExtension(_ node: Syntax) -> Bool {
        var current = node.parent
        while let n = current {
            if n.is(ClassDeclSyntax.self) || n.is(ExtensionDeclSyntax.self) { return true }
            current = n.parent
        }
        return false
    }

    /// `A.b`, `A.B.c`: a member of a type written with plain names; nil for anything else.
    static func dottedName(_ expr: ExprSyntax) -> String? {
        var parts: [String] = []
        var current = expr
        while let access = current.as(MemberAccessExprSyntax.self), access.declName.argumentNames == nil, let base = access.base {
            parts.append(access.declName.baseName.text)
            current = base
        }
        guard !parts.isEmpty, let root = current.as(DeclReferenceExprSyntax.self), root.argumentNames == nil,
            root.baseName.text.first?.isUppercase == true, root.baseName.text != "Self"
        else { return nil }
        return ([root.baseName.text] + parts.reversed()).joined(separator: ".")
    }

    /// The qualified names of the types around `node`, innermost first, each with its outer
    /// types (`extension Feed.Card` gives `Feed.Card`, then `Feed`).
    static func typeScopes(around node: Syntax) -> [String] {
        var names: [String] = []
        var current = node.parent
        while let n = current {
            if let decl = n.asProtocol(NamedDeclSyntax.self),
                n.is(StructDeclSyntax.self) || n.is(ClassDeclSyntax.self) || n.is(EnumDeclSyntax.self) || n.is(ActorDeclSyntax.self)
            {
                names.append(decl.name.text)
            } else if let ext = n.as(ExtensionDeclSyntax.self) {
                names.append(ext.extendedType.trimmedDescription)
            }
            current = n.parent
        }
        let qualified = names.reversed().joined(separator: ".")
        var scopes: [String] = []
        var parts = qualified.split(separator: ".").map(String.init)
        while !parts.isEmpty {
            scopes.append(parts.joined(separator: "."))
            parts.removeLast()
        }
        return scopes
    }

    /// Whether a parameter list names `name` (its internal name).
    /// The parameter of `parameters` whose inner name is `name`: `.some(its default value)`
    /// (`.some(nil)` when it has none), nil when no parameter has that name.
    private static func parameter(_ parameters: FunctionParameterClauseSyntax, _ name: String) -> ExprSyntax?? {
        guard let parameter = parameters.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) else { return nil }
        return .some(parameter.defaultValue?.value)
    }

    /// The default value of the parameter a bare name refers to, when it has one a number reads
    /// (`func pulse(duration: TimeInterval = 1)`: 1 for `duration`): what plays when a caller
    /// leaves the argument out. Nil for anything else, a parameter without a default included.
    func parameterDefault(_ expr: ExprSyntax) -> Double? {
        guard let ref = unwrap(expr).as(DeclReferenceExprSyntax.self), ref.argumentNames == nil,
            case .parameter(let value?) = binding(of: ref.baseName.text, from: Syntax(ref))
        else { return nil }
        return layerNumber(value)
    }

    /// Where a stored property's assumed value comes from (`variableInitialValue`).
    enum AssumedValue {
        /// The `var`'s initial value.
        case initialValue
        /// The default of the initializer parameter it is set from.
        case initializerDefault
    }

    /// The value a stored property of the type around a use (`duration`, `self.duration`) starts
    /// with, when a number reads it: a `var`'s initial value (`public var duration: TimeInterval
    /// = 2.0`), or the default of the initializer parameter that sets it (`init(duration: Double
    /// = 0.15) { self.duration = duration }`): what plays unless code sets another. Nil for
    /// anything else (a `let` with a value is a constant, `boundNumber`'s; a local, which the
    /// code around it sets).
    func variableInitialValue(_ expr: ExprSyntax) -> (value: Double, from: AssumedValue)? {
        let e = unwrap(expr)
        let name: String
        if let ref = e.as(DeclReferenceExprSyntax.self), ref.argumentNames == nil {
            // A bare name is the type's only when nothing nearer binds it.
            guard case .variable = binding(of: ref.baseName.text, from: Syntax(ref)) else { return nil }
            name = ref.baseName.text
        } else if let access = e.as(MemberAccessExprSyntax.self), access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            name = access.declName.baseName.text
        } else {
            return nil
        }
        guard let type = SwiftTypeIndex.enclosingTypeName(of: e), let member = member(name, of: type) else { return nil }
        if !member.isConstant, let value = member.value { return layerNumber(value).map { ($0, .initialValue) } }
        guard member.value == nil, let value = classChain(from: type).lazy.compactMap({ self.index.initializerDefaults[$0]?[name] ?? nil }).first
        else { return nil }
        return layerNumber(value).map { ($0, .initializerDefault) }
    }

    /// Whether conditions bind `name` (`if let name`, `guard let name = …`, `case let name`).
    private static func binds(_ conditions: ConditionElementListSyntax, _ name: String) -> Bool {
        conditions.contains { element in
            switch element.condition {
            case .optionalBinding(let binding): return MemberBinding.names(in: binding.pattern).contains(name)
            case .matchingPattern(let pattern): return mentions(pattern.pattern.description, name)
            default: return false
            }
        }
    }

    /// Whether `code` has `name` as a whole word (a closure's or a case's bindings, read
    /// conservatively: any mention counts as binding it).
    private static func mentions(_ code: String, _ name: String) -> Bool {
        code.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).contains(Substring(name))
    }
}

/// The module's constants an extraction may read (`Evaluator.moduleNumber`), and those it read:
/// the import keys the file's stored version on them, so a changed constant reads it again.
final class ModuleConstantReading {
    let constants: SwiftModuleConstants
    /// The file's own numeric constants, found the same way (`SwiftFactsScan`).
    let own: SwiftModuleConstants
    /// Name as written → value read from other files (NaN: declared there, value not read); an
    /// animation's as `animation:NAME` → a digest of its value (`digest`).
    var used: [String: Double] = [:]
    /// An animation's value as written → parsed (`parsedAnimation`).
    var parsedAnimations: [String: ExprSyntax] = [:]
    /// Name as written → why its declaration's value is not read.
    var unread: [String: String] = [:]

    init(_ constants: SwiftModuleConstants, own: SwiftModuleConstants = SwiftModuleConstants()) {
        self.constants = constants
        self.own = own
    }
}
#endif
