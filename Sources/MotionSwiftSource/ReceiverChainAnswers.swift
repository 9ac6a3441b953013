#if MOTIONSYNC_SWIFTSYNTAX
internal import SwiftSyntax

// MARK: - ReceiverChainAnswers

/// Yes/no answers about receiver chains (`a.b(…).c`: member accesses and calls down to the
/// root), remembered for every link. In a chain of n modifiers each call's receiver is the chain
/// below it, so asking each call afresh would walk n²/2 links; with the answers kept, a file's
/// chains are walked once. One value per syntax tree, used by one visitor.
struct ReceiverChainAnswers {
    private var known: [SyntaxIdentifier: Bool] = [:]

    /// The answer for `receiver`: that of the first link from the top that `decide` decides
    /// (a non-nil answer), false when none does. `decide` sees each link once over all calls.
    /// O(links not asked before).
    mutating func answer(_ receiver: ExprSyntax, decide: (ExprSyntax) -> Bool?) -> Bool {
        var walked: [(id: SyntaxIdentifier, own: Bool?)] = []
        var answer = false
        var link: ExprSyntax? = receiver
        while let current = link {
            if let answered = known[current.id] {
                answer = answered
                break
            }
            let own = decide(current)
            walked.append((current.id, own))
            if own != nil { break }
            if let access = current.as(MemberAccessExprSyntax.self) {
                link = access.base
            } else if let call = current.as(FunctionCallExprSyntax.self) {
                link = call.calledExpression
            } else {
                link = nil
            }
        }
        for step in walked.reversed() {
            if let own = step.own { answer = own }
            known[step.id] = answer
        }
        return answer
    }
}
#endif
