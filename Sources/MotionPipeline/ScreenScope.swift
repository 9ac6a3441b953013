import MotionFormats
import MotionStore

// MARK: - ScreenScope

/// The scope a store-reading command works on: every live animation, or one `--screen`. A scope
/// with nothing in it is an error (exit 2), never an empty answer: `budget --screen Nope --strict`
/// must not pass in CI. Screen names are matched exactly (they are case-sensitive in the store and
/// in file names); a name that differs only in case, or looks like a typo, gets "did you mean".
public enum ScreenScope {
    /// The screens that have live animations, sorted.
    public static func screens(in store: MotionStore) throws -> [String] {
        do { return try store.liveScreens() } catch let error as StoreError {
            throw CLIError.store(place: store.path, why: error.description)
        }
    }

    /// Checks that `screen` (or, when nil, the whole store) holds at least one live animation.
    /// - Throws: `CLIError.rejected` (exit 2) naming the screen, with the closest existing name.
    /// One EXISTS query when the scope holds something; the screens are listed only for the error.
    public static func check(_ screen: String?, in store: MotionStore) throws {
        do { if try store.hasLiveAnimations(screen: screen) { return } } catch let error as StoreError {
            throw CLIError.store(place: store.path, why: error.description)
        }
        let names = try screens(in: store)
        guard !names.isEmpty else {
            throw CLIError.rejected(
                what: "nothing in scope", place: store.path,
                why: "the store holds no animations; import specs first (motionsync import Specs/)")
        }
        guard let screen, !names.contains(screen) else { return }
        throw CLIError.rejected(
            what: "no such screen", place: "--screen \(screen)",
            why: "no live animation is on a screen named \"\(screen)\"" + suggestion(for: screen, in: names)
                + "; " + listing(names))
    }

    /// At most this many screen names are listed in an error (a whole app's hundreds would bury
    /// the line that says what is wrong).
    static let listedScreens = 20

    /// `screens: A, B, C` (sorted), or the first `listedScreens` of them and how many there are
    /// in all, with the command that lists them.
    static func listing(_ names: [String]) -> String {
        guard names.count > listedScreens else { return "screens: \(names.joined(separator: ", "))" }
        return "screens (the first \(listedScreens) of \(names.count); motionsync inventory lists them all): "
            + names.prefix(listedScreens).joined(separator: ", ") + ", …"
    }

    /// `; did you mean "X"?`: the name equal but for case first, else the closest by edit distance.
    public static func suggestion(for word: String, in names: [String]) -> String {
        if let same = names.first(where: { $0.lowercased() == word.lowercased() }) { return "; did you mean \"\(same)\"? (names are case-sensitive)" }
        return Suggestion.hint(word, in: names)
    }
}
