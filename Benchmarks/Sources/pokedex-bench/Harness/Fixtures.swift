import Foundation
import PokedexKit

/// Real PokeAPI data from the library's test fixtures, and records made from it.
enum Fixtures {
    /// The repository's root (the benchmark runs from a clone).
    ///
    /// It is as many folders up from `Postgres/Benchmarks/pokedex-postgres-bench/Harness`, a
    /// symbolic link to this folder, through which the PostgreSQL benchmark compiles this file.
    static let repository = URL(filePath: #filePath)
        .deletingLastPathComponent()  // Harness
        .deletingLastPathComponent()  // pokedex-bench
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // Benchmarks
        .deletingLastPathComponent()  // repository

    /// The repository's fixture folder.
    static let directory = repository.appending(path: "Tests/PokedexKitTests/Fixtures")

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

extension Fixtures {
    /// `count` Pokémon-shaped records with unique names: the 151 real ones repeated with
    /// fresh ids (``records(_:)``), each repetition after the first named with a suffix
    /// (`mew-7`), so that `name ==` selects exactly one record, as on a real Pokédex.
    static func uniquelyNamedRecords(_ count: Int) throws -> [Pokemon] {
        var records = try records(count)
        for index in records.indices where index >= 151 {
            records[index].name += "-\(index / 151)"
        }
        return records
    }

    /// `count` ids drawn from a range in a fixed pseudo-random order, the same every run.
    static func spreadIDs(_ count: Int, in range: ClosedRange<Int>) -> [Int] {
        var generator = SplitMix64(seed: 0x5EED)
        return (0..<count).map { _ in Int.random(in: range, using: &generator) }
    }

    /// A fresh temporary directory for one benchmark's files.
    static func makeTemporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appending(path: "pokedex-bench-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Runs `body` with a fresh temporary directory, and removes the directory afterwards,
    /// whether `body` returns or throws.
    static func withTemporaryDirectory<Value>(_ body: (URL) async throws -> Value)
        async throws -> Value
    {
        let directory = try makeTemporaryDirectory()
        do {
            let value = try await body(directory)
            try? FileManager.default.removeItem(at: directory)
            return value
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }
}

/// A small, fast generator with a fixed seed (SplitMix64), so that "random" inputs are the
/// same in every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
