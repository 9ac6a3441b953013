#if MOTIONSYNC_SWIFTSYNTAX
internal import SwiftSyntax

// MARK: - CalledMethodMutations

/// The state a block of code changes, through the methods of its own type it calls as well:
/// `withAnimation { reset() }` animates what `reset()` assigns, as the compiler would run it.
/// Only the type's own methods are followed (`reset()`, `self.reset()`), each once, a few calls
/// deep; a call to anything else is not code this file shows for the type.
enum CalledMethodMutations {
    /// How many calls deep methods are followed.
    static let depth = 3

    /// The mutations inside `node`, then those of the methods of `type` it calls, in the order
    /// found. O(size of the code followed).
    static func find(in node: some SyntaxProtocol, type: SwiftTypeIndex.TypeInfo?) -> [Mutation] {
        var found = MutationFinder.find(in: node)
        guard let type else { return found }
        var followed: Set<String> = []
        var frontier = MethodCalls.names(in: Syntax(node))
        for _ in 0..<depth where !frontier.isEmpty {
            var next: [String] = []
            for name in frontier where followed.insert(name).inserted {
                for method in type.methods[name] ?? [] {
                    guard let body = method.body else { continue }
                    found += MutationFinder.find(in: body)
                    next += MethodCalls.names(in: Syntax(body))
                }
            }
            frontier = next
        }
        return found
    }
}

// MARK: - MethodCalls

/// The names of the calls on `self` inside a node (`reset()`, `self.reset()`), in source order;
/// closures passed along are searched too.
final class MethodCalls: SyntaxVisitor {
    private(set) var names: [String] = []

    static func names(in node: Syntax) -> [String] {
        let finder = MethodCalls(viewMode: .sourceAccurate)
        finder.walk(node)
        return finder.names
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let ref = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            names.append(ref.baseName.text)
        } else if let access = node.calledExpression.as(MemberAccessExprSyntax.self),
            access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        {
            names.append(access.declName.baseName.text)
        }
        return .visitChildren
    }
}
#endif
