import Foundation
import PokedexKit

/// How Pokémon are printed: an aligned table, details, or JSON with their attribute names.
enum PokemonOutput {
    /// The Pokémon as a table: in English by their PokeAPI names and types; in another
    /// language by their species' names and their types' names in it.
    static func table(_ pokemon: [Pokemon], wording: Wording = .english) -> String {
        let english = wording.language == .english
        let table = TableFormatter(columns: [
            .init(title: "ID", alignment: .right),
            .init(title: wording(.nameColumn), alignment: .left),
            .init(title: wording(.typesColumn), alignment: .left),
            .init(title: "HP", alignment: .right),
            .init(title: "ATK", alignment: .right), .init(title: "DEF", alignment: .right),
            .init(title: "SPA", alignment: .right), .init(title: "SPD", alignment: .right),
            .init(title: "SPE", alignment: .right), .init(title: "FAV", alignment: .left),
        ])
        return table.format(
            pokemon.map {
                [
                    String($0.id),
                    english ? $0.name : SpeciesNames.name(of: $0, wording: wording) ?? $0.name,
                    $0.types.map { english ? $0.rawValue : wording.typeName($0) }
                        .joined(separator: "/"),
                    String($0.hp), String($0.attack), String($0.defense),
                    String($0.specialAttack), String($0.specialDefense), String($0.speed),
                    $0.favorite ? "★" : "",
                ]
            })
    }

    static func details(_ pokemon: Pokemon) -> String {
        let facts: [(String, String)] = [
            ("types", pokemon.types.map(\.rawValue).joined(separator: ", ")),
            ("hp", String(pokemon.hp)),
            ("attack", String(pokemon.attack)),
            ("defense", String(pokemon.defense)),
            ("sp. attack", String(pokemon.specialAttack)),
            ("sp. defense", String(pokemon.specialDefense)),
            ("speed", String(pokemon.speed)),
            ("total", String(pokemon.baseStatTotal)),
            ("height", "\(Double(pokemon.height) / 10) m"),
            ("weight", "\(Double(pokemon.weight) / 10) kg"),
            (
                "abilities",
                pokemon.abilities.isEmpty ? "—" : pokemon.abilities.joined(separator: ", ")
            ),
            ("base exp.", pokemon.baseExperience.map(String.init) ?? "—"),
            ("sprite", pokemon.sprite?.absoluteString ?? "—"),
        ]
        let width = facts.map(\.0.count).max() ?? 0
        let lines = facts.map { label, value in
            label + String(repeating: " ", count: width - label.count + 2) + value
        }
        let title = "#\(pokemon.id) \(pokemon.name)\(pokemon.favorite ? "  ★ favorite" : "")"
        return ([title] + lines).joined(separator: "\n")
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
