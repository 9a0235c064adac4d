import Foundation

extension Pokedex {
    /// The stored move with an id.
    ///
    /// - Parameter id: The move's PokeAPI id, such as 53 (flamethrower).
    /// - Returns: The move, or `nil` when none is stored.
    /// - Throws: `StoreError.unknownModel` when the Pokédex keeps no moves (no ``database``,
    ///   or one without ``Move``); a `StoreError` when the database cannot be read.
    /// - Complexity: One lookup by id.
    public func move(id: Int) async throws -> Move? {
        try await movesDatabase().read { $0[Move.self].fetch(id: id) }
    }

    /// The stored move with a PokeAPI name, ignoring case and surrounding spaces.
    ///
    /// ```swift
    /// try await pokedex.move(named: "Flamethrower")?.power    // 90
    /// ```
    ///
    /// - Parameter name: The name, such as `"flamethrower"` or `"fire-punch"`.
    /// - Returns: The move, or `nil` when none of that name is stored.
    /// - Throws: As ``move(id:)``.
    /// - Complexity: One lookup through the index of `name`.
    public func move(named name: String) async throws -> Move? {
        let key = name.trimmingCharacters(in: .whitespaces).lowercased()
        return try await movesDatabase().read { snapshot in
            try snapshot[Move.self].fetch(RecordQuery(where: \.name == key, limit: 1)).first
        }
    }

    /// The stored move a user's text names, by the one rule the `pokedex` command and the
    /// service share: a number (`53`, `#53`); a PokeAPI name, in any case, spaces read as
    /// hyphens (`Fire Punch` is `fire-punch`); or a name in any language the data has, its
    /// letters and digits compared after folding as text search folds them (`Flammenwurf`,
    /// `LANCE-FLAMMES`, `かえんほうしゃ`).
    ///
    /// ```swift
    /// try await pokedex.move(matching: "Flammenwurf")?.id    // 53
    /// ```
    ///
    /// - Parameter text: The text, as typed.
    /// - Returns: The move, or `nil` when none is stored by that number or name.
    /// - Throws: As ``move(id:)``.
    /// - Complexity: A lookup by id or through the index of `name`; for a name in another
    ///   language, a search through the word index of `search_texts`.
    public func move(matching text: String) async throws -> Move? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let id = Int(trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed) {
            return try await move(id: id)
        }
        if let move = try await move(named: trimmed) { return move }
        let slug = trimmed.lowercased().split(whereSeparator: { $0 == " " || $0 == "_" })
            .joined(separator: "-")
        if slug != trimmed.lowercased(), let move = try await move(named: slug) { return move }
        guard let search = try? TextSearch(trimmed) else { return nil }
        let key = Self.nameKey(trimmed)
        return try await movesDatabase().read { snapshot in
            try snapshot[Move.self].fetch(
                RecordQuery(
                    where: .search(\.searchTexts, for: search), sortedBy: [.ascending(\.id)])
            ).first { move in move.names.values.contains { Self.nameKey($0) == key } }
        }
    }

    /// A name's letters, marks and digits, folded as text search folds them: `Lance-Flammes`
    /// and `LANCE FLAMMES` are `lanceflammes`.
    static func nameKey(_ name: String) -> String {
        var key = String.UnicodeScalarView()
        for scalar in TextSearch.folded(name).unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter,
                .otherLetter, .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber,
                .letterNumber, .otherNumber:
                key.append(scalar)
            default: continue
            }
        }
        return String(key)
    }

    /// Every stored move, in id order: to find a move by a name in any language, or to
    /// suggest names for one that matches nothing.
    ///
    /// - Returns: The moves.
    /// - Throws: As ``move(id:)``.
    /// - Complexity: O(*n* log *n*) in the number of stored moves.
    public func storedMoves() async throws -> [Move] {
        try await movesDatabase().read { snapshot in
            try snapshot[Move.self].fetch(RecordQuery(sortedBy: [.ascending(\.id)]))
        }
    }

    /// The stored learnset of a Pokémon: each move it learns with how, grouped by method,
    /// level-up moves in level order.
    ///
    /// ```swift
    /// let learnset = try await pokedex.learnset(ofPokemon: 6)
    /// learnset[.levelUp].map { "\($0.entry.level) \($0.move.displayName)" }
    /// ```
    ///
    /// The entries and their moves are read in one read of the database, two queries (the
    /// entries by the index of `pokemon_id`, then their moves by id), whatever their number.
    ///
    /// - Parameter pokemonID: The Pokémon's id.
    /// - Returns: The learnset; empty when the Pokémon is not stored, learns no move, or was
    ///   stored without its learnset.
    /// - Throws: `StoreError.unknownModel` when the Pokédex keeps no learnsets; a
    ///   `StoreError` when the database cannot be read.
    /// - Complexity: O(*k* log *k*) in the Pokémon's *k* entries.
    public func learnset(ofPokemon pokemonID: Int) async throws -> Learnset {
        let rows = try await movesDatabase().fetch(
            RecordQuery<LearnsetEntry>(where: \.pokemonID == pokemonID), including: \.moveID,
            from: Move.self)
        return Learnset(
            pokemonID: pokemonID,
            moves: rows.compactMap { row in
                row.related.map { Learnset.LearnedMove(entry: row.record, move: $0) }
            })
    }

    /// The stored Pokémon that learn a move, each with the ways it learns it: by any method,
    /// or by one.
    ///
    /// ```swift
    /// let earthquake = try await pokedex.learners(ofMove: 89, by: .machine)
    /// earthquake.map(\.pokemon.name)       // ["venusaur", "charmander", …]
    /// ```
    ///
    /// - Parameters:
    ///   - moveID: The move's id.
    ///   - method: The method to keep, or `nil` for every method.
    /// - Returns: The Pokémon in id order, each with its entries for the move (by level for
    ///   level-up); none when no stored Pokémon learns it.
    /// - Throws: As ``learnset(ofPokemon:)``.
    /// - Complexity: O(*k* log *k*) in the move's *k* entries, read through the index of
    ///   `move_id`, and their Pokémon by id.
    public func learners(
        ofMove moveID: Int, by method: MoveLearnMethod? = nil
    ) async throws -> [MoveLearner] {
        var condition: Condition<LearnsetEntry> = \.moveID == moveID
        if let method { condition = condition && \.method == method }
        let rows = try await movesDatabase().fetch(
            RecordQuery(where: condition), including: \.pokemonID, from: Pokemon.self)
        var byPokemon: [Int: MoveLearner] = [:]
        for row in rows {
            guard let pokemon = row.related else { continue }
            byPokemon[pokemon.id, default: MoveLearner(pokemon: pokemon, entries: [])]
                .entries.append(row.record)
        }
        return byPokemon.values.sorted { $0.pokemon.id < $1.pokemon.id }.map { learner in
            var learner = learner
            learner.entries.sort { ($0.method, $0.level) < ($1.method, $1.level) }
            return learner
        }
    }

    /// The Pokédex's database when it keeps moves and learnsets.
    private func movesDatabase() throws -> any ModelDatabase {
        guard let database, keeps(Move.self), keeps(LearnsetEntry.self) else {
            throw StoreError.unknownModel(
                String(describing: LearnsetEntry.self),
                at: .named(database == nil ? "a Pokédex of Pokémon alone" : "a Pokédex"),
                models: (database?.models ?? [Pokemon.self]).map { String(describing: $0) })
        }
        return database
    }
}
