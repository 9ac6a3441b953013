import MotionCore
import MotionJSON

// MARK: - DesignTokenDecodingContext

/// The state of one design-tokens decode: the tokens found in the tree, what each resolved to,
/// the aliases being followed (for cycle reports) and the diagnostics so far. Problems are
/// recorded, never thrown, so that a file gets every diagnostic in one run.
///
/// Two passes: `collect` walks groups and records every token (O(n)); `resolve` then evaluates
/// each token once (memoised), following aliases depth-first with an explicit stack.
final class DesignTokenDecodingContext {
    let file: String
    let document: JSONDocument
    /// How the file writes its tokens (`$value`/`$type`, or Style Dictionary's `value`/`type`).
    let dialect: DesignTokenDialect
    private(set) var diagnostics: [SpecDiagnostic] = []

    /// Every token, in document order, and its index by dotted path.
    private var tokens: [Token] = []
    private var tokenIndex: [String: Int] = [:]
    /// Dotted paths of every group (to tell "that is a group" from "there is nothing there").
    private var groupPaths: Set<String> = []
    /// What each token resolved to, by index.
    private var outcomes: [Int: Outcome] = [:]
    /// The tokens being resolved, outermost first, each with the alias it is following.
    private var stack: [Frame] = []
    /// Tokens already named in a cycle report.
    private var reportedInCycle: Set<Int> = []
    /// Unknown `$type` names in the order first met: where, whose, and how many `$type` members
    /// name each (one warning per name, at its first member, when decoding ends).
    private var unknownTypes: [(name: String, pointer: JSONPointer, owner: String, members: Set<JSONPointer>)] = []
    private var unknownTypeIndex: [String: Int] = [:]

    /// Tokens of other files an alias may name (`DesignTokenDecoder.decode(document:file:known:)`),
    /// and the paths of those used.
    let known: DesignTokenSet
    private(set) var usedKnown: Set<String> = []

    init(file: String, document: JSONDocument, known: DesignTokenSet = DesignTokenSet()) {
        self.file = file
        self.document = document
        self.known = known
        dialect = DesignTokenDialect(of: document.value)
    }

    /// The token of another file at `path`, if `known` has one.
    func knownToken(_ path: String) -> Resolved? {
        if let d = known.durations[path] { return .duration(d) }
        if let c = known.curves[path] { return .curve(c) }
        if let s = known.springs[path] { return .spring(s) }
        if let t = known.transitions[path] { return .transition(t) }
        return nil
    }

    // MARK: Model

    /// The DTCG types this importer reads.
    enum MotionType: String {
        case duration, cubicBezier, transition, spring
    }

    /// The other types of DTCG 2025.10 (§8, §9), and the non-motion types Tokens Studio and
    /// Style Dictionary files commonly carry (`string`, `boolean`, `fontSizes`, `spacing`, …):
    /// recognised and skipped without a word.
    static let otherTypes: Set<String> = [
        "color", "dimension", "fontFamily", "fontWeight", "number",
        "strokeStyle", "border", "shadow", "gradient", "typography",
        "string", "boolean", "other", "asset", "text", "composition",
        "fontSize", "fontSizes", "fontFamilies", "fontWeights", "lineHeight", "lineHeights",
        "letterSpacing", "paragraphSpacing", "paragraphIndent", "textCase", "textDecoration",
        "spacing", "sizing", "size", "borderRadius", "borderWidth", "opacity", "boxShadow",
    ]

    /// Longest alias chain followed (a guard for the recursion; real files chain a few levels).
    static let maximumAliasDepth = 256

    /// Every type name known here, for "did you mean" suggestions.
    static let knownTypes = ["duration", "cubicBezier", "transition", "spring"] + otherTypes.sorted()

    /// Token properties that are read (`$value`, `$type`) or allowed and ignored.
    static let tokenProperties: Set<String> = ["$value", "$type", "$description", "$extensions", "$deprecated"]

    /// A `$type` inherited from a group.
    struct GroupType {
        let name: String
        /// The group's dotted path ("" for the top level).
        let group: String
        let pointer: JSONPointer
    }

    /// A token as found in the tree.
    struct Token {
        let path: String
        let pointer: JSONPointer
        let value: JSONValue
        let ownType: String?
        let groupType: GroupType?
        let dialect: DesignTokenDialect

        /// The type written on the token or its nearest typed group (a Style Dictionary type
        /// named as the DTCG type it stands for: `time` is `duration`).
        var declaredType: String? { (ownType ?? groupType?.name).map(dialect.typeName) }
        /// Where the declared type is written.
        var typePointer: JSONPointer? { ownType != nil ? pointer / dialect.typeKey : groupType?.pointer }
        var valuePointer: JSONPointer { pointer / dialect.valueKey }
    }

    /// A resolved token value.
    enum Resolved {
        case duration(Double)
        case curve(UnitCurve)
        case spring(Spring)
        case transition(DesignTokenTransition)
        /// A token of another type; its value is not read.
        case other(String)

        var typeName: String {
            switch self {
            case .duration: MotionType.duration.rawValue
            case .curve: MotionType.cubicBezier.rawValue
            case .spring: MotionType.spring.rawValue
            case .transition: MotionType.transition.rawValue
            case .other(let name): name
            }
        }
    }

    enum Outcome {
        case resolved(Resolved)
        /// Refused (already reported).
        case failed
        /// No `$type` anywhere (warned).
        case untyped
    }

    /// A token being resolved and the alias it is following, if any.
    struct Frame {
        let token: Int
        var via: JSONPointer?
    }

    // MARK: Reporting

    func error(_ pointer: JSONPointer, _ problem: String, fix: String) {
        diagnostics.append(SpecDiagnostic(.error, file: file, pointer: pointer, location: document.location(of: pointer), problem: problem, fix: fix))
    }

    func warning(_ pointer: JSONPointer, _ problem: String, fix: String) {
        diagnostics.append(
            SpecDiagnostic(.warning, file: file, pointer: pointer, location: document.location(of: pointer), problem: problem, fix: fix))
    }

