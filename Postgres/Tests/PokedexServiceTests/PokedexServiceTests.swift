import Foundation
import PokedexKit
import PokedexOfflineData
import PostgresTestServer
import Testing

/// `pokedex-service`: two processes on one database of the private test server, answering
/// over HTTP on loopback.
@Suite("pokedex-service: two instances on one database")
struct PokedexServiceTests {
    /// What `GET /pokemon` answers.
    struct PokemonList: Decodable {
        let pokemon: [Pokemon]
        let matching: Int
        let stored: Int
        let version: UInt64
    }

    /// What a refusal answers.
    struct Refusal: Decodable {
        let error: String
        let parameter: String?
        let accepted: String?
    }

    /// A Pokédex in memory over the same records the service fills its empty store with, in
    /// a database that keeps favorites.
    static func memory() async throws -> Pokedex {
        let database = try InMemoryModelDatabase(for: PokedexModels.all)
        let store = try database.store(for: Pokemon.self)
        try await store.upsert(
            contentsOf: try BundledPokeAPI.allPokemonForms().map(Pokemon.init))
        return Pokedex(
            store: store, database: database,
            client: PokeAPIClient(transport: BundledPokeAPITransport()))
    }

    /// Query strings of `GET /pokemon`, each with the filter `pokedex list` makes of the same
    /// options, written out here by hand.
    static let listQueries: [(query: String, filter: PokemonFilter)] = [
        ("", PokemonFilter()),
        (
            "?type=fire,flying&sort=-attack",
            PokemonFilter(types: [.fire, .flying], sort: .attack(.descending))
        ),
        ("?name=char&min-attack=60", PokemonFilter(name: "char", minimumStats: [.attack: 60])),
        ("?name=MR&sort=-name", PokemonFilter(name: "MR", sort: .name(.descending))),
        (
            "?type=Water,%20poison&min-defense=60&sort=-defense",
            PokemonFilter(
                types: [.water, .poison], minimumStats: [.defense: 60],
                sort: .stat(.defense, .descending))
        ),
        (
            "?min-speed=90&min-hp=60&sort=name&limit=5",
            PokemonFilter(minimumStats: [.speed: 90, .hp: 60], sort: .name(.ascending), limit: 5)
        ),
        ("?sort=-hp&limit=10", PokemonFilter(sort: .stat(.hp, .descending), limit: 10)),
        ("?sort=speed&limit=0", PokemonFilter(sort: .stat(.speed, .ascending), limit: 0)),
        ("?type=dragon&limit=50", PokemonFilter(types: [.dragon], limit: 50)),
        (
            "?favorites=true&sort=-attack",
            PokemonFilter(favoritesOnly: true, sort: .attack(.descending))
        ),
        ("?favorites&sort=id", PokemonFilter(favoritesOnly: true)),
        ("?favorites=false&name=saur", PokemonFilter(name: "saur")),
        (
            "?weak-to=Rock&sort=-speed",
            PokemonFilter(sort: .stat(.speed, .descending), weakness: weakness(to: .rock))
        ),
        (
            "?weak-to=ground&type=electric",
            PokemonFilter(types: [.electric], weakness: weakness(to: .ground))
        ),
    ]

    /// The weakness to a type, from the bundled type chart.
    static func weakness(to type: PokemonType) -> TypeWeakness? {
        (try? BundledPokeAPI.allTypes()).map { TypeWeakness(to: type, chart: TypeChart($0)) }
    }

