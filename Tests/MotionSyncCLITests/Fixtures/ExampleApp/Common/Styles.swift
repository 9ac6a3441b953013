import SwiftUI

// Shared styles: nothing animates here (a file the importer skips without parsing).
struct CardStyle: ViewModifier {
    func body(content: Content) -> some View {
        content
            .padding(12)
            .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 12))
    }
}
