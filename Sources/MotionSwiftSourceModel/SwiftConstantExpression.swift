// MARK: - SwiftConstantExpression

/// The arithmetic a constant is declared with (`notificationCloseDelay + 2 * notificationSlide`),
/// read as Swift reads it: `*` and `/` before `+` and `-`, each left to right, signs, parentheses.
///
/// Its type is the one declared (`: TimeInterval`, `as CGFloat`), else the named constants' (all
/// of one kind), else `Double` when a literal has a decimal point or an exponent, else `Int` (`7
/// / 2` is 3, as in Swift). `Int` arithmetic is 64-bit and traps on overflow and division by zero
/// in Swift, so such an expression is not read; neither is a floating-point one that leaves the
/// finite numbers, nor one that mixes `Int` and floating-point constants (Swift refuses it).
/// `Float` arithmetic is rounded to `Float` after each step, as Swift computes it. O(tokens).
public struct SwiftConstantExpression: Sendable, Hashable {
    /// A value with its kind: `Int` (`integer`) or floating point.
    public struct Number: Sendable, Hashable {
        public var value: Double
        public var integer: Bool

        public init(_ value: Double, integer: Bool) {
            self.value = value
            self.integer = integer
        }
    }

    private indirect enum Node: Sendable, Hashable {
        case literal(String, integer: Bool)
        case name(String)
        case negate(Node)
        case binary(Character, Node, Node)
        /// `Double(base)`, `Int(3)`: the inner value, of its own kind, as `Int` or floating point.
        case convert(toInteger: Bool, Node)

        var hasFloatingLiteral: Bool {
            switch self {
            case .literal(_, let integer): !integer
            case .name: false
            case .negate(let inner): inner.hasFloatingLiteral
            case .binary(_, let l, let r): l.hasFloatingLiteral || r.hasFloatingLiteral
            case .convert(let toInteger, _): !toInteger
            }
        }
    }

    private let root: Node
    /// The constants it names, as written, in order (repeats kept once).
    public let names: [String]

    /// Parentheses nest at most this deep (deeper input is not read: it would only exhaust the
    /// stack).
    static let maximumDepth = 32

    /// The expression of `text` (tokens separated by single spaces, as `SwiftFactsScan` records
    /// them); nil when it is not arithmetic of this form.
    public init?(_ text: String) {
        var parser = Parser(tokens: text.split(separator: " ").map(String.init))
        guard let root = parser.sum(depth: 0), parser.at == parser.tokens.count else { return nil }
        self.root = root
        var seen: Set<String> = []
        names = parser.names.filter { seen.insert($0).inserted }
    }

    /// The value, with `type` the type it is declared with (nil: none) and `value` each name's
    /// (or why it has none); `.failure` says why the expression is not read.
    public func evaluate(type: String?, value: (String) -> Result<Number, SwiftConstantFailure>) -> Result<Number, SwiftConstantFailure> {
        var known: [String: Number] = [:]
        for name in names {
            switch value(name) {
            case .success(let n): known[name] = n
            case .failure(let why): return .failure(why)
            }
        }
        let integer: Bool
        if let type {
            integer = type == "Int"
        } else if let first = known.values.first {
            guard known.values.allSatisfy({ $0.integer == first.integer }) else { return .failure(.mixedKinds) }
            integer = first.integer
        } else {
            integer = !root.hasFloatingLiteral
        }
        let float = type == "Float" || type == "Float32"
        return Evaluation(known: known, integer: integer, float: float).run(root).map { Number($0, integer: integer) }
    }

    // MARK: Evaluation

    private struct Evaluation {
        let known: [String: Number]
        let integer: Bool
        /// Rounded to `Float` after each step.
        let float: Bool

        func run(_ node: Node) -> Result<Double, SwiftConstantFailure> {
            switch node {
            case .literal(let text, let isInteger):
                if integer, !isInteger { return .failure(.floatingLiteralInInt(text)) }
                guard let value = Double(text.filter { $0 != "_" }) else { return .failure(.overflow) }
                if integer, Int64(exactly: value) == nil { return .failure(.overflow) }
                return checked(value)
            case .name(let name):
                guard let n = known[name] else { return .failure(.unknownName(name)) }
                if n.integer != integer { return .failure(.mixedKinds) }
                return checked(n.value)
            case .negate(let inner):
                return run(inner).flatMap { integer && $0 == -9_223_372_036_854_775_808 ? .failure(.overflow) : checked(-$0) }
            case .binary(let op, let l, let r):
                return run(l).flatMap { a in run(r).flatMap { b in apply(op, a, b) } }
            case .convert(let toInteger, let inner):
                // The conversion's kind must be the expression's; the inner value keeps its own.
                guard toInteger == integer, let innerInteger = kind(of: inner) else { return .failure(.mixedKinds) }
                // `Int(x)` of a floating-point value truncates: not read.
                guard !toInteger || innerInteger else { return .failure(.mixedKinds) }
                return Evaluation(known: known, integer: innerInteger, float: false).run(inner).flatMap(checked)
            }
        }

