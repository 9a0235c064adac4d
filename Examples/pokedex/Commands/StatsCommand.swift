import Foundation
import PokedexKit
import PokedexOfflineData

/// `pokedex stats`: what a store holds: its Pokémon by the generation that introduced their
/// species (with how much of each generation that is), by type, and the average base stats
/// of each type — every number computed by the store (`Pokedex.statistics()`).
struct StatsCommand: Command {
    static let spec = CommandSpec(
        name: "stats",
        summary: "Count Pokémon by generation and type; average base stats by type.",
        options: [
            .option(CommonOptions.language), .option(CommonOptions.json),
            CommonOptions.storeOrInMemory,
        ],
        discussion: ["--lang names the types and headings; the summary line is in English."])

    let json: Bool
    let wording: Wording
    let location: StoreChoice

    init(_ arguments: Arguments) {
        json = arguments[CommonOptions.json]
        wording = Wording(language: arguments[CommonOptions.language])
        location = StoreChoice(arguments)
    }

    func run() async throws {
        let store = try await OpenedStore.forReading(location)
        let statistics = try await store.withPokedex { try await $0.statistics() }
        let byType = statistics.countsByType.sorted {
            ($1.value, $0.key.rawValue) < ($0.value, $1.key.rawValue)
        }
        if json {
            struct Document: Encodable {
                var stored: Int
                var favorites: Int
                var lowestID: Int?
                var highestID: Int?
                var generations: [GenerationCount]
                var types: [String: Int]
                var averageStats: [String: BaseStatAverages]
            }
            let document = Document(
                stored: statistics.stored, favorites: statistics.favorites,
                lowestID: statistics.lowestID, highestID: statistics.highestID,
                generations: statistics.generations,
                types: Dictionary(uniqueKeysWithValues: byType.map { ($0.key.rawValue, $0.value) }),
                averageStats: Dictionary(
                    uniqueKeysWithValues: statistics.averageStatsByType.map {
                        ($0.key.rawValue, $0.value)
                    }))
            Console.out(try PokemonOutput.encode(document))
            return
        }
        Console.out(Self.summary(statistics))
        let generations = TableFormatter(columns: [
            .init(title: wording(.generationColumn), alignment: .right),
            .init(title: wording(.speciesColumn), alignment: .right),
            .init(title: wording(.pokemonColumn), alignment: .right),
        ])
        Console.out("")
        Console.out(
            generations.format(
                statistics.generations.map {
                    [
                        String($0.generation), "\($0.species) of \($0.speciesTotal)",
                        String($0.pokemon),
                    ]
                }))
        let types = TableFormatter(columns: [
            .init(title: wording(.typeUpperColumn), alignment: .left),
            .init(title: wording(.countColumn), alignment: .right),
        ])
        let english = wording.language == .english
        let name = { (type: PokemonType) in english ? type.rawValue : wording.typeName(type) }
        Console.out("")
        Console.out(types.format(byType.map { [name($0.key), String($0.value)] }))
        Console.out("")
        Console.out(averages(statistics.averageStatsByType, in: byType.map(\.key), name: name))
    }

    /// The table of average base stats by type, its title above it: one decimal each, the
    /// types in `order`.
    func averages(
        _ averages: [PokemonType: BaseStatAverages], in order: [PokemonType],
        name: (PokemonType) -> String
    ) -> String {
        let headings: [Phrase] = [
            .hp, .attack, .defense, .specialAttack, .specialDefense, .speed, .total,
        ]
        let table = TableFormatter(
            columns: [.init(title: wording(.typeUpperColumn), alignment: .left)]
                + headings.map { .init(title: wording($0), alignment: .right) })
        let rows = order.compactMap { type -> [String]? in
            guard let stats = averages[type] else { return nil }
            let values = [
                stats.hp, stats.attack, stats.defense, stats.specialAttack,
                stats.specialDefense, stats.speed, stats.total,
            ]
            return [name(type)] + values.map { String(format: "%.1f", $0) }
        }
        return wording(.averageStatsByType) + "\n\n" + table.format(rows)
    }

    /// The first line: how many Pokémon, of how many of the species, and the favorites.
    ///
    /// Such as `1351 Pokémon stored (ids 1–10326): every one of the 1025 species; 2 favorites.`
    static func summary(_ statistics: PokedexStatistics) -> String {
        let range =
            statistics.lowestID.flatMap { low in
                statistics.highestID.map { " (ids \(low)–\($0))" }
            } ?? ""
        let species = statistics.generations.reduce(0) { $0 + $1.species }
        let total = statistics.generations.reduce(0) { $0 + $1.speciesTotal }
        let coverage =
            species == total
            ? "every one of the \(total) species" : "\(species) of the \(total) species"
        let favorites = "\(statistics.favorites) favorite\(statistics.favorites == 1 ? "" : "s")"
        return "\(statistics.stored) Pokémon stored\(range): \(coverage); \(favorites)."
    }
}
