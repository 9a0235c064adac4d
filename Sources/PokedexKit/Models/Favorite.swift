import Foundation

/// A Pokémon the user marked as a favorite: a record of the user's own, apart from the
/// reference data.
///
/// A Pokémon is a favorite while at least one `Favorite` refers to it. Each device makes its
/// own records, each with an id of its own, so two devices that mark the same Pokémon while
/// apart may each keep one; ``Pokedex/setFavorite(_:pokemonID:)`` reads "any" and deletes
/// "every":
///
/// ```swift
/// try await pokedex.setFavorite(true, pokemonID: 25)
/// try await pokedex.isFavorite(pokemonID: 25)          // true
/// try await pokedex.favorites().map(\.pokemonID)       // [25]
/// ```
///
/// Its stored form is a flat JSON object whose keys are the attribute names of its
/// `Queryable` mapping (`id`, `user_id`, `pokemon_id`, `created_at`). Its stores keep a
/// change history (``changeHistory``), so that a replica can send what changed since it
/// last looked.
public struct Favorite: Hashable, Sendable, Identifiable, Codable {
    /// The record's id: a UUID string made on the device that created it.
    public var id: String
    /// The user the favorite belongs to: `""` in a local store until a server assigns the
    /// signed-in user, which the server stamps.
    public var userID: String
    /// The id of the ``Pokemon`` it marks.
    public var pokemonID: Int
    /// When the user marked it.
    public var createdAt: Date

    /// Creates a favorite.
    ///
    /// - Parameters:
    ///   - id: The record's id; a new UUID string by default.
    ///   - userID: The user it belongs to; `""` (not yet known) by default.
    ///   - pokemonID: The id of the Pokémon it marks.
    ///   - createdAt: When the user marked it; now by default.
    public init(
        id: String = UUID().uuidString, userID: String = "", pokemonID: Int,
        createdAt: Date = Date()
    ) {
        self.id = id
        self.userID = userID
        self.pokemonID = pokemonID
        self.createdAt = createdAt
    }

    /// The keys of the stored form, which are also the record's attribute names.
    enum CodingKeys: String, CodingKey {
        case id
        case userID = "user_id"
        case pokemonID = "pokemon_id"
        case createdAt = "created_at"
    }
}
