import MapKit
import SwiftUI

// Seed 000, "MapKit Camera Keyframes", with literal coordinates.
struct MapFlyover: View {
    @State private var landmark = 0

    var body: some View {
        Map(initialPosition: .camera(MapCamera(centerCoordinate: CLLocationCoordinate2D(latitude: 48.8566, longitude: 2.3522), distance: 5000, heading: 0, pitch: 0)))
            .mapCameraKeyframeAnimator(trigger: landmark) { initialCamera in
                KeyframeTrack(\MapCamera.centerCoordinate) {
                    CubicKeyframe(CLLocationCoordinate2D(latitude: 48.8584, longitude: 2.2945), duration: 2.0)
                }
                KeyframeTrack(\MapCamera.distance) {
                    CubicKeyframe(7500, duration: 1.0)
                    CubicKeyframe(800, duration: 1.0)
                }
                KeyframeTrack(\MapCamera.heading) {
                    LinearKeyframe(90, duration: 2.0, timingCurve: .easeInOut)
                }
                KeyframeTrack(\MapCamera.pitch) {
                    SpringKeyframe(60, duration: 1.5, spring: .smooth)
                }
            }
            .onTapGesture { landmark += 1 }
    }
}
