import MotionCore
import MotionJSON

// MARK: - DesignTokenDecoder

/// Reads the motion tokens of a W3C design-tokens file (DTCG Design Tokens Format Module 2025.10,
/// https://www.designtokens.org/TR/2025.10/format/) into a `DesignTokenSet`, or rejects the file
/// with one diagnostic per problem (never a partial set).
///
/// What it follows from 2025.10:
/// - Tokens are objects with `$value` (§5.1); every other object is a group (§6.1). Groups nest;
///   a group's `$type` is the default for every token below it, the nearest one winning (§6.3).
///   `$description`, `$extensions`, `$deprecated` (and `$schema` at the top) are ignored; other
///   `$` members get a warning. A token that also holds non-`$` members is an error (§6.1).
///   `$root` is a group's root token, with the path `group.$root` (§6.2).
/// - Names must not contain `.`, `{` or `}` (§5.1.1).
/// - `duration` (§8.5): `{"value": 100, "unit": "ms" | "s"}`; also the older drafts' string
///   form `"100ms"` (and `"0.1s"`). Negative, non-finite or longer than an hour: refused.
/// - `cubicBezier` (§8.6): `[x1, y1, x2, y2]`, x in [0, 1], y free (within ±1e9).
/// - `transition` (§9.5): `{duration, delay, timingFunction}`, all three required; each a value
///   or an alias to a token of that type.
/// - Aliases (§7.1.1, §7.2): a `$value`, or a transition/spring sub-value, written `"{a.b}"`
///   refers to the token at that path (in this file, else among the tokens of files imported
///   before: `known`); chains are followed; cycles, missing targets, targets that are groups and
///   targets of the wrong type are errors naming both tokens.
/// - Types of other tokens (color, dimension, …) are recognised and their tokens skipped without
///   checks; unknown `$type`s and tokens with no type get a warning and are skipped.
///
/// Beyond 2025.10:
/// - `spring` (open proposal, design-tokens/community-group#429): `$value` `{"duration": s,
///   "bounce": b}` (duration in seconds, or a duration value or alias) or `{"mass", "stiffness",
///   "damping"}`; a Figma spring preset name is accepted too.
/// - A `cubicBezier` value may be a Figma easing name (`"EASE_IN"` …, see `FigmaEasing`).
///
/// Not followed (reported, never guessed): JSON Pointer `$ref` references (§7.1.2) and group
/// `$extends` (§6.4) give a warning and the tokens they would bring are not imported. Stricter
/// than §5.2.2: an alias token that inherits a motion `$type` from its group must point at a token
/// of that type (the spec would let the target's type win; in a `duration` group an alias to a
/// curve is almost surely a mistake).
///
/// O(n) in the file size: each token is resolved once (memoised), each alias is a hash lookup.
public struct DesignTokenDecoder: Sendable {
    /// Largest accepted file, in bytes (as for specs: 64 MiB).
    public static let maximumFileSize = SpecDecoder.maximumFileSize

    public init() {}

    static let splitHint = "split the tokens into several files"

    /// Reads and decodes the file at `path` (named `displayName` in diagnostics).
    public func decode(fileAt path: String, displayName: String? = nil) -> DesignTokenResult {
        switch InputDocument.read(path: path, displayName: displayName ?? path, splitHint: Self.splitHint) {
        case .success(let bytes): decode(bytes: bytes, file: displayName ?? path)
        case .failure(let d): DesignTokenResult(tokens: nil, diagnostics: [d])
        }
    }

    /// Decodes the bytes of a tokens file; `file` names the source in diagnostics.
    public func decode(bytes: [UInt8], file: String) -> DesignTokenResult {
        switch InputDocument.parse(bytes, file: file, splitHint: Self.splitHint) {
        case .success(let document): decode(document: document, file: file)
        case .failure(let d): DesignTokenResult(tokens: nil, diagnostics: [d])
        }
    }

    /// Decodes an already parsed document. `known`: tokens of other files (already imported) that
    /// an alias may name when this file does not define the path (design systems split their
    /// tokens: primitives in one file, the semantic tokens aliasing them in another).
    public func decode(document: JSONDocument, file: String, known: DesignTokenSet = DesignTokenSet()) -> DesignTokenResult {
        let context = DesignTokenDecodingContext(file: file, document: document, known: known)
        let tokens = context.decode()
        let diagnostics = InputDocument.documentOrder(context.diagnostics)
        let failed = diagnostics.contains { $0.severity == .error }
        return DesignTokenResult(tokens: failed ? nil : tokens, diagnostics: diagnostics, usedKnown: context.usedKnown.sorted())
    }

    // MARK: Detection

    /// Whether a parsed file looks like a design-tokens file rather than a motion spec: its top
    /// level is an object without `specVersion`, and some object in the tree has a `$value` or
    /// `$type` member, or is a Style Dictionary motion token (`value` with `type` `time`,
    /// `duration`, `cubic-bezier`, `transition`; `DesignTokenDialect`). O(n) in the number of
    /// values, without recursion.
    public static func looksLikeTokens(_ value: JSONValue) -> Bool {
        guard let top = value.objectValue, top["specVersion"] == nil else { return false }
        if DesignTokenDialect.anyObject(in: value, { $0["$value"] != nil || $0["$type"] != nil }) { return true }
        // Style Dictionary's older form (`value` / `type`), recognised by a motion token.
        return DesignTokenDialect.hasStyleDictionaryMotion(value)
    }
}