        /// Whether a converted value is an `Int` (a whole literal, an `Int` name, or such a one
        /// negated); nil for anything else.
        private func kind(of node: Node) -> Bool? {
            switch node {
            case .literal(_, let isInteger): isInteger
            case .name(let name): known[name]?.integer
            case .negate(let inner): kind(of: inner)
            case .binary, .convert: nil
            }
        }

        private func apply(_ op: Character, _ a: Double, _ b: Double) -> Result<Double, SwiftConstantFailure> {
            guard integer else {
                switch op {
                case "+": return checked(a + b)
                case "-": return checked(a - b)
                case "*": return checked(a * b)
                default: return b == 0 ? .failure(.divisionByZero) : checked(a / b)
                }
            }
            let (x, y) = (Int64(a), Int64(b))
            let result: (partialValue: Int64, overflow: Bool)
            switch op {
            case "+": result = x.addingReportingOverflow(y)
            case "-": result = x.subtractingReportingOverflow(y)
            case "*": result = x.multipliedReportingOverflow(by: y)
            default:
                if y == 0 { return .failure(.divisionByZero) }
                result = x.dividedReportingOverflow(by: y)
            }
            return result.overflow ? .failure(.overflow) : .success(Double(result.partialValue))
        }

        /// `value` as the type holds it; a value past the finite numbers is not read.
        private func checked(_ value: Double) -> Result<Double, SwiftConstantFailure> {
            let held = float ? Double(Float(value)) : value
            return held.isFinite ? .success(held) : .failure(.overflow)
        }
    }

    // MARK: Parsing

    private struct Parser {
        let tokens: [String]
        var at = 0
        var names: [String] = []

        /// `term (+|- term)*`
        mutating func sum(depth: Int) -> Node? {
            guard var node = product(depth: depth) else { return nil }
            while at < tokens.count, tokens[at] == "+" || tokens[at] == "-" {
                let op = Character(tokens[at])
                at += 1
                guard let right = product(depth: depth) else { return nil }
                node = .binary(op, node, right)
            }
            return node
        }

        /// `factor (*|/ factor)*`
        mutating func product(depth: Int) -> Node? {
            guard var node = factor(depth: depth) else { return nil }
            while at < tokens.count, tokens[at] == "*" || tokens[at] == "/" {
                let op = Character(tokens[at])
                at += 1
                guard let right = factor(depth: depth) else { return nil }
                node = .binary(op, node, right)
            }
            return node
        }

        /// A literal, a name, a signed factor or a parenthesised sum.
        mutating func factor(depth: Int) -> Node? {
            guard at < tokens.count, depth < SwiftConstantExpression.maximumDepth else { return nil }
            let token = tokens[at]
            at += 1
            switch token {
            case "-": return factor(depth: depth + 1).map(Node.negate)
            case "+": return factor(depth: depth + 1)
            case "(":
                guard let inner = sum(depth: depth + 1), at < tokens.count, tokens[at] == ")" else { return nil }
                at += 1
                return inner
            default:
                if let literal = Self.literal(token) { return literal }
                if SwiftModuleConstants.numericTypes.contains(token), at < tokens.count, tokens[at] == "(" {
                    at += 1
                    guard let inner = sum(depth: depth + 1), at < tokens.count, tokens[at] == ")" else { return nil }
                    at += 1
                    return .convert(toInteger: token == "Int", inner)
                }
                guard Self.isName(token) else { return nil }
                names.append(token)
                return .name(token)
            }
        }

        /// A decimal literal (`0.3`, `1_000`, `2e-3`); hexadecimal, octal and binary ones are not read.
        static func literal(_ token: String) -> Node? {
            guard let first = token.unicodeScalars.first, ("0"..."9").contains(first) else { return nil }
            let lower = token.lowercased()
            guard !lower.hasPrefix("0x"), !lower.hasPrefix("0o"), !lower.hasPrefix("0b") else { return nil }
            guard token.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || "._eE+-".unicodeScalars.contains($0) }),
                Double(token.filter { $0 != "_" }) != nil
            else { return nil }
            return .literal(token, integer: !token.contains { $0 == "." || $0 == "e" || $0 == "E" })
        }

        /// `name` or `Type.name`, plain identifiers joined by dots.
        static func isName(_ token: String) -> Bool {
            token.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
                guard let first = part.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
                return part.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType != nil }
            }
        }
    }
}
