import Foundation

/// A note the user wrote about a Pokémon: a record of the user's own, apart from the
/// reference data.
///
/// A Pokémon has any number of notes, each with an id of its own;
/// ``Pokedex/addNote(_:pokemonID:)`` checks and trims the text and makes one:
///
/// ```swift
/// let note = try await pokedex.addNote("Caught in Viridian Forest", pokemonID: 25)
/// try await pokedex.updateNote(id: note.id, text: "Caught at level 5")
/// try await pokedex.notes(pokemonID: 25).map(\.text)   // ["Caught at level 5"]
/// ```
///
/// Its text is never empty (after trimming spaces and line breaks) and at most
/// ``maximumTextLength`` characters long; ``checkedText(_:pokemonID:noteID:)`` refuses the
/// rest with a ``TextError``. Its stored form is a flat JSON object whose keys are the
/// attribute names of its `Queryable` mapping (`id`, `user_id`, `pokemon_id`, `text`,
/// `created_at`, `updated_at`). Its stores keep a change history (``changeHistory``), so
/// that a replica can send what changed since it last looked.
public struct Note: Hashable, Sendable, Identifiable, Codable {
    /// The record's id: a UUID string made on the device that created it.
    public var id: String
    /// The user the note belongs to: `""` in a local store until a server assigns the
    /// signed-in user, which the server stamps.
    public var userID: String
    /// The id of the ``Pokemon`` it is about.
    public var pokemonID: Int
    /// What the user wrote, trimmed: never empty, at most ``maximumTextLength`` characters.
    public var text: String
    /// When the user wrote it.
    public var createdAt: Date
    /// When the user last changed its text; ``createdAt`` until then.
    public var updatedAt: Date

    /// The most characters a note's text may have: 2000.
    public static let maximumTextLength = 2000

    /// Creates a note, without checking its text (``Pokedex/addNote(_:pokemonID:)`` checks
    /// it).
    ///
    /// - Parameters:
    ///   - id: The record's id; a new UUID string by default.
    ///   - userID: The user it belongs to; `""` (not yet known) by default.
    ///   - pokemonID: The id of the Pokémon it is about.
    ///   - text: What the user wrote.
    ///   - createdAt: When the user wrote it; now by default.
    ///   - updatedAt: When the user last changed it; `createdAt` by default.
    public init(
        id: String = UUID().uuidString, userID: String = "", pokemonID: Int, text: String,
        createdAt: Date = Date(), updatedAt: Date? = nil
    ) {
        self.id = id
        self.userID = userID
        self.pokemonID = pokemonID
        self.text = text
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }

    /// The keys of the stored form, which are also the record's attribute names.
    enum CodingKeys: String, CodingKey {
        case id, text
        case userID = "user_id"
        case pokemonID = "pokemon_id"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}
