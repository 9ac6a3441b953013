import MotionFormats
import MotionJSON

// MARK: - InputClassifier

/// Tells what a file is from its content, not its name: a motionsync spec, a Lottie file, a JSON
/// Schema (such as `Specs/schema.json`, skipped when a folder is imported), or something
/// motionsync cannot import.
public enum InputKind: Equatable, Sendable {
    case spec
    case lottie
    case tokens
    case jsonSchema
    case unknown(String)

    /// Classifies a parsed JSON document.
    public static func classify(_ value: JSONValue) -> InputKind {
        guard let object = value.objectValue else { return .unknown("a JSON \(value.typeName), not an object") }
        if object["specVersion"] != nil || object["animations"] != nil || object["screen"] != nil { return .spec }
        if LottieImporter.looksLikeLottie(value) { return .lottie }
        if DesignTokenDecoder.looksLikeTokens(value) { return .tokens }
        if let schema = object["$schema"]?.stringValue, schema.contains("json-schema.org") { return .jsonSchema }
        return .unknown("a JSON object without \"specVersion\"")
    }
}