    /// Checks that every list query answers, through an instance, exactly what the Pokédex in
    /// memory gives: the same records in the same order, the same counts.
    static func expectListsMatch(
        _ instance: ServiceInstance, _ memory: Pokedex
    ) async throws {
        for (query, filter) in listQueries {
            let list = try await instance.json("GET", "/pokemon" + query, as: PokemonList.self)
            var expected = try await memory.pokemon(matching: filter)
            // The service answers each Pokémon with `favorite` saying whether it is one.
            let favorites = Set(try await memory.favorites().map(\.pokemonID))
            for index in expected.records.indices {
                expected.records[index].favorite = favorites.contains(expected.records[index].id)
            }
            // The ids first, so that a failure reads briefly; then the whole records.
            #expect(list.pokemon.map(\.id) == expected.records.map(\.id), "\(query)")
            if list.pokemon.map(\.id) == expected.records.map(\.id) {
                #expect(list.pokemon == expected.records, "\(query)")
            }
            #expect(list.stored == expected.totalCount, "\(query)")
            #expect(
                list.matching == (try await memory.store.count(where: filter.condition)),
                "\(query)")
        }
    }

    @Test("a list query answers what the Pokédex in memory gives over the same records")
    func listsMatchMemory() async throws {
        let database = try await PostgresTestServer.shared().makeDatabase()
        let memory = try await Self.memory()
        try await ServiceInstance.withInstances(2, on: database) { instances in
            // Favorites too, set through both instances, so that favorites=true selects some.
            for (instance, id) in [(instances[0], 6), (instances[1], 25), (instances[0], 149)] {
                _ = try await instance.json("PUT", "/pokemon/\(id)/favorite", as: Pokemon.self)
                try await memory.setFavorite(true, pokemonID: id)
            }
            for instance in instances {
                try await Self.expectListsMatch(instance, memory)
            }
            let all = try await instances[1].json("GET", "/pokemon", as: PokemonList.self)
            #expect(all.stored == 1351)
            #expect(all.pokemon.filter(\.favorite).map(\.id) == [6, 25, 149])
        }
    }

    @Test("a favorite set through one instance shows through the other at once, and cleared too")
    func favoritesAcrossInstances() async throws {
        let database = try await PostgresTestServer.shared().makeDatabase()
        try await ServiceInstance.withInstances(2, on: database) { instances in
            let (a, b) = (instances[0], instances[1])
            let before = try await b.json("GET", "/pokemon/25", as: Pokemon.self)
            #expect(!before.favorite)

            let set = try await a.json("PUT", "/pokemon/25/favorite", as: Pokemon.self)
            #expect(set.favorite)
            #expect(set.id == 25 && set.name == "pikachu")
            #expect(try await b.json("GET", "/pokemon/25", as: Pokemon.self).favorite)
            let favorites = try await b.json(
                "GET", "/pokemon?favorites=true", as: PokemonList.self)
            #expect(favorites.pokemon.map(\.id) == [25])
            #expect(favorites.matching == 1)
            // Setting it again is no error, and changes nothing.
            #expect(try await b.json("PUT", "/pokemon/25/favorite", as: Pokemon.self).favorite)

            let cleared = try await b.json("DELETE", "/pokemon/25/favorite", as: Pokemon.self)
            #expect(!cleared.favorite)
            #expect(!(try await a.json("GET", "/pokemon/25", as: Pokemon.self).favorite))
            let none = try await a.json("GET", "/pokemon?favorites=true", as: PokemonList.self)
            #expect(none.pokemon.isEmpty)
            #expect(none.matching == 0 && none.stored == 1351)
            #expect(none.version > favorites.version)
        }
    }

    @Test("the second instance finds the store filled by the first, and restarts keep it")
    func fillsOnce() async throws {
        let database = try await PostgresTestServer.shared().makeDatabase()
        try await ServiceInstance.withInstances(1, on: database) { instances in
            _ = try await instances[0].json("PUT", "/pokemon/1/favorite", as: Pokemon.self)
        }
        try await ServiceInstance.withInstances(2, on: database) { instances in
            for instance in instances {
                let list = try await instance.json("GET", "/pokemon", as: PokemonList.self)
                #expect(list.stored == 1351)
                #expect(list.pokemon.filter(\.favorite).map(\.id) == [1])
            }
        }
    }

    /// A request that must be refused, with the status, the parameter named and words the
    /// message must hold.
    struct Misuse: Sendable, CustomTestStringConvertible {
        var method = "GET"
        var path: String
        var status = 400
        var parameter: String?
        var message: String
        var testDescription: String { "\(method) \(path)" }
    }

    static let misuses: [Misuse] = [
        Misuse(
            path: "/pokemon/9999", status: 404, parameter: "id", message: "no Pokémon has id 9999"),
        Misuse(
            method: "PUT", path: "/pokemon/0/favorite", status: 404, parameter: "id",
            message: "no Pokémon has id 0"),
        Misuse(
            method: "DELETE", path: "/pokemon/1026/favorite", status: 404, parameter: "id",
            message: "no Pokémon has id 1026"),
        Misuse(
            path: "/pokemon/pikachu", parameter: "id",
            message: "id expects a whole number, such as 25, not 'pikachu'"),
        Misuse(
            method: "PUT", path: "/pokemon/x/favorite", parameter: "id",
            message: "id expects a whole number"),
        Misuse(
            path: "/pokemon?sort=weight", parameter: "sort",
            message:
                "sort expects id, name, hp, attack, defense or speed (add - to descend), not 'weight'"
        ),
        Misuse(
            path: "/pokemon?type=fire,plasma", parameter: "type",
            message: "type expects one or more of normal, fighting"),
        Misuse(path: "/pokemon?type=", parameter: "type", message: "not ''"),
        Misuse(
            path: "/pokemon?min-attack=lots", parameter: "min-attack",
            message: "min-attack expects a whole number, not 'lots'"),
        Misuse(
            path: "/pokemon?limit=-1", parameter: "limit",
            message: "limit expects a number of Pokémon (0 or more), not '-1'"),
        Misuse(
            path: "/pokemon?favorites=yes", parameter: "favorites",
            message: "favorites expects true or false, not 'yes'"),
        Misuse(
            path: "/pokemon?colour=red", parameter: "colour", message: "unknown parameter 'colour'"),
        Misuse(
            path: "/pokemon?min-special-attack=80", parameter: "min-special-attack",
            message: "unknown parameter"),
        Misuse(
            path: "/pokemon?sort=id&sort=name", parameter: "sort", message: "sort is given twice"),
        Misuse(path: "/berries", status: 404, message: "Not Found: GET /berries"),
        Misuse(
            path: "/pokemon?weak-to=plasma", parameter: "weak-to",
            message: "weak-to expects one of normal, fighting"),
        Misuse(
            path: "/pokemon/pikachu/entry", parameter: "id",
            message: "id expects a whole number, such as 25, not 'pikachu'"),
        Misuse(
            path: "/pokemon/1026/entry", status: 404, parameter: "id",
            message: "no Pokémon has id 1026"),
        Misuse(
            path: "/species/0", status: 404, parameter: "species",
            message: "no species has id 0; species are numbered 1 to 1025"),
        Misuse(
            path: "/species/missingno", status: 404, parameter: "species",
            message: "no species is named 'missingno'"),
        Misuse(
            path: "/types/fire,/matchups", parameter: "types",
            message: "types expects one or two type names separated by a comma"),
        Misuse(
            path: "/types/fire,water,grass/matchups", parameter: "types",
            message: "not 'fire,water,grass'"),
        Misuse(path: "/types/fire,FIRE/matchups", parameter: "types", message: "not 'fire,FIRE'"),
        Misuse(
            path: "/types/fire,plasma/matchups", status: 404, parameter: "types",
            message: "no type 'plasma'; the types are normal, fighting"),
    ]

    @Test("species by number or name, and type matchups, as the bundled data gives them")
    func referenceRoutes() async throws {
        let database = try await PostgresTestServer.shared().makeDatabase()
        try await ServiceInstance.withInstances(1, on: database) { instances in
            let instance = instances[0]
            let charizard = try await instance.json(
                "GET", "/species/6", as: PokemonSpecies.self)
            #expect(charizard == (try BundledPokeAPI.species(id: 6)))
            let mrMime = try await instance.json(
                "GET", "/species/Mr-Mime", as: PokemonSpecies.self)
            #expect(mrMime.id == 122)
            let chart = TypeChart(try BundledPokeAPI.allTypes())
            for (path, types) in [
                ("fire,flying", [PokemonType.fire, .flying]), ("Ghost", [.ghost]),
                ("water,%20ground", [.water, .ground]),
            ] {
                let matchups = try await instance.json(
                    "GET", "/types/\(path)/matchups", as: TypeMatchups.self)
                #expect(matchups == TypeMatchups(defending: types, chart: chart), "\(path)")
            }
        }
    }

    @Test("a Pokémon's entry is the one a Pokédex in memory makes, favorite included")
    func entryRoute() async throws {
        let database = try await PostgresTestServer.shared().makeDatabase()
        try await ServiceInstance.withInstances(1, on: database) { instances in
            let instance = instances[0]
            let memory = try await Self.memory()
            for id in [6, 25, 133] {
                let entry = try await instance.json(
                    "GET", "/pokemon/\(id)/entry", as: PokedexEntry.self)
                #expect(entry == (try await memory.entry(id: id)), "\(id)")
            }
            _ = try await instance.json("PUT", "/pokemon/6/favorite", as: Pokemon.self)
            let charizard = try await instance.json(
                "GET", "/pokemon/6/entry", as: PokedexEntry.self)
            #expect(charizard.favorite)
            #expect(charizard.genus == "Flame Pokémon")
            #expect(charizard.matchups.multiplier(of: .rock) == 4)
            #expect(charizard.abilities.map(\.isHidden) == [false, true])
        }
    }

    @Test(
        "bad input is a 400 and an unknown id a 404, as JSON naming the parameter and what it accepts"
    )
    func refusals() async throws {
        let database = try await PostgresTestServer.shared().makeDatabase()
        try await ServiceInstance.withInstances(2, on: database) { instances in
            for (index, misuse) in Self.misuses.enumerated() {
                let instance = instances[index % 2]
                let refusal = try await instance.json(
                    misuse.method, misuse.path, status: misuse.status, as: Refusal.self)
                #expect(refusal.parameter == misuse.parameter, "\(misuse.path)")
                #expect(refusal.error.contains(misuse.message), "\(refusal.error)")
                if misuse.status == 400 {
                    #expect(refusal.accepted?.isEmpty == false, "\(misuse.path)")
                }
            }
            // The refusals changed nothing.
            let list = try await instances[0].json("GET", "/pokemon", as: PokemonList.self)
            let expected = try await Self.memory().pokemon(matching: PokemonFilter())
            #expect(list.pokemon == expected.records)
        }
    }
}
