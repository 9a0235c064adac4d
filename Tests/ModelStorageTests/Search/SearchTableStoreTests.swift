import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import Testing

/// The search condition table through every backend: the same records selected in memory,
/// by the JSON-file stores and by SQLite from its index of tokens.
@Suite("Search table in every store")
struct SearchTableStoreTests {
    @Test(
        "every backend gives each row's stated answer",
        arguments: SearchConformance.checks, Backend.allCases)
    func backends(_ check: ConformanceCheck<SearchRecord>, backend: Backend) async throws {
        try await backend.run(check)
    }
}
