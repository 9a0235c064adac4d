import Foundation
import PokedexKit
import PokedexOfflineData
import Testing

@testable import pokedex

@Suite("The entry's text, for every bundled Pokémon")
struct EntryTextTests {
    @Test("every one of the 1,351 entries fits 80 columns and has its sections")
    func everyEntryFits() async throws {
        let database = try InMemoryModelDatabase(for: [Pokemon.self, PokemonSpecies.self])
        let store = try database.store(for: Pokemon.self)
        let species = try database.store(for: PokemonSpecies.self)
        let pokemon = try BundledPokeAPI.allPokemonForms().map(Pokemon.init)
        try await store.upsert(contentsOf: pokemon)
        try await species.upsert(contentsOf: try BundledPokeAPI.allSpecies())
        let pokedex = Pokedex(
            store: store, species: species,
            client: PokeAPIClient(transport: BundledPokeAPITransport()))
        var widest = (id: 0, width: 0)
        for record in pokemon {
            let entry = try await pokedex.entry(for: record)
            let lines = entry.text().split(separator: "\n", omittingEmptySubsequences: false)
            for line in lines where line.count > widest.width {
                widest = (record.id, line.count)
            }
            #expect(lines.first?.hasPrefix("#\(record.id) ") == true, "\(record.id)")
            #expect(lines.contains("Base stats") && lines.contains("Damage taken"), "\(record.id)")
            #expect(lines.contains("Evolution"), "\(record.id) has a chain")
        }
        #expect(widest.width <= 80, "#\(widest.id) has a line of \(widest.width) characters")
    }
}
