import Foundation
import PokedexKit

/// `pokedex stats [--json] [--store PATH | --in-memory]`
struct StatsCommand {
    let json: Bool
    let location: StoreLocation

    init(_ words: [String]) throws(UsageError) {
        let arguments = try Arguments(
            words, spec: .init(options: ["store"], flags: ["json", "in-memory"]))
        json = arguments.flag("json")
        location = try StoreLocation(arguments, allowsInMemory: true)
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
                var types: [String: Int]
            }
            let document = Document(
                stored: statistics.stored, favorites: statistics.favorites,
                lowestID: statistics.lowestID, highestID: statistics.highestID,
                types: Dictionary(uniqueKeysWithValues: byType.map { ($0.key.rawValue, $0.value) }))
            Console.out(try PokemonOutput.encode(document))
            return
        }
        let range =
            statistics.lowestID.flatMap { low in
                statistics.highestID.map { " (ids \(low)–\($0))" }
            } ?? ""
        let expected = BundledIDs.count
        let loaded =
            statistics.stored >= expected
            ? "all \(expected) of the first generation loaded"
            : "\(statistics.stored) of the first generation's \(expected) loaded"
        Console.out(
            "\(statistics.stored) Pokémon stored\(range); \(loaded); "
                + "\(statistics.favorites) favorite\(statistics.favorites == 1 ? "" : "s").")
        let table = TableFormatter(columns: [
            .init(title: "TYPE", alignment: .left), .init(title: "COUNT", alignment: .right),
        ])
        Console.out(table.format(byType.map { [$0.key.rawValue, String($0.value)] }))
    }
}

/// The ids of the bundled data, which is what `sync` loads by default.
enum BundledIDs {
    static let count = 151
}
