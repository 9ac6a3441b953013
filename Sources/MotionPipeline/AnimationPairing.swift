import MotionCodegen
import MotionCore
import MotionStore
import MotionSwiftSourceModel

// MARK: - AnimationPairing

/// The one rule that says which code animation plays which spec animation: `diff` pairs by it
/// and `inventory` links by it, so the two never disagree.
///
/// Matched in passes over all of the spec, so a weaker match never takes the code animation a
/// stronger one needs: same id, then same component, then the id the importer gives the
/// component's type, then a Core Animation `Type.method` whose type names the animation or its
/// component, then a type `codegen` may have named it (`HomePulse`, `Pulse2`); within each, code
/// of the spec's screen before code of other screens. Where a pass finds two or more code
/// animations for one spec animation, none is picked: the match is ambiguous.
public enum AnimationPairing {
    /// What the rule reads of an animation, spec or code.
    public struct Candidate: Sendable, Equatable {
        public var screen: String
        /// The id its source gives it (for code in a store: before the store made it unique).
        public var id: String
        public var component: String?
        public var kind: String
        public var trigger: Trigger

        public init(screen: String, id: String, component: String?, kind: String, trigger: Trigger) {
            self.screen = screen
            self.id = id
            self.component = component
            self.kind = kind
            self.trigger = trigger
        }

        public init(screen: String, spec: AnimationSpec) {
            self.init(screen: screen, id: spec.id, component: spec.component, kind: spec.kind, trigger: spec.trigger)
        }

        /// A stored animation as the inventory lists it (its given id; a trigger it cannot read
        /// counts as a tap, which only changes the name an implicit animation's code gets).
        public init(_ row: InventoryRow) {
            self.init(screen: row.screen, id: row.givenID, component: row.component, kind: row.kind, trigger: Trigger(row.trigger) ?? .tap)
        }
    }

    /// How one spec animation came out.
    public enum Match: Sendable, Equatable {
        /// Played by this code animation (an index into the code).
        case paired(Int)
        /// Two or more code animations fit it equally well (indices, in the code's order): none is picked.
        case ambiguous([Int])
    }

    /// The matches of `spec` (animations of `screen`) in `code`, by the spec's index; a spec
    /// animation no code fits has none. Each code animation is paired at most once.
    /// O(criteria · spec · code).
    public static func pair(screen: String, spec: [Candidate], code: [Candidate]) -> [Int: Match] {
        var matches: [Int: Match] = [:]
        var used = Set<Int>()
        for criterion in criteria(screen: screen) {
            for sameScreen in [true, false] {
                for (i, animation) in spec.enumerated() where matches[i] == nil {
                    let fits = code.indices.filter {
                        !used.contains($0) && (code[$0].screen == screen) == sameScreen && criterion(animation, code[$0])
                    }
                    if fits.count == 1 {
                        matches[i] = .paired(fits[0])
                        used.insert(fits[0])
                    } else if fits.count > 1 {
                        matches[i] = .ambiguous(fits)
                    }
                }
            }
        }
        return matches
    }

    /// The criteria, strongest first.
    static func criteria(screen: String) -> [(Candidate, Candidate) -> Bool] {
        [
            { $0.id == $1.id },
            { $0.component != nil && $1.component == $0.component },
            { $0.component.map(SwiftSourceScan.animationID(forTypeName:)) == $1.id },
            // Core Animation code read as `Type.method` (`LikeHeart.play`, what `codegen
            // --target uikit` writes): its type names the animation or its component.
            { spec, code in
                guard code.kind == "layer", let dot = code.id.firstIndex(of: ".") else { return false }
                let type = String(code.id[..<dot])
                return SwiftSourceScan.animationID(forTypeName: type) == spec.id || type == spec.component
            },
            // Generated code renamed to stay unique in its module (`HomePulse`, `Pulse2`).
            { spec, code in
                code.component.map { type in
                    CodegenTarget.allCases.contains {
                        MotionCodegen(target: $0).mayName(type, screen: screen, id: spec.id, implicit: spec.kind == "implicit", trigger: spec.trigger)
                    }
                } ?? false
            },
        ]
    }

    // MARK: The inventory's links

    /// Each row's link with the other side of its animation, by row: a spec (or design) row
    /// with the code row that plays it and back, or with every candidate when the match is
    /// ambiguous; nil for a row without one. `rows` are in inventory order (by screen); the
    /// rule runs per screen over the rows given, code of other screens not included (a screen
    /// lists its own animations). O(rows) for a screen without code.
    public static func links(_ rows: [InventoryRow]) -> [InventoryLink?] {
        var links = [InventoryLink?](repeating: nil, count: rows.count)
        var start = 0
        while start < rows.count {
            var end = start + 1
            while end < rows.count && rows[end].screen == rows[start].screen { end += 1 }
            let indices = Array(start..<end)
            let codeRows = indices.filter { rows[$0].origin == "code" }
            let specRows = indices.filter { rows[$0].origin != "code" }
            if !codeRows.isEmpty && !specRows.isEmpty {
                let matches = pair(
                    screen: rows[start].screen, spec: specRows.map { Candidate(rows[$0]) }, code: codeRows.map { Candidate(rows[$0]) })
                for i in matches.keys.sorted() {
                    let s = specRows[i]
                    switch matches[i]! {
                    case .paired(let k):
                        links[s] = InventoryLink(state: .paired, with: [InventoryLink.Other(rows[codeRows[k]])])
                        links[codeRows[k]] = InventoryLink(state: .paired, with: [InventoryLink.Other(rows[s])])
                    case .ambiguous(let ks):
                        links[s] = InventoryLink(state: .ambiguous, with: ks.map { InventoryLink.Other(rows[codeRows[$0]]) })
                        for k in ks where links[codeRows[k]]?.state != .paired {
                            var link = links[codeRows[k]] ?? InventoryLink(state: .ambiguous, with: [])
                            link.with.append(InventoryLink.Other(rows[s]))
                            links[codeRows[k]] = link
                        }
                    }
                }
            }
            start = end
        }
        return links
    }
}
