import CSQLite
import Foundation
import TestSupport
import Testing

@Suite("The pokedex command-line tool, run as a subprocess")
struct PokedexCommandTests {
    @Test("no arguments prints usage that shows the two-command start")
    func usage() async throws {
        let result = try await CommandRunner.pokedex()
        #expect(result.status == 0)
        #expect(result.output.contains("swift run pokedex sync"))
        #expect(result.output.contains("swift run pokedex show charizard"))
        #expect(try await CommandRunner.pokedex("help").output == result.output)
    }

    @Test("sync loads every bundled Pokémon, then again loads nothing new")
    func sync() async throws {
        try await withTemporaryDirectory { directory in
            let store = directory.appending(path: "dex.json").path
            let first = try await CommandRunner.pokedex("sync", "--store", store)
            #expect(first.status == 0, "\(first.error)")
            #expect(first.output.contains("Synced 1351 Pokémon"))
            #expect(first.output.contains("0 already stored"))
            #expect(first.error.contains("synced 1351/1351"), "plain progress lines off a terminal")
            let second = try await CommandRunner.pokedex("sync", "--store", store)
            #expect(second.status == 0)
            #expect(second.output.contains("Synced 0 Pokémon"))
            #expect(second.output.contains("1351 already stored"))
            // Each Pokémon's species came with it.
            let legendary = try await CommandRunner.pokedex(
                "list", "--legendary", "--generation", "1", "--store", store)
            #expect(legendary.lines.last == "9 shown of 9 matching; 1351 stored in all.")
            // A complete Pokédex: every species of each generation, the National Pokédex's
            // counts, and the 238 Pokémon of generation 1 with their other forms.
            let stats = try await CommandRunner.pokedex("stats", "--json", "--store", store)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(stats.output.utf8)) as? [String: Any])
            let generations = try #require(object["generations"] as? [[String: Any]])
            #expect(
                generations.map { $0["species"] as? Int } == [
                    151, 100, 135, 107, 156, 72, 88, 96, 120,
                ])
            #expect(
                generations.map { $0["speciesTotal"] as? Int } == [
                    151, 100, 135, 107, 156, 72, 88, 96, 120,
                ])
            #expect(generations.first?["pokemon"] as? Int == 238)
            #expect(generations.reduce(0) { $0 + ($1["pokemon"] as? Int ?? 0) } == 1351)
            let text = try await CommandRunner.pokedex("stats", "--store", store)
            #expect(
                text.lines.first
                    == "1351 Pokémon stored (ids 1–10326): every one of the 1025 species; 0 favorites."
            )
            let partial = directory.appending(path: "partial.json").path
            let range = try await CommandRunner.pokedex(
                "sync", "--range", "4-6", "--store", partial)
            #expect(range.output.contains("Synced 3 Pokémon"))
        }
    }

    @Test("list filters, sorts and aligns a table; --json gives the records")
    func list() async throws {
        try await withTemporaryDirectory { directory in
            let store = directory.appending(path: "dex.json").path
            _ = try await CommandRunner.pokedex("sync", "--range", "1-151", "--store", store)
            let fire = try await CommandRunner.pokedex(
                "list", "--type", "fire", "--sort", "-attack", "--store", store)
            #expect(fire.status == 0, "\(fire.error)")
            let lines = fire.lines
            #expect(lines.first?.hasPrefix(" ID  NAME") == true, "\(lines.first ?? "")")
            let expectedLines = 15  // header, rule, 12 fire types, footer
            #expect(lines.count == expectedLines)
            #expect(lines[2].contains("flareon"))
            #expect(lines[3].contains("arcanine"))
            #expect(lines.last == "12 shown of 12 matching; 151 stored in all.")
            let nameColumn = lines.dropLast().map { $0.dropFirst(5).first }
            #expect(nameColumn.allSatisfy { $0 != " " }, "every name starts in one column")

            let json = try await CommandRunner.pokedex(
                "list", "--name", "CHAR", "--json", "--store", store)
            let records = try JSONSerialization.jsonObject(with: Data(json.output.utf8))
            let array = try #require(records as? [[String: Any]])
            #expect(
                array.map { $0["name"] as? String } == ["charmander", "charmeleon", "charizard"])
            #expect(array.first?["special_attack"] as? Int == 60)
            #expect(array.first?["favorite"] as? Bool == false)
            let keys = Set(array.first?.keys.map { $0 } ?? [])
            #expect(keys.isSuperset(of: ["id", "types", "attack"]))

            let limited = try await CommandRunner.pokedex(
                "list", "--min-attack", "100", "--sort", "name", "--limit", "2", "--store", store)
            let limitedLines: [String] = limited.lines
            #expect(limitedLines.count == 5)
            let footer: String = limitedLines.last ?? ""
            #expect(footer.hasPrefix("2 shown of "))
        }
    }

    @Test("favorite, show and stats")
    func favoriteShowStats() async throws {
        try await withTemporaryDirectory { directory in
            let store = directory.appending(path: "dex.json").path
            _ = try await CommandRunner.pokedex("sync", "--range", "1-151", "--store", store)
            let favorite = try await CommandRunner.pokedex("favorite", "Pikachu", "--store", store)
            #expect(favorite.status == 0, "\(favorite.error)")
            #expect(favorite.output == "★ pikachu (#25) is a favorite.\n")
            let favorites = try await CommandRunner.pokedex(
                "list", "--favorites", "--json", "--store", store)
            #expect(favorites.output.contains("\"name\" : \"pikachu\""))
            let show = try await CommandRunner.pokedex("show", "25", "--store", store)
            #expect(show.output.hasPrefix("#25 Pikachu · Mouse Pokémon  ★ favorite\n"))
            #expect(show.output.contains("\nElectric · generation 1\n"))
            let off = try await CommandRunner.pokedex("favorite", "25", "--off", "--store", store)
            #expect(off.output == "pikachu (#25) is no longer a favorite.\n")
            let stats = try await CommandRunner.pokedex("stats", "--store", store)
            #expect(
                stats.lines.first
                    == "151 Pokémon stored (ids 1–151): 151 of the 1025 species; 0 favorites.")
            #expect(
                stats.lines.contains {
                    $0.split(separator: " ") == ["1", "151", "of", "151", "151"]
                })
            #expect(
                stats.lines.contains { $0.split(separator: " ") == ["2", "0", "of", "100", "0"] })
            #expect(stats.output.contains("poison"))
            // The third table: average base stats by type, within 80 columns.
            #expect(stats.lines.contains("Average base stats by type"))
            #expect(
                stats.lines.contains {
                    $0.split(separator: " ") == [
                        "fire", "63.8", "83.9", "62.6", "84.6", "76.7", "84.0", "455.6",
                    ]
                })
            #expect(stats.lines.allSatisfy { $0.count <= 80 })
            let statsJSON = try await CommandRunner.pokedex("stats", "--json", "--store", store)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(statsJSON.output.utf8))
                    as? [String: Any])
            #expect(object["stored"] as? Int == 151)
            #expect((object["types"] as? [String: Int])?["fire"] == 12)
            let averages = try #require(object["averageStats"] as? [String: [String: Double]])
            #expect(averages["dragon"]?["attack"] == 94)
            #expect(averages.count == (object["types"] as? [String: Int])?.count)
            let generation = try #require((object["generations"] as? [[String: Any]])?.first)
            #expect(generation["generation"] as? Int == 1)
            #expect(generation["species"] as? Int == 151)
            #expect(generation["speciesTotal"] as? Int == 151)
            #expect(generation["pokemon"] as? Int == 151)
            #expect((generation["missingSpecies"] as? [Int])?.isEmpty == true)
        }
    }

    @Test("stats counts each generation's species: what is loaded, what is missing")
    func statsOfPartialStore() async throws {
        try await withTemporaryDirectory { directory in
            let store = directory.appending(path: "dex.json").path
            _ = try await CommandRunner.pokedex("sync", "--range", "1-50", "--store", store)
            _ = try await CommandRunner.pokedex("sync", "--range", "100-151", "--store", store)
            let stats = try await CommandRunner.pokedex("stats", "--store", store)
            #expect(stats.status == 0, "\(stats.error)")
            #expect(
                stats.lines.first
                    == "102 Pokémon stored (ids 1–151): 102 of the 1025 species; 0 favorites.")
            #expect(
                stats.lines.contains {
                    $0.split(separator: " ") == ["1", "102", "of", "151", "102"]
                })
            let json = try await CommandRunner.pokedex("stats", "--json", "--store", store)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            let generation = try #require((object["generations"] as? [[String: Any]])?.first)
            #expect(generation["species"] as? Int == 102)
            #expect(generation["missingSpecies"] as? [Int] == Array(51...99))
            #expect(generation["pokemon"] as? Int == 102)
        }
    }

    @Test("show --json prints the entry, as the service answers it, by name or number")
    func showJSON() async throws {
        try await withTemporaryDirectory { directory in
            let store = directory.appending(path: "dex.json").path
            _ = try await CommandRunner.pokedex("sync", "--range", "1-10", "--store", store)
            _ = try await CommandRunner.pokedex("favorite", "6", "--store", store)
            let show = try await CommandRunner.pokedex(
                "show", "Charizard", "--json", "--store", store)
            #expect(show.status == 0, "\(show.error)")
            #expect(show.error.isEmpty)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(show.output.utf8)) as? [String: Any])
            #expect(object["id"] as? Int == 6)
            #expect(object["name"] as? String == "charizard")
            #expect(object["display_name"] as? String == "Charizard")
            #expect(object["genus"] as? String == "Flame Pokémon")
            #expect(object["types"] as? [String] == ["fire", "flying"])
            let stats = object["stats"] as? [[String: Any]] ?? []
            #expect(
                stats.first { $0["stat"] as? String == "special-attack" }?["value"] as? Int == 109)
            #expect(object["favorite"] as? Bool == true)
            let byID = try await CommandRunner.pokedex("show", "6", "--json", "--store", store)
            #expect(byID.output == show.output)
            let inMemory = try await CommandRunner.pokedex(
                "show", "pikachu", "--json", "--in-memory")
            #expect(inMemory.status == 0, "\(inMemory.error)")
            #expect(inMemory.output.contains("\"name\" : \"pikachu\""))
            let absent = try await CommandRunner.pokedex("show", "mew", "--json", "--store", store)
            #expect(absent.status == 1)
            #expect(absent.output.isEmpty)
            #expect(absent.error == "pokedex: no Pokémon 'mew' in the store.\n")
        }
    }

    @Test("--in-memory works on the bundled data without a file")
    func inMemory() async throws {
        let result = try await CommandRunner.pokedex("list", "--in-memory", "--type", "dragon")
        #expect(result.status == 0)
        let names = result.lines.dropFirst(2).prefix(3).map {
            $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? ""
        }
        #expect(names == ["dratini", "dragonair", "dragonite"])
    }

    struct Misuse: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(
        "mistakes get one line on stderr, a usage hint and exit status 2",
        arguments: [
            Misuse(arguments: ["frobnicate"], message: "unknown command 'frobnicate'"),
            Misuse(arguments: ["list", "--colour", "red"], message: "unknown option --colour"),
            Misuse(arguments: ["list", "--limit"], message: "--limit needs a value"),
            Misuse(arguments: ["list", "--limit", "many"], message: "--limit expects"),
            Misuse(
                arguments: ["list", "--type", "plasma"],
                message: "--type expects one or more of normal, fighting"),
            Misuse(arguments: ["list", "--sort", "weight"], message: "--sort expects"),
            Misuse(arguments: ["sync", "--range", "10-1"], message: "--range 10-1 is empty"),
            Misuse(arguments: ["sync", "--range", "abc"], message: "--range expects A-B"),
            Misuse(arguments: ["sync", "--range", "0-5"], message: "ids start at 1"),
            Misuse(arguments: ["sync", "--base-url", "not a url"], message: "--base-url expects"),
            Misuse(arguments: ["show"], message: "missing argument"),
            Misuse(arguments: ["show", "1", "2"], message: "unexpected argument '2'"),
            Misuse(
                arguments: ["favorite", "1", "--in-memory"], message: "--in-memory makes no sense"),
            Misuse(arguments: ["list", "--json=yes"], message: "--json takes no value"),
        ])
    func misuse(_ misuse: Misuse) async throws {
        let result = try await CommandRunner.run("pokedex", misuse.arguments)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 2, "\(result.error)")
        #expect(lines.first?.hasPrefix("pokedex: ") == true)
        #expect(lines.first?.contains(misuse.message) == true, "\(result.error)")
    }

    @Test(
        "an unreadable store: one line on stderr naming it, no usage, exit 1, its bytes untouched",
        arguments: ["dex.json", "dex.sqlite"])
    func unreadableStore(name: String) async throws {
        try await withTemporaryDirectory { directory in
            let store = directory.appending(path: name)
            let garbage = Data("{ this is not a pokedex".utf8)
            try garbage.write(to: store)
            let commands = [["list"], ["sync"], ["favorite", "1"], ["stats"], ["show", "1"]]
            for command in commands {
                let result = try await CommandRunner.run(
                    "pokedex", command + ["--store", store.path])
                #expect(result.status == 1, "\(command)")
                #expect(result.output.isEmpty, "\(command): \(result.output)")
                // The command line was right: the store's error says what and where, and no
                // usage line suggests otherwise.
                let lines = result.errorLines
                #expect(lines.count == 1, "\(command): \(result.error)")
                #expect(lines.first?.hasPrefix("pokedex: ") == true, "\(command)")
                #expect(lines.first?.contains(store.path) == true, "\(command): \(result.error)")
                #expect(!result.error.contains("usage:"), "\(command): \(result.error)")
                #expect(try Data(contentsOf: store) == garbage, "\(command) left the bytes alone")
            }
            // A store in a "folder" that is a file, and one that is a folder.
            let folder = directory.appending(path: "shelf" + name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for path in [store.appending(path: name).path, folder.path] {
                let result = try await CommandRunner.pokedex("sync", "--store", path)
                #expect(result.status == 1, "\(path)")
                #expect(result.errorLines.count == 1, "\(path): \(result.error)")
                #expect(!result.error.contains("usage:"), "\(path): \(result.error)")
            }
            #expect(try Data(contentsOf: store) == garbage)
            let missing = try await CommandRunner.pokedex(
                "list", "--store", directory.appending(path: "none.json").path)
            #expect(missing.status == 1)
            #expect(missing.error.contains("run 'pokedex sync' first"))
            let unknown = try await CommandRunner.pokedex("show", "missingno", "--in-memory")
            #expect(unknown.status == 1)
            #expect(unknown.error == "pokedex: no Pokémon 'missingno' in the store.\n")
        }
    }

    @Test("a database cut off before its first commit lists as an empty store, not an error")
    func cutOffDatabase() async throws {
        try await withTemporaryDirectory { directory in
            let store = directory.appending(path: "dex.sqlite")
            // An SQLite file with no table yet: what a first sync leaves when cut off before
            // its first commit.
            var handle: OpaquePointer?
            try #require(sqlite3_open(store.path, &handle) == SQLITE_OK)
            try #require(
                sqlite3_exec(handle, "CREATE TABLE t (x); DROP TABLE t", nil, nil, nil)
                    == SQLITE_OK)
            sqlite3_close(handle)
            for command in [["list"], ["stats"]] {
                let result = try await CommandRunner.run(
                    "pokedex", command + ["--store", store.path])
                #expect(result.status == 0, "\(command): \(result.error)")
                #expect(result.error.isEmpty, "\(command): \(result.error)")
            }
            let list = try await CommandRunner.pokedex("list", "--store", store.path)
            #expect(list.output == "The store is empty; run 'pokedex sync' first.\n")
            let show = try await CommandRunner.pokedex("show", "25", "--store", store.path)
            #expect(show.status == 1)
            #expect(!show.error.contains("usage:"))
        }
    }

    @Test(
        "a new database torn in its first page lists as empty, and the next sync completes it",
        arguments: TornFirstPage.allCases)
    func tornFirstPage(_ state: TornFirstPage) async throws {
        try await withTemporaryDirectory { directory in
            let store = directory.appending(path: "dex.sqlite")
            try state.write(at: store)
            let list = try await CommandRunner.pokedex("list", "--store", store.path)
            #expect(list.status == 0, "\(list.error)")
            #expect(list.output == "The store is empty; run 'pokedex sync' first.\n")
            let sync = try await CommandRunner.pokedex(
                "sync", "--range", "1-3", "--store", store.path)
            #expect(sync.status == 0, "\(sync.error)")
            let show = try await CommandRunner.pokedex("show", "venusaur", "--store", store.path)
            #expect(show.status == 0, "\(show.error)")
            #expect(show.output.hasPrefix("#3 Venusaur"), "\(show.output)")
        }
    }
}
