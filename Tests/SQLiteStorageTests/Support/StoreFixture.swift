import Foundation
import ModelStorage
import SQLiteStorage
import TestSupport

/// Runs a body with a fresh store in a temporary directory, holding some records, closed and
/// removed afterwards.
func withStore<Model: StorableModel>(
    seededWith records: [Model], _ body: (SQLiteStore<Model>, URL) async throws -> Void
) async throws {
    try await withTemporaryDirectory { directory in
        let url = directory.appending(path: "store.sqlite")
        let store = try await SQLiteStore<Model>.open(at: url)
        try await store.upsert(contentsOf: records)
        do {
            try await body(store, url)
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
    }
}
