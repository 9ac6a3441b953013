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
        // A DTCG 2025.10 resolver names the token files (its sets' sources) rather than being one.
        if object["resolutionOrder"] != nil || (object["$schema"]?.stringValue ?? "").contains("resolver") {
            return .unknown(
                "a design-token resolver document (\"resolutionOrder\", \"sets\"), not a tokens file: import the token files its sets name")
        }
        return .unknown(
            "a JSON object that is neither a motion spec (\"specVersion\"), a Lottie file (\"fr\" and \"layers\") nor a design tokens file (\"$type\" and \"$value\")"
        )
    }
}
