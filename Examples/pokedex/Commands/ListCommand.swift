import Foundation
import PokedexKit
import PokedexOfflineData

/// `pokedex list`: stored Pokémon as a table, or as JSON, filtered and sorted.
struct ListCommand: Command {
    static let spec = CommandSpec(
        name: "list",
        summary: "List stored Pokémon as a table, or JSON with --json.",
        options: optionGroups,
        discussion: [
            "Example: pokedex list --type fire --min-speed 90 --sort -attack",
            "--weak-to reads the bundled type chart: pokedex list --weak-to rock",
            "--generation, --legendary and --mythical ask the stored species.",
            "--learns MOVE lists the Pokémon that learn a move: pokedex list --learns",
            "earthquake --by machine (the move by number or name, in any language).",
        ])

    /// The options in the order help lists them.
    private static var optionGroups: [OptionGroup] {
        var groups: [OptionGroup] = [.option(Options.type), .option(Options.name)]
        groups += Options.minimumStats.map { OptionGroup.option($0.option) }
        groups += [.option(Options.weakTo), .option(Options.generation)]
        groups += [.option(Options.legendary), .option(Options.mythical)]
        groups += [.option(Options.favorites), .option(Options.learns)]
        groups += [.option(LearnOptions.method)]
        groups += [.option(Options.sort), .option(CommonOptions.limit)]
        groups += [.option(CommonOptions.language), .option(CommonOptions.json)]
        groups += [CommonOptions.storeOrInMemory]
        return groups
    }

    /// The options of `list` alone.
    enum Options {
        /// `--type T[,T…]`: the types every Pokémon listed has.
        static let type = Option<[PokemonType]>(
            "type", "T[,T…]", help: "have every one of these types", default: [],
            shownAs: "any", convert: parsing(PokemonType.list(parsing:)))

        /// `--name TEXT`: a part of the name.
        static let name = Option<String?>(
            "name", "TEXT", help: "name contains TEXT, ignoring case and accents",
            convert: { text throws(InvalidValue) in text })

        /// `--min-hp N`, `--min-attack N`, …: the least value of a stat.
        static let minimumStats: [(stat: Stat, option: Option<Int?>)] = PokemonFilter
            .textStats.map { stat in
                let option = Option<Int?>(
                    "min-\(stat.rawValue)", "N", help: "\(stat.rawValue) at least N",
                    convert: expecting("a whole number") { Int($0) })
                return (stat, option)
            }

        /// `--weak-to TYPE`: Pokémon that take at least 2× from a type.
        static let weakTo = Option<PokemonType?>(
            "weak-to", "TYPE", help: "take at least 2× damage from TYPE (a type name)",
            convert: { text throws(InvalidValue) in
                guard let type = try? PokemonType(parsing: text) else {
                    let known = PokemonType.known.map(\.rawValue)
                    throw InvalidValue(
                        "expects a type, one of \(CommandSpec.alternatives(known)), not '\(text)'."
                            + NameMatcher.didYouMean(NameMatcher.closest(to: text, among: known)))
                }
                return type
            })

        /// `--generation N`: Pokémon whose species a generation introduced.
        static let generation = Option<Int?>(
            "generation", "N", help: "species introduced in generation N (1 for Red and Blue)",
            convert: expecting("a generation, 1 or more") { text in
                Int(text).flatMap { $0 >= 1 ? $0 : nil }
            })

        /// `--legendary`: Pokémon of legendary species only.
        static let legendary = Option.flag("legendary", help: "legendary species only")

        /// `--mythical`: Pokémon of mythical species only.
        static let mythical = Option.flag("mythical", help: "mythical species only")

        /// `--learns MOVE`: Pokémon that learn a move, by ``LearnOptions/method``.
        static let learns = Option<String?>(
            "learns", "MOVE", help: "learn MOVE (a number or a name)",
            convert: { text throws(InvalidValue) in
                guard !NameMatcher.key(text).isEmpty else {
                    throw InvalidValue("expects a move's number or name, not '\(text)'")
                }
                return text
            })

