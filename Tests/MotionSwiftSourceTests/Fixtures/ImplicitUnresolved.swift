import SwiftUI

// What the importer cannot read, and says so with file:line.
struct ChildBadge: View {
    @Binding var isActive: Bool
    let speedValue: Double

    var body: some View {
        VStack {
            Image(systemName: "bell")
                .scaleEffect(isActive ? 1.2 : 1)
                .animation(.spring, value: isActive)
            Image(systemName: "bell.fill")
                .opacity(isActive ? 1 : 0.5)
                .animation(.spring(duration: speedValue), value: isActive)
            Image(systemName: "bell.badge")
                .scaleEffect(isActive ? 1.1 : 1)
                .animation(.easeIn)
        }
    }
}
