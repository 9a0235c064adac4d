import Foundation
import KeyPathQuery
import ModelStorage
import PokedexKit
import SQLiteStorage
import TestSupport
import Testing

/// The database is an ordinary SQLite file: another program reads it, it is in WAL mode, and
/// a store opened on it again finds every record, its order and its version.
@Suite("SQLiteStore's file")
struct SQLiteFileTests {
    static func pokemon(_ id: Int, _ name: String, attack: Int, types: [PokemonType]) -> Pokemon {
        Pokemon(
            id: id, name: name, types: types, hp: 50, attack: attack, defense: 40,
            specialAttack: 30, specialDefense: 30, speed: 60, height: 7, weight: 69)
    }

    static let dex = [
        pokemon(150, "mewtwo", attack: 110, types: [.psychic]),
        pokemon(214, "heracross", attack: 125, types: [.bug, .fighting]),
        pokemon(25, "pikachu", attack: 55, types: [.electric]),
        pokemon(409, "rampardos", attack: 165, types: [.rock]),
        pokemon(68, "machamp", attack: 130, types: [.fighting]),
    ]

    @Test("another program reads the table: SELECT name FROM pokemon WHERE attack > 120")
    func readableByOtherPrograms() async throws {
        try await withStore(seededWith: Self.dex) { store, url in
            try await store.update(id: 25) { $0.favorite = true }
            try await store.close()

            // A program that knows nothing of the store, as the sqlite3 shell.
            let database = try RawDatabase(url, registeringTextFunctions: false)
            let strong = try database.strings(
                "SELECT name FROM pokemon WHERE attack > 120 ORDER BY _order")
            #expect(strong == ["heracross", "rampardos", "machamp"])
            #expect(
                try database.strings("SELECT types FROM pokemon WHERE id = 214") == [
                    #"["bug","fighting"]"#
                ])
            #expect(
                try database.strings("SELECT name FROM pokemon WHERE favorite = 1") == ["pikachu"])
            #expect(
                try database.strings(
                    "SELECT schema_version FROM modelstorage_version WHERE table_name = 'pokemon'")
                    == ["2"])
            // Each record's write version: the seed was the first commit, the update the second.
            #expect(
                try database.strings(
                    "SELECT _version FROM pokemon WHERE id IN (25, 68) ORDER BY id")
                    == ["2", "1"])
            #expect(
                try database.strings("SELECT name FROM pragma_table_info('pokemon')")
                    == ["_order", "_key", "_record", "_version"] + Pokemon.sqlColumns().map(\.name))
        }
    }

    @Test(
        "the sqlite3 shell reads it",
        .requires(.sqlite3Shell))
    func sqlite3Shell() async throws {
        try await withStore(seededWith: Self.dex) { store, url in
            // The shell reads the database while the store still has it open.
            let process = try Subprocess(
                executable: URL(filePath: "/usr/bin/sqlite3"),
                arguments: [url.path, "SELECT name FROM pokemon WHERE attack > 120"],
                standardOutput: .pipe)
            let (data, _) = await process.readOutputToEnd()
            #expect(await process.wait() == .exited(0))
            #expect(
                Set(String(decoding: data, as: UTF8.self).split(separator: "\n"))
                    == ["heracross", "rampardos", "machamp"])
            try await store.close()
        }
    }

    @Test("the database is in WAL mode")
    func walMode() async throws {
        try await withStore(seededWith: Self.dex) { store, url in
            try await store.close()
            let header = try Data(contentsOf: url).prefix(20)
            // Bytes 18 and 19: the file format's write and read versions, 2 for WAL.
            #expect(Array(header.dropFirst(18)) == [2, 2])
            #expect(try RawDatabase(url).strings("PRAGMA journal_mode") == ["wal"])
        }
    }

    @Test("a store opened again finds the records, their order and the version")
    func reopen() async throws {
        try await withStore(seededWith: Self.dex) { store, url in
            var store = store
            try await store.delete(id: 150)
            try await store.update(id: 25) { $0.favorite = true }
            let version = try await store.fetchVersioned(id: 25)?.version
            #expect(version == 3)
            try await store.close()
            await #expect(throws: StoreError.self) { try await store.fetch(id: 25) }

            store = try await SQLiteStore<Pokemon>.open(at: url)
            #expect(try await store.fetchVersioned(id: 25)?.version == version)
            #expect(try await store.fetch(.everyRecord).map(\.id) == [214, 25, 409, 68])
            try await store.insert(Self.dex[0])
            try await store.upsert(Self.pokemon(214, "heracross", attack: 126, types: [.bug]))
            #expect(try await store.fetch(.everyRecord).map(\.id) == [214, 25, 409, 68, 150])
            #expect(try await store.fetch(id: 214)?.attack == 126)
            #expect(try await store.fetchVersioned(id: 25)?.version == 5)
            try await store.close()
        }
    }

    @Test("a store opened read-only reads, and refuses to write")
    func readOnly() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.sqlite")
            let writer = try await SQLiteStore<Pokemon>.open(at: url)
            try await writer.upsert(contentsOf: Self.dex)
            let reader = try await SQLiteStore<Pokemon>.open(at: url, options: .readOnly)
            #expect(reader.isReadOnly)
            #expect(try await reader.count(where: \.attack > 120) == 3)
            await #expect(throws: StoreError.self) { try await reader.delete(id: 25) }
            // It sees the writer's later commits.
            try await writer.delete(id: 25)
            #expect(try await reader.fetch(id: 25) == nil)
            try await reader.close()
            try await writer.close()
            #expect(try RawDatabase(url).strings("SELECT count(*) FROM pokemon") == ["4"])
        }
    }
}
