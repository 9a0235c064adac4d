import Foundation
import PokeAPITestServer
import PokedexKit
import PokedexOfflineData
import TestSupport
import Testing

@Suite("Pokedex.sync brings each Pokémon's learnset and moves; the Pokédex answers from them")
struct PokedexLearnsetSyncTests {
    /// A Pokémon's learnset as `Data/pokeapi/all/pokemon/<id>.json` has it, read with
    /// `JSONSerialization`, not with the model's decoder: each entry's id.
    static func rawLearnset(of id: Int) throws -> Set<String> {
        let moves = try RepositoryData.object(.pokemon, id)["moves"] as? [[String: Any]] ?? []
        var ids: Set<String> = []
        for move in moves {
            let moveID = try #require(Raw.id(move["move"]))
            for detail in move["version_group_details"] as? [[String: Any]] ?? [] {
                let method = try #require(Raw.name(detail["move_learn_method"]))
                let level = try #require(detail["level_learned_at"] as? Int)
                let group = try #require(Raw.name(detail["version_group"]))
                ids.insert("\(id):\(moveID):\(method):\(level):\(group)")
            }
        }
        return ids
    }

    @Test("a full sync from the bundle stores every Pokémon's learnset as the raw data has it")
    func everyLearnsetMatchesTheRawData() async throws {
        let client = PokeAPIClient(
            configuration: .init(maxConcurrentRequests: 32), transport: BundledPokeAPITransport())
        let (database, _, pokedex) = try await MemoryPokedex(client: client).parts
        let ids = try RepositoryData.ids(.pokemon)
        let progress = try await pokedex.syncAll(ids)
        #expect(progress.saved == 1351 && progress.failures.isEmpty)
        let moves = try await pokedex.syncEvery(.move)
        #expect(moves.saved + moves.skipped == 937)
        let stored = try await database.read { snapshot in
            try snapshot[LearnsetEntry.self].fetch(RecordQuery())
        }
        #expect(stored.count == 77_622)
        let byPokemon = Dictionary(grouping: stored, by: \.pokemonID)
        var withMoves = 0
        for id in ids {
            let raw = try Self.rawLearnset(of: id)
            let kept = Set(byPokemon[id]?.map(\.id) ?? [])
            #expect(kept == raw, "Pokémon \(id)")
            if !raw.isEmpty { withMoves += 1 }
        }
        #expect(withMoves == 1268)
        #expect(try await database.read { $0[Move.self].count } == 937)
    }

    @Test(
        "from a server: each move requested once, nothing again, a refresh puts the learnset back")
    func fromServer() async throws {
        try await withTestServer(.learnsets) { (server: TestServer) async throws in
            let (database, _, pokedex) = try await MemoryPokedex(client: .local(server)).parts
            try await pokedex.syncAll(4...6)
            var expected: Set<String> = []
            for id in 4...6 { expected.formUnion(try Self.rawLearnset(of: id)) }
            let entries = try database.store(for: LearnsetEntry.self)
            #expect(Set(try await entries.fetch(RecordQuery()).map(\.id)) == expected)
            let stats = try await server.stats()
            let moveIDs = Set(expected.compactMap { Int($0.split(separator: ":")[1]) })
            #expect(stats.requestedIDs(of: "move") == moveIDs)
            #expect(
                stats.entries.filter { $0.key.hasPrefix("move/") }.values.allSatisfy { $0 == 1 })

            try await server.resetStats()
            let again = try await pokedex.syncAll(4...6)
            #expect(again.skipped == 3 && again.total == 0)
            #expect(try await server.stats().total == 0)

            // A learnset changed in the store is the service's again after a refresh: the
            // entry removed comes back, the one added goes.
            let removed = try #require(
                try await entries.fetch(RecordQuery(where: \.pokemonID == 6)).first)
            try await entries.delete(id: removed.id)
            let added = LearnsetEntry(
                pokemonID: 6, moveID: removed.moveID, method: .tutor, level: 99,
                versionGroup: "red-blue")
            try await entries.insert(added)
            try await pokedex.syncAll([6], mode: .refresh)
            #expect(Set(try await entries.fetch(RecordQuery()).map(\.id)) == expected)
        }
    }

    @Test("the learnset by method, level-up in level order; a move by id or name; its learners")
    func pokedexAnswers() async throws {
        let client = PokeAPIClient(transport: BundledPokeAPITransport())
        let (_, _, pokedex) = try await MemoryPokedex(client: client).parts
        try await pokedex.syncAll(1...9)
        try await pokedex.syncAll([25])

        let learnset = try await pokedex.learnset(ofPokemon: 6)
        #expect(learnset.count == (try Self.rawLearnset(of: 6)).count)
        #expect(learnset.groups.map(\.method) == learnset.groups.map(\.method).sorted())
        #expect(learnset.groups.first?.method == .levelUp)
        let levels = learnset[.levelUp].map(\.entry.level)
        #expect(levels == levels.sorted() && !levels.isEmpty)
        #expect(
            learnset[.levelUp].contains { $0.move.name == "flamethrower" && $0.entry.level == 30 })
        let machines = learnset[.machine].map(\.move.displayName)
        #expect(machines == machines.sorted())
        #expect(try await pokedex.learnset(ofPokemon: 9999).isEmpty)

        let flamethrower = try #require(try await pokedex.move(named: " Flamethrower "))
        #expect(flamethrower.id == 53)
        #expect(try await pokedex.move(id: 53) == flamethrower)
        #expect(try await pokedex.move(named: "flamethrowr") == nil)

        let learners = try await pokedex.learners(ofMove: 53)
        #expect(learners.map(\.pokemon.id) == [4, 5, 6])
        #expect(learners.allSatisfy { $0.entries.allSatisfy { $0.moveID == 53 } })
        let byEgg = try await pokedex.learners(ofMove: 53, by: .egg)
        #expect(byEgg.isEmpty)

        var filter = PokemonFilter(learnsMoveID: 53, learnMethod: .levelUp)
        #expect(try await pokedex.pokemon(matching: filter).records.map(\.id) == [4, 5, 6])
        filter.learnMethod = .egg
        #expect(try await pokedex.pokemon(matching: filter).records.isEmpty)
    }

    @Test("a Pokédex that keeps no learnsets says so")
    func withoutLearnsets() async throws {
        let client = PokeAPIClient(transport: BundledPokeAPITransport())
        let (_, _, pokedex) = try await MemoryPokedex(
            client: client, models: [Pokemon.self, PokemonSpecies.self]
        ).parts
        try await pokedex.syncAll([6])
        await #expect(throws: StoreError.self) { try await pokedex.learnset(ofPokemon: 6) }
        await #expect(throws: StoreError.self) { try await pokedex.move(id: 53) }
    }
}
