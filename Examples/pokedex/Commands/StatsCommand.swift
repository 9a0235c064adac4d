import Foundation
import PokedexKit
import PokedexOfflineData

/// `pokedex stats`: counts of stored Pokémon, by type and of the first generation.
struct StatsCommand: Command {
    static let spec = CommandSpec(
        name: "stats",
        summary: "Count stored Pokémon: by type, and of the first generation.",
        options: [.option(CommonOptions.json), CommonOptions.storeOrInMemory])

    let json: Bool
    let location: StoreLocation

    init(_ arguments: Arguments) {
        json = arguments[CommonOptions.json]
        location = StoreLocation(arguments)
    }

    func run() async throws {
        let store = try await OpenedStore.forReading(location)
        let (statistics, missing) = try await store.withPokedex { pokedex in
            (
                try await pokedex.statistics(),
                try await pokedex.missingIDs(in: BundledPokeAPI.ids)
            )
        }
        let coverage = FirstGenerationCoverage(
            ids: BundledPokeAPI.ids, missing: missing, stored: statistics.stored)
        let byType = statistics.countsByType.sorted {
            ($1.value, $0.key.rawValue) < ($0.value, $1.key.rawValue)
        }
        if json {
            struct Document: Encodable {
                var stored: Int
                var favorites: Int
                var lowestID: Int?
                var highestID: Int?
                var firstGeneration: FirstGenerationCoverage
                var types: [String: Int]
            }
            let document = Document(
                stored: statistics.stored, favorites: statistics.favorites,
                lowestID: statistics.lowestID, highestID: statistics.highestID,
                firstGeneration: coverage,
                types: Dictionary(uniqueKeysWithValues: byType.map { ($0.key.rawValue, $0.value) }))
            Console.out(try PokemonOutput.encode(document))
            return
        }
        let range =
            statistics.lowestID.flatMap { low in
                statistics.highestID.map { " (ids \(low)–\($0))" }
            } ?? ""
        Console.out(
            "\(statistics.stored) Pokémon stored\(range); \(coverage.summary); "
                + "\(statistics.favorites) favorite\(statistics.favorites == 1 ? "" : "s").")
        let table = TableFormatter(columns: [
            .init(title: "TYPE", alignment: .left), .init(title: "COUNT", alignment: .right),
        ])
        Console.out(table.format(byType.map { [$0.key.rawValue, String($0.value)] }))
    }
}

/// How much of the first generation — the Pokémon of Red and Blue, a part of what `sync`
/// loads by default — a store holds, by id, and how many of its Pokémon are from outside it.
///
/// Counting ids, not records, keeps "all loaded" honest: a store of 151 Pokémon from a later
/// range is not the first generation, and one with a gap says which ids are missing.
struct FirstGenerationCoverage: Encodable {
    /// The first generation's size.
    var total: Int
    /// Its Pokémon in the store.
    var loaded: Int
    /// Its ids the store lacks, in order.
    var missing: [Int]
    /// Stored Pokémon whose ids are outside it (later generations, alternate forms).
    var outside: Int

    init(ids: ClosedRange<Int>, missing: [Int], stored: Int) {
        total = ids.count
        loaded = total - missing.count
        self.missing = missing
        outside = stored - loaded
    }

    /// The coverage as a phrase, such as `148 of the first generation's 151 loaded (missing
    /// 7, 12, 99)`.
    var summary: String {
        var text: String
        if missing.isEmpty {
            text = "all \(total) of the first generation loaded"
        } else if loaded == 0 {
            text = "none of the first generation's \(total) loaded"
        } else {
            text =
                "\(loaded) of the first generation's \(total) loaded "
                + "(missing \(IDRuns.describe(missing)))"
        }
        if outside > 0 { text += ", plus \(outside) outside it" }
        return text
    }
}
