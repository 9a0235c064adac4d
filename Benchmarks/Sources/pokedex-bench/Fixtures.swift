import Foundation
import PokedexKit

/// Real PokeAPI data from the library's test fixtures, and records made from it.
enum Fixtures {
    /// The repository's fixture folder (the benchmark runs from a clone).
    static let directory = URL(filePath: #filePath)
        .deletingLastPathComponent()  // pokedex-bench
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // Benchmarks
        .deletingLastPathComponent()  // repository
        .appending(path: "Tests/PokedexKitTests/Fixtures")

    /// The 151 trimmed entries, decoded.
    static func generationOne() throws -> [Pokemon] {
        try (1...151).map { id in
            let data = try Data(contentsOf: directory.appending(path: "trimmed/\(id).json"))
            return Pokemon(try JSONDecoder().decode(FetchedPokemon.self, from: data))
        }
    }

    /// The bytes of the six untrimmed entries (mew's 1.3 MB included).
    static func fullEntries() throws -> [Data] {
        try [1, 25, 132, 151, 10001, 10158].map {
            try Data(contentsOf: directory.appending(path: "full/\($0).json"))
        }
    }

    /// `count` Pokémon-shaped records: the 151 real ones repeated with fresh ids, so values
    /// have the real distribution.
    static func records(_ count: Int) throws -> [Pokemon] {
        let originals = try generationOne()
        return (0..<count).map { index in
            var record = originals[index % originals.count]
            record.id = index + 1
            record.favorite = index.isMultiple(of: 7)
            return record
        }
    }
}