    // MARK: Decode

    /// Collects and resolves every token; the set holds the motion tokens that resolved.
    func decode() -> DesignTokenSet? {
        guard let top = document.value.objectValue else {
            error(
                .root, "a design tokens file must be a JSON object of groups and tokens, found \(document.value.typeName)",
                fix:
                    "write { \"motion\": { \"duration\": { \"short\": { \"$type\": \"duration\", \"$value\": { \"value\": 100, \"unit\": \"ms\" } } } } }"
            )
            return nil
        }
        if dialect == .styleDictionary, let props = top["props"]?.objectValue {
            // Theo's files: the tokens by name under "props", their default type in "global".
            let global = top["global"]?["type"]?.stringValue.map { GroupType(name: $0, group: "", pointer: .root / "global" / "type") }
            collect(props, at: .root / "props", path: [], inherited: global)
        } else {
            collect(top, at: .root, path: [], inherited: nil)
        }
        var set = DesignTokenSet()
        for i in tokens.indices {
            guard case .resolved(let value) = resolve(i) else { continue }
            let path = tokens[i].path
            switch value {
            case .duration(let d): set.durations[path] = d
            case .curve(let c): set.curves[path] = c
            case .spring(let s): set.springs[path] = s
            case .transition(let t): set.transitions[path] = t
            case .other: break
            }
        }
        for unknown in unknownTypes {
            let more = unknown.members.count > 1 ? " (\(unknown.members.count) $type members in this file name it; this is the first)" : ""
            warning(
                unknown.pointer, "\(unknown.owner): unknown $type \"\(unknown.name)\"; its tokens are skipped\(more)",
                fix: Self.closest(unknown.name, in: Self.knownTypes).map { "did you mean \"\($0)\"?" }
                    ?? "use a DTCG 2025.10 type (duration, cubicBezier, transition, color, dimension, …) or \"spring\"")
        }
        if set.isEmpty, !diagnostics.contains(where: { $0.severity == .error }) {
            warning(
                .root, "the file has no motion tokens (duration, cubicBezier, transition or spring)",
                fix: "check that this is the tokens file with the motion tokens, and that they have a $type")
        }
        return set
    }

    // MARK: Collecting the tree

    /// Records the tokens and groups inside `group` (at `pointer`, dotted `path`), whose nearest
    /// typed ancestor is `inherited`.
    func collect(_ group: JSONObject, at pointer: JSONPointer, path: [String], inherited: GroupType?) {
        var type = inherited
        if dialect == .dtcg, let t = group["$type"] {
            if let name = t.stringValue {
                type = GroupType(name: name, group: path.joined(separator: "."), pointer: pointer / "$type")
            } else {
                error(
                    pointer / "$type", "\(groupName(path)): \"$type\" must be a string, found \(t.typeName)",
                    fix: "write the type name in quotes, like \"$type\": \"duration\"")
            }
        }
        for (key, member) in group {
            // Style Dictionary files carry notes beside their groups ("_comment": "…"): skipped.
            if dialect == .styleDictionary && member.objectValue == nil { continue }
            if dialect == .dtcg && key.hasPrefix("$") && key != "$root" {
                groupProperty(key, at: pointer / key, path: path)
                continue
            }
            child(member, named: key, at: pointer / key, path: path + [key], inherited: type)
        }
    }

    /// A `$` member of a group other than `$root`.
    func groupProperty(_ key: String, at pointer: JSONPointer, path: [String]) {
        switch key {
        case "$type", "$description", "$extensions", "$deprecated":
            return
        case "$schema" where path.isEmpty:
            return
        case "$extends":
            warning(
                pointer, "\(groupName(path)): group extension ($extends) is not supported; the tokens it would bring in are not imported",
                fix: "copy the motion tokens into this group, or refer to them with aliases like {group.token}")
        case "$ref":
            warning(
                pointer, "\(groupName(path)): JSON Pointer references ($ref) are not supported; what it refers to is not imported",
                fix: "write the tokens out, or use curly-brace aliases like {group.token}")
        default:
            warning(
                pointer, "\(groupName(path)): unknown group property \"\(key)\" (ignored)",
                fix: "remove it, or keep tool data under \"$extensions\"; groups take $type, $description, $deprecated, $extensions")
        }
    }

    /// A member of a group that is not a group property: a token, a nested group, or neither.
    func child(_ member: JSONValue, named name: String, at pointer: JSONPointer, path: [String], inherited: GroupType?) {
        let dotted = path.joined(separator: ".")
        if name != "$root", let bad = Self.nameProblem(name) {
            if dialect == .styleDictionary {
                // Its aliases cannot reach such a name either; a motion token there is named.
                if let object = member.objectValue, let type = object["type"]?.stringValue, DesignTokenDialect.motionTypes[type] != nil {
                    warning(
                        pointer, "the name \"\(name)\" \(bad); this \(type) token is skipped (aliases could not name it)",
                        fix: "rename it, like \"\(Self.cleanName(name))\"")
                }
                return
            }
            error(
                pointer, "the name \"\(name)\" \(bad); token and group names may not contain '.', '{' or '}' (aliases use them)",
                fix: "rename it, like \"\(Self.cleanName(name))\"")
            return
        }
        guard let object = member.objectValue else {
            error(
                pointer, "\"\(dotted)\" is neither a token nor a group: found \(member.typeName)",
                fix: "write a token as { \"$type\": …, \"$value\": … } or a group as { \"name\": { … } }")
            return
        }
        if let value = object[dialect.valueKey] {
            token(object, value: value, path: dotted, at: pointer, inherited: inherited)
        } else if name == "$root" {
            error(
                pointer, "\"\(dotted)\" must be a token (an object with \"$value\"), the group's root token",
                fix: "add \"$value\", or rename it: a group cannot be called $root")
        } else if object["$ref"] != nil {
            warning(
                pointer / "$ref", "token \"\(dotted)\" uses a JSON Pointer reference ($ref), which is not supported; it is not imported",
                fix: "write \"$value\": \"{group.token}\" to alias a whole token")
        } else {
            groupPaths.insert(dotted)
            collect(object, at: pointer, path: path, inherited: inherited)
        }
    }

