import Foundation
import MotionCore
import MotionFormats
import MotionTestSupport

@testable import MotionPipeline
@testable import MotionRender
@testable import MotionSyncCLI

/// Runs the command line in-process from the package root and returns (exit code, stdout, stderr).
func motionsync(
    _ arguments: String..., environment: [String: String] = [:], in directory: String = packageRoot.path
) -> (code: Int32, out: String, err: String) {
    let (io, capture) = CommandIO.capture(environment: environment, currentDirectory: directory)
    let code = MotionSyncCLI.run(arguments, io: io)
    return (code, capture.stdout, capture.stderr)
}

/// A fresh temporary folder (removed with the test process's others: `ScratchFolders`).
func temporaryDirectory() throws -> URL {
    try ScratchFolders.make("cli")
}

/// Runs the command line with an argument array.
func motionsync(_ arguments: [String], in directory: String = packageRoot.path) -> (code: Int32, out: String, err: String) {
    let (io, capture) = CommandIO.capture(currentDirectory: directory)
    let code = MotionSyncCLI.run(arguments, io: io)
    return (code, capture.stdout, capture.stderr)
}

enum MotionFormatsBridge {
    static func decode(_ path: String) -> MotionSpec? { SpecDecoder().decode(fileAt: path).spec }
}
