#if MOTIONSYNC_SWIFTSYNTAX
import MotionCore
internal import SwiftSyntax

// MARK: - Closures handed to the file's own views and methods

extension TriggerResolution {
    /// The trigger of a closure handed to a view or a method this file declares that runs it
    /// from a handler of its own: `ChecklistRow(onDelete: { … })` where the row's `Button` calls
    /// `onDelete()`, `controlButton(icon:action: { … })` where the method makes `Button(action:
    /// action)`. A tap, a drag, an appearance…; nil when the file does not show the closure run
    /// by such a handler (another file's view, an event, a name it stores elsewhere). O(size of
    /// the receiving declaration), once per view or method and label.
    func forwardedTrigger(_ closure: ClosureExprSyntax, typeName: String?) -> Trigger? {
        guard let (call, written) = Self.owner(of: closure), let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) else { return nil }
        // A trailing closure is a method's last parameter (a view's is not known by name here).
        let trailing = written == nil && call.trailingClosure?.id == closure.id
        guard let label = written ?? (trailing ? "" : nil) else { return nil }
        let name = callee.baseName.text
        let key = (typeName ?? "") + "\u{0}" + name + "\u{0}" + label
        if let known = cache.forwarded[key] { return known }
        var found: Trigger?
        defer { cache.forwarded[key] = .some(found) }
        if name.first?.isUppercase == true, !label.isEmpty, let info = index.types[name] {
            // A view of the file: its property of that label, run in its code.
            found = info.declarations.lazy.compactMap { self.runTrigger(of: label, in: $0) }.first
            return found
        }
        if name.first?.isUppercase == true, !label.isEmpty {
            // A view of another file whose handler calls the closure of that label.
            found = module?.handlerTrigger([name + "." + label])
            return found
        }
        guard let typeName, let methods = index.types[typeName]?.methods[name] else { return nil }
        for method in methods {
            let parameters = method.signature.parameterClause.parameters
            guard let parameter = label.isEmpty ? parameters.last : parameters.first(where: { $0.firstName.text == label }), let body = method.body
            else { continue }
            found = runTrigger(of: (parameter.secondName ?? parameter.firstName).text, in: Syntax(body))
            if found != nil { break }
        }
        return found
    }

    /// How code under `node` runs the closure named `name`: handed on as a handler
    /// (`passedHandlerTrigger`: a `Button`'s action, `.onTapGesture(perform:)`), or called
    /// (`name()`, `name?()`) in a handler that is no event of its own. The first such place, in
    /// source order.
    private func runTrigger(of name: String, in node: Syntax) -> Trigger? {
        for token in node.tokens(viewMode: .sourceAccurate) where token.text == name {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            var use = Syntax(reference)
            if let access = use.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id,
                access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
            {
                use = Syntax(access)
            }
            if use.parent?.is(LabeledExprSyntax.self) == true {
                // Handed on as a handler (`Button(action: onDelete)`), as a method may be.
                if let trigger = Self.passedHandlerTrigger(use) { return trigger }
                continue
            }
            if let optional = use.parent?.as(OptionalChainingExprSyntax.self) { use = Syntax(optional) }
            guard use.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == use.id else { continue }
            var current = use.parent
            while let n = current, !n.is(FunctionDeclSyntax.self), !n.is(MemberBlockSyntax.self) {
                if let handler = n.as(ClosureExprSyntax.self), let trigger = Self.handlerTrigger(handler) {
                    if case .event = trigger { break }
                    return trigger
                }
                current = n.parent
            }
        }
        return nil
    }
}
#endif
