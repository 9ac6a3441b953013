import Foundation

/// The haptic patterns the build-tool plugin exported from Motion/*.json.
public enum Haptics {
    /// The AHAP file of `SCREEN--ID` in this target's bundle.
    public static func url(_ name: String) -> URL? { Bundle.module.url(forResource: name, withExtension: "ahap") }
}
