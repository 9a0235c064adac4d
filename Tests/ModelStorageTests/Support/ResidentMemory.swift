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

    /// Whether this process runs under AddressSanitizer or ThreadSanitizer, whose shadow
    /// memory (and AddressSanitizer's quarantine) count in its resident memory.
    static let isSanitized: Bool = {
        let process = dlopen(nil, RTLD_NOW)
        let symbols: [String] = ["__asan_init", "__tsan_init"]
        return symbols.contains { dlsym(process, $0) != nil }
    }()

    /// Samples resident memory every 2 ms on a thread of its own, so that busy tasks cannot
    /// hold it up, from ``start()`` until ``stop()``, keeping the peak.
    final class Sampler: Sendable {
        private struct State {
            var highest = 0
            var samples = 0
            var isStopped = false
        }

        let baseline = ResidentMemory.current()
        private let state = Mutex(State())

        /// The highest resident memory sampled, at least the baseline.
        var peak: Int {
            max(state.withLock { $0.highest }, baseline)
        }

        /// How many samples were taken.
        var samples: Int {
            state.withLock { $0.samples }
        }

        /// Starts sampling on a new thread.
        func start() {
            Thread.detachNewThread { [self] in
                while record(ResidentMemory.current()) {
                    usleep(2_000)
                }
            }
        }

        /// Takes a last sample, and stops sampling.
        func stop() {
            _ = record(ResidentMemory.current())
            state.withLock { $0.isStopped = true }
        }

        /// Records a sample unless sampling stopped; returns whether it goes on.
        private func record(_ bytes: Int) -> Bool {
            state.withLock { state in
                guard !state.isStopped else { return false }
                state.highest = max(state.highest, bytes)
                state.samples += 1
                return true
            }
        }
    }
}
