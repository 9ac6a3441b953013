import SwiftUI

// Every way a SwiftUI view animates a state change implicitly (seed 003's forms and Apple's
// documentation examples), with literal values.

struct ExpandingCard: View {
    @State private var isExpanded = false

    var body: some View {
        RoundedRectangle(cornerRadius: isExpanded ? 24 : 12)
            .frame(height: isExpanded ? 300 : 120)
            .animation(.spring(duration: 0.4, bounce: 0.2), value: isExpanded)
            .onTapGesture { isExpanded.toggle() }
    }
}

struct CountBadge: View {
    @State private var count = 0

    var body: some View {
        Text("\(count)")
            .offset(y: count > 0 ? -4 : 0)
            .animation(.easeInOut(duration: 0.3).delay(0.2).speed(2), value: count)
            .task { count = 3 }
    }
}

struct PulsingDot: View {
    @State private var isPulsing = false

    var body: some View {
        Circle()
            .frame(width: 12, height: 12)
            .scaleEffect(isPulsing ? 1.3 : 1.0)
            .opacity(isPulsing ? 0.4 : 1.0)
            .onAppear {
                withAnimation(.easeInOut(duration: 0.6).repeatForever(autoreverses: true)) {
                    isPulsing = true
                }
            }
    }
}

// Apple's repeatCount(_:autoreverses:) example: the truck drives there, back and there again.
struct DeliveryTruck: View {
    @State private var driveForward = true

    private var driveAnimation: Animation {
        .easeInOut
        .repeatCount(3, autoreverses: true)
        .speed(0.5)
    }

    var body: some View {
        VStack(alignment: driveForward ? .leading : .trailing, spacing: 40) {
            Image(systemName: "box.truck")
                .font(.system(size: 48))
                .animation(driveAnimation, value: driveForward)

            Button("Animate") {
                driveForward.toggle()
            }
        }
    }
}

struct ZoomImage: View {
    @State private var scale = 1.0

    var body: some View {
        Image("photo")
            .resizable()
            .scaleEffect(scale)
            .onTapGesture(count: 2) {
                withAnimation(.interpolatingSpring(stiffness: 200, damping: 25)) {
                    scale = 2.0
                }
            }
    }
}

struct SaveBadge: View {
    @State private var showBadge = false

    var body: some View {
        Image(systemName: "checkmark.circle")
            .opacity(showBadge ? 1 : 0)
            .rotationEffect(.degrees(showBadge ? 0 : -90))
            .blur(radius: showBadge ? 0 : 4)
            .onAppear {
                withAnimation(.smooth(duration: 0.35), completionCriteria: .logicallyComplete) {
                    showBadge = true
                } completion: {
                    print("shown")
                }
            }
    }
}

struct DetailPanel: View {
    @State private var isShown = false
    @State private var isOpen = false

    var body: some View {
        VStack {
            Text("Details")
                .opacity(isShown ? 1 : 0)
                .transaction { $0.animation = .easeIn(duration: 0.2) }
            Rectangle()
                .frame(width: isOpen ? 320 : 0)
            Button("Show") {
                isShown.toggle()
                var transaction = Transaction(animation: .spring(duration: 0.6, bounce: 0.2))
                transaction.isContinuous = false
                withTransaction(transaction) { isOpen = true }
            }
            Button("Reset") {
                var transaction = Transaction()
                transaction.disablesAnimations = true
                withTransaction(transaction) { isOpen = false }
            }
        }
    }
}
