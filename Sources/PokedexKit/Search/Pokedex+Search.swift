import Foundation

extension Pokedex {
    /// The stored species, moves and abilities whose texts match a word search, in any
    /// language: names, genera, effects and the latest description in each language.
    ///
    /// ```swift
    /// let found = try await pokedex.search("breathes fire", language: "de")
    /// found.species.map(\.identifier)          // ["charmander", "charmeleon", …]
    /// found.species.first?.excerpt?.text       // the description that says so
    /// ```
    ///
    /// Every word of the search must begin a word of one resource's texts, taken together;
    /// case, accents and the width of characters do not count (KeyPathQuery's
    /// "Searching text" article states the rule). Each kind is answered through the word
    /// index of ``PokedexSearchable/searchTexts`` in its store: a table of folded tokens in
    /// SQLite and PostgreSQL, the record engine's index in memory and in a JSON file.
    ///
    /// - Parameters:
    ///   - text: The search as typed, such as `"Glurak"` or `"火炎"`.
    ///   - language: The language of the names and excerpts returned; English by default.
    ///     It does not narrow the search.
    ///   - limit: The most hits of each kind, lowest ids first; 20 by default.
    /// - Returns: The hits of each kind the database keeps (species, moves, abilities), each
    ///   in id order, with the number of each found in all.
    /// - Throws: `QueryError.invalidSearch` when the text has no word, or is too long;
    ///   `StoreError.unknownModel` when the Pokédex keeps no species (no ``database``, or one
    ///   without ``PokemonSpecies``); a `StoreError` when the database cannot be read.
    /// - Complexity: Three index lookups per word, then O(*k*) in the *k* hits returned.
    public func search(
        _ text: String, language: PokedexLanguage = .english, limit: Int = 20
    ) async throws -> PokedexSearchResults {
        let search = try TextSearch(text)
        guard let database, keeps(PokemonSpecies.self) else {
            throw StoreError.unknownModel(
                String(describing: PokemonSpecies.self),
                at: .named(database == nil ? "a Pokédex of Pokémon alone" : "a Pokédex"),
                models: (database?.models ?? [Pokemon.self]).map { String(describing: $0) })
        }
        let limit = max(0, limit)
        let keepsMoves = keeps(Move.self)
        let keepsAbilities = keeps(PokemonAbility.self)
        return try await database.read { snapshot in
            var results = PokedexSearchResults(words: search.words)
            (results.species, results.counts.species) = try Self.hits(
                .species, PokemonSpecies.self, search, language, limit, in: snapshot)
            if keepsMoves {
                (results.moves, results.counts.moves) = try Self.hits(
                    .move, Move.self, search, language, limit, in: snapshot)
            }
            if keepsAbilities {
                (results.abilities, results.counts.abilities) = try Self.hits(
                    .ability, PokemonAbility.self, search, language, limit, in: snapshot)
            }
            return results
        }
    }

    /// The hits for the first `limit` records of a searchable model that match `search`, in
    /// id order, and how many match in all.
    private static func hits<Model: StorableModel & PokedexSearchable>(
        _ kind: PokedexSearchHit.Kind, _: Model.Type, _ search: TextSearch,
        _ language: PokedexLanguage, _ limit: Int, in snapshot: DatabaseTransaction
    ) throws -> (hits: [PokedexSearchHit], count: Int) where Model.ID == Int {
        let condition = Condition<Model>.search(\.searchTexts, for: search)
        let records = try snapshot[Model.self].fetch(
            RecordQuery(where: condition, sortedBy: [.ascending(\.id)], limit: limit))
        let count =
            records.count < limit
            ? records.count : try snapshot[Model.self].count(where: condition)
        let hits = records.map {
            PokedexSearchHit(
                kind, $0, id: $0.id, search: search, language: language)
        }
        return (hits, count)
    }
}
