import PokedexKit

/// `move.json` of the bundle: every move as a row of values, which
/// `Scripts/make-offline-data.py` writes and this type reads.
///
/// ```
/// { "rows": [
///     [ 53, "flamethrower", {"en": "Flamethrower", …}, "fire", 90, 100, 15, 0, "special",
///       "selected-pokemon", 10, 1, {"en": ["Inflicts regular damage. …", "Has a …"], …},
///       ["scarlet-violet", "The target is scorched …"] ],
///     … ] }
/// ```
///
/// A row is: id, name, names by language, type, power, accuracy and PP (each or `null`),
/// priority, damage class (or `null`), target, effect chance (or `null`), generation, the
/// effects by language as `[effect, short effect]`, and the last English flavor text as
/// `[version group, text]` (or `null`). The effects are as the service sends them: the move
/// fills in their chance.
struct CompactMoveFile: Decodable {
    /// Every move, in id order.
    var moves: [Move]

    enum CodingKeys: String, CodingKey {
        case rows
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var rows = try container.nestedUnkeyedContainer(forKey: .rows)
        var moves: [Move] = []
        while !rows.isAtEnd {
            var row = try rows.nestedUnkeyedContainer()
            moves.append(try Self.move(from: &row))
        }
        self.moves = moves
    }

    /// Reads one row.
    private static func move(from row: inout any UnkeyedDecodingContainer) throws -> Move {
        let id = try row.decode(Int.self)
        let name = try row.decode(String.self)
        let names = try row.decode([String: String].self)
        let type = try row.decode(PokemonType.self)
        let power = try row.decodeIfPresent(Int.self)
        let accuracy = try row.decodeIfPresent(Int.self)
        let pp = try row.decodeIfPresent(Int.self)
        let priority = try row.decode(Int.self)
        let damageClass = try row.decodeIfPresent(String.self)
        let target = try row.decode(String.self)
        let chance = try row.decodeIfPresent(Int.self)
        let generation = try row.decode(Int.self)
        var effects: [String: String] = [:]
        var shortEffects: [String: String] = [:]
        for (language, texts) in try row.decode([String: [String]].self) {
            guard texts.count == 2 else {
                throw DecodingError.dataCorruptedError(
                    in: row,
                    debugDescription: "Move \(id)'s \(language) effect has \(texts.count) "
                        + "texts, not 2 (effect, short effect).")
            }
            effects[language] = Move.fillingIn(texts[0], chance: chance)
            shortEffects[language] = Move.fillingIn(texts[1], chance: chance)
        }
        var flavorTexts: [FlavorText] = []
        if try !row.decodeNil() {
            var flavorText = try row.nestedUnkeyedContainer()
            let versionGroup = try flavorText.decode(String.self)
            let text = try flavorText.decode(String.self)
            flavorTexts.append(FlavorText(text: text, language: "en", version: versionGroup))
        }
        return Move(
            id: id, name: name, names: names, type: type, power: power, accuracy: accuracy,
            pp: pp, priority: priority, damageClass: damageClass, target: target,
            effectChance: chance, effects: effects, shortEffects: shortEffects,
            flavorTexts: flavorTexts, generation: generation)
    }
}
