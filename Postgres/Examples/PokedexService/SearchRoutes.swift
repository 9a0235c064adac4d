import Foundation
import Hummingbird
import PokedexKit

/// The service's word search over the Pokédex's texts, answered by PostgreSQL through each
/// searchable model's table of folded tokens.
///
///     GET /search?q=breathes%20fire&lang=de&limit=5
///
/// The answer is a `PokedexSearchResults`: the search's folded words, then the species, moves
/// and abilities found (each with its number, PokeAPI name, name in `lang` and the text that
/// matched), each kind in id order, and how many of each matched in all. `q` is required:
/// a search with no letter or digit, or longer than the search allows, is a 400 that says
/// why; `limit` (hits of each kind, 0 to ``maximumLimit``, 20 by default) and `lang` (as
/// ``MoveRoutes/language(of:)`` reads it) are optional.
struct SearchRoutes: Sendable {
    /// The Pokédex whose database keeps the texts.
    let pokedex: Pokedex

    /// The most hits of each kind one answer gives.
    static let maximumLimit = 100

    /// The hits of each kind without `limit`.
    static let defaultLimit = 20

    /// Adds the route to a router, after ``PokemonRoutes``, whose middleware sends its errors
    /// as JSON too.
    func add(to router: Router<some RequestContext>) {
        router.get("search") { request, _ in
            JSONBody(
                try await search(
                    try Self.text(of: request), language: MoveRoutes.language(of: request),
                    limit: try Self.limit(of: request)))
        }
    }

    /// The results of a search, its text already checked.
    func search(_ text: String, language: PokedexLanguage, limit: Int) async throws
        -> PokedexSearchResults
    {
        try await pokedex.search(text, language: language, limit: limit)
    }

    /// The search `?q=` asks for, parsed here so that a bad one is a 400 that says why.
    static func text(of request: Request) throws(APIError) -> String {
        let accepted = "words to search for, such as breathes fire or Glurak"
        guard let text = request.uri.queryParameters.get("q") else {
            throw APIError(
                .badRequest, "q is required: \(accepted)", parameter: "q", accepted: accepted)
        }
        do {
            _ = try TextSearch(text)
        } catch {
            throw APIError(.badRequest, "q: \(error)", parameter: "q", accepted: accepted)
        }
        return text
    }

    /// The number of hits of each kind `?limit=` asks for: ``defaultLimit`` without one, a
    /// 400 for anything but a whole number from 0 to ``maximumLimit``.
    static func limit(of request: Request) throws(APIError) -> Int {
        guard let text = request.uri.queryParameters.get("limit") else { return defaultLimit }
        guard let limit = Int(text), (0...maximumLimit).contains(limit) else {
            throw APIError.badValue(
                "limit", text, accepted: "a whole number from 0 to \(maximumLimit)")
        }
        return limit
    }
}
