import Foundation
import PokedexKit
import Testing

@Suite("PokeAPIError descriptions say what failed and where")
struct PokeAPIErrorTests {
    static func context(
        _ resource: PokeAPIError.Resource, attempts: Int = 4, body: String? = nil
    ) throws -> PokeAPIError.Context {
        let url = try #require(URL(string: "https://pokeapi.co/api/v2/pokemon/25/"))
        return PokeAPIError.Context(
            resource: resource, url: url, attempts: attempts, bodyExcerpt: body)
    }

    @Test("input errors name the input and say no request was made")
    func inputErrors() {
        let errors: [(PokeAPIError, String)] = [
            (.invalidName("a/b"), #"Invalid Pokémon name "a/b""#),
            (.invalidName("\n"), #"Invalid Pokémon name "\n""#),
            (.invalidID(0), "Invalid Pokémon id 0"),
            (.invalidPage(limit: 0, offset: -1), "limit 0, offset -1"),
        ]
        for (error, mention) in errors {
            #expect(error.description.contains(mention), "\(error)")
            #expect(error.description.contains("no request was made"))
            #expect(error.context == nil)
            #expect(error.url == nil)
        }
    }

    @Test("a status error names the status, its meaning, the URL, the attempts and the body")
    func statusError() throws {
        let error = PokeAPIError.unexpectedStatus(
            503, try Self.context(.pokemonID(25), body: "upstream \"busy\"\nretry"))
        #expect(
            error.description
                == "PokeAPI answered HTTP 503 (service unavailable) for "
                + "https://pokeapi.co/api/v2/pokemon/25/ (Pokémon 25) after 4 attempts; "
                + #"body: "upstream \"busy\"\nretry"."#)
        #expect(error.errorDescription == error.description)
        #expect(error.localizedDescription == error.description)
        #expect(error.statusCode == 503)
        #expect(error.url?.absoluteString == "https://pokeapi.co/api/v2/pokemon/25/")
    }

    @Test("a transport error says what happened, with the URLError code")
    func transportError() throws {
        let error = PokeAPIError.transportFailed(
            URLError(.timedOut), try Self.context(.pokemonName("pikachu"), attempts: 1))
        #expect(
            error.description
                == "PokeAPI request for https://pokeapi.co/api/v2/pokemon/25/ "
                + #"(Pokémon "pikachu") failed after 1 attempt: the request timed out "#
                + "(URLError -1001).")
        #expect(error.statusCode == nil)
        #expect(error.bodyExcerpt == nil)
    }

    @Test("a body past the limit names the limit, the URL and the attempts")
    func tooLarge() throws {
        let error = PokeAPIError.responseTooLarge(
            limit: 16 << 20, try Self.context(.pokemonID(25), attempts: 1))
        #expect(
            error.description
                == "PokeAPI's response for https://pokeapi.co/api/v2/pokemon/25/ (Pokémon 25) "
                + "is longer than the limit of 16 MiB; stopped reading it after 1 attempt.")
        #expect(error.context?.attempts == 1)
        #expect(
            PokeAPIError.responseTooLarge(limit: 1_500, try Self.context(.pokemonID(1)))
                .description.contains("limit of 1500 bytes"))
    }

    @Test("a decoding error names the coding path and the resource")
    func decodingError() throws {
        let decodingError = DecodingError.keyNotFound(
            AnyKey("speed"),
            DecodingError.Context(
                codingPath: [AnyKey("stats"), AnyKey(index: 5)], debugDescription: "gone"))
        let error = PokeAPIError.undecodableBody(
            decodingError, try Self.context(.pokemonID(25), attempts: 1, body: "{}"))
        #expect(error.description.contains(#"key "speed" not found at stats[5] (gone)"#))
        #expect(error.description.contains("(Pokémon 25)"))
        #expect(error.description.contains(#"body: "{}""#))
    }

    @Test("a pagination loop names the link")
    func paginationLoop() throws {
        let url = try #require(URL(string: "https://pokeapi.co/api/v2/pokemon?offset=0&limit=20"))
        let error = PokeAPIError.paginationLoop(url)
        #expect(error.description.contains(url.absoluteString))
        #expect(error.url == url)
    }

    @Test("resources read as they do in messages")
    func resources() throws {
        let page = try #require(URL(string: "/api/v2/pokemon?offset=20&limit=20"))
        #expect(PokeAPIError.Resource.pokemonID(25).description == "Pokémon 25")
        #expect(PokeAPIError.Resource.pokemonName("mr-mime").description == #"Pokémon "mr-mime""#)
        #expect(
            PokeAPIError.Resource.page(page).description
                == "the list page /api/v2/pokemon?offset=20&limit=20")
    }
}

/// A coding key made in a test.
private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(_ string: String) {
        stringValue = string
    }

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(index: intValue) }
}
