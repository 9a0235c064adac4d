import Foundation

/// The slots for the `pokedex` processes the suites run at once: a process runs only in a
/// slot, and waits for one while every slot is taken.
///
/// The suites run in parallel, and many of their tests run several processes each: without a
/// bound, a run under AddressSanitizer had 38 processes at once, each loading the bundled
/// Pokédex into memory (600 MB apiece with the sanitizer's shadow memory), and the kernel
/// killed the test process for memory. Four slots for each core keep both cores busy.
///
/// A test that needs two processes running together (one waiting for a lock the other
/// holds) starts the second with ``CommandRunner/start(_:_:environment:directory:)``, which
/// takes no slot.
actor ProcessSlots {
    /// The slots every suite of the target shares.
    static let shared = ProcessSlots(
        count: 4 * max(ProcessInfo.processInfo.activeProcessorCount, 1))

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Creates `count` slots (at least one).
    init(count: Int) {
        free = max(count, 1)
    }

    /// Runs `body` in a slot, waiting for one first when none is free.
    nonisolated func inSlot<Result: Sendable>(
        _ body: @Sendable () async throws -> Result
    ) async rethrows -> Result {
        await take()
        do {
            let result = try await body()
            await give()
            return result
        } catch {
            await give()
            throw error
        }
    }

    private func take() async {
        if free > 0 {
            free -= 1
            return
        }
        // First come, first served: `give()` hands its slot to the earliest waiter.
        await withCheckedContinuation { waiting.append($0) }
    }

    private func give() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
