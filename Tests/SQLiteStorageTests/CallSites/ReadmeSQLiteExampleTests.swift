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

    @Test("several models in one database")
    func severalModels() async throws {
        try await withTemporaryDirectory { directory in
            let pokemon = SQLiteFileTests.dex
            let species = [
                PokemonSpecies(
                    id: 150, name: "mewtwo", order: 191, generation: 1, isLegendary: true,
                    color: "purple", captureRate: 3, genderRate: -1, evolutionChainID: 78),
                PokemonSpecies(
                    id: 25, name: "pikachu", order: 35, generation: 1, color: "yellow",
                    captureRate: 190, genderRate: 4, evolutionChainID: 10,
                    evolvesFromSpeciesID: 172),
                PokemonSpecies(
                    id: 172, name: "pichu", order: 34, generation: 2, isBaby: true,
                    color: "yellow", captureRate: 190, genderRate: 4, evolutionChainID: 10),
                PokemonSpecies(
                    id: 26, name: "raichu", order: 36, generation: 1, color: "yellow",
                    captureRate: 75, genderRate: 4, evolutionChainID: 10,
                    evolvesFromSpeciesID: 25),
            ]

            let dex = try await SQLiteModelDatabase.open(
                at: directory.appending(path: "dex.sqlite"),
                for: [Pokemon.self, PokemonSpecies.self])
            try await dex.transaction { transaction in
                transaction[PokemonSpecies.self].upsert(contentsOf: species)
                transaction[Pokemon.self].upsert(contentsOf: pokemon)
            }
            let speciesStore = try dex.store(for: PokemonSpecies.self)
            let legendary = try await speciesStore.fetch(RecordQuery(where: \.isLegendary == true))
            let fromBabies = try await speciesStore.fetch(
                RecordQuery(
                    where: .reference(
                        \.evolvesFromSpeciesID, to: PokemonSpecies.self, where: \.isBaby == true)))
            let finalStages = try await speciesStore.count(
                where: .noReferrer(PokemonSpecies.self, through: \.evolvesFromSpeciesID))
            #expect(try await dex.store(for: Pokemon.self).fetchResult(RecordQuery()).version == 1)
            try await dex.close()

            #expect(legendary.map(\.name) == ["mewtwo"])
            #expect(fromBabies.map(\.name) == ["pikachu"])
            #expect(finalStages == 2)  // mewtwo and raichu
        }
    }
}
