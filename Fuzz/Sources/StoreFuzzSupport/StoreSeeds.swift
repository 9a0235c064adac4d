import Foundation
import FuzzSupport
import JSONFileStorage
import ModelStorage
import PokedexKit

/// Store files written by the real `JSONFileStore` from the real fixtures, as seeds.
public enum StoreSeeds {
    /// The first-generation Pokémon of the fixtures, by id.
    ///
    /// - Parameter ids: The ids, each from 1 to 151.
    /// - Returns: The stored form of each.
    /// - Throws: A file-system error or a `DecodingError` when a fixture cannot be read.
    public static func pokemon(_ ids: some Sequence<Int>) throws -> [Pokemon] {
        try ids.map { id in
            Pokemon(
                try JSONDecoder().decode(
                    FetchedPokemon.self, from: try FuzzFixtures.data("trimmed/\(id).json")))
        }
    }

    /// The document a store writes for some records, read back from its file.
    ///
    /// - Parameters:
    ///   - records: The records.
    ///   - sortsKeys: Whether the store sorts keys.
    /// - Returns: The document's bytes.
    /// - Throws: What the store throws.
    public static func document(of records: [Pokemon], sortsKeys: Bool = false) throws -> Data {
        try FuzzDriver.wait { try await writeDocument(of: records, sortsKeys: sortsKeys) }
    }

    /// The journal a store writes over an existing document, for a series of commits.
    ///
    /// - Parameters:
    ///   - document: The document the store starts from.
    ///   - commits: The commits, each run on the open store.
    /// - Returns: The journal's bytes.
    /// - Throws: What the store or a commit throws.
    public static func journal(
        over document: Data,
        commits: [@Sendable (JSONFileStore<Pokemon>) async throws -> Void]
    ) throws -> Data {
        try FuzzDriver.wait { try await writeJournal(over: document, commits: commits) }
    }

    private static func writeDocument(of records: [Pokemon], sortsKeys: Bool) async throws -> Data {
        try await withStoreDirectory { url in
            let store = try await JSONFileStore<Pokemon>.open(
                at: url, options: JSONFileStoreOptions(sortsKeys: sortsKeys))
            if let first = records.first {
                try await store.upsert(contentsOf: records)
                // Rewrites the document: a changed record is the last journal line.
                try await store.upsert(first)
            } else {
                // An empty store writes its (empty) document once a commit is folded in.
                guard let placeholder = try pokemon([1]).first else { return Data() }
                try await store.insert(placeholder)
                _ = try await store.delete(id: placeholder.id)
            }
            try await store.close()
            return try Data(contentsOf: url)
        }
    }

    private static func writeJournal(
        over document: Data,
        commits: [@Sendable (JSONFileStore<Pokemon>) async throws -> Void]
    ) async throws -> Data {
        try await withStoreDirectory { url in
            try document.write(to: url)
            let store = try await JSONFileStore<Pokemon>.open(at: url)
            for commit in commits { try await commit(store) }
            return try Data(contentsOf: url.appendingPathExtension("journal"))
        }
    }

    private static func withStoreDirectory<Result>(
        _ body: (URL) async throws -> Result
    ) async throws -> Result {
        let directory = FileManager.default.temporaryDirectory
            .appending(path: "store-seeds-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(directory.appending(path: "store.json"))
    }
}
