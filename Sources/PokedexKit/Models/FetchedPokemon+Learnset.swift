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

    /// The learnset of the response's `moves`; empty without them.
    ///
    /// The rows come a move at a time, in the order of each move's first appearance (a move
    /// listed twice has its rows together, as ``encodeLearnset(in:)`` writes them), and a row
    /// repeated whole is kept once: its entry's id would be taken twice.
    static func decodeLearnset(
        in container: KeyedDecodingContainer<CodingKeys>
    ) throws -> [LearnsetEntry] {
        guard try !container.isAbsent(.moves) else { return [] }
        let pokemonID = try container.decode(Int.self, forKey: .id)
        var moves = try container.nestedUnkeyedContainer(forKey: .moves)
        var order: [Int] = []
        var rows: [Int: [LearnsetEntry]] = [:]
        var seen: Set<String> = []
        while !moves.isAtEnd {
            let move = try moves.nestedContainer(keyedBy: LearnedMoveKeys.self)
            let moveID = try move.decodeResourceID(forKey: .move, family: "move")
            var details = try move.nestedUnkeyedContainer(forKey: .details)
            while !details.isAtEnd {
                let detail = try details.nestedContainer(keyedBy: LearnDetailKeys.self)
                let entry = LearnsetEntry(
                    pokemonID: pokemonID, moveID: moveID,
                    method: MoveLearnMethod(
                        rawValue: try detail.decodeResourceName(forKey: .method)),
                    level: try detail.decodeIfPresent(Int.self, forKey: .level) ?? 0,
                    versionGroup: try detail.decodeResourceName(forKey: .versionGroup))
                guard seen.insert(entry.id).inserted else { continue }
                if rows[moveID] == nil { order.append(moveID) }
                rows[moveID, default: []].append(entry)
            }
        }
        return order.flatMap { rows[$0] ?? [] }
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