    /// Records one token after checking its members.
    func token(_ object: JSONObject, value: JSONValue, path: String, at pointer: JSONPointer, inherited: GroupType?) {
        var ownType: String?
        // A Style Dictionary token carries what its tools add (comment, attributes, name, …).
        for key in object.keys where dialect == .dtcg && !Self.tokenProperties.contains(key) {
            if key.hasPrefix("$") {
                warning(
                    pointer / key, "token \"\(path)\": unknown property \"\(key)\" (ignored)",
                    fix: Self.closest(key, in: Self.tokenProperties.sorted()).map { "did you mean \"\($0)\"?" }
                        ?? "remove it, or keep tool data under \"$extensions\"")
            } else {
                error(
                    pointer / key,
                    "token \"\(path)\" also holds \"\(key)\": an object with \"$value\" is a token and cannot contain tokens or groups",
                    fix: "move \"\(key)\" out of the token, into a group next to it")
            }
        }
        if let t = object[dialect.typeKey] {
            if let name = t.stringValue {
                ownType = name
            } else {
                error(
                    pointer / dialect.typeKey, "token \"\(path)\": \"\(dialect.typeKey)\" must be a string, found \(t.typeName)",
                    fix: "write the type name in quotes, like \"\(dialect.typeKey)\": \"duration\"")
            }
        }
        tokenIndex[path] = tokens.count
        tokens.append(Token(path: path, pointer: pointer, value: value, ownType: ownType, groupType: inherited, dialect: dialect))
    }

    // MARK: Resolving tokens

    /// What token `i` resolves to. Each token is evaluated once; a token met again while it is
    /// being evaluated closes an alias cycle, which is reported for every token in it.
    func resolve(_ i: Int) -> Outcome {
        if let done = outcomes[i] { return done }
        if let start = stack.firstIndex(where: { $0.token == i }) {
            reportCycle(from: start)
            return .failed
        }
        if stack.count >= Self.maximumAliasDepth, let last = stack.last {
            let t = tokens[last.token]
            error(
                last.via ?? t.valuePointer,
                "token \"\(t.path)\" is \(Self.maximumAliasDepth) aliases deep and still refers on, to \"\(tokens[i].path)\"",
                fix: "refer closer to the token with the value; chains this long are not followed")
            return .failed
        }
        stack.append(Frame(token: i))
        let outcome = evaluate(tokens[i])
        stack.removeLast()
        outcomes[i] = outcome
        return outcome
    }

    /// Token `t`'s value under its declared type (or its alias target's type).
    func evaluate(_ t: Token) -> Outcome {
        let declared = t.declaredType
        if let declared, MotionType(rawValue: declared) == nil {
            noteType(declared, of: t)
            return .resolved(.other(declared))
        }
        if let reference = Self.reference(t.value) {
            // An alias: the whole value is the target's.
            guard let target = follow(reference, at: t.valuePointer, from: t) else { return .failed }
            if let declared, target.typeName != declared, dialect == .styleDictionary {
                // Style Dictionary types are free-form: a time token may alias a "number" one.
                warning(
                    t.valuePointer,
                    "token \"\(t.path)\" is a \(declared), but its alias \(reference.text) refers to a token of type \(target.typeName); it is skipped",
                    fix: "refer to a \(t.ownType ?? declared) token, or write the value out")
                return .failed
            }
            if let declared, target.typeName != declared {
                let origin = t.ownType != nil ? "" : " (from the $type of \(groupName(t.groupType!.group.isEmpty ? [] : [t.groupType!.group])))"
                error(
                    t.valuePointer,
                    "token \"\(t.path)\" is a \(declared)\(origin), but its alias \(reference.text) refers to a \(target.typeName) token",
                    fix: "refer to a \(declared) token, or "
                        + (t.ownType != nil
                            ? "change its \"$type\" to \"\(target.typeName)\"" : "give the token its own \"$type\": \"\(target.typeName)\""))
                return .failed
            }
            return .resolved(target)
        }
        if dialect == .styleDictionary, let text = t.value.stringValue, text.contains("{") {
            // "{base.unit} * 2": Style Dictionary evaluates such expressions when it builds.
            warning(
                t.valuePointer, "token \"\(t.path)\": \"\(text)\" is an expression of other tokens; it is not evaluated and the token is skipped",
                fix: "import the file Style Dictionary builds (its values are numbers), or write the value out")
            return .failed
        }
        guard let declared, let type = MotionType(rawValue: declared) else {
            if dialect == .styleDictionary { return .untyped }
            warning(
                t.pointer, "token \"\(t.path)\" has no $type and no group above it has one; it is skipped",
                fix: "add \"$type\" (duration, cubicBezier, transition, spring, color, …) to the token or its group")
            return .untyped
        }
        let value: Resolved?
        switch type {
        case .duration: value = duration(t.value, at: t.valuePointer, token: t, what: "its value").map(Resolved.duration)
        case .cubicBezier: value = curve(t.value, at: t.valuePointer, token: t, what: "its value").map(Resolved.curve)
        case .transition: value = transition(t.value, at: t.valuePointer, token: t).map(Resolved.transition)
        case .spring: value = spring(t.value, at: t.valuePointer, token: t).map(Resolved.spring)
        }
        return value.map(Outcome.resolved) ?? .failed
    }

