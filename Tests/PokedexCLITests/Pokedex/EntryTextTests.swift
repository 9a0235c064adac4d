import Foundation
import PokedexKit
import PokedexOfflineData
import Testing

@testable import pokedex

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("The entry's text, for every bundled Pokémon")
struct EntryTextTests {
    @Test("every one of the 1,351 entries fits 80 columns and has its sections")
    func everyEntryFits() async throws {
        let database = try InMemoryModelDatabase(for: PokedexModels.all)
        let store = try database.store(for: Pokemon.self)
        let records = try PokedexRecords.bundled()
        try await database.transaction { records.write(to: &$0) }
        // A client that answers nothing: every part of every entry comes from the database.
        let pokedex = Pokedex(
            store: store, database: database,
            client: PokeAPIClient(transport: RefusingTransport()))
        var widest = (id: 0, width: 0)
        for record in records.pokemon {
            let entry = try await pokedex.entry(for: record)
            let plain = entry.text()
            // On a terminal the same text, with bold headings and coloured types.
            let marked = entry.text(style: TerminalStyle(usesMarkup: true))
            #expect(marked != plain, "\(record.id)")
            #expect(TerminalStyle.stripped(marked) == plain, "\(record.id)")
            let lines = plain.split(separator: "\n", omittingEmptySubsequences: false)
            for line in lines where line.count > widest.width {
                widest = (record.id, line.count)
            }
            #expect(lines.first?.hasPrefix("#\(record.id) ") == true, "\(record.id)")
            #expect(lines.contains("Base stats") && lines.contains("Damage taken"), "\(record.id)")
            #expect(lines.contains("Evolution"), "\(record.id) has a chain")
        }
        #expect(widest.width <= 80, "#\(widest.id) has a line of \(widest.width) characters")
    }

    @Test("on a terminal, Charizard's types and the types it fears are in their colours")
    func colours() throws {
        let style = TerminalStyle(usesMarkup: true)
        #expect(style.type(.fire, "Fire") == "\u{1B}[38;5;202mFire\u{1B}[0m")
        #expect(style.type(PokemonType(rawValue: "stellar"), "Stellar") == "Stellar")
        #expect(TerminalStyle.plain.type(.fire, "Fire") == "Fire")
        #expect(TerminalStyle.typeColours.count == 18)
        #expect(Set(TerminalStyle.typeColours.values).count == 18, "each its own colour")
        let entry = PokedexEntry(
            pokemon: Pokemon(try BundledPokeAPI.pokemon(id: 6)),
            species: try BundledPokeAPI.species(id: 6), evolution: nil,
            abilities: [], types: try [10, 3].map(BundledPokeAPI.pokemonType(id:)))
        let text = entry.text(style: style)
        #expect(text.contains(style.type(.fire, "Fire") + "/" + style.type(.flying, "Flying")))
        #expect(text.contains("  4×  " + style.type(.rock, "Rock")))
        #expect(
            text.contains(style.type(.water, "Water") + ", " + style.type(.electric, "Electric")))
    }
}

/// A transport that answers no request: what reaches it fails the test.
private struct RefusingTransport: HTTPTransport {
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        Issue.record("requested \(request.url?.absoluteString ?? "?")")
        throw URLError(.notConnectedToInternet)
    }
}
