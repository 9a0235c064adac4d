import Foundation
import ModelSync

// The user's own data: favorites and notes, each a record of its own (``Favorite``, ``Note``)
// that refers to a Pokémon, kept in the Pokédex's database beside the reference data, which
// the user never writes.

extension Pokedex {
    /// Marks a stored Pokémon as a favorite, or not.
    ///
    /// ```swift
    /// try await pokedex.setFavorite(true, pokemonID: 25)
    /// ```
    ///
    /// A Pokémon is a favorite while at least one ``Favorite`` refers to it. Marking one that
    /// is already a favorite changes nothing; unmarking one deletes every ``Favorite`` of it,
    /// since two devices may each have made one.
    ///
    /// - Parameters:
    ///   - isFavorite: Whether it is a favorite.
    ///   - pokemonID: The Pokémon's id.
    /// - Throws: `StoreError.notFound` when no Pokémon is stored with the id;
    ///   `StoreError.unknownModel` when the Pokédex's database does not keep ``Favorite``;
    ///   another `StoreError` when the database cannot be written. Nothing is changed then.
    /// - Complexity: A lookup of the Pokémon and one of its favorites by an index.
    public func setFavorite(_ isFavorite: Bool, pokemonID: Int) async throws {
        let favorite = Favorite(pokemonID: pokemonID)
        try await writeUserData { transaction in
            guard transaction[Pokemon.self].contains(id: pokemonID) else {
                throw StoreError.notFound(String(pokemonID))
            }
            if isFavorite {
                let marked = try transaction[Favorite.self].count(where: \.pokemonID == pokemonID)
                if marked == 0 { try transaction[Favorite.self].insert(favorite) }
            } else {
                _ = try transaction[Favorite.self].delete(where: \.pokemonID == pokemonID)
            }
        }
    }

    /// Whether a Pokémon is a favorite: whether at least one ``Favorite`` refers to it.
    ///
    /// - Parameter pokemonID: The Pokémon's id.
    /// - Returns: `true` when it is a favorite; `false` otherwise, and for an id no Pokémon
    ///   is stored with.
    /// - Throws: `StoreError.unknownModel` when the Pokédex's database does not keep
    ///   ``Favorite``; another `StoreError` when it cannot be read.
    /// - Complexity: A count by an index.
    public func isFavorite(pokemonID: Int) async throws -> Bool {
        try await readUserData(Favorite.self) { snapshot in
            try snapshot[Favorite.self].count(where: \.pokemonID == pokemonID) > 0
        }
    }

    /// Every favorite, the oldest first.
    ///
    /// A Pokémon marked on two devices while they were apart has two records; its id is in
    /// `Set(favorites().map(\.pokemonID))` once.
    ///
    /// - Returns: The favorites, by ``Favorite/createdAt`` then id.
    /// - Throws: `StoreError.unknownModel` when the Pokédex's database does not keep
    ///   ``Favorite``; another `StoreError` when it cannot be read.
    /// - Complexity: O(*f* log *f*) in the number of favorites.
    public func favorites() async throws -> [Favorite] {
        try await readUserData(Favorite.self) { snapshot in
            try snapshot[Favorite.self].fetch(
                RecordQuery(sortedBy: [.ascending(\.createdAt), .ascending(\.id)]))
        }
    }

    /// Writes a new note about a stored Pokémon.
    ///
    /// ```swift
    /// let note = try await pokedex.addNote("Caught in Viridian Forest", pokemonID: 25)
    /// ```
    ///
    /// - Parameters:
    ///   - text: What the user wrote; it is kept trimmed of surrounding spaces and line
    ///     breaks (see ``Note/checkedText(_:pokemonID:noteID:)``).
    ///   - pokemonID: The id of the Pokémon it is about.
    /// - Returns: The note as stored.
    /// - Throws: ``Note/TextError`` when the text is empty once trimmed or longer than
    ///   ``Note/maximumTextLength``; `StoreError.notFound` when no Pokémon is stored with
    ///   the id; `StoreError.unknownModel` when the Pokédex's database does not keep
    ///   ``Note``; another `StoreError` when it cannot be written. Nothing is changed then.
    @discardableResult
    public func addNote(_ text: String, pokemonID: Int) async throws -> Note {
        let note = Note(
            pokemonID: pokemonID, text: try Note.checkedText(text, pokemonID: pokemonID))
        return try await writeUserData { transaction in
            guard transaction[Pokemon.self].contains(id: pokemonID) else {
                throw StoreError.notFound(String(pokemonID))
            }
            try transaction[Note.self].insert(note)
            return note
        }
    }

