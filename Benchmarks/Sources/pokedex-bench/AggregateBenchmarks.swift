import Foundation
import PokedexKit

/// Group 13's aggregate rows: an `AggregateQuery` in memory against a hand-written loop.
///
/// The query is compiled once, as a `CompiledAggregateQuery`, then applied to an array; the
/// baseline is the Swift loop a developer writes for the same groups over the same array,
/// its groups sorted as the query's. Target ≤ 1.5×.
///
/// Two queries: the Pokémon of each type with their average attack (`.count` and
/// `.average(\.attack)` grouped by the elements of `types`, a record in the group of each of
/// its distinct types), and the same grouped by an attribute, `speciesID`. The 1,351
/// bundled Pokémon take too little time to measure well, so both sides run over 100,000
/// records (`--quick`: 20,000): the bundled Pokémon repeated with fresh ids, so that the
/// values keep the real distribution.
enum AggregateBenchmarks {
    /// One group's numbers: its value as text, its count, its average attack.
    struct Group: Equatable {
        var key: String
        var count: Int
        var averageAttack: Double
    }

    static func run(
        _ bench: Bench, families: PokedexRecords, group: String
    ) async throws -> [Result] {
        let records = repeated(families.pokemon, to: bench.quick ? 20_000 : 100_000)
        let size = "\(records.count.formatted()) Pokémon"
        return [
            try await row(
                bench, group: group, name: "count and average attack by type, in memory, \(size)",
                AggregateQuery(.count, .average(\.attack), groupedBy: [.elements(of: \.types)]),
                "grouped by .elements(of: \\.types)", records,
                handWritten: { records in
                    groups(records) { pokemon, add in
                        for (index, type) in pokemon.types.enumerated()
                        where !pokemon.types[..<index].contains(type) {
                            add(type)
                        }
                    }.sorted { $0.key < $1.key }.map { ($0.key.rawValue, $0.value) }
                }),
            try await row(
                bench, group: group,
                name: "count and average attack by species, in memory, \(size)",
                AggregateQuery(.count, .average(\.attack), groupedBy: [\.speciesID]),
                "grouped by \\.speciesID", records,
                handWritten: { records in
                    groups(records) { pokemon, add in add(pokemon.speciesID ?? -1) }
                        .sorted { $0.key < $1.key }.map { (String($0.key), $0.value) }
                }),
        ]
    }

    /// One query against its hand-written loop, which returns each group's key as text with
    /// its count and sum of attack, in the query's order.
    static func row(
        _ bench: Bench, group: String, name: String, _ query: AggregateQuery<Pokemon>,
        _ grouping: String, _ records: [Pokemon],
        handWritten: @escaping ([Pokemon]) -> [(String, (count: Int, attack: Int))]
    ) async throws -> Result {
        let compiled = try query.compiled()
        let found = try groups(of: compiled.apply(to: records))
        let expected = handWritten(records).map { key, total in
            Group(
                key: key, count: total.count,
                averageAttack: Double(total.attack) / Double(total.count))
        }
        guard found.count == expected.count, found.count >= 18,
            zip(found, expected).allSatisfy({ lhs, rhs in
                lhs.key == rhs.key && lhs.count == rhs.count
                    && abs(lhs.averageAttack - rhs.averageAttack) < 1e-9
            })
        else {
            throw BenchmarkError.disagreement(
                "\(name): \(found.prefix(3)) against \(expected.prefix(3))")
        }
        return try await bench.compare(
            group: group, name: "\(name) (\(found.count) groups)", target: .atMost(1.5),
            candidate: (
                "CompiledAggregateQuery.apply(to:): .count, .average(\\.attack) \(grouping)",
                { blackHole(try compiled.apply(to: records)) }
            ),
            baseline: (
                "a Swift loop: a dictionary of count and sum of attack by group, sorted",
                { blackHole(handWritten(records)) }
            ),
            note: "the 1,351 bundled Pokémon repeated with fresh ids",
            repetitions: bench.quick ? 5 : 21)
    }

    /// `count` records: the Pokémon in order, again and again, each with a fresh id.
    static func repeated(_ pokemon: [Pokemon], to count: Int) -> [Pokemon] {
        (0..<count).map { index in
            var record = pokemon[index % pokemon.count]
            record.id = index + 1
            return record
        }
    }

    /// The groups as a developer computes them: one pass, a dictionary from each group a
    /// record is in (each key `keys` hands to its second argument) to the group's count and
    /// sum of attack.
    static func groups<Key: Hashable>(
        _ records: [Pokemon], keys: (Pokemon, (Key) -> Void) -> Void
    ) -> [Key: (count: Int, attack: Int)] {
        var totals: [Key: (count: Int, attack: Int)] = [:]
        for pokemon in records {
            keys(pokemon) { key in
                totals[key, default: (0, 0)].count += 1
                totals[key, default: (0, 0)].attack += pokemon.attack
            }
        }
        return totals
    }

    /// The query's rows as groups, each group's value as text (`-1` for `nil`).
    static func groups(of rows: [AggregateRow]) throws -> [Group] {
        try rows.map { row in
            let key: String
            switch row.groupValues.first {
            case .string(let text): key = text
            case .integer(let number): key = String(number)
            case .null: key = "-1"
            default: throw BenchmarkError.disagreement("an aggregate row \(row)")
            }
            guard case .integer(let count) = row.values.first,
                case .double(let average) = row.values.last
            else { throw BenchmarkError.disagreement("an aggregate row \(row)") }
            return Group(key: key, count: Int(count), averageAttack: average)
        }
    }
}
