import Foundation
import FuzzSupport
import PokedexKit
import StoreFuzzSupport

@testable import JSONFileStorage
@testable import ModelStorage

/// Reads a store's journal from any bytes and replays it over a fixed document, as
/// `JSONFileStore` does when it opens: the header, each commit's line, a torn final line, and
/// for an older schema each line's migration through the store's own JSON parser.
///
/// Properties: reading throws nothing but a `StoreError` naming the journal or the
/// document; what reads has as many commits as complete lines after the header, a valid
/// length at a line boundary, and a torn tail exactly when the bytes do not end with a line
/// feed.
@main
enum StoreJournalFuzz: FuzzTarget {
    static func main() {
        FuzzDriver.main(Self.self)
    }

    static let paths = StorePaths(URL(filePath: "/fuzz/store.json"))

    /// The document every journal continues: bulbasaur, charmander and squirtle at generation
    /// 1, as the store writes it.
    static let document = Data(
        ("{\"format\":1,\"schemaVersion\":1,\"generation\":1,\"version\":1,\"records\":[\n"
            + "{\"id\":1,\"name\":\"bulbasaur\",\"types\":[\"grass\",\"poison\"],\"hp\":45,"
            + "\"attack\":49,\"defense\":49,\"special_attack\":65,\"special_defense\":65,"
            + "\"speed\":45,\"height\":7,\"weight\":69,\"base_experience\":64,"
            + "\"abilities\":[\"overgrow\",\"chlorophyll\"],\"favorite\":false},\n"
            + "{\"id\":4,\"name\":\"charmander\",\"types\":[\"fire\"],\"hp\":39,\"attack\":52,"
            + "\"defense\":43,\"special_attack\":60,\"special_defense\":50,\"speed\":65,"
            + "\"height\":6,\"weight\":85,\"base_experience\":62,"
            + "\"abilities\":[\"blaze\",\"solar-power\"],\"favorite\":true}\n"
            + "]}\n").utf8)

    /// Journals the store wrote over ``document``: inserts of fixture Pokémon one by one and
    /// in batches, updates, deletes, and a mix.
    static func seeds() throws -> [String: Data] {
        let pokemon = try StoreSeeds.pokemon([7, 25, 39, 133, 150])
        let commits: [String: [@Sendable (JSONFileStore<Pokemon>) async throws -> Void]] = [
            "insert": [{ try await $0.insert(pokemon[0]) }],
            "inserts": pokemon.map { record in { try await $0.insert(record) } },
            "batch": [{ try await $0.upsert(contentsOf: pokemon) }],
            "update": [{ try await $0.update(id: 4) { $0.favorite.toggle() } }],
            "delete": [{ _ = try await $0.delete(id: 1) }],
            "mixed": [
                { try await $0.upsert(contentsOf: Array(pokemon.prefix(2))) },
                { _ = try await $0.delete(id: 1) },
                { try await $0.update(id: 25) { $0.name = "pika\u{0}\u{1F525}\"\\" } },
                { _ = try await $0.delete(where: \.attack > 50) },
            ],
        ]
        var seeds: [String: Data] = [:]
        for (name, list) in commits {
            let journal = try StoreSeeds.journal(over: document, commits: list)
            seeds["journal-\(name).jsonl"] = journal
            seeds["journal-\(name)-torn.jsonl"] = journal.dropLast(7)
        }
        return seeds
    }

    static func run(_ input: Data) {
        check(input, as: Pokemon.self)
        check(input, as: MigratedPokemon.self)
    }

    static func check<Model: StorableModel>(_ input: Data, as _: Model.Type) {
        let loaded: StoreLoader.Loaded
        do {
            loaded = try StoreLoader.decode(
                document: document, journal: input, paths: paths, models: [Model.self])
        } catch {
            switch error.code {
            case .corruptFile:
                require(
                    error.storeLocation == .file(paths.journal) && error.problem?.isEmpty == false,
                    "\(error)")
            case .unsupportedVersion, .migrationFailed:
                require(
                    error.storeLocation == .file(paths.journal)
                        || error.storeLocation == .file(paths.document), "\(error)")
            default:
                fatalError("reading a journal threw \(error)")
            }
            require(!error.description.isEmpty, "an empty description")
            return
        }
        let journal = loaded.journal
        let lineFeeds = input.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        require(journal.validLength <= input.count, "a valid length past the end")
        require(
            journal.validLength == 0 || input[input.startIndex + journal.validLength - 1] == 0x0A,
            "a valid length inside a line")
        require(
            (journal.tornTail != nil) == (input.last.map { $0 != 0x0A } ?? false),
            "a torn tail reported wrongly")
        require(
            journal.commits.isEmpty || journal.commits.count == lineFeeds - 1,
            "\(journal.commits.count) commits from \(lineFeeds) lines")
    }
}
