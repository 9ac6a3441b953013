// MARK: - SwiftModuleConstants

/// The numeric constants the module's files declare (`SwiftConstantFact`), so that an animation
/// in one file that names a constant of another (`.easeOut(duration:
/// Constants.Animation.fadeTime)`) is read as the number it is, not estimated.
///
/// A name is looked up as Swift looks it up: in the types around the code, innermost first, then
/// at the top (`Timing.fast` inside `struct Card` is `Card.Timing.fast` if there is one). A name
/// declared with two values (two modules read together) is not known: never a guess. O(constants)
/// to build; a lookup is O(types around the code).
public struct SwiftModuleConstants: Sendable, Hashable {
    /// Qualified name → value, for the names declared with one value.
    public private(set) var values: [String: Double] = [:]
    /// Names declared with different values.
    private var conflicting: Set<String> = []

    public init() {}

    /// The types a numeric constant may be written with (`: TimeInterval`, `as CGFloat`).
    public static let numericTypes: Set<String> = ["Double", "Float", "CGFloat", "TimeInterval", "CFTimeInterval", "Int", "Float64", "Float32"]

    /// The constants of every file of `facts`.
    public init(_ facts: [SwiftModuleFacts]) {
        for file in facts {
            for constant in file.constants { add(constant.name, constant.value) }
        }
    }

    public var isEmpty: Bool { values.isEmpty && conflicting.isEmpty }

    private mutating func add(_ name: String, _ value: Double?) {
        guard !conflicting.contains(name) else { return }
        if let value, values[name] == nil || values[name]?.bitPattern == value.bitPattern {
            values[name] = value
        } else {
            values[name] = nil
            conflicting.insert(name)
        }
    }

    /// The value `name` (dotted, as the code writes it: `Constants.fadeTime`) stands for in code
    /// inside the types `scopes` (qualified names, innermost first: `["Feed.Card", "Feed"]`): the
    /// first of `Feed.Card.name`, `Feed.name`, `name` that is declared, if it has one value.
    public func value(of name: String, within scopes: [String]) -> Double? {
        for qualified in scopes.map({ $0 + "." + name }) + [name] {
            if conflicting.contains(qualified) { return nil }
            if let value = values[qualified] { return value }
        }
        return nil
    }

    // MARK: Text form

    /// One constant a line, `name<TAB>value` (a name declared with two values: `name<TAB>`), in
    /// name order: how the Swift reader is sent them (`SwiftSourceWire`).
    public var text: String {
        let known = values.map { "\($0.key)\t\($0.value)" }
        let unknown = conflicting.map { "\($0)\t" }
        return (known + unknown).sorted().joined(separator: "\n")
    }

    /// The constants of `text` (`text`'s form); lines of another form are passed over.
    public init(text: String) {
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 2, !fields[0].isEmpty else { continue }
            if fields[1].isEmpty {
                add(String(fields[0]), nil)
            } else if let value = Double(String(fields[1])), value.isFinite {
                add(String(fields[0]), value)
            }
        }
    }
}
