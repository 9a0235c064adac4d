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

/// A transport that answers no request: what reaches it fails the test.
private struct RefusingTransport: HTTPTransport {
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        Issue.record("requested \(request.url?.absoluteString ?? "?")")
        throw URLError(.notConnectedToInternet)
    }
}