        /// `--favorites`: favorites only.
        static let favorites = Option.flag("favorites", help: "favorites only")

        /// `--sort KEY`: the order.
        static let sort = Option<PokemonSort>(
            "sort", "KEY", help: "\(ListCommand.sortKeyList); -KEY descends",
            default: .id(.ascending), shownAs: "id", convert: parsing(PokemonSort.init(parsing:)))

    }

    let filter: PokemonFilter
    /// The type of `--weak-to`, which ``run()`` turns into the filter's weakness with the
    /// bundled type chart.
    let weakTo: PokemonType?
    /// The move of `--learns`, as typed, which ``run()`` finds in the store.
    let learns: String?
    let json: Bool
    let wording: Wording
    let location: StoreChoice

    init(_ arguments: Arguments) throws(UsageError) {
        var filter = PokemonFilter()
        filter.name = arguments[Options.name]
        filter.types = arguments[Options.type]
        for (stat, option) in Options.minimumStats {
            filter.minimumStats[stat] = arguments[option]
        }
        filter.favoritesOnly = arguments[Options.favorites]
        filter.generation = arguments[Options.generation]
        filter.legendaryOnly = arguments[Options.legendary]
        filter.mythicalOnly = arguments[Options.mythical]
        filter.sort = arguments[Options.sort]
        filter.limit = arguments[CommonOptions.limit]
        filter.learnMethod = arguments[LearnOptions.method]
        learns = arguments[Options.learns]
        if filter.learnMethod != nil, learns == nil {
            throw UsageError("--by says how a move is learned: add --learns MOVE")
        }
        self.filter = filter
        weakTo = arguments[Options.weakTo]
        json = arguments[CommonOptions.json]
        wording = Wording(language: arguments[CommonOptions.language])
        location = StoreChoice(arguments)
    }

    /// The stored Pokémon whose species the store does not hold.
    static let withoutSpecies: Condition<Pokemon> =
        !.reference(\.speciesID, to: PokemonSpecies.self, where: .true)

    /// The sort keys as the help lists them: "id, name, … or speed", from
    /// `PokemonSort.textKeys`, the list that parsing and its errors read too.
    static var sortKeyList: String {
        let names = PokemonSort.textKeys
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }

    func run() async throws {
        var filter = filter
        if let weakTo {
            filter.weakness = TypeWeakness(
                to: weakTo, chart: TypeChart(try BundledPokeAPI.allTypes()))
        }
        let store = try await OpenedStore.forReading(location)
        let asksSpecies = filter.speciesCondition != nil
        let learns = learns
        let (found, matching, withoutSpecies, favorites) = try await store.withPokedex {
            pokedex in
            if let learns {
                filter.learnsMoveID = try await MoveFinder.find(learns, in: pokedex).id
            }
            return (
                try await pokedex.pokemon(matching: filter),
                try await pokedex.store.count(where: filter.condition),
                asksSpecies ? try await pokedex.store.count(where: Self.withoutSpecies) : 0,
                Set(try await pokedex.favorites().map(\.pokemonID))
            )
        }
        // The FAV column and the JSON's `favorite` say whether a Favorite record marks the
        // Pokémon; the records' own legacy flag is not shown.
        var result = found
        for index in result.records.indices {
            result.records[index].favorite = favorites.contains(result.records[index].id)
        }
        if withoutSpecies > 0 {
            // Stored by an earlier version, or synced without their species: the filters on
            // the species cannot see them until a sync completes them.
            Console.error(
                "note: \(withoutSpecies) stored Pokémon lack their species, which --generation,\n"
                    + "--legendary and --mythical ask about; 'pokedex sync' fetches them.")
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
        Console.out(PokemonOutput.table(result.records, wording: wording))
        Console.out(
            "\(result.records.count) shown of \(matching) matching; "
                + "\(result.totalCount) stored in all.")
    }
}
