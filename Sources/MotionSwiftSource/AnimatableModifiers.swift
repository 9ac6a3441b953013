#if MOTIONSYNC_SWIFTSYNTAX
internal import SwiftSyntax

// MARK: - AnimatableModifiers

/// The numeric arguments of SwiftUI's geometry and effect modifiers, each named after the
/// property it animates: what a phase, keyframe or implicit animation can move on a view.
///
/// | modifier | properties |
/// |---|---|
/// | `scaleEffect(s)`, `scaleEffect(s, anchor:)` | `scale` |
/// | `scaleEffect(x:y:)`, `scaleEffect(CGSize(width:height:))` | `scaleX`, `scaleY` |
/// | `rotationEffect(angle, anchor:)` | `rotation` (degrees) |
/// | `rotation3DEffect(angle, axis:, anchor:, anchorZ:, perspective:)` | `rotation3D` (degrees), `perspective` |
/// | `offset(x:y:)`, `offset(CGSize(width:height:))` | `x`, `y` |
/// | `opacity`, `brightness`, `contrast`, `saturation`, `grayscale` | the modifier's name |
/// | `hueRotation(angle)` | `hueRotation` (degrees) |
/// | `blur(radius:opaque:)` | `blur` |
/// | `shadow(color:radius:x:y:)` | `shadowRadius`, `shadowX`, `shadowY` |
/// | `frame(width:height:)`, `frame(minWidth:…maxHeight:)` | `width`, `height`, `minWidth`, … |
/// | `padding(length)`, `padding(edges, length)` | `padding` |
/// | `cornerRadius(radius)` | `cornerRadius` |
/// | `trim(from:to:)` | `trimFrom`, `trimTo` |
///
/// Arguments that are not animatable numbers (an anchor, a color, an axis) have no property.
enum AnimatableModifiers {
    /// One argument of a modifier call: the property it animates (nil: not an animatable number),
    /// the argument, and the modifier's name token (for messages).
    typealias Entry = (property: String?, argument: ExprSyntax, modifier: TokenSyntax)

    /// The modifiers this table knows.
    static let names: Set<String> = [
        "scaleEffect", "rotationEffect", "rotation3DEffect", "offset", "opacity", "brightness", "contrast",
        "saturation", "grayscale", "hueRotation", "blur", "shadow", "frame", "padding", "cornerRadius", "trim",
    ]

    /// What one modifier call contributes, argument by argument.
    static func entries(_ name: TokenSyntax, _ arguments: Arguments) -> [Entry] {
        var out: [Entry] = []
        func add(_ property: String?, _ expr: ExprSyntax) { out.append((property, expr, name)) }
        switch name.text {
        case "scaleEffect":
            for a in arguments.all {
                switch a.label {
                case nil:
                    if let size = sizeParts(a.expr) {
                        add("scaleX", size.width)
                        add("scaleY", size.height)
                    } else {
                        add("scale", a.expr)
                    }
                case "x"?: add("scaleX", a.expr)
                case "y"?: add("scaleY", a.expr)
                default: add(nil, a.expr)
                }
            }
        case "rotationEffect", "hueRotation":
            let property = name.text == "rotationEffect" ? "rotation" : "hueRotation"
            for a in arguments.all { add(a.label == nil ? property : nil, a.expr) }
        case "rotation3DEffect":
            for a in arguments.all { add(a.label == nil ? "rotation3D" : (a.label == "perspective" ? "perspective" : nil), a.expr) }
        case "opacity", "brightness", "contrast", "saturation", "grayscale":
            for a in arguments.all { add(a.label == nil ? name.text : nil, a.expr) }
        case "offset":
            for a in arguments.all {
                switch a.label {
                case nil:
                    if let size = sizeParts(a.expr) {
                        add("x", size.width)
                        add("y", size.height)
                    } else {
                        add("offset", a.expr)
                    }
                case "x"?, "y"?: add(a.label, a.expr)
                default: add(nil, a.expr)
                }
            }
        case "blur":
            for a in arguments.all { add(a.label == "radius" ? "blur" : nil, a.expr) }
        case "shadow":
            let names = ["radius": "shadowRadius", "x": "shadowX", "y": "shadowY"]
            for a in arguments.all { add(a.label.flatMap { names[$0] }, a.expr) }
        case "frame":
            let sizes: Set<String> = ["width", "height", "minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"]
            for a in arguments.all { add(a.label.flatMap { sizes.contains($0) ? $0 : nil }, a.expr) }
        case "padding":
            // `padding(8)`, `padding(.horizontal, 8)`: the number; edges and insets are not.
            let unlabeled = arguments.all.filter { $0.label == nil }
            for a in arguments.all {
                let isLength = a.label == nil && (unlabeled.count == 1 ? !isEdges(a.expr) : a.expr.id == unlabeled.last?.expr.id)
                add(isLength ? "padding" : nil, a.expr)
            }
        case "cornerRadius":
            for a in arguments.all { add(a.label == nil ? "cornerRadius" : nil, a.expr) }
        case "trim":
            for a in arguments.all { add(a.label == "from" ? "trimFrom" : (a.label == "to" ? "trimTo" : nil), a.expr) }
        default:
            for a in arguments.all { add(nil, a.expr) }
        }
        return out
    }

    /// `CGSize(width: a, height: b)` (or `.init(width:height:)`) → its two parts.
    static func sizeParts(_ expr: ExprSyntax) -> (width: ExprSyntax, height: ExprSyntax)? {
        guard let call = expr.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression
        let isSize =
            callee.as(DeclReferenceExprSyntax.self)?.baseName.text == "CGSize"
            || callee.as(MemberAccessExprSyntax.self).map {
                $0.declName.baseName.text == "init" && ($0.base == nil || $0.base?.trimmedDescription == "CGSize")
            } == true
        let arguments = Arguments(call)
        guard isSize, arguments.all.count == 2, let w = arguments["width"], let h = arguments["height"] else { return nil }
        return (w, h)
    }

    /// `.horizontal`, `Edge.Set.top`, `[.top, .bottom]`: an edge set, not a length.
    static func isEdges(_ expr: ExprSyntax) -> Bool {
        if expr.is(ArrayExprSyntax.self) { return true }
        guard let access = expr.as(MemberAccessExprSyntax.self) else { return false }
        return ["all", "horizontal", "vertical", "top", "bottom", "leading", "trailing"].contains(access.declName.baseName.text)
    }
}
#endif
