import Foundation

/// What the environment tells a crash harness run, the same for every backend's suite.
enum CrashRun {
    /// Iterations of a kill loop: `STORE_CRASH_ITERATIONS`, or the suite's own default.
    static func iterations(default count: Int) -> Int {
        ProcessInfo.processInfo.environment["STORE_CRASH_ITERATIONS"].flatMap(Int.init) ?? count
    }

    /// The seed of the kill moments: `STORE_CRASH_SEED`, or 13.
    static let seed =
        ProcessInfo.processInfo.environment["STORE_CRASH_SEED"].flatMap(UInt64.init) ?? 13
}
