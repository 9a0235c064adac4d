// The `moves` of a PokeAPI `pokemon` resource, read into and written from
// `FetchedPokemon.learnset`: each move's link, and for each of its details the level, the
// method and the version group, by name.

extension FetchedPokemon {
    /// The keys of one entry of `moves`.
    enum LearnedMoveKeys: String, CodingKey {
        case move
        case details = "version_group_details"
    }

    /// The keys of one entry of `version_group_details`.
    enum LearnDetailKeys: String, CodingKey {
        case level = "level_learned_at"
        case method = "move_learn_method"
        case versionGroup = "version_group"
    }

    /// The learnset of the response's `moves`, in its order; empty without them.
    static func decodeLearnset(
        in container: KeyedDecodingContainer<CodingKeys>
    ) throws -> [LearnsetEntry] {
        guard try !container.isAbsent(.moves) else { return [] }
        let pokemonID = try container.decode(Int.self, forKey: .id)
        var moves = try container.nestedUnkeyedContainer(forKey: .moves)
        var learnset: [LearnsetEntry] = []
        while !moves.isAtEnd {
            let move = try moves.nestedContainer(keyedBy: LearnedMoveKeys.self)
            let moveID = try move.decodeResourceID(forKey: .move, family: "move")
            var details = try move.nestedUnkeyedContainer(forKey: .details)
            while !details.isAtEnd {
                let detail = try details.nestedContainer(keyedBy: LearnDetailKeys.self)
                learnset.append(
                    LearnsetEntry(
                        pokemonID: pokemonID, moveID: moveID,
                        method: MoveLearnMethod(
                            rawValue: try detail.decodeResourceName(forKey: .method)),
                        level: try detail.decodeIfPresent(Int.self, forKey: .level) ?? 0,
                        versionGroup: try detail.decodeResourceName(forKey: .versionGroup)))
            }
        }
        return learnset
    }

    /// Writes the learnset as `moves`, one entry a move in the order of its first row, each
    /// move by its host-less link; nothing for an empty learnset.
    func encodeLearnset(in container: inout KeyedEncodingContainer<CodingKeys>) throws {
        guard !learnset.isEmpty else { return }
        var order: [Int] = []
        var rows: [Int: [LearnsetEntry]] = [:]
        for entry in learnset {
            if rows[entry.moveID] == nil { order.append(entry.moveID) }
            rows[entry.moveID, default: []].append(entry)
        }
        var moves = container.nestedUnkeyedContainer(forKey: .moves)
        for moveID in order {
            var move = moves.nestedContainer(keyedBy: LearnedMoveKeys.self)
            try move.encodeResource(id: moveID, family: "move", forKey: .move)
            var details = move.nestedUnkeyedContainer(forKey: .details)
            for entry in rows[moveID] ?? [] {
                var detail = details.nestedContainer(keyedBy: LearnDetailKeys.self)
                try detail.encode(entry.level, forKey: .level)
                try detail.encodeResource(named: entry.method.rawValue, forKey: .method)
                try detail.encodeResource(named: entry.versionGroup, forKey: .versionGroup)
            }
        }
    }
}
