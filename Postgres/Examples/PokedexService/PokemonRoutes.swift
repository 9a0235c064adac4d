import Hummingbird
import ModelStorage
import PokedexKit

/// The service's routes, over a Pokédex in any store.
///
/// - `GET /pokemon` with the query items of ``ListParameters``: a ``PokemonList``;
/// - `GET /pokemon/{id}`: one Pokémon;
/// - `GET /pokemon/{id}/entry`: its Pokédex entry (``PokedexEntry``, what
///   `pokedex show --json` prints), with its species, chain, abilities and types from the
///   Pokédex's client, its texts in the language `?lang=` names (English by default; see
///   ``MoveRoutes/language(of:)``);
/// - `PUT /pokemon/{id}/favorite` and `DELETE /pokemon/{id}/favorite`: mark it a favorite,
///   or not, and answer with it as stored.
///
/// Favorites are `Favorite` records (`Pokedex.setFavorite(_:pokemonID:)`), shared by every
/// client until the sync endpoints give each user their own; a Pokémon's `favorite` in the
/// answers says whether one refers to it, as it did when it was a flag on the record.
///
/// Each request reads or writes the store; nothing is cached, so a change made through
/// another instance on the same database shows in the next response.
struct PokemonRoutes: Sendable {
    let pokedex: Pokedex
    /// The type chart `weak-to` reads.
    let chart: TypeChart

    /// Adds the routes, and the middleware that sends their errors as JSON, to a router.
    func add(to router: Router<some RequestContext>) {
        router.add(middleware: JSONErrorMiddleware())
        router.get("pokemon") { request, _ in
            try await list(ListParameters.filter(from: request.uri.queryParameters, chart: chart))
        }
        router.get("pokemon/:id") { _, context in
            try await show(Self.id(in: context.parameters))
        }
        router.get("pokemon/:id/entry") { request, context in
            try await entry(
                Self.id(in: context.parameters), language: MoveRoutes.language(of: request))
        }
        router.put("pokemon/:id/favorite") { _, context in
            try await setFavorite(true, id: Self.id(in: context.parameters))
        }
        router.delete("pokemon/:id/favorite") { _, context in
            try await setFavorite(false, id: Self.id(in: context.parameters))
        }
    }

    /// The Pokémon a filter selects, with how many match and how many are stored.
    func list(_ filter: PokemonFilter) async throws -> JSONBody<PokemonList> {
        var result = try await pokedex.pokemon(matching: filter)
        let favorites = Set(try await pokedex.favorites().map(\.pokemonID))
        for index in result.records.indices {
            result.records[index].favorite = favorites.contains(result.records[index].id)
        }
        // All that match are shown unless the limit was reached: count them only then.
        let matching =
            if let limit = filter.limit, result.records.count >= limit {
                try await pokedex.store.count(where: filter.condition)
            } else {
                result.records.count
            }
        return JSONBody(
            PokemonList(
                pokemon: result.records, matching: matching, stored: result.totalCount,
                version: result.version))
    }

    /// One Pokémon, or a 404.
    func show(_ id: Int) async throws -> JSONBody<Pokemon> {
        guard var pokemon = try await pokedex.pokemon(id: id) else {
            throw Self.notFound(id)
        }
        pokemon.favorite = try await pokedex.isFavorite(pokemonID: id)
        return JSONBody(pokemon)
    }

    /// One Pokémon's Pokédex entry, or a 404.
    func entry(_ id: Int, language: PokedexLanguage) async throws -> JSONBody<PokedexEntry> {
        guard let entry = try await pokedex.entry(id: id, in: language) else {
            throw Self.notFound(id)
        }
        return JSONBody(entry)
    }

    /// Marks a Pokémon a favorite, or not, and answers with it as stored; a 404 when none has
    /// the id.
    func setFavorite(_ isFavorite: Bool, id: Int) async throws -> JSONBody<Pokemon> {
        do {
            try await pokedex.setFavorite(isFavorite, pokemonID: id)
        } catch let error as StoreError where error.code == .notFound {
            throw Self.notFound(id)
        }
        guard var pokemon = try await pokedex.pokemon(id: id) else { throw Self.notFound(id) }
        pokemon.favorite = isFavorite
        return JSONBody(pokemon)
    }

    /// The `{id}` of a route's path, a whole number, or a 400.
    static func id(in parameters: Parameters) throws(APIError) -> Int {
        let text = parameters.get("id") ?? ""
        guard let id = Int(text) else {
            throw APIError.badValue("id", text, accepted: "a whole number, such as 25")
        }
        return id
    }

    /// The 404 for an id that no Pokémon has.
    static func notFound(_ id: Int) -> APIError {
        APIError(.notFound, "no Pokémon has id \(id)", parameter: "id")
    }
}