    /// Notes a type this importer does not know, at its `$type` member: warned about once per
    /// name when decoding ends (a file with a hundred `"$type": "mystery"` gets one warning).
    func noteType(_ name: String, of t: Token) {
        // Style Dictionary types are free-form (each team names its own): not warned about.
        guard dialect == .dtcg, !Self.otherTypes.contains(name), let pointer = t.typePointer else { return }
        if let k = unknownTypeIndex[name] {
            unknownTypes[k].members.insert(pointer)
            return
        }
        let owner = t.ownType != nil ? "token \"\(t.path)\"" : groupName(t.groupType!.group.isEmpty ? [] : [t.groupType!.group])
        unknownTypeIndex[name] = unknownTypes.count
        unknownTypes.append((name, pointer, owner, [pointer]))
    }

    // MARK: Aliases

    /// A `{group.token}` reference as written.
    struct Reference {
        /// The text, braces included.
        let text: String
        /// The path inside the braces.
        var path: String { String(text.dropFirst().dropLast()) }
    }

    /// The reference in `value` when it is a string in braces.
    static func reference(_ value: JSONValue) -> Reference? {
        guard let s = value.stringValue, s.count >= 2, s.hasPrefix("{"), s.hasSuffix("}") else { return nil }
        return Reference(text: s)
    }

    /// The resolved value of the token `reference` names, written at `pointer` inside token `t`;
    /// nil after reporting a malformed, dangling or cyclic alias (or silently, when the target
    /// itself was refused and has been reported).
    func follow(_ reference: Reference, at pointer: JSONPointer, from t: Token) -> Resolved? {
        let path = reference.path
        let segments = path.split(separator: ".", omittingEmptySubsequences: false)
        if path.isEmpty || path.contains("{") || path.contains("}") || segments.contains(where: \.isEmpty) {
            error(
                pointer, "token \"\(t.path)\": the alias \(reference.text) is malformed",
                fix: "write the dotted path of a token in braces, like {motion.duration.short1}")
            return nil
        }
        // Style Dictionary 3 also writes {group.token.value}.
        let bare = dialect == .styleDictionary && path.hasSuffix(".value") ? String(path.dropLast(6)) : nil
        guard let j = tokenIndex[path] ?? bare.flatMap({ tokenIndex[$0] }) else {
            // Not in this file: a token of a file imported before.
            if !groupPaths.contains(path) {
                for candidate in [path] + (bare.map { [$0] } ?? []) {
                    guard let found = knownToken(candidate) else { continue }
                    usedKnown.insert(candidate)
                    return found
                }
            }
            if dialect == .styleDictionary && !groupPaths.contains(path) {
                // Style Dictionary merges its source files: the target may be in another one.
                warning(
                    pointer,
                    "token \"\(t.path)\" refers to \(reference.text), which is neither in this file nor in the token files imported before it; it is skipped",
                    fix: "import the file that defines it first (or with this one), or the file Style Dictionary builds")
                return nil
            }
            if groupPaths.contains(path) {
                let root = tokenIndex[path + ".$root"] != nil
                error(
                    pointer, "token \"\(t.path)\" refers to \(reference.text), but \"\(path)\" is a group, not a token",
                    fix: root ? "refer to the group's root token: {\(path).$root}" : "refer to one of its tokens, like {\(path).name}")
            } else {
                let suggestion = Self.closest(path, in: tokens.map(\.path))
                error(
                    pointer, "token \"\(t.path)\" refers to \(reference.text), but there is no token \"\(path)\"",
                    fix: suggestion.map { "did you mean {\($0)}?" } ?? "define a token at \"\(path)\", or correct the alias")
            }
            return nil
        }
        stack[stack.count - 1].via = pointer
        switch resolve(j) {
        case .resolved(let value):
            return value
        case .failed:
            return nil
        case .untyped:
            error(
                pointer, "token \"\(t.path)\" refers to \(reference.text), but \"\(path)\" has no $type",
                fix: "give \"\(path)\" a \"$type\"")
            return nil
        }
    }

    /// The target of an alias sub-value that must be a `type` token (`what` names the field).
    func follow(_ reference: Reference, at pointer: JSONPointer, from t: Token, expecting type: MotionType, what: String) -> Resolved? {
        guard let target = follow(reference, at: pointer, from: t) else { return nil }
        guard target.typeName == type.rawValue else {
            error(
                pointer,
                "token \"\(t.path)\": \(what) must be a \(type.rawValue), but its alias \(reference.text) refers to a \(target.typeName) token",
                fix: "refer to a \(type.rawValue) token")
            return nil
        }
        return target
    }

    /// Reports the cycle closed by the token at `stack[start]`, once per token in it, each at the
    /// alias it follows: `a → b → a`, `b → a → b`.
    func reportCycle(from start: Int) {
        let frames = Array(stack[start...])
        let names = frames.map { tokens[$0.token].path }
        for (k, frame) in frames.enumerated() where !reportedInCycle.contains(frame.token) {
            reportedInCycle.insert(frame.token)
            let t = tokens[frame.token]
            let pointer = frame.via ?? t.valuePointer
            if frames.count == 1 {
                error(
                    pointer, "token \"\(t.path)\" refers to itself: \(t.path) → \(t.path)",
                    fix: "give it a value, or refer to another token")
            } else {
                let chain = Array(names[k...]) + Array(names[..<k]) + [names[k]]
                error(
                    pointer, "token \"\(t.path)\" is part of an alias cycle: \(chain.joined(separator: " → "))",
                    fix: "give one of these tokens an explicit value")
            }
        }
    }

    // MARK: Durations

    /// Units that are not DTCG duration units, in seconds (for the fix).
    static let foreignUnits: [String: Double] = ["min": 60, "h": 3600, "hr": 3600, "us": 1e-6, "µs": 1e-6, "ns": 1e-9]

