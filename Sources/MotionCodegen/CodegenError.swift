// MARK: - CodegenError

/// Why an animation cannot be generated, with where (`SCREEN/ID`, and the property or phase
/// when one is at fault).
public enum CodegenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The target cannot play this kind of animation (`layer` in SwiftUI).
    case unsupportedKind(place: String, kind: String, target: CodegenTarget, hint: String)
    /// The definition cannot be played by the core (it would not sample).
    case invalidMotion(place: String, why: String)

    /// The `SCREEN/ID` (and property) the error is about.
    public var place: String {
        switch self {
        case .unsupportedKind(let place, _, _, _), .invalidMotion(let place, _): place
        }
    }

    public var description: String {
        switch self {
        case .unsupportedKind(let place, let kind, let target, let hint):
            "\(place): a \(kind) animation cannot be generated for --target \(target.rawValue); \(hint)"
        case .invalidMotion(let place, let why):
            "\(place): \(why)"
        }
    }
}
