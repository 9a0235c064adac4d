import KeyPathQuery

extension Favorite: Queryable {
    /// Every attribute, named as the stored form names it (`user_id`, `pokemon_id`,
    /// `created_at`), so conditions render to the same names in `NSPredicate` and SQL.
    public static let queryAttributes: AttributeMap<Favorite> = [
        \.id: "id",
        \.userID: "user_id",
        \.pokemonID: "pokemon_id",
        \.createdAt: "created_at",
    ]
}
