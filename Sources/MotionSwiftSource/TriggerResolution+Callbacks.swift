#if MOTIONSYNC_SWIFTSYNTAX
import MotionCore
internal import SwiftSyntax

// MARK: - Stored callbacks, RxSwift subscriptions, gesture recognizers

extension TriggerResolution {
    /// The property a closure is stored in (`call.onStateChange = { … }`, `self.didFinish = {
    /// … }`): its owner calls it when that happens, so the property names the event. Nil for a
    /// closure stored in a plain variable (`completion = { … }`), which the code around calls
    /// itself, and for any closure that is not the right side of an assignment.
    static func storedCallback(_ closure: ClosureExprSyntax) -> String? {
        guard let list = closure.parent?.as(ExprListSyntax.self), list.parent?.is(SequenceExprSyntax.self) == true else { return nil }
        let elements = Array(list)
        guard elements.count == 3, Syntax(elements[2]).id == closure.id, elements[1].is(AssignmentExprSyntax.self),
            let target = elements[0].as(MemberAccessExprSyntax.self), target.base != nil
        else { return nil }
        return target.declName.baseName.text
    }

    /// The trigger of an RxSwift subscription's values: a button's `rx.tap` is a tap, a gesture
    /// recognizer's `rx.event` its gesture (`gestureTrigger`, from the `let` that makes the
    /// recognizer in the code around), anything else each value the observable sends,
    /// `event:<observable>` (operators passed over, as `publisherName`).
    static func observableTrigger(_ chain: ExprSyntax) -> Trigger {
        if let (receiver, member) = rxMember(of: chain) {
            if member == "tap" { return .tap }
            if member == "event", let name = receiver.as(DeclReferenceExprSyntax.self)?.baseName.text {
                return recognizerType(named: name, around: Syntax(chain)).flatMap(gestureTrigger) ?? .event(name)
            }
        }
        return .event(publisherName(chain))
    }

    /// The receiver and member of the `receiver.rx.member` a chain of operators starts at
    /// (`recognizer.rx.event.map { … }` → `recognizer`, `event`); nil when it starts elsewhere.
    static func rxMember(of chain: ExprSyntax) -> (receiver: ExprSyntax, member: String)? {
        var e = chain
        for _ in 0..<32 {
            if let call = e.as(FunctionCallExprSyntax.self) {
                guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base else { return nil }
                e = base
            } else if let access = e.as(MemberAccessExprSyntax.self), let base = access.base {
                if let rx = base.as(MemberAccessExprSyntax.self), rx.declName.baseName.text == "rx", let receiver = rx.base {
                    return (receiver, access.declName.baseName.text)
                }
                e = base
            } else {
                return nil
            }
        }
        return nil
    }

    /// The type of the recognizer `let name = UITapGestureRecognizer(…)` (or `var`) makes in a
    /// block around `node`, up to its type's body; nil when none does.
    static func recognizerType(named name: String, around node: Syntax) -> String? {
        var current = node
        while let parent = current.parent, !parent.is(MemberBlockSyntax.self) {
            if let block = parent.as(CodeBlockItemListSyntax.self) {
                for item in block {
                    guard let declaration = item.item.as(VariableDeclSyntax.self) else { continue }
                    for binding in declaration.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        let made = binding.initializer?.value.as(FunctionCallExprSyntax.self)?.calledExpression
                        if let type = made?.as(DeclReferenceExprSyntax.self)?.baseName.text { return type }
                    }
                }
            }
            current = parent
        }
        return nil
    }

    /// A gesture recognizer's gesture by its type's name (UIKit's, or an app's named after one:
    /// `BindablePanGestureRecognizer`): a pan, swipe, pinch, rotation or edge pan is a drag, a
    /// tap or long press a tap; nil for any other type.
    static func gestureTrigger(_ type: String) -> Trigger? {
        if ["Pan", "Swipe", "Pinch", "Rotation", "ScreenEdgePan"].contains(where: { type.contains("\($0)GestureRecognizer") }) { return .drag }
        if type.contains("TapGestureRecognizer") || type.contains("LongPressGestureRecognizer") { return .tap }
        return nil
    }
}
#endif
