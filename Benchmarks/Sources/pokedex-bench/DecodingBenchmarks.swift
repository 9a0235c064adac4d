import Foundation
import ModelStorage
import PokedexKit
import SQLiteStorage

/// 5. Decoding real PokeAPI entries, and encoding the records SQLiteStore stores.
enum DecodingBenchmarks {
    static func run(_ bench: Bench) async throws -> [Result] {
        let entries = try Fixtures.fullEntries()
        let bytes = entries.reduce(0) { $0 + $1.count }
        let rounds = bench.quick ? 2 : 10
        let decoder = JSONDecoder()
        var result = try await bench.compare(
            group: "5. Decoding", name: "6 full entries (\(bytes / 1024) KB) × \(rounds)",
            target: .atMost(1.3),
            candidate: (
                "JSONDecoder → FetchedPokemon",
                {
                    for _ in 0..<rounds {
                        for entry in entries {
                            blackHole(try decoder.decode(FetchedPokemon.self, from: entry))
                        }
                    }
                }
            ),
            baseline: (
                "JSONSerialization.jsonObject",
                {
                    for _ in 0..<rounds {
                        for entry in entries {
                            blackHole(try JSONSerialization.jsonObject(with: entry))
                        }
                    }
                }
            ))
        let megabytes = Double(bytes * rounds) / 1_048_576
        result.note = String(
            format: "%.0f MB/s decoding, %.0f MB/s JSONSerialization",
            megabytes / result.candidateMedianSeconds, megabytes / result.baselineMedianSeconds)
        return [result, try await recordEncoding(bench)]
    }

    /// The `_record` JSON of the 151 records, as SQLiteStore writes it, against the
    /// `JSONEncoder` it used before (same JSON value; checked once before timing).
    static func recordEncoding(_ bench: Bench) async throws -> Result {
        let records = try Fixtures.generationOne()
        let rounds = bench.quick ? 5 : 50
        let encoder = SQLRecordEncoder()
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.withoutEscapingSlashes]
        for record in records {
            let decoded = try JSONDecoder().decode(
                Pokemon.self, from: Data(try encoder.json(of: record).utf8))
            guard decoded == record else {
                throw BenchmarkError.disagreement("SQLRecordEncoder on \(record.name)")
            }
        }
        var result = try await bench.compare(
            group: "5. Decoding", name: "encoding 151 records' JSON × \(rounds)",
            target: .report,
            candidate: (
                "SQLRecordEncoder (SQLiteStore)",
                {
                    for _ in 0..<rounds {
                        for record in records { blackHole(try encoder.json(of: record)) }
                    }
                }
            ),
            baseline: (
                "JSONEncoder → String",
                {
                    for _ in 0..<rounds {
                        for record in records {
                            blackHole(
                                String(decoding: try foundation.encode(record), as: UTF8.self))
                        }
                    }
                }
            ))
        let count = Double(records.count * rounds)
        result.note = String(
            format: "%.2f µs a record, %.2f µs with JSONEncoder",
            result.candidateMedianSeconds / count * 1e6, result.baselineMedianSeconds / count * 1e6)
        return result
    }
}
