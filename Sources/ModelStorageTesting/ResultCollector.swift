import ModelStorage

/// Collects a live query's results as they arrive, for checks to wait on with a deadline.
///
/// The deadline is a hang guard, not a measure of speed: a result that must come is waited
/// for up to ``hangGuard``, so that a store that never delivers fails its check with a message
/// instead of hanging, while a loaded machine (a sanitizer run on two cores, say) that
/// delivers it late does not fail.
actor ResultCollector {
    /// How long a check waits for a result that must come: 300 s.
    static let hangGuard: Duration = .seconds(300)

    private var results: [QueryResult<ConformanceRecord>] = []
    private var task: Task<Void, Never>?
    private var hasEnded = false

    /// Starts collecting a stream's results.
    static func collecting(_ stream: AsyncStream<QueryResult<ConformanceRecord>>) async
        -> ResultCollector
    {
        let collector = ResultCollector()
        await collector.start(stream)
        return collector
    }

    private func start(_ stream: AsyncStream<QueryResult<ConformanceRecord>>) {
        task = Task {
            for await result in stream { self.append(result) }
            self.markEnded()
        }
    }

    private func append(_ result: QueryResult<ConformanceRecord>) {
        results.append(result)
    }

    private func markEnded() {
        hasEnded = true
    }

    /// Waits, up to a deadline, for the stream to end (the store closed it).
    func end(
        _ what: String, within limit: Duration = hangGuard, file: StaticString = #fileID,
        line: UInt = #line
    ) async throws(ConformanceFailure) {
        let deadline = ContinuousClock.now + limit
        while !hasEnded {
            guard ContinuousClock.now < deadline else {
                throw ConformanceFailure(
                    check: "", message: "the live query did not end \(what) within \(limit)",
                    file: "\(file)", line: Int(line))
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Stops collecting; the stream's consumer goes away.
    func stop() {
        task?.cancel()
    }

    /// The next result, waiting up to a deadline.
    func next(
        _ what: String, within limit: Duration = hangGuard, file: StaticString = #fileID,
        line: UInt = #line
    ) async throws(ConformanceFailure) -> QueryResult<ConformanceRecord> {
        let deadline = ContinuousClock.now + limit
        while results.isEmpty {
            guard ContinuousClock.now < deadline else {
                throw ConformanceFailure(
                    check: "", message: "no live-query result \(what) within \(limit)",
                    file: "\(file)", line: Int(line))
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return results.removeFirst()
    }

    /// The first result that satisfies a test, skipping earlier ones, waiting up to a
    /// deadline.
    func next(
        _ what: String, within limit: Duration = hangGuard, file: StaticString = #fileID,
        line: UInt = #line, where matches: (QueryResult<ConformanceRecord>) -> Bool
    ) async throws(ConformanceFailure) -> QueryResult<ConformanceRecord> {
        let deadline = ContinuousClock.now + limit
        var last: QueryResult<ConformanceRecord>?
        while true {
            while let result = results.first {
                results.removeFirst()
                if matches(result) { return result }
                last = result
            }
            guard ContinuousClock.now < deadline else {
                let seen = last.map { "ids \($0.records.map(\.id)), total \($0.totalCount)" }
                throw ConformanceFailure(
                    check: "",
                    message: "no live-query result \(what) within \(limit); last seen: "
                        + (seen ?? "none"),
                    file: "\(file)", line: Int(line))
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
}
