import CHeapTuning
import MotionSyncCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The executable is only this: everything it does is in MotionSyncCLI, where tests reach it.
motionsync_tune_heap()
exit(MotionSyncCLI.run(Array(CommandLine.arguments.dropFirst()), io: .standard()))
