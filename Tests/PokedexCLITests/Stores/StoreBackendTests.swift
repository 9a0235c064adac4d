import Foundation
import PokedexKit
import SQLiteStorage
import TestSupport
import Testing

/// `--store` picks the backend by the file's extension, and `copy` moves the Pokémon from a
/// store of one backend to another.
@Suite("pokedex stores: the backend by extension, and copy")
struct StoreBackendTests {
    /// The first bytes of every SQLite database.
    static let sqliteHeader = Data("SQLite format 3\0".utf8)

    @Test(
        "each accepted extension, in any case, opens its backend for every command",
        arguments: [
            ("dex.sqlite", true), ("dex.sqlite3", true), ("dex.db", true), ("Dex.SQLite", true),
            ("dex.json", false), ("DEX.JSON", false),
        ])
    func backendByExtension(name: String, isSQLite: Bool) async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: name).path
            let synced = try await CommandRunner.pokedex(
                "sync", "--range", "1-30", "--store", path)
            #expect(synced.status == 0, "\(synced.error)")
            let header = try #require(FileManager.default.contents(atPath: path)).prefix(16)
            #expect((header == Self.sqliteHeader) == isSQLite, "\(name) is the wrong backend")

            let favorite = try await CommandRunner.pokedex("favorite", "25", "--store", path)
            #expect(favorite.status == 0, "\(favorite.error)")
            let list = try await CommandRunner.pokedex("list", "--favorites", "--store", path)
            #expect(list.status == 0, "\(list.error)")
            #expect(list.lines.last == "1 shown of 1 matching; 30 stored in all.")
            let show = try await CommandRunner.pokedex("show", "pikachu", "--store", path)
            #expect(show.status == 0 && show.output.hasPrefix("#25 Pikachu"), "\(show.error)")
            let stats = try await CommandRunner.pokedex("stats", "--store", path)
            #expect(stats.status == 0, "\(stats.error)")
            #expect(stats.output.contains("30 Pokémon stored"), "\(stats.output)")
        }
    }

    @Test(
        "any other extension, or none, is a usage error naming the path and the extensions",
        arguments: ["dex.txt", "dex", "dex.sqlite.bak", "dex.jsonl"])
    func unknownExtension(name: String) async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: name).path
            for command in ["sync", "list", "favorite 25"] {
                let words = command.split(separator: " ").map(String.init) + ["--store", path]
                let result = try await CommandRunner.run("pokedex", words)
                #expect(result.status == 2, "\(command): \(result.error)")
                let message = try #require(result.errorLines.first)
                #expect(message.hasPrefix("pokedex: --store expects a file ending in"))
                #expect(message.contains(".sqlite, .sqlite3, .db (SQLite) or .json (JSON)"))
                #expect(message.contains("'\(path)'"), "names the path: \(message)")
                #expect(result.errorLines.last?.hasPrefix("usage: pokedex") == true)
            }
            #expect(!FileManager.default.fileExists(atPath: path), "no file is made")
        }
    }

    @Test("copy JSON → SQLite → JSON gives back the original records, in order")
    func roundTrip() async throws {
        try await withTemporaryDirectory { directory in
            let original = directory.appending(path: "dex.json")
            let database = directory.appending(path: "dex.sqlite")
            let back = directory.appending(path: "back.json")
            _ = try await CommandRunner.pokedex(
                "sync", "--range", "1-151", "--store", original.path)
            _ = try await CommandRunner.pokedex("favorite", "25", "--store", original.path)
            let before = try Data(contentsOf: original)

            let there = try await CommandRunner.pokedex("copy", original.path, database.path)
            #expect(there.status == 0, "\(there.error)")
            #expect(
                there.output.hasPrefix("Copied 151 Pokémon and 151 species from "),
                "\(there.output)")
            #expect(there.output.contains("(JSON) to ") && there.output.contains("(SQLite)"))
            let again = try await CommandRunner.pokedex("copy", database.path, back.path)
            #expect(again.status == 0, "\(again.error)")
            #expect(
                again.output.hasPrefix("Copied 151 Pokémon and 151 species from "),
                "\(again.output)")

            let expected = try await Self.records(inJSON: original)
            #expect(expected.count == 151)
            #expect(try await Self.records(inSQLite: database) == expected)
            #expect(try await Self.records(inJSON: back) == expected)
            #expect(try Data(contentsOf: original) == before, "the source is unchanged")
            // The species came along: the copy answers questions about them.
            let legendary = try await CommandRunner.pokedex(
                "list", "--legendary", "--json", "--store", back.path)
            #expect(legendary.status == 0, "\(legendary.error)")
            let found = try JSONSerialization.jsonObject(with: Data(legendary.output.utf8))
            #expect(
                (found as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [
                    144, 145, 146, 150,
                ])
        }
    }

    @Test("copy refuses a destination that holds Pokémon, unless --replace")
    func refusesToOverwrite() async throws {
        try await withTemporaryDirectory { directory in
            let source = directory.appending(path: "dex.json")
            let destination = directory.appending(path: "small.db")
            _ = try await CommandRunner.pokedex("sync", "--range", "1-151", "--store", source.path)
            _ = try await CommandRunner.pokedex(
                "sync", "--range", "4-6", "--store", destination.path)

            let refused = try await CommandRunner.pokedex("copy", source.path, destination.path)
            #expect(refused.status == 1)
            #expect(refused.output.isEmpty)
            #expect(refused.error.contains("already holds 3 Pokémon"), "\(refused.error)")
            #expect(refused.error.contains("--replace"))
            #expect(try await Self.records(inSQLite: destination).map(\.id).sorted() == [4, 5, 6])

            let replaced = try await CommandRunner.pokedex(
                "copy", source.path, destination.path, "--replace")
            #expect(replaced.status == 0, "\(replaced.error)")
            #expect(replaced.output.contains("replacing 3"), "\(replaced.output)")
            #expect(
                try await Self.records(inSQLite: destination)
                    == (try await Self.records(inJSON: source)))
        }
    }

    @Test("copy's arguments: an unknown extension or the same file is a usage error")
    func copyUsageErrors() async throws {
        try await withTemporaryDirectory { directory in
            let source = directory.appending(path: "dex.json").path
            _ = try await CommandRunner.pokedex("sync", "--range", "1-3", "--store", source)
            let cases: [([String], String)] = [
                (["copy", source, directory.appending(path: "dex.csv").path], "<to> expects"),
                (["copy", directory.appending(path: "dex").path, source], "<from> expects"),
                (["copy", source, source], "the same file"),
                (["copy", source], "missing argument <to>"),
            ]
            for (arguments, message) in cases {
                let result = try await CommandRunner.run("pokedex", arguments)
                #expect(result.status == 2, "\(arguments): \(result.error)")
                #expect(result.error.contains(message), "\(arguments): \(result.error)")
                #expect(result.errorLines.last?.hasPrefix("usage: pokedex copy") == true)
            }
            let missing = try await CommandRunner.pokedex(
                "copy", directory.appending(path: "absent.sqlite").path,
                directory.appending(path: "to.json").path)
            #expect(missing.status == 1)
            #expect(missing.error.contains("no store at"), "\(missing.error)")
        }
    }

    /// Every record of a JSON store, in its order.
    static func records(inJSON url: URL) async throws -> [Pokemon] {
        let store = try await JSONFileStore<Pokemon>.open(at: url, options: .readOnly)
        let records = try await store.fetch(RecordQuery())
        try await store.close()
        return records
    }

    /// Every record of an SQLite store, in its order.
    static func records(inSQLite url: URL) async throws -> [Pokemon] {
        let store = try await SQLiteStore<Pokemon>.open(at: url, options: .readOnly)
        let records = try await store.fetch(RecordQuery())
        try await store.close()
        return records
    }
}