    /// A duration in seconds: a `{value, unit}` object, an older `"100ms"` / `"0.1s"` string, or
    /// an alias to a duration token. `what` names the field in messages ("its value", "\"delay\"").
    func duration(_ value: JSONValue, at pointer: JSONPointer, token t: Token, what: String) -> Double? {
        if let reference = Self.reference(value) {
            guard case .duration(let d)? = follow(reference, at: pointer, from: t, expecting: .duration, what: what) else { return nil }
            return d
        }
        let seconds: Double
        let written: String
        switch value {
        case .object(let o):
            guard let found = objectDuration(o, at: pointer, token: t, what: what) else { return nil }
            (seconds, written) = found
        case .string(let raw):
            guard let found = stringDuration(raw, at: pointer, token: t, what: what) else { return nil }
            (seconds, written) = found
        case .number(let n) where dialect == .styleDictionary:
            // Style Dictionary's time values are milliseconds (its time/seconds transform divides by 1000).
            seconds = n / 1000
            written = JSONWriter.number(n) + " ms"
        case .number(let n):
            error(
                pointer, "token \"\(t.path)\": \(what) is the bare number \(JSONWriter.number(n)), which has no unit",
                fix: "write { \"value\": \(JSONWriter.number(n)), \"unit\": \"ms\" } or { \"value\": \(JSONWriter.number(n)), \"unit\": \"s\" }")
            return nil
        default:
            error(
                pointer, "token \"\(t.path)\": \(what) must be a duration, found \(value.typeName)",
                fix: "write { \"value\": 100, \"unit\": \"ms\" }, or an alias like {motion.duration.short1}")
            return nil
        }
        let at = value.objectValue != nil ? pointer / "value" : pointer
        return inRange(seconds, written: written, at: at, token: t)
    }

    /// A duration written as DTCG's `{ "value": <number>, "unit": "ms" | "s" }`: its seconds and
    /// how it was written, or nil (each problem reported).
    private func objectDuration(_ o: JSONObject, at pointer: JSONPointer, token t: Token, what: String) -> (seconds: Double, written: String)? {
        var ok = true
        for key in o.keys where key != "value" && key != "unit" {
            error(
                pointer / key, "token \"\(t.path)\": unknown key \"\(key)\" in a duration",
                fix: "a duration is { \"value\": <number>, \"unit\": \"ms\" or \"s\" }")
            ok = false
        }
        guard let number = o["value"] else {
            error(
                pointer / "value", "token \"\(t.path)\": \(what) has no \"value\"",
                fix: "add \"value\": <number>, like { \"value\": 100, \"unit\": \"ms\" }")
            return nil
        }
        guard let n = number.numberValue else {
            error(
                pointer / "value", "token \"\(t.path)\": the duration's \"value\" must be a number, found \(number.typeName)",
                fix: "write a plain number, like { \"value\": 100, \"unit\": \"ms\" }")
            return nil
        }
        guard let unitValue = o["unit"] else {
            error(
                pointer / "unit", "token \"\(t.path)\": \(what) has no \"unit\" (DTCG requires it, even for 0)",
                fix: "add \"unit\": \"ms\" or \"unit\": \"s\"")
            return nil
        }
        guard let unit = unitValue.stringValue else {
            error(
                pointer / "unit", "token \"\(t.path)\": the duration's \"unit\" must be a string, found \(unitValue.typeName)",
                fix: "write \"unit\": \"ms\" or \"unit\": \"s\"")
            return nil
        }
        guard let s = Self.seconds(n, unit: unit) else {
            error(
                pointer / "unit", "token \"\(t.path)\": \"\(unit)\" is not a duration unit; DTCG 2025.10 allows \"ms\" and \"s\"",
                fix: Self.unitFix(n, unit: unit))
            return nil
        }
        guard ok else { return nil }
        return (s, JSONWriter.number(n) + " " + unit)
    }

    /// A duration written as a string (`"100ms"`, `"0.3s"`; Style Dictionary's `".6s"` and bare
    /// milliseconds): its seconds and the text, or nil (each problem reported).
    private func stringDuration(_ raw: String, at pointer: JSONPointer, token t: Token, what: String) -> (seconds: Double, written: String)? {
        // CSS writes ".6s"; Style Dictionary files keep it.
        let text = dialect != .styleDictionary ? raw : raw.hasPrefix(".") ? "0" + raw : raw.hasPrefix("-.") ? "-0" + raw.dropFirst() : raw
        guard let (n, unit) = Self.splitDuration(text) else {
            error(
                pointer, "token \"\(t.path)\": \(what) \"\(text)\" is not a duration",
                fix: "write { \"value\": 100, \"unit\": \"ms\" } (or the older \"100ms\")")
            return nil
        }
        guard !unit.isEmpty || dialect == .styleDictionary else {
            error(
                pointer, "token \"\(t.path)\": \(what) \"\(text)\" has no unit",
                fix: "write { \"value\": \(JSONWriter.number(n)), \"unit\": \"ms\" } or { \"value\": \(JSONWriter.number(n)), \"unit\": \"s\" }")
            return nil
        }
        guard let s = Self.seconds(n, unit: unit.isEmpty ? "ms" : unit) else {
            error(
                pointer, "token \"\(t.path)\": \"\(text)\" uses the unit \"\(unit)\"; DTCG durations are in \"ms\" or \"s\"",
                fix: Self.unitFix(n, unit: unit))
            return nil
        }
        return (s, text)
    }

    /// `seconds` when it is finite, 0 or more and at most an hour; else nil, the problem reported at `at`.
    private func inRange(_ seconds: Double, written: String, at: JSONPointer, token t: Token) -> Double? {
        guard seconds.isFinite else {
            error(
                at, "token \"\(t.path)\": the duration \(written) is out of range",
                fix: "write a duration of at most an hour, like { \"value\": 300, \"unit\": \"ms\" }")
            return nil
        }
        guard seconds >= 0 else {
            error(
                at, "token \"\(t.path)\": the duration is \(written); it must be 0 or more",
                fix: "write a duration of 0 or more, like { \"value\": 100, \"unit\": \"ms\" }")
            return nil
        }
        guard seconds <= SpecDecoder.maximumDuration else {
            error(
                at, "token \"\(t.path)\": the duration \(written) is longer than an hour",
                fix: "check the unit: 300 milliseconds is { \"value\": 300, \"unit\": \"ms\" }")
            return nil
        }
        return seconds
    }

