import Foundation
import KeyPathQuery
import ModelStorage
import PokedexKit
import SQLiteStorage
import TestSupport
import Testing

/// PokedexKit's species, evolution chains, types and abilities are kept in SQLite as they are
/// in memory: every record read back equal, and queries on their columns (nested and list
/// attributes included) answered by SQL.
@Suite("SQLiteStore with species, chains, types and abilities")
struct SQLitePokedexModelsTests {
    /// Every entry of a family of `Data/pokeapi/all/` at the repository's root, decoded.
    static func all<Model: Decodable>(_: Model.Type, _ family: String) throws -> [Model] {
        var root = URL(filePath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: root.appending(path: "Package.swift").path),
            root.pathComponents.count > 1
        {
            root.deleteLastPathComponent()
        }
        let folder = root.appending(path: "Data/pokeapi/all/\(family)")
        let ids = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .compactMap { $0.hasSuffix(".json") ? Int($0.dropLast(5)) : nil }.sorted()
        return try ids.map {
            try JSONDecoder().decode(
                Model.self, from: Data(contentsOf: folder.appending(path: "\($0).json")))
        }
    }

    /// Stores every record in a new database, reopens it and returns the store.
    func stored<Model: StorableModel & Equatable>(
        _ records: [Model], in directory: URL
    ) async throws -> SQLiteStore<Model> {
        let url = directory.appending(path: "\(Model.storageName).sqlite")
        let store = try await SQLiteStore<Model>.open(at: url)
        try await store.upsert(contentsOf: records)
        try await store.close()
        let reopened = try await SQLiteStore<Model>.open(at: url)
        #expect(try await reopened.fetch(.everyRecord) == records)
        return reopened
    }

    @Test("species: every record read back equal, selected by generation and flags")
    func species() async throws {
        let species = try Self.all(PokemonSpecies.self, "pokemon-species")
        try await withTemporaryDirectory { directory in
            let store = try await stored(species, in: directory)
            let legendary = try await store.fetch(
                RecordQuery(where: \.isLegendary == true && \.generation == 1))
            #expect(legendary.map(\.id) == [144, 145, 146, 150])
            #expect(try await store.count(where: \.evolvesFromSpeciesID == 133) == 8)
            #expect(try await store.count(where: \.habitat == nil) == 639)
            try await store.close()
        }
    }

    @Test("chains, types and abilities: every record read back equal, selected by SQL")
    func otherFamilies() async throws {
        try await withTemporaryDirectory { directory in
            let chains = try await stored(
                Self.all(EvolutionChain.self, "evolution-chain"), in: directory)
            let eevee = try await chains.fetch(RecordQuery(where: .contains(\.speciesIDs, 197)))
            #expect(eevee.map(\.id) == [67])
            try await chains.close()

            let types = try await stored(Self.all(PokemonTypeDetails.self, "type"), in: directory)
            let weakToRock = try await types.fetch(
                RecordQuery(where: .contains(\.damageRelations.doubleDamageFrom, .rock)))
            #expect(Set(weakToRock.map(\.name)) == [.flying, .bug, .fire, .ice])
            try await types.close()

            let abilities = try await stored(
                Self.all(PokemonAbility.self, "ability"), in: directory)
            #expect(
                try await abilities.fetch(RecordQuery(where: \.name == "blaze")).map(\.id) == [66])
            #expect(try await abilities.count(where: \.shortEffect == nil) == 60)
            try await abilities.close()
        }
    }
}
