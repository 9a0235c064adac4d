import Foundation
import PokedexKit
import PostgresTestServer
import Testing

/// `pokedex-service`'s `GET /search`, answered by PostgreSQL from its token tables, against
/// the same search over the bundled records in memory.
@Suite("pokedex-service: search")
struct SearchRoutesTests {
    struct Refusal: Decodable {
        let error: String
        let parameter: String?
    }

    @Test("each search answers what the Pokédex in memory answers, names in ?lang=")
    func sameAsMemory() async throws {
        let database = try await PostgresTestServer.shared().makeDatabase()
        try await ServiceInstance.withInstances(1, on: database) { instances in
            let memory = try await MoveRoutesTests.memory()
            let searches: [(query: String, text: String, language: PokedexLanguage)] = [
                ("fire", "fire", "en"), ("breath%20fire", "breath fire", "en"),
                ("Glurak", "Glurak", "ja"), ("%E7%81%AB%E7%82%8E", "火炎", "ja"),
                ("FLABEBE", "FLABEBE", "fr"), ("xyzzyq", "xyzzyq", "en"),
            ]
            for (query, text, language) in searches {
                let answer = try await instances[0].json(
                    "GET", "/search?q=\(query)&lang=\(language)&limit=100",
                    as: PokedexSearchResults.self)
                let expected = try await memory.search(text, language: language, limit: 100)
                #expect(answer == expected, "\(text)")
            }
            let glurak = try await instances[0].json(
                "GET", "/search?q=Glurak&lang=ja", as: PokedexSearchResults.self)
            #expect(glurak.species.map(\.identifier) == ["charizard"])
            #expect(glurak.species.first?.name?.text == "リザードン")
            let limited = try await instances[0].json(
                "GET", "/search?q=fire&limit=2", as: PokedexSearchResults.self)
            #expect(limited.species.count == 2 && limited.counts.species > 2)
        }
    }

    @Test("a missing or wordless search, a bad limit or language, is a 400 that says why")
    func refusals() async throws {
        let database = try await PostgresTestServer.shared().makeDatabase()
        try await ServiceInstance.withInstances(1, on: database) { instances in
            let cases: [(path: String, parameter: String, message: String)] = [
                ("/search", "q", "q is required"),
                ("/search?q=", "q", "has no letter or digit"),
                ("/search?q=%21%3F", "q", "has no letter or digit"),
                ("/search?q=fire&limit=101", "limit", "limit expects a whole number from 0"),
                ("/search?q=fire&limit=-1", "limit", "limit expects a whole number from 0"),
                ("/search?q=fire&lang=%3Cscript%3E", "lang", "lang expects a language"),
            ]
            for (path, parameter, message) in cases {
                let refusal = try await instances[0].json(
                    "GET", path, status: 400, as: Refusal.self)
                #expect(refusal.parameter == parameter, "\(path)")
                #expect(refusal.error.contains(message), "\(path): \(refusal.error)")
            }
        }
    }
}
