// MARK: - SwiftConstantFailure

/// Why a constant's value is not read: said with the name, as the estimate's reason.
public enum SwiftConstantFailure: Error, Sendable, Hashable {
    /// Declared as a `var`, or with a value of another kind or form (a call, a string).
    case notANumber
    /// Declared more than once with different values (two modules, two `#if` branches).
    case declaredTwice
    /// Defined through itself: the names of the cycle, from the first back to it.
    case cycle([String])
    /// A name the module declares no constant of (a function's result, another module's).
    case unknownName(String)
    /// Defined through more constants than are followed.
    case tooDeep
    /// `Int` and floating-point constants in one expression (Swift refuses it).
    case mixedKinds
    /// A floating-point literal in `Int` arithmetic (Swift refuses it).
    case floatingLiteralInInt(String)
    /// Past `Int`'s range (Swift traps) or past the finite floating-point numbers.
    case overflow
    /// A division by zero (Swift traps for `Int`; for floating point it is not a finite number).
    case divisionByZero
    /// A file-level constant whose name a type's member also has: in that type's code the member
    /// is meant.
    case hiddenByMember

    /// The reason as a phrase after the constant's name (`Timing.total` …).
    public var description: String {
        switch self {
        case .notANumber: "is not a constant number"
        case .declaredTwice: "is declared more than once with different values"
        case .cycle(let names): "is defined through itself (\(names.joined(separator: " → ")))"
        case .unknownName(let name): "names `\(name)`, which is not a constant number the module declares"
        case .tooDeep: "is defined through more than \(SwiftModuleConstants.maximumChain) constants in a row"
        case .mixedKinds: "mixes Int and floating-point constants"
        case .floatingLiteralInInt(let literal): "puts `\(literal)` in Int arithmetic"
        case .overflow: "overflows (past Int's range or the finite numbers)"
        case .divisionByZero: "divides by zero"
        case .hiddenByMember: "shares its name with a type's property, which code in that type may mean"
        }
    }
}
