import MotionJSON

// MARK: - BudgetProfileDecoder

/// Reads a custom profile (`Schemas/budget-profile.schema.json`):
///
/// ```json
/// { "name": "team", "extends": "apple-touch",
///   "rules": { "tap-duration": { "pass": 0.35, "warn": 0.5 }, "first-peak": { "enabled": false } } }
/// ```
///
/// Each entry overrides only the fields it names (`pass`, `warn`, `beyond`, `enabled`) of a rule
/// of the extended profile; everything else stays as built in. Problems name the JSON pointer
/// and line:column.
public struct BudgetProfileDecoder: Sendable {
    public init() {}

    /// A problem with a profile file.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        public let pointer: JSONPointer
        public let location: SourceLocation?
        public let message: String
        public var description: String { "\(location.map { "\($0): " } ?? "")\(pointer): \(message)" }
    }

    public func decode(bytes: [UInt8]) -> (profile: BudgetProfile?, problems: [Problem]) {
        let document: JSONDocument
        do { document = try JSONParser().parse(bytes) } catch {
            return (nil, [Problem(pointer: error.pointer, location: error.location, message: "not valid JSON: \(error.message)")])
        }
        var problems: [Problem] = []
        func fail(_ pointer: JSONPointer, _ message: String) {
            problems.append(Problem(pointer: pointer, location: document.location(of: pointer), message: message))
        }
        guard let top = document.value.objectValue else {
            return (nil, [Problem(pointer: .root, location: document.location(of: .root), message: "a profile must be a JSON object")])
        }
        for key in top.keys where !["$schema", "name", "extends", "rules"].contains(key) {
            fail(.root / key, "unknown key \"\(key)\" (allowed: name, extends, rules)")
        }
        let baseName = top["extends"]?.stringValue ?? "apple-touch"
        guard var profile = BudgetProfile.named(baseName) else {
            fail(.root / "extends", "unknown profile \"\(baseName)\"; use \(BudgetProfile.builtIn.map(\.name).joined(separator: " or "))")
            return (nil, problems)
        }
        if let name = top["name"] {
            if let text = name.stringValue, !text.isEmpty { profile.name = text } else { fail(.root / "name", "\"name\" must be a non-empty string") }
        } else {
            profile.name = "custom (\(baseName))"
        }
        if let rules = top["rules"] {
            guard let object = rules.objectValue else {
                fail(.root / "rules", "\"rules\" must be an object: rule id → overrides")
                return (nil, problems)
            }
            for (id, override) in object {
                let p = JSONPointer.root / "rules" / id
                guard let index = profile.rules.firstIndex(where: { $0.id == id }) else {
                    fail(p, "\(baseName) has no rule \"\(id)\"; its rules: \(profile.rules.map(\.id).joined(separator: ", "))")
                    continue
                }
                guard let fields = override.objectValue else {
                    fail(p, "a rule override must be an object like { \"pass\": 0.35 }")
                    continue
                }
                for (key, value) in fields {
                    switch key {
                    case "pass", "warn":
                        guard let n = value.numberValue, n >= 0, n <= 1e6 else {
                            fail(p / key, "\"\(key)\" must be a number ≥ 0 in the rule's unit")
                            continue
                        }
                        if key == "pass" { profile.rules[index].pass = n } else { profile.rules[index].warn = n }
                    case "beyond":
                        guard let v = value.stringValue.flatMap(BudgetVerdict.init(rawValue:)), v != .pass else {
                            fail(p / key, "\"beyond\" must be \"warn\" or \"fail\"")
                            continue
                        }
                        profile.rules[index].beyond = v
                    case "enabled":
                        guard let b = value.boolValue else {
                            fail(p / key, "\"enabled\" must be true or false")
                            continue
                        }
                        profile.rules[index].enabled = b
                    default:
                        fail(p / key, "unknown key \"\(key)\" (allowed: pass, warn, beyond, enabled)")
                    }
                }
                let rule = profile.rules[index]
                if let warn = rule.warn, rule.direction == .atMost ? warn < rule.pass : warn > rule.pass {
                    fail(p, "the warn limit \(warn) lies on the passing side of pass \(rule.pass)")
                }
            }
        }
        return problems.isEmpty ? (profile, []) : (nil, problems)
    }
}
