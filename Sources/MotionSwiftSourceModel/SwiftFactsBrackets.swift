// MARK: - SwiftFactsBrackets

/// The brackets a `SwiftFactsScan` is inside, innermost last, as a stack that pushes and pops
/// like one of every bracket (a close pops the innermost whatever its byte; a close with none open
/// does nothing) but keeps the commonest brackets as a count: a plain `(` or `[` (one that
/// presents nothing) carries nothing of its own, so only braces and presenting `(`s are entries
/// of an array, and the many calls and subscripts of plain code change one integer.
struct SwiftFactsBrackets {
    /// A brace or a presenting `(`.
    struct Frame {
        var byte: UInt8
        /// Whether a type created right inside it (not in a bracket nested in it) is presented as a
        /// screen: `.sheet { DetailView() }` presents `DetailView`.
        var presented: Bool
        /// The type (or `func:NAME`) whose body it is: an index in the scan's containers, or -1.
        var container: Int32
        /// The innermost container at or around it (-1: none): `container` without a walk down.
        var inside: Int32
        /// The plain brackets open just below it (between it and the frame under it).
        var plainBelow: Int32
    }

    /// The frames, over one that stands for the file itself (no bracket, no container), so that
    /// the innermost frame always exists.
    private(set) var frames = [Frame(byte: 0, presented: false, container: -1, inside: -1, plainBelow: 0)]
    /// The plain `(` and `[` open above the innermost frame.
    private(set) var plain: Int32 = 0

    private var top: Frame { frames[frames.count &- 1] }

    /// Whether no bracket is open.
    var isEmpty: Bool { plain == 0 && frames.count == 1 }
    /// The innermost container at or around the innermost bracket (-1: none).
    var inside: Int32 { top.inside }
    /// Whether the innermost bracket presents what is created right inside it.
    var presented: Bool { plain == 0 && top.presented }
    /// The container whose body the innermost bracket is (-1: none, or a plain bracket).
    var container: Int32 { plain == 0 ? top.container : -1 }
    /// Whether the innermost bracket is a `{`.
    var innermostIsBrace: Bool { plain == 0 && top.byte == 0x7B }

    /// A plain `(` or `[` opened.
    mutating func openPlain() { plain &+= 1 }

    /// A brace or a presenting `(` opened, the body of `container` (-1: of none).
    mutating func open(_ byte: UInt8, presented: Bool, container: Int32) {
        let inside = container >= 0 ? container : top.inside
        frames.append(Frame(byte: byte, presented: presented, container: container, inside: inside, plainBelow: plain))
        plain = 0
    }

    /// The innermost bracket closed (none if none is open): whether it was a presenting one.
    mutating func close() -> Bool {
        if plain > 0 {
            plain &-= 1
            return false
        }
        guard frames.count > 1 else { return false }
        let closed = frames.removeLast()
        plain = closed.plainBelow
        return closed.presented
    }

    /// Whether every open bracket is a brace that is a container's body and `body(container)`
    /// holds for each (none open: false).
    func allBodies(_ body: (Int32) -> Bool) -> Bool {
        guard !isEmpty, plain == 0 else { return false }
        for frame in frames.dropFirst() {
            guard frame.byte == 0x7B, frame.plainBelow == 0, frame.container >= 0, body(frame.container) else { return false }
        }
        return true
    }
}
