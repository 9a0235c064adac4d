import Foundation
import KeyPathQuery
import PokedexKit
import Testing

@testable import ModelStorage
@testable import RecordCoding
@testable import SQLiteStorage

/// RecordJSONEncoder writes the real PokeAPI fixtures' records as `JSONEncoder` does: the
/// stored `Pokemon` and the service's `FetchedPokemon`, whose encoding nests containers.
@Suite("RecordJSONEncoder on the Pokédex fixtures")
struct RecordJSONEncoderFixtureTests {
    /// PokedexKitTests' fixture folder, read in place.
    static let fixtures = URL(filePath: #filePath)
        .deletingLastPathComponent()  // Encoding
        .deletingLastPathComponent()  // SQLiteStorageTests
        .deletingLastPathComponent()  // Tests
        .appending(path: "PokedexKitTests/Fixtures")

    /// The 192 trimmed entries (151 and 41 edge cases) and the 6 full ones, decoded.
    static func fetched() throws -> [FetchedPokemon] {
        let folders = ["trimmed", "trimmed/edge", "full"]
        let files = try folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(
                at: fixtures.appending(path: folder), includingPropertiesForKeys: nil
            )
            .filter { $0.pathExtension == "json" }
        }
        return try files.map {
            try JSONDecoder().decode(FetchedPokemon.self, from: Data(contentsOf: $0))
        }
    }

    @Test("every fixture, as a Pokemon record and as the service's entry, one encoder for all")
    func everyFixture() throws {
        let entries = try Self.fetched()
        #expect(entries.count == 198)
        let encoder = RecordJSONEncoder()
        for entry in entries {
            let record = Pokemon(entry)
            EncoderComparison.expectSame(record, encoder: encoder, "\(record.name)")
            var favorite = record
            favorite.favorite = true
            favorite.sprite = nil
            favorite.baseExperience = nil
            EncoderComparison.expectSame(favorite, encoder: encoder, "\(record.name)")
            EncoderComparison.expectSame(entry, encoder: encoder, "\(record.name)")
        }
        EncoderComparison.expectSame(entries.map(Pokemon.init), encoder: encoder, "all")
    }

    @Test("the row the store binds holds the record's JSON, which decodes to the record")
    func rowText() throws {
        let layout = try TableLayout<Pokemon>()
        let encoder = SQLRecordEncoder()
        for entry in try Self.fetched() {
            let record = Pokemon(entry)
            let row = try layout.row(of: record, version: 3, encoder: encoder)
            guard case .text(let json) = row[1] else {
                Issue.record("the _record binding is \(row[1])")
                continue
            }
            let expected = try EncoderComparison.foundation(record).get()
            #expect(
                EncoderComparison.sortedTokens(json) == EncoderComparison.sortedTokens(expected))
            #expect(try JSONDecoder().decode(Pokemon.self, from: Data(json.utf8)) == record)
        }
    }
}
