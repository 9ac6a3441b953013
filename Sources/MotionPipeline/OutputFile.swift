#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - OutputFile

/// A file a command writes with `-o` (`codegen`, `plot`): checked before any work is done, written
/// whole or not at all.
public enum OutputFile {
    /// The output file's URL after checking that its folder exists and it is not a folder
    /// (`codegen -o`, `plot -o`); `example` is the file name the message suggests.
    /// - Throws: `CLIError.rejected` naming `output` and what is wrong.
    public static func checked(_ output: String, io: CommandIO, example: String) throws -> URL {
        // `Generated/` names a folder even when there is none yet: never a file called `Generated`.
        if output.hasSuffix("/") {
            throw CLIError.rejected(
                what: "cannot write", place: output,
                why: "it names a folder; name a file, like \(PathText.appending(example, to: output))")
        }
        let path = URL(fileURLWithPath: io.resolve(path: output)).standardizedFileURL
        let folder = path.deletingLastPathComponent().path
        guard PathKind.of(folder) == .folder else {
            throw CLIError.rejected(
                what: "cannot write", place: output, why: "the folder \(folder) does not exist; create it first or write -o into an existing folder")
        }
        if PathKind.of(path.path) == .folder {
            throw CLIError.rejected(
                what: "cannot write", place: output, why: "it is a folder; name a file, like \(PathText.appending(example, to: output))")
        }
        return path
    }

    /// Writes `text` to `destination` (checked by `checked`) at once, or not at all.
    public static func write(_ text: String, to destination: URL, named output: String) throws {
        do { try Data(text.utf8).write(to: destination, options: .atomic) } catch {
            throw CLIError.rejected(what: "cannot write", place: output, why: ErrorText.describing(error))
        }
    }
}
