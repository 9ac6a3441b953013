import Foundation
import MotionSyncCLI

// The executable is only this: everything it does is in MotionSyncCLI, where tests reach it.
exit(MotionSyncCLI.run(Array(CommandLine.arguments.dropFirst()), io: .standard()))