    /// `value` in `unit` ("ms" or "s") as seconds; nil for other units. Milliseconds are divided by
    /// 1000 (not multiplied by 0.001) so that 50 ms is exactly the Double 0.05.
    static func seconds(_ value: Double, unit: String) -> Double? {
        switch unit {
        case "ms": value / 1000
        case "s": value
        default: nil
        }
    }

    /// What to write instead of `value` `unit` when the unit is not ms or s.
    static func unitFix(_ value: Double, unit: String) -> String {
        guard let factor = foreignUnits[unit] else {
            return "use \"ms\" or \"s\", like { \"value\": \(JSONWriter.number(value)), \"unit\": \"ms\" }"
        }
        let s = value * factor
        if s.isFinite, abs(s) <= SpecDecoder.maximumDuration {
            return s >= 1 || s == 0
                ? "use \"s\": \(JSONWriter.number(value)) \(unit) is { \"value\": \(JSONWriter.number(s)), \"unit\": \"s\" }"
                : "use \"ms\": \(JSONWriter.number(value)) \(unit) is { \"value\": \(JSONWriter.number(s * 1000)), \"unit\": \"ms\" }"
        }
        return
            "use \"ms\" or \"s\"; \(JSONWriter.number(value)) \(unit) is over the one-hour limit: if you meant \(JSONWriter.number(value)) milliseconds, "
            + "write { \"value\": \(JSONWriter.number(value)), \"unit\": \"ms\" }"
    }

    /// `"100ms"` → (100, "ms"); `"0.25s"` → (0.25, "s"); `"100"` → (100, ""); nil when the text
    /// before the unit is not a plain decimal number (`"fast"`, `"100 ms"`, `"0x10ms"`).
    static func splitDuration(_ text: String) -> (Double, String)? {
        let scalars = Array(text.unicodeScalars)
        var end = scalars.count
        while end > 0, isLetterOrMark(scalars[end - 1]) { end -= 1 }
        var number = String(String.UnicodeScalarView(scalars[..<end]))
        let unit = String(String.UnicodeScalarView(scalars[end...]))
        let allowed = "0123456789.+-eE".unicodeScalars
        guard !number.isEmpty, number.unicodeScalars.allSatisfy(allowed.contains),
            number.unicodeScalars.contains(where: { ("0"..."9").contains($0) }),
            number.first != "+", !number.hasPrefix("."), !number.hasSuffix(".")
        else { return nil }
        if number.hasPrefix("-.") { return nil }
        number = number.replacing("E", with: "e")
        guard let value = Double(number) else { return nil }
        return (value, unit)
    }

