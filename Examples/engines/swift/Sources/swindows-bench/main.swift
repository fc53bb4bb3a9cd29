// swindows benchmarked in process: windowlab bench's routing workloads built on it,
// each hit and update timed, or counted in instructions with --instructions (README.md).
import EngineBenchmarking
import Foundation
import SwiftWindows

exit(EngineBenchmarkTool.run(SwiftWindows.factory))
