import Foundation
import PokedexKit

/// How Pokémon are printed: an aligned table, details, or JSON with their attribute names.
enum PokemonOutput {
    static func table(_ pokemon: [Pokemon]) -> String {
        let table = TableFormatter(columns: [
            .init(title: "ID", alignment: .right), .init(title: "NAME", alignment: .left),
            .init(title: "TYPES", alignment: .left), .init(title: "HP", alignment: .right),
            .init(title: "ATK", alignment: .right), .init(title: "DEF", alignment: .right),
            .init(title: "SPA", alignment: .right), .init(title: "SPD", alignment: .right),
            .init(title: "SPE", alignment: .right), .init(title: "FAV", alignment: .left),
        ])
        return table.format(
            pokemon.map {
                [
                    String($0.id), $0.name, $0.types.map(\.rawValue).joined(separator: "/"),
                    String($0.hp), String($0.attack), String($0.defense),
                    String($0.specialAttack), String($0.specialDefense), String($0.speed),
                    $0.favorite ? "★" : "",
                ]
            })
    }

    static func details(_ pokemon: Pokemon) -> String {
        let height = Double(pokemon.height) / 10
        let weight = Double(pokemon.weight) / 10
        var lines = [
            "#\(pokemon.id) \(pokemon.name)\(pokemon.favorite ? "  ★ favorite" : "")",
            "types      \(pokemon.types.map(\.rawValue).joined(separator: ", "))",
            "hp         \(pokemon.hp)",
            "attack     \(pokemon.attack)",
            "defense    \(pokemon.defense)",
            "sp. attack \(pokemon.specialAttack)",
            "sp. defense \(pokemon.specialDefense)",
            "speed      \(pokemon.speed)",
            "total      \(pokemon.baseStatTotal)",
            "height     \(height) m",
            "weight     \(weight) kg",
            "abilities  \(pokemon.abilities.isEmpty ? "—" : pokemon.abilities.joined(separator: ", "))",
        ]
        lines.append("base exp.  \(pokemon.baseExperience.map(String.init) ?? "—")")
        if let sprite = pokemon.sprite { lines.append("sprite     \(sprite.absoluteString)") }
        return lines.joined(separator: "\n")
    }

    static func json(_ value: some Encodable) throws -> String {
        try encode(value)
    }

    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
