import Foundation
import InternalSupport

/// The process's resident memory, read from `/proc/self/statm` (Linux; 0 elsewhere).
enum ResidentMemory {
    /// The resident bytes now, or 0 when unknown.
    static func current() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Samples resident memory every 2 ms until cancelled, keeping the peak.
    final class Sampler: Sendable {
        let baseline = ResidentMemory.current()
        private let highest = Mutex(0)

        /// The highest resident memory sampled, at least the baseline.
        var peak: Int {
            max(highest.withLock { $0 }, baseline)
        }

        /// Samples until the task is cancelled.
        func run() async {
            while !Task.isCancelled {
                record(ResidentMemory.current())
                try? await Task.sleep(for: .milliseconds(2))
            }
        }

        private func record(_ bytes: Int) {
            highest.withLock { $0 = max($0, bytes) }
        }
    }
}
