import Foundation
import PokedexKit

/// 5. Decoding real PokeAPI entries.
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
        return [result]
    }
}
