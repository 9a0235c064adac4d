import ModelStorage

/// Collects a live query's results as they arrive, for checks to wait on with a deadline.
actor ResultCollector {
    private var results: [QueryResult<ConformanceRecord>] = []
    private var task: Task<Void, Never>?

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
        }
    }

    private func append(_ result: QueryResult<ConformanceRecord>) {
        results.append(result)
    }

    /// Stops collecting; the stream's consumer goes away.
    func stop() {
        task?.cancel()
    }

    /// The next result, waiting up to a deadline.
    func next(
        _ what: String, within limit: Duration = .seconds(10), file: StaticString = #fileID,
        line: UInt = #line
    ) async throws(ConformanceFailure) -> QueryResult<ConformanceRecord> {
        let deadline = ContinuousClock.now + limit
        while results.isEmpty {
            guard ContinuousClock.now < deadline else {
                throw ConformanceFailure(
                    check: "", message: "no live-query result \(what) within \(limit)",
                    file: "\(file)", line: Int(line))
            }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return results.removeFirst()
    }

    /// The first result that satisfies a test, skipping earlier ones, waiting up to a
    /// deadline.
    func next(
        _ what: String, within limit: Duration = .seconds(10), file: StaticString = #fileID,
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
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
}
