import KeyPathQuery

extension LearnsetEntry: Queryable {
    /// Every attribute, named as the stored form names it (`pokemon_id`, `move_id`,
    /// `version_group`), so conditions render to the same names in `NSPredicate` and SQL.
    public static let queryAttributes: AttributeMap<LearnsetEntry> = [
        \.id: "id",
        \.pokemonID: "pokemon_id",
        \.moveID: "move_id",
        \.method: "method",
        \.level: "level",
        \.versionGroup: "version_group",
    ]
}

extension MoveLearnMethod: QueryTextConvertible {}
