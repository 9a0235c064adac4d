import Foundation
import PokedexKit
import PokedexOfflineData
import Testing

/// The learnset is a join from Pokémon to moves through two references; every relationship
/// feature works across it, in every backend.
@Suite("LearnsetEntry: conditions, related fetches, delete rules and live queries across it")
struct LearnsetRelationshipTests {
    /// Charmander, Charmeleon, Charizard and Pikachu, with the moves they learn and their
    /// learnsets, from the bundle.
    static let pokemonIDs = [4, 5, 6, 25]

    struct Sample {
        var pokemon: [Pokemon]
        var moves: [Move]
        var learnsets: [LearnsetEntry]
    }

    static func sample() throws -> Sample {
        let learnsets = try pokemonIDs.flatMap(BundledPokeAPI.learnset(ofPokemon:))
        return Sample(
            pokemon: try pokemonIDs.map { Pokemon(try BundledPokeAPI.pokemon(id: $0)) },
            moves: try Set(learnsets.map(\.moveID)).sorted().map(BundledPokeAPI.move(id:)),
            learnsets: learnsets)
    }

    /// Runs `body` over a database of every model holding the sample.
    func withSample(
        _ backend: PokedexBackend,
        _ body: (any ModelDatabase, Sample) async throws -> Void
    ) async throws {
        let sample = try Self.sample()
        try await backend.withDatabase { database, _ in
            try await database.transaction { transaction in
                transaction[Move.self].upsert(contentsOf: sample.moves)
                transaction[Pokemon.self].upsert(contentsOf: sample.pokemon)
                transaction[LearnsetEntry.self].upsert(contentsOf: sample.learnsets)
            }
            try await body(database, sample)
        }
    }

    @Test("conditions follow the references both ways", arguments: PokedexBackend.allCases)
    func conditions(backend: PokedexBackend) async throws {
        try await withSample(backend) { database, sample in
            let learners = Set(sample.learnsets.filter { $0.moveID == 53 }.map(\.pokemonID))
            #expect(learners == [4, 5, 6], "flamethrower: the Charmander line, not Pikachu")
            let learnsFlamethrower: Condition<Pokemon> = .anyReferrer(
                LearnsetEntry.self, through: \.pokemonID, where: \.moveID == 53)
            let found = try await database.store(for: Pokemon.self).fetch(
                RecordQuery(where: learnsFlamethrower, sortedBy: [.ascending(\.id)]))
            #expect(found.map(\.id) == [4, 5, 6])

            let fireMoves = Set(sample.moves.filter { $0.type == .fire }.map(\.id))
            let fireEntries: Condition<LearnsetEntry> =
                \.pokemonID == 6 && .reference(\.moveID, to: Move.self, where: \.type == .fire)
            let entries = try await database.store(for: LearnsetEntry.self).fetch(
                RecordQuery(where: fireEntries))
            #expect(!entries.isEmpty)
            #expect(
                Set(entries.map(\.id))
                    == Set(
                        sample.learnsets.filter {
                            $0.pokemonID == 6 && fireMoves.contains($0.moveID)
                        }
                        .map(\.id)))

            let byMachine: Condition<Move> = .anyReferrer(
                LearnsetEntry.self, through: \.moveID,
                where: \.pokemonID == 25 && \.method == .machine)
            let count = try await database.store(for: Move.self).count(where: byMachine)
            #expect(
                count
                    == Set(
                        sample.learnsets.filter { $0.pokemonID == 25 && $0.method == .machine }
                            .map(\.moveID)
                    ).count)
        }
    }

    @Test(
        "related fetches bring each entry's move, and each move's entries",
        arguments: PokedexBackend.allCases)
    func relatedFetches(backend: PokedexBackend) async throws {
        try await withSample(backend) { database, sample in
            let rows = try await database.fetch(
                RecordQuery<LearnsetEntry>(where: \.pokemonID == 6), including: \.moveID,
                from: Move.self)
            #expect(rows.count == sample.learnsets.count { $0.pokemonID == 6 })
            #expect(rows.allSatisfy { $0.related?.id == $0.record.moveID })

            let flamethrower = try await database.fetch(
                RecordQuery<Move>(where: \.id == 53), includingAll: \LearnsetEntry.moveID)
            #expect(
                flamethrower.first?.related.map(\.id).sorted()
                    == sample.learnsets.filter { $0.moveID == 53 }.map(\.id).sorted())
            #expect(Set(flamethrower.first?.related.map(\.pokemonID) ?? []) == [4, 5, 6])
        }
    }

    @Test(
        "deleting a Pokémon deletes its learnset; a learned move cannot be deleted; an entry must name both",
        arguments: PokedexBackend.allCases)
    func deleteRules(backend: PokedexBackend) async throws {
        try await withSample(backend) { database, sample in
            let entries = try database.store(for: LearnsetEntry.self)
            await #expect(throws: StoreError.self) {
                try await database.transaction { _ = $0[Move.self].delete(id: 53) }
            }
            do {
                try await database.transaction { _ = $0[Move.self].delete(id: 53) }
            } catch let error as StoreError {
                #expect(error.code == .deleteDenied)
            }
            #expect(try await database.store(for: Move.self).fetch(id: 53) != nil)

            try await database.store(for: Pokemon.self).delete(id: 6)
            #expect(try await entries.count(where: \.pokemonID == 6) == 0)
            #expect(
                try await entries.count(where: .true)
                    == sample.learnsets.count { $0.pokemonID != 6 })

            let stray = LearnsetEntry(
                pokemonID: 6, moveID: 53, method: .levelUp, level: 30,
                versionGroup: "scarlet-violet")
            do {
                try await entries.insert(stray)
                Issue.record("an entry of a Pokémon that is not stored was written")
            } catch let error as StoreError {
                #expect(error.code == .danglingReference)
            }
            // With its Pokémon gone, flamethrower is no longer learned by Charizard; a move
            // no one learns may go.
            let unlearned = try #require(
                sample.moves.first { move in
                    !sample.learnsets.contains { $0.moveID == move.id && $0.pokemonID != 6 }
                })
            try await database.store(for: Move.self).delete(id: unlearned.id)
        }
    }

    @Test(
        "a live query through the learnset sees the entries a commit adds",
        arguments: PokedexBackend.allCases)
    func liveQuery(backend: PokedexBackend) async throws {
        try await withSample(backend) { database, _ in
            let learnsFlamethrower: Condition<Pokemon> = .anyReferrer(
                LearnsetEntry.self, through: \.pokemonID, where: \.moveID == 53)
            let results = try await database.store(for: Pokemon.self).observe(
                RecordQuery(where: learnsFlamethrower, sortedBy: [.ascending(\.id)]))
            var seen: [[Int]] = []
            for await result in results {
                seen.append(result.records.map(\.id))
                if seen.count == 1 {
                    try await database.store(for: LearnsetEntry.self).insert(
                        LearnsetEntry(
                            pokemonID: 25, moveID: 53, method: .tutor,
                            versionGroup: "scarlet-violet"))
                }
                if seen.count == 2 { break }
            }
            #expect(seen == [[4, 5, 6], [4, 5, 6, 25]])
        }
    }
}