    /// The notes about a Pokémon, the oldest first.
    ///
    /// - Parameter pokemonID: The Pokémon's id.
    /// - Returns: Its notes, by ``Note/createdAt`` then id; none for an id no Pokémon is
    ///   stored with.
    /// - Throws: `StoreError.unknownModel` when the Pokédex's database does not keep
    ///   ``Note``; another `StoreError` when it cannot be read.
    /// - Complexity: A lookup by an index, then O(*k* log *k*) in the Pokémon's notes.
    public func notes(pokemonID: Int) async throws -> [Note] {
        try await readUserData(Note.self) { snapshot in
            try snapshot[Note.self].fetch(Self.notesQuery(pokemonID: pokemonID))
        }
    }

    /// Changes a note's text, and its ``Note/updatedAt`` to now.
    ///
    /// - Parameters:
    ///   - id: The note's id.
    ///   - text: The new text, kept trimmed (see ``Note/checkedText(_:pokemonID:noteID:)``).
    /// - Returns: The note as stored.
    /// - Throws: `StoreError.notFound` when no note has the id; ``Note/TextError`` when the
    ///   text is empty once trimmed or too long; `StoreError.unknownModel` when the
    ///   Pokédex's database does not keep ``Note``; another `StoreError` when it cannot be
    ///   written. Nothing is changed then.
    @discardableResult
    public func updateNote(id: String, text: String) async throws -> Note {
        let now = Date()
        return try await writeUserData { transaction in
            guard var note = transaction[Note.self].fetch(id: id) else {
                throw StoreError.notFound(id)
            }
            note.text = try Note.checkedText(text, pokemonID: note.pokemonID, noteID: id)
            note.updatedAt = now
            transaction[Note.self].upsert(note)
            return note
        }
    }

    /// Deletes a note.
    ///
    /// - Parameter id: The note's id.
    /// - Returns: Whether a note had the id.
    /// - Throws: `StoreError.unknownModel` when the Pokédex's database does not keep
    ///   ``Note``; another `StoreError` when it cannot be written.
    @discardableResult
    public func deleteNote(id: String) async throws -> Bool {
        try await writeUserData { transaction in transaction[Note.self].delete(id: id) }
    }

    /// The query of a Pokémon's notes, the oldest first.
    static func notesQuery(pokemonID: Int) -> RecordQuery<Note> {
        RecordQuery(
            where: \.pokemonID == pokemonID,
            sortedBy: [.ascending(\.createdAt), .ascending(\.id)])
    }

    /// Runs a write of the user's data in one transaction of the Pokédex's database: the
    /// one way every favorite and note is written.
    ///
    /// - Throws: `StoreError.unknownModel` when the Pokédex has no database, or one without
    ///   ``Favorite`` and ``Note``; what the body or the transaction throws.
    func writeUserData<Result: Sendable>(
        _ body: @escaping @Sendable (inout DatabaseTransaction) throws -> Result
    ) async throws -> Result {
        // Every write of the user's data passes here, so that the replica's outbox records
        // each one in the same commit, when the database keeps one.
        let database = try userDatabase(keeping: PokedexModels.userData)
        let records = Self.keepsOutbox(database) ? try Self.replicaModels() : []
        return try await database.transaction { transaction in
            let result = try body(&transaction)
            try ReplicaModel.recordWrites(of: records, in: &transaction)
            return result
        }
    }

    /// Reads the user's data at one moment.
    ///
    /// - Throws: `StoreError.unknownModel` when the Pokédex has no database, or one without
    ///   `model`; what the body or the read throws.
    func readUserData<Model: StorableModel, Result: Sendable>(
        _ model: Model.Type, _ body: @escaping @Sendable (DatabaseTransaction) throws -> Result
    ) async throws -> Result {
        try await userDatabase(keeping: [model]).read(body)
    }

    /// The Pokédex's database, when it keeps every one of `models`.
    ///
    /// - Throws: `StoreError.unknownModel` naming the first model it lacks, where, and the
    ///   models it holds.
    private func userDatabase(
        keeping models: [any StorableModel.Type]
    ) throws(StoreError) -> any ModelDatabase {
        guard let database else {
            throw .unknownModel(
                models.first.map { String(describing: $0) } ?? "Favorite",
                at: .named("a Pokédex of Pokémon alone"),
                models: [String(describing: Pokemon.self)])
        }
        let held = Set(database.models.map(ObjectIdentifier.init))
        if let missing = models.first(where: { !held.contains(ObjectIdentifier($0)) }) {
            throw .unknownModel(
                String(describing: missing), at: database.location,
                models: database.models.map { String(describing: $0) })
        }
        return database
    }
}
