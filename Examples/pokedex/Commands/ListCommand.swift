import Foundation
import PokedexKit

/// `pokedex list`: stored Pokémon as a table, or as JSON, filtered and sorted.
struct ListCommand: Command {
    static let spec = CommandSpec(
        name: "list",
        summary: "List stored Pokémon as a table, or JSON with --json.",
        options: optionGroups,
        discussion: ["Example: pokedex list --type fire --min-speed 90 --sort -attack"])

    /// The options in the order help lists them.
    private static var optionGroups: [OptionGroup] {
        var groups: [OptionGroup] = [.option(Options.type), .option(Options.name)]
        groups += Options.minimumStats.map { OptionGroup.option($0.option) }
        groups += [.option(Options.favorites), .option(Options.sort), .option(Options.limit)]
        groups += [.option(CommonOptions.json), CommonOptions.storeOrInMemory]
        return groups
    }

    /// The options of `list` alone.
    enum Options {
        /// `--type T[,T…]`: the types every Pokémon listed has.
        static let type = Option<[PokemonType]>(
            "type", "T[,T…]", help: "have every one of these types", default: [],
            shownAs: "any", convert: ListCommand.types(_:))

        /// `--name TEXT`: a part of the name.
        static let name = Option<String?>(
            "name", "TEXT", help: "name contains TEXT, ignoring case and accents",
            convert: { text throws(InvalidValue) in text })

        /// `--min-hp N`, `--min-attack N`, …: the least value of a stat.
        static let minimumStats: [(stat: Stat, option: Option<Int?>)] = [
            Stat.hp, .attack, .defense, .speed,
        ].map { stat in
            let option = Option<Int?>(
                "min-\(stat.rawValue)", "N", help: "\(stat.rawValue) at least N",
                convert: expecting("a whole number") { Int($0) })
            return (stat, option)
        }

        /// `--favorites`: favorites only.
        static let favorites = Option.flag("favorites", help: "favorites only")

        /// `--sort KEY`: the order.
        static let sort = Option<PokemonSort>(
            "sort", "KEY", help: "\(ListCommand.sortKeyList); -KEY descends",
            default: .id(.ascending), shownAs: "id", convert: ListCommand.sort(_:))

        /// `--limit N`: at most this many.
        static let limit = Option<Int?>(
            "limit", "N", help: "show at most N",
            convert: expecting("a number of Pokémon (0 or more)") { text in
                Int(text).flatMap { $0 >= 0 ? $0 : nil }
            })
    }

    let filter: PokemonFilter
    let json: Bool
    let location: StoreLocation

    init(_ arguments: Arguments) {
        var filter = PokemonFilter()
        filter.name = arguments[Options.name]
        filter.types = arguments[Options.type]
        for (stat, option) in Options.minimumStats {
            filter.minimumStats[stat] = arguments[option]
        }
        filter.favoritesOnly = arguments[Options.favorites]
        filter.sort = arguments[Options.sort]
        filter.limit = arguments[Options.limit]
        self.filter = filter
        json = arguments[CommonOptions.json]
        location = StoreLocation(arguments)
    }

    /// Parses `fire` or `water,flying`: known types, at least one.
    static func types(_ text: String) throws(InvalidValue) -> [PokemonType] {
        var types: [PokemonType] = []
        for name in text.lowercased().split(separator: ",") {
            let type = PokemonType(rawValue: name.trimmingCharacters(in: .whitespaces))
            guard type.isKnown else {
                throw InvalidValue(
                    "expects types such as fire or water,flying; '\(type)' is not one of "
                        + PokemonType.known.map(\.rawValue).joined(separator: ", "))
            }
            types.append(type)
        }
        guard !types.isEmpty else { throw InvalidValue("needs at least one type") }
        return types
    }

    /// The keys `--sort` accepts, each with the order it names: the one list that parsing,
    /// the help and the error message all read.
    static let sortKeys:
        KeyValuePairs<String, @Sendable (SortKey<Pokemon>.Direction) -> PokemonSort> = [
            "id": { .id($0) }, "name": { .name($0) }, "hp": { .stat(.hp, $0) },
            "attack": { .stat(.attack, $0) }, "defense": { .stat(.defense, $0) },
            "speed": { .stat(.speed, $0) },
        ]

    /// The sort keys as the help and errors list them: "id, name, … or speed".
    static var sortKeyList: String {
        let names = sortKeys.map(\.key)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }

    /// Parses a sort key, such as `name` or `-attack` (descending).
    static func sort(_ text: String) throws(InvalidValue) -> PokemonSort {
        let descending = text.hasPrefix("-")
        let key = descending ? String(text.dropFirst()) : text
        guard let make = sortKeys.first(where: { $0.key == key })?.value else {
            throw InvalidValue("expects \(sortKeyList) (add - to descend), not '\(text)'")
        }
        return make(descending ? .descending : .ascending)
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
