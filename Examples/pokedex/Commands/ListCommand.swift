import Foundation
import PokedexKit

/// The `list` command: lists stored Pokémon as a table, or as JSON with `--json`.
///
/// `pokedex list [--type T] [--name TEXT] [--min-attack N] [--favorites] [--sort KEY]
/// [--limit N] [--json] [--store PATH | --in-memory]`
struct ListCommand {
    let filter: PokemonFilter
    let json: Bool
    let location: StoreLocation

    init(_ words: [String]) throws(UsageError) {
        let arguments = try Arguments(
            words,
            spec: .init(
                options: [
                    "type", "name", "min-attack", "min-hp", "min-defense", "min-speed", "sort",
                    "limit", "store",
                ],
                flags: ["favorites", "json", "in-memory"]))
        var filter = PokemonFilter()
        filter.name = arguments.options["name"]
        if let types = arguments.options["type"] {
            filter.types = try Self.types(types)
        }
        let thresholds: [(String, Stat)] = [
            ("min-attack", .attack), ("min-hp", .hp), ("min-defense", .defense),
            ("min-speed", .speed),
        ]
        for (option, stat) in thresholds {
            filter.minimumStats[stat] = try arguments.option(
                option, as: { Int($0) }, expected: "a whole number")
        }
        filter.favoritesOnly = arguments.flag("favorites")
        filter.sort = try Self.sort(arguments.options["sort"] ?? "id")
        filter.limit = try arguments.option(
            "limit", as: { Int($0).flatMap { $0 >= 0 ? $0 : nil } },
            expected: "a number of Pokémon (0 or more)")
        self.filter = filter
        json = arguments.flag("json")
        location = try StoreLocation(arguments, allowsInMemory: true)
    }

    static func types(_ text: String) throws(UsageError) -> [PokemonType] {
        var types: [PokemonType] = []
        for name in text.lowercased().split(separator: ",") {
            let type = PokemonType(rawValue: name.trimmingCharacters(in: .whitespaces))
            guard type.isKnown else {
                throw UsageError(
                    "--type expects types such as fire or water,flying; '\(type)' is not one of "
                        + PokemonType.known.map(\.rawValue).joined(separator: ", "))
            }
            types.append(type)
        }
        guard !types.isEmpty else { throw UsageError("--type needs at least one type") }
        return types
    }

    static func sort(_ text: String) throws(UsageError) -> PokemonSort {
        let descending = text.hasPrefix("-")
        let key = descending ? String(text.dropFirst()) : text
        let direction: SortKey<Pokemon>.Direction = descending ? .descending : .ascending
        switch key {
        case "id": return .id(direction)
        case "name": return .name(direction)
        case "hp": return .stat(.hp, direction)
        case "attack": return .stat(.attack, direction)
        case "defense": return .stat(.defense, direction)
        case "speed": return .stat(.speed, direction)
        default:
            throw UsageError(
                "--sort expects id, name, hp, attack, defense or speed (add - to descend), "
                    + "not '\(text)'")
        }
    }

    func run() async throws {
        let store = try await OpenedStore.forReading(location)
        let (result, matching) = try await store.withPokedex { pokedex in
            (
                try await pokedex.pokemon(matching: filter),
                try await pokedex.count(where: filter.condition)
            )
        }
        if json {
            Console.out(try PokemonOutput.json(result.records))
            return
        }
        if result.records.isEmpty {
            Console.out(
                result.totalCount == 0
                    ? "The store is empty; run 'pokedex sync' first."
                    : "No Pokémon match (\(result.totalCount) stored).")
            return
        }
        Console.out(PokemonOutput.table(result.records))
        Console.out(
            "\(result.records.count) shown of \(matching) matching; "
                + "\(result.totalCount) stored in all.")
    }
}
