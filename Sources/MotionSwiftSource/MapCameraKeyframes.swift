#if MOTIONSYNC_SWIFTSYNTAX
import MotionCore
internal import SwiftSyntax

// MARK: - MapCameraKeyframes

/// MapKit's `.mapCameraKeyframeAnimator(trigger:keyframes:)` reads like any keyframe animator:
/// its `MapCamera` tracks are `latitude` and `longitude` (from `\.centerCoordinate`, degrees),
/// `heading` and `pitch` (degrees) and `distance` (metres). The camera starts where the map is;
/// when its `Map` is made with a literal camera, `Map(initialPosition: .camera(MapCamera(…)))`,
/// that camera is the initial value.
enum MapCameraKeyframes {
    /// `CLLocationCoordinate2D(latitude: a, longitude: b)` (or `.init(…)`) with literal numbers.
    static func coordinate(_ expr: ExprSyntax, evaluator: Evaluator) -> (latitude: Double, longitude: Double)? {
        guard let call = evaluator.unwrap(expr).as(FunctionCallExprSyntax.self) else { return nil }
        let name = evaluator.typeName(call.calledExpression)
        let isInit = call.calledExpression.as(MemberAccessExprSyntax.self).map { $0.base == nil && $0.declName.baseName.text == "init" } ?? false
        guard name == "CLLocationCoordinate2D" || isInit else { return nil }
        let arguments = Arguments(call)
        guard arguments.all.count == 2, let lat = arguments["latitude"].flatMap({ evaluator.number($0, nil) }),
            let lon = arguments["longitude"].flatMap({ evaluator.number($0, nil) })
        else { return nil }
        return (lat, lon)
    }

    /// The initial camera of the `Map` a `.mapCameraKeyframeAnimator` is applied to, when it is a
    /// literal `MapCamera(centerCoordinate:distance:heading:pitch:)` (heading and pitch default
    /// to 0): `latitude`, `longitude`, `distance`, `heading`, `pitch`.
    static func initialCamera(of call: FunctionCallExprSyntax, evaluator: Evaluator) -> [NamedValue]? {
        var receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        // Down the modifier chain to the `Map(…)` itself.
        while let r = receiver, let c = r.as(FunctionCallExprSyntax.self) {
            if c.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Map" {
                return camera(in: Arguments(c)["initialPosition"] ?? Arguments(c)["position"], evaluator: evaluator)
            }
            receiver = c.calledExpression.as(MemberAccessExprSyntax.self)?.base
        }
        return nil
    }

    /// `.camera(MapCamera(…))` → the camera's values.
    static func camera(in position: ExprSyntax?, evaluator: Evaluator) -> [NamedValue]? {
        guard let outer = position.flatMap({ evaluator.unwrap($0).as(FunctionCallExprSyntax.self) }),
            outer.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "camera",
            let inner = Arguments(outer).unlabeled(0).flatMap({ evaluator.unwrap($0).as(FunctionCallExprSyntax.self) }),
            evaluator.typeName(inner.calledExpression) == "MapCamera"
        else { return nil }
        let a = Arguments(inner)
        guard let center = a["centerCoordinate"].flatMap({ coordinate($0, evaluator: evaluator) }),
            let distance = a["distance"].flatMap({ evaluator.number($0, nil) })
        else { return nil }
        let heading = a["heading"].map { evaluator.number($0, nil) } ?? 0
        let pitch = a["pitch"].map { evaluator.number($0, nil) } ?? 0
        guard let heading, let pitch else { return nil }
        return [
            NamedValue("latitude", center.latitude), NamedValue("longitude", center.longitude), NamedValue("distance", distance),
            NamedValue("heading", heading), NamedValue("pitch", pitch),
        ]
    }
}
#endif