    /// Foundation's `CharacterSet.letters`: Unicode's letters and marks (general categories L*
    /// and M*), the characters a unit after a duration's number may have.
    static func isLetterOrMark(_ c: Unicode.Scalar) -> Bool {
        switch c.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark, .spacingMark, .enclosingMark:
            true
        default: false
        }
    }

    // MARK: Curves

    /// A cubic Bézier: `[x1, y1, x2, y2]` with x in [0, 1], a Figma easing name, or an alias to a
    /// cubicBezier token.
    func curve(_ value: JSONValue, at pointer: JSONPointer, token t: Token, what: String) -> UnitCurve? {
        if let reference = Self.reference(value) {
            guard case .curve(let c)? = follow(reference, at: pointer, from: t, expecting: .cubicBezier, what: what) else { return nil }
            return c
        }
        switch value {
        case .array(let items):
            guard items.count == 4 else {
                error(
                    pointer, "token \"\(t.path)\": a cubicBezier needs 4 numbers [x1, y1, x2, y2], found \(items.count)",
                    fix: "write all four control-point coordinates, like [0.2, 0, 0, 1]")
                return nil
            }
            let labels = ["x1", "y1", "x2", "y2"]
            var numbers: [Double] = []
            for (k, item) in items.enumerated() {
                guard let n = item.numberValue else {
                    error(
                        pointer / k, "token \"\(t.path)\": \(labels[k]) must be a number, found \(item.typeName)",
                        fix: "write a plain number; aliases cannot stand for one coordinate")
                    continue
                }
                if k % 2 == 0, !(0...1).contains(n) {
                    error(
                        pointer / k,
                        "token \"\(t.path)\": \(labels[k]) is \(JSONWriter.number(n)); x coordinates must lie in 0…1 (DTCG 2025.10 §8.6)",
                        fix: "write an \(labels[k]) between 0 and 1, like \(JSONWriter.number(min(max(n, 0), 1)))")
                    continue
                }
                if abs(n) > SpecDecoder.maximumMagnitude {
                    error(
                        pointer / k, "token \"\(t.path)\": \(labels[k]) is \(JSONWriter.number(n)), beyond ±1e9",
                        fix: "write a y between -1000000000 and 1000000000 (overshoots are usually below 2)")
                    continue
                }
                numbers.append(n)
            }
            guard numbers.count == 4 else { return nil }
            return UnitCurve(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3])
        case .string(let name) where dialect == .styleDictionary && Self.cssCurve(name) != nil:
            return Self.cssCurve(name)
        case .string(let name):
            if let easing = FigmaEasing(rawValue: name) {
                if let curve = easing.curve { return curve }
                error(
                    pointer, "token \"\(t.path)\": \"\(name)\" is a Figma spring preset, not a Bézier curve",
                    fix: pointer == t.valuePointer
                        ? "make it a spring token (\"$type\": \"spring\"), or use a curve name like EASE_OUT"
                        : "\(what) needs a Bézier: use a curve name like EASE_OUT, or [x1, y1, x2, y2]")
                return nil
            }
            error(
                pointer, "token \"\(t.path)\": \(what) \"\(name)\" is not a cubicBezier",
                fix: Self.curveFix(name))
            return nil
        default:
            error(
                pointer, "token \"\(t.path)\": \(what) must be a cubicBezier [x1, y1, x2, y2], found \(value.typeName)",
                fix: "write four numbers, like [0.2, 0, 0, 1], or an alias like {motion.easing.standard}")
            return nil
        }
    }

    /// A CSS easing as Style Dictionary files write it: `cubic-bezier(x1, y1, x2, y2)` (x in 0…1)
    /// or a keyword (`linear`, `ease`, `ease-in`, `ease-out`, `ease-in-out`, CSS Easing Functions
    /// Level 1 §2); nil otherwise.
    static func cssCurve(_ text: String) -> UnitCurve? {
        let trimmed = text.trimmingWhiteSpace()
        switch trimmed {
        case "linear": return .linear
        case "ease": return UnitCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
        case "ease-in": return .easeIn
        case "ease-out": return .easeOut
        case "ease-in-out": return .easeInOut
        default: break
        }
        guard trimmed.hasPrefix("cubic-bezier("), trimmed.hasSuffix(")") else { return nil }
        let numbers = trimmed.dropFirst("cubic-bezier(".count).dropLast().split(separator: ",")
            .compactMap { Double($0.trimmingWhiteSpace()) }
        guard numbers.count == 4, numbers.allSatisfy({ $0.isFinite && abs($0) <= SpecDecoder.maximumMagnitude }),
            (0...1).contains(numbers[0]), (0...1).contains(numbers[2])
        else { return nil }
        return UnitCurve(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3])
    }

    /// The fix for a string where a cubicBezier belongs: the array for CSS `cubic-bezier(…)`, the
    /// Figma spelling for a near miss, the list of names otherwise.
    static func curveFix(_ text: String) -> String {
        let trimmed = text.trimmingWhiteSpace()
        if trimmed.hasPrefix("cubic-bezier("), trimmed.hasSuffix(")") {
            let inner = trimmed.dropFirst("cubic-bezier(".count).dropLast()
            let parts = inner.split(separator: ",").map { $0.trimmingWhiteSpace() }
            if parts.count == 4, parts.allSatisfy({ Double($0) != nil }) {
                return "write it as an array: [\(parts.joined(separator: ", "))]"
            }
        }
        let upper = text.uppercased().replacing("-", with: "_")
        if let easing = FigmaEasing(rawValue: upper), !easing.isSpring { return "write Figma's name in capitals: \"\(upper)\"" }
        return "write four numbers [x1, y1, x2, y2], like [0.2, 0, 0, 1], or a Figma name: " + FigmaEasing.curveNames.joined(separator: ", ")
    }

    // MARK: Transitions

    /// A `{duration, delay, timingFunction}` object; each member may be an alias.
    func transition(_ value: JSONValue, at pointer: JSONPointer, token t: Token) -> DesignTokenTransition? {
        guard let o = value.objectValue else {
            error(
                pointer, "token \"\(t.path)\": a transition must be an object { duration, delay, timingFunction }, found \(value.typeName)",
                fix:
                    "write { \"duration\": { \"value\": 200, \"unit\": \"ms\" }, \"delay\": { \"value\": 0, \"unit\": \"ms\" }, \"timingFunction\": [0.2, 0, 0, 1] }"
            )
            return nil
        }
        let members = ["duration", "delay", "timingFunction"]
        var ok = true
        for key in o.keys where !members.contains(key) {
            error(
                pointer / key, "token \"\(t.path)\": unknown key \"\(key)\" in a transition",
                fix: Self.closest(key, in: members).map { "did you mean \"\($0)\"?" } ?? "a transition has only duration, delay and timingFunction")
            ok = false
        }
        for key in members where o[key] == nil {
            let example = key == "timingFunction" ? "[0.2, 0, 0, 1]" : "{ \"value\": \(key == "delay" ? 0 : 200), \"unit\": \"ms\" }"
            error(
                pointer / key, "token \"\(t.path)\": the transition has no \"\(key)\" (DTCG 2025.10 §9.5 requires it)",
                fix: "add \"\(key)\": \(example)")
            ok = false
        }
        let duration = o["duration"].flatMap { self.duration($0, at: pointer / "duration", token: t, what: "\"duration\"") }
        let delay = o["delay"].flatMap { self.duration($0, at: pointer / "delay", token: t, what: "\"delay\"") }
        let curve = o["timingFunction"].flatMap { self.curve($0, at: pointer / "timingFunction", token: t, what: "\"timingFunction\"") }
        guard ok, let duration, let delay, let curve else { return nil }
        return DesignTokenTransition(duration: duration, delay: delay, curve: curve)
    }

    // MARK: Springs

    /// A spring: `{duration, bounce}` (duration in seconds, or a duration value or alias),
    /// `{mass, stiffness, damping}`, a Figma preset name, or an alias to a spring token.
    func spring(_ value: JSONValue, at pointer: JSONPointer, token t: Token) -> Spring? {
        if let reference = Self.reference(value) {
            guard case .spring(let s)? = follow(reference, at: pointer, from: t, expecting: .spring, what: "its value") else { return nil }
            return s
        }
        let spring: Spring
        switch value {
        case .string(let name):
            if let easing = FigmaEasing(rawValue: name) {
                guard let preset = easing.spring else {
                    error(
                        pointer, "token \"\(t.path)\": \"\(name)\" is a Figma Bézier easing, not a spring",
                        fix: "make it a cubicBezier token, or use a spring preset: " + FigmaEasing.springNames.joined(separator: ", "))
                    return nil
                }
                return preset
            }
            error(
                pointer, "token \"\(t.path)\": \"\(name)\" is not a spring",
                fix: "write { \"duration\": 0.5, \"bounce\": 0.2 }, { \"mass\": 1, \"stiffness\": 170, \"damping\": 26 } or a Figma preset: "
                    + FigmaEasing.springNames.joined(separator: ", "))
            return nil
        case .object(let o):
            guard let made = springObject(o, at: pointer, token: t) else { return nil }
            spring = made
        default:
            error(
                pointer, "token \"\(t.path)\": a spring must be an object, found \(value.typeName)",
                fix: "write { \"duration\": 0.5, \"bounce\": 0.2 } or { \"mass\": 1, \"stiffness\": 170, \"damping\": 26 }")
            return nil
        }
        guard spring.response.isFinite, spring.dampingRatio.isFinite, spring.response >= 0.001, spring.response <= SpecDecoder.maximumDuration else {
            error(
                pointer, "token \"\(t.path)\": this spring's response (2π/ω0) is \(JSONWriter.number(spring.response)) s, outside 1 ms … 1 h",
                fix: "use a duration between 0.001 and 3600 seconds, or a stiffness/mass that gives one")
            return nil
        }
        if !spring.settles {
            warning(
                pointer, "token \"\(t.path)\": this spring never settles (damping ratio \(JSONWriter.number(spring.dampingRatio)))",
                fix: "an animation using it needs an explicit duration; a bounce below 1 or a damping above 0 settles")
        }
        return spring
    }

    /// The two object forms of a spring.
    func springObject(_ o: JSONObject, at pointer: JSONPointer, token t: Token) -> Spring? {
        let physical = ["mass", "stiffness", "damping"], perceptual = ["duration", "bounce"]
        let usesPhysics = o.keys.contains { physical.contains($0) }
        let allowed = usesPhysics ? physical : perceptual
        var ok = true
        for key in o.keys where !allowed.contains(key) {
            error(
                pointer / key,
                "token \"\(t.path)\": unknown key \"\(key)\" in a \(usesPhysics ? "mass/stiffness/damping" : "duration/bounce") spring",
                fix: Self.closest(key, in: allowed).map { "did you mean \"\($0)\"?" }
                    ?? "a spring is { duration, bounce } or { mass, stiffness, damping }, not a mix")
            ok = false
        }
        func number(_ key: String, required: Bool) -> Double? {
            guard let v = o[key] else {
                if required {
                    error(pointer / key, "token \"\(t.path)\": the spring has no \"\(key)\"", fix: "add \"\(key)\": <number>")
                    ok = false
                }
                return nil
            }
            guard let n = v.numberValue, abs(n) <= SpecDecoder.maximumMagnitude else {
                error(
                    pointer / key,
                    "token \"\(t.path)\": \"\(key)\" must be a number within ±1e9, found \(v.numberValue.map(JSONWriter.number) ?? v.typeName)",
                    fix: "write a plain number")
                ok = false
                return nil
            }
            return n
        }
        if usesPhysics {
            let mass = number("mass", required: false), k = number("stiffness", required: true), c = number("damping", required: true)
            if let mass, !(mass > 0) {
                error(pointer / "mass", "token \"\(t.path)\": mass must be greater than 0", fix: "write a positive mass, like 1")
                ok = false
            }
            if let k, !(k > 0) {
                error(pointer / "stiffness", "token \"\(t.path)\": stiffness must be greater than 0", fix: "write a positive stiffness, like 170")
                ok = false
            }
            if let c, !(c >= 0) {
                error(pointer / "damping", "token \"\(t.path)\": damping must be 0 or more", fix: "write a damping ≥ 0, like 26")
                ok = false
            }
            guard ok, let k, let c else { return nil }
            return Spring(mass: mass ?? 1, stiffness: k, damping: c)
        }
        let duration = springDuration(o, at: pointer, token: t)
        if duration == nil { ok = false }
        let bounce = number("bounce", required: false)
        if let bounce, !(bounce > -1) {
            error(
                pointer / "bounce", "token \"\(t.path)\": bounce \(JSONWriter.number(bounce)) is −1 or less",
                fix: "use a bounce above −1 (negative is over-damped, 0 is critically damped, 0.3 bounces)")
            ok = false
        }
        guard ok, let duration else { return nil }
        return Spring(duration: duration, bounce: bounce ?? 0)
    }

    /// A `{ duration, bounce }` spring's duration in seconds: plain seconds (the proposal's form)
    /// or a duration value, above 0 and at most an hour; nil (reported) when missing or wrong.
    func springDuration(_ o: JSONObject, at pointer: JSONPointer, token t: Token) -> Double? {
        guard let d = o["duration"] else {
            error(pointer / "duration", "token \"\(t.path)\": the spring has no \"duration\"", fix: "add \"duration\": <seconds>, like 0.5")
            return nil
        }
        if let n = d.numberValue {
            guard n > 0, n <= SpecDecoder.maximumDuration else {
                error(
                    pointer / "duration",
                    "token \"\(t.path)\": the spring's duration is \(JSONWriter.number(n)) s; it must be above 0 and at most an hour",
                    fix: "write the duration in seconds, like 0.5")
                return nil
            }
            return n
        }
        guard let duration = self.duration(d, at: pointer / "duration", token: t, what: "the spring's \"duration\"") else { return nil }
        guard duration != 0 else {
            error(
                pointer / "duration", "token \"\(t.path)\": the spring's duration is 0; it must be above 0",
                fix: "write a duration like { \"value\": 500, \"unit\": \"ms\" }")
            return nil
        }
        return duration
    }

    // MARK: Names

    /// "the top level" or `group "a.b"`.
    func groupName(_ path: [String]) -> String {
        path.isEmpty ? "the top level" : "group \"\(path.joined(separator: "."))\""
    }

    /// Why `name` cannot name a token or group, or nil.
    static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name.contains(".") { return "contains '.'" }
        if name.contains("{") || name.contains("}") { return "contains a curly bracket" }
        return nil
    }

    /// `name` with the forbidden characters replaced (for the fix).
    static func cleanName(_ name: String) -> String {
        let cleaned = name.replacing(".", with: "-").replacing("{", with: "").replacing("}", with: "")
        return cleaned.isEmpty ? "name" : cleaned
    }

    /// The closest candidate, by the spec decoder's edit-distance rule.
    static func closest(_ word: String, in candidates: [String]) -> String? {
        SpecDecodingContext.closest(word, in: candidates)
    }
}
