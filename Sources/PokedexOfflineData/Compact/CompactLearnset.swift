import PokedexKit

/// One line of `learnset.json` of the bundle: a Pokémon's learnset, which
/// `Scripts/make-offline-data.py` writes and this type reads.
///
/// ```
/// {"id":6,"moves":[["scarlet-violet","machine",[5,7,9,…]],
///                  ["scarlet-violet","level-up",[[10,1],[52,1],…,157]], …]}
/// ```
///
/// `moves` holds a group for each version group and method, in the order of the service's
/// rows: its move ids, each as `[id, level]`, or as the id alone where the level is 0.
struct CompactLearnset: Decodable, Sendable {
    /// The Pokémon's id.
    var pokemonID: Int
    /// The Pokémon's entries, group after group.
    var entries: [LearnsetEntry]

    enum CodingKeys: String, CodingKey {
        case id, moves
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let pokemonID = try container.decode(Int.self, forKey: .id)
        var groups = try container.nestedUnkeyedContainer(forKey: .moves)
        var entries: [LearnsetEntry] = []
        while !groups.isAtEnd {
            var group = try groups.nestedUnkeyedContainer()
            let versionGroup = try group.decode(String.self)
            let method = try group.decode(MoveLearnMethod.self)
            var moves = try group.nestedUnkeyedContainer()
            while !moves.isAtEnd {
                let move = try moves.decode(LearnedMove.self)
                entries.append(
                    LearnsetEntry(
                        pokemonID: pokemonID, moveID: move.id, method: method,
                        level: move.level, versionGroup: versionGroup))
            }
        }
        self.pokemonID = pokemonID
        self.entries = entries
    }
}

/// A move of a group: `id` alone, or `[id, level]`.
private struct LearnedMove: Decodable {
    var id: Int
    var level: Int

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let id = try? container.decode(Int.self) {
            (self.id, level) = (id, 0)
            return
        }
        let pair = try container.decode([Int].self)
        guard pair.count == 2 else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "A learned move is [id, level], not \(pair).")
        }
        (id, level) = (pair[0], pair[1])
    }
}
