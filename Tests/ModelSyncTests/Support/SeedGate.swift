/// Lets a few seeds of a parameterized test run at once, and the rest wait their turn.
///
/// Swift Testing starts every case of a parameterized test together, and an async case holds
/// what it opened while it waits for a thread: 2,000 seeds of ``ConvergenceTests`` held some
/// 20,000 descriptors of SQLite files at once, and later seeds failed with "Too many open
/// files" (errno 24). The gate keeps a handful of seeds open, so that the soak's count is
/// bounded by time, not by descriptors.
actor SeedGate {
    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// A gate that lets `limit` bodies run at once.
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Runs `body` once fewer than `limit` others run.
    func run<Value: Sendable>(
        _ body: @Sendable () async throws -> Value
    ) async throws -> Value {
        if running >= limit {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            running += 1
        }
        defer {
            if waiting.isEmpty {
                running -= 1
            } else {
                waiting.removeFirst().resume()
            }
        }
        return try await body()
    }
}
