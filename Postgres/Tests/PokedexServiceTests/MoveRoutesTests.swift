import Foundation
import PokedexKit
import PokedexOfflineData
import PostgresTestServer
import Testing

/// `pokedex-service`'s moves and learnsets, and `?lang=`.
@Suite("pokedex-service: moves, learnsets and languages")
struct MoveRoutesTests {
    struct MoveAnswer: Decodable {
        struct Learner: Decodable {
            struct LearnedBy: Decodable {
                let method: String
                let level: Int?
            }
            let id: Int
            let name: String
            let methods: [LearnedBy]
        }
        let id: Int
        let name: String
        let displayName: TranslatedText?
        let type: PokemonType
        let power: Int?
        let effect: TranslatedText?
        let learners: [Learner]
    }

    struct LearnsetAnswer: Decodable {
        struct Group: Decodable {
            struct Learned: Decodable {
                let name: String
                let displayName: TranslatedText?
                let level: Int?
            }
            let method: String
            let moves: [Learned]
        }
        let pokemonID: Int
        let count: Int
        let groups: [Group]
    }

    struct Refusal: Decodable {
        let error: String
        let parameter: String?
    }

    /// The bundled records, moves and learnsets included, in a Pokédex in memory.
    static func memory() async throws -> Pokedex {
        let database = try InMemoryModelDatabase(for: PokedexModels.all)
        let bundled = try PokedexRecords.bundled()
        _ = try await database.transaction { bundled.write(toEmptyTablesOf: &$0) }
        return Pokedex(
            store: try database.store(for: Pokemon.self), database: database,
            client: PokeAPIClient(transport: BundledPokeAPITransport()))
    }

    @Test("a move by number or name, in a language, with every Pokémon that learns it, and how")
    func moveRoute() async throws {
        let database = try await PostgresTestServer.shared().makeDatabase()
        try await ServiceInstance.withInstances(1, on: database) { instances in
            let instance = instances[0]
            let memory = try await Self.memory()
            let byName = try await instance.json(
                "GET", "/moves/flamethrower", as: MoveAnswer.self)
            let byNumber = try await instance.json("GET", "/moves/53", as: MoveAnswer.self)
            #expect(byName.id == 53 && byNumber.id == 53)
            #expect(byName.type == .fire && byName.power == 90)
            #expect(byName.displayName?.text == "Flamethrower")
            let learners = try await memory.learners(ofMove: 53)
            #expect(byName.learners.map(\.id) == learners.map(\.pokemon.id))
            #expect(byName.learners.count == 267)
            let charizard = try #require(byName.learners.first { $0.name == "charizard" })
            #expect(charizard.methods.contains { $0.method == "level-up" && $0.level == 30 })

            let german = try await instance.json(
                "GET", "/moves/Flammenwurf?lang=de", as: MoveAnswer.self)
            #expect(german.id == 53)
            #expect(german.displayName?.text == "Flammenwurf")
            #expect(german.displayName?.language == "de")
            // The bundle keeps effects in English: given, and marked as a fallback.
            #expect(german.effect?.isFallback == true)
        }
    }

    @Test("a Pokémon's learnset by method, level-up in level order, names in a language")
    func learnsetRoute() async throws {
        let database = try await PostgresTestServer.shared().makeDatabase()
        try await ServiceInstance.withInstances(1, on: database) { instances in
            let instance = instances[0]
            let memory = try await Self.memory()
            let expected = try await memory.learnset(ofPokemon: 6)
            let answer = try await instance.json(
                "GET", "/pokemon/6/moves", as: LearnsetAnswer.self)
            #expect(answer.pokemonID == 6)
            #expect(answer.count == expected.count)
            #expect(answer.groups.map(\.method) == expected.groups.map(\.method.rawValue))
            #expect(
                answer.groups.map { $0.moves.map(\.name) }
                    == expected.groups.map { $0.moves.map(\.move.name) })
            let levels = try #require(answer.groups.first { $0.method == "level-up" })
                .moves.compactMap(\.level)
            #expect(levels == levels.sorted())

            let japanese = try await instance.json(
                "GET", "/pokemon/6/moves?lang=ja_JP.UTF-8", as: LearnsetAnswer.self)
            let names = japanese.groups.flatMap(\.moves).compactMap(\.displayName)
            #expect(!names.isEmpty && names.allSatisfy { $0.language == "ja" })
        }
    }

    @Test("an entry in the language ?lang= asks for, as the Pokédex makes it")
    func entryInALanguage() async throws {
        let database = try await PostgresTestServer.shared().makeDatabase()
        try await ServiceInstance.withInstances(1, on: database) { instances in
            let memory = try await Self.memory()
            for language: PokedexLanguage in ["de", "ja", "zh-hant"] {
                let entry = try await instances[0].json(
                    "GET", "/pokemon/6/entry?lang=\(language)", as: PokedexEntry.self)
                #expect(entry == (try await memory.entry(id: 6, in: language)), "\(language)")
            }
        }
    }

    @Test("an unknown move or Pokémon is a 404, a malformed id or language a 400")
    func refusals() async throws {
        let database = try await PostgresTestServer.shared().makeDatabase()
        try await ServiceInstance.withInstances(1, on: database) { instances in
            let cases: [(path: String, status: Int, parameter: String, message: String)] = [
                ("/moves/splash-of-nothing", 404, "move", "no move is numbered or named"),
                ("/moves/9999", 404, "move", "no move is numbered or named '9999'"),
                ("/pokemon/pikachu/moves", 400, "id", "id expects a whole number"),
                ("/pokemon/9999/moves", 404, "id", "no Pokémon has id 9999"),
                ("/moves/53?lang=%3Cscript%3E", 400, "lang", "lang expects a language"),
                ("/pokemon/6/moves?lang=", 400, "lang", "lang expects a language"),
                ("/pokemon/6/entry?lang=x%20y", 400, "lang", "lang expects a language"),
            ]
            for (path, status, parameter, message) in cases {
                let refusal = try await instances[0].json(
                    "GET", path, status: status, as: Refusal.self)
                #expect(refusal.parameter == parameter, "\(path)")
                #expect(refusal.error.contains(message), "\(path): \(refusal.error)")
            }
        }
    }
}
