import Foundation
import ModelStorage
import PokedexKit
import SQLiteStorage
import TestSupport
import Testing

/// The README's SQLite example, run: if it stops compiling or working, the README must change
/// with it.
@Suite("The README's SQLite example")
struct ReadmeSQLiteExampleTests {
    @Test("in an SQLite database")
    func sqlite() async throws {
        try await withTemporaryDirectory { directory in
            let pokemon = SQLiteFileTests.dex
            let indexed: [AnyKeyPath] = Pokemon.indexedAttributes.map { $0.keyPath }
            #expect(indexed == [\Pokemon.name, \Pokemon.attack, \Pokemon.favorite])

            let database = try await SQLiteStore<Pokemon>.open(
                at: directory.appending(path: "dex.sqlite"))
            try await database.upsert(contentsOf: pokemon)
            let pikachu = try await database.fetch(RecordQuery(where: \.name == "pikachu"))
            let hardHitters = try await database.count(where: \.attack >= 100)
            try await database.close()

            #expect(pikachu.map(\.id) == [25])
            #expect(hardHitters == pokemon.filter { $0.attack >= 100 }.count)
            #expect(hardHitters > 0)
        }
    }
}
