import KeyPathQuery
import ModelStorage

extension StoreConformance {
    static var closingChecks: [StoreConformanceCheck] {
        [
            StoreConformanceCheck(
                name: "closeEndsTheStore",
                summary: "close() finishes the writes already made, ends every live query, "
                    + "makes every later call throw StoreError.closed, and does nothing when "
                    + "called again."
            ) { makeStore in
                let store = try await seeded(makeStore, 1...6)
                let results = await ResultCollector.collecting(
                    try await store.observe(RecordQuery(where: \.favorite == true)))
                _ = try await results.next("at first")
                // Writes made from other tasks as the store closes: each either commits or
                // is refused as closed, never anything else.
                let writes = (100..<110).map { id in
                    Task.detached {
                        try await store.insert(ConformanceRecord(id: id, name: "late", attack: id))
                    }
                }
                try await store.close()
                for write in writes {
                    do {
                        try await write.value
                    } catch {
                        try expect(
                            (error as? StoreError)?.code == .closed,
                            "a write racing close() threw \(error), not StoreError.closed")
                    }
                }

                let isClosed: (any Error) -> Bool = { ($0 as? StoreError)?.code == .closed }
                try await expectError(where: isClosed, "fetch(id:) after close()") {
                    try await store.fetch(id: 1)
                }
                try await expectError(where: isClosed, "fetch(_:) after close()") {
                    try await store.fetch(RecordQuery<ConformanceRecord>())
                }
                try await expectError(where: isClosed, "count(where:) after close()") {
                    try await store.count(where: .true)
                }
                try await expectError(where: isClosed, "fetchVersioned(id:) after close()") {
                    try await store.fetchVersioned(id: 1)
                }
                try await expectError(where: isClosed, "fetchResult(_:) after close()") {
                    try await store.fetchResult(RecordQuery<ConformanceRecord>())
                }
                try await expectError(where: isClosed, "observe(_:) after close()") {
                    try await store.observe(RecordQuery<ConformanceRecord>())
                }
                try await expectError(where: isClosed, "insert(_:) after close()") {
                    try await store.insert(ConformanceRecord(id: 200, name: "after", attack: 1))
                }
                try await expectError(where: isClosed, "transaction(_:) after close()") {
                    try await store.transaction { try $0.count(where: .true) }
                }
                // Closing again does nothing: it neither throws nor hangs.
                try await store.close()
                try await results.end("after close()")
            }
        ]
    }
}
