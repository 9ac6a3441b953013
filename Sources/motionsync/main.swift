import CHeapTuning
import Foundation
import MotionSyncCLI

// The executable is only this: everything it does is in MotionSyncCLI, where tests reach it.
motionsync_tune_heap()
exit(MotionSyncCLI.run(Array(CommandLine.arguments.dropFirst()), io: .standard()))
