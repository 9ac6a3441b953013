import MotionCore
import MotionJSON

// MARK: - FigureText

/// How figures are rounded and written wherever motionsync shows them (tables, JSON, plots,
/// reports, pattern descriptions), so every output agrees to the digit.
public enum FigureText {
    /// Seconds rounded to 0.1 ms (10⁻⁴ s).
    public static func time(_ t: Double) -> Double { (t * 10_000).rounded() / 10_000 }
    /// A property value rounded to 10⁻⁶.
    public static func value(_ v: Double) -> Double { (v * 1e6).rounded() / 1e6 }
    /// Seconds written as milliseconds with one decimal (`171.0 ms`).
    public static func ms(_ t: Double) -> String { CFormat.string("%.1f ms", t * 1000) }
    /// Seconds written with four decimals (`0.1710 s`).
    public static func seconds(_ t: Double) -> String { CFormat.string("%.4f s", t) }
    /// A property value rounded to 10⁻⁶, written as JSON writes numbers.
    public static func number(_ v: Double) -> String { JSONWriter.number(value(v)) }

    /// `path` relative to `directory` when inside it, else unchanged.
    public static func relative(_ path: String, to directory: String) -> String {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}
