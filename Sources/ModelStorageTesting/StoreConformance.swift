import ModelStorage

/// The conformance suite of `ModelStore`: every check a backend must pass, bundled and
/// third-party alike, without depending on a test framework.
///
/// Run each check against fresh stores of your backend. With Swift Testing, one
/// parameterized test covers them all:
///
/// ```swift
/// import ModelStorageTesting
/// import Testing
///
/// @Test(arguments: StoreConformance.checks)
/// func conformance(_ check: StoreConformanceCheck) async throws {
///     try await check.run { try await MyStore<ConformanceRecord>.open(fresh: true) }
/// }
/// ```
///
/// Or run them all at once and get every failure: ``runAll(_:)``.
///
/// The checks cover inserts, upserts, fetches, counts, deletes and updates; queries against
/// expected ids; queries on indexed attributes through writes and rollbacks; transactions and
/// their rollback; every `MergePolicy` on one two-writer scenario, and on a record written
/// since the read with its values back to those read (conflicts come from write versions, not
/// values); live queries, including a change to an attribute the condition does not name;
/// 10,000 concurrent mutations from detached tasks with the exact final state checked;
/// hundreds of random queries compared with the in-memory engine
/// (``differentialCheck(seed:queryCount:texts:minimumShareInDatabase:)``); and `close()`,
/// which ends live queries and makes every later call throw `StoreError.closed`. A model that
/// declares no change history has no change feed (`StoreError.historyNotKept`); a backend that
/// keeps one runs ``ChangeFeedConformance`` too.
public enum StoreConformance {
    /// Every check, in a stable order.
    public static var checks: [StoreConformanceCheck] {
        crudChecks + queryChecks + indexChecks + differentialChecks + transactionChecks
            + mergeChecks + writeVersionChecks + liveQueryChecks + concurrencyChecks
            + historyChecks + closingChecks
    }

    /// The check with a name.
    ///
    /// - Parameter name: The check's name.
    /// - Returns: The check, or `nil` when none has the name.
    public static func check(named name: String) -> StoreConformanceCheck? {
        checks.first { $0.name == name }
    }

    /// Runs every check and reports every failure.
    ///
    /// - Parameter makeStore: Makes a fresh, empty store of the backend under test.
    /// - Returns: The failures; empty when the backend conforms.
    public static func runAll(_ makeStore: @escaping ConformanceStoreFactory) async
        -> [ConformanceFailure]
    {
        var failures: [ConformanceFailure] = []
        for check in checks {
            do {
                try await check.run(makeStore)
            } catch let failure as ConformanceFailure {
                failures.append(failure)
            } catch {
                failures.append(
                    ConformanceFailure(check: check.name, message: "\(error)", file: "", line: 0))
            }
        }
        return failures
    }

    /// A fresh store holding the samples with these ids, in order.
    static func seeded(
        _ makeStore: ConformanceStoreFactory, _ ids: some Sequence<Int>
    ) async throws -> any ModelStore<ConformanceRecord> {
        let store = try await makeStore()
        try await store.upsert(contentsOf: ids.map(ConformanceRecord.sample))
        return store
    }

    /// Reads a record with its version, failing the check when there is none.
    ///
    /// - Parameters:
    ///   - id: The record's id.
    ///   - store: The store.
    /// - Returns: The record as read.
    /// - Throws: ``ConformanceFailure`` when no record has the id.
    static func readVersioned(
        _ id: Int, in store: any ModelStore<ConformanceRecord>
    ) async throws -> Versioned<ConformanceRecord> {
        guard let read = try await store.fetchVersioned(id: id) else {
            throw ConformanceFailure(check: "", message: "no record \(id)", file: "", line: 0)
        }
        return read
    }
}
