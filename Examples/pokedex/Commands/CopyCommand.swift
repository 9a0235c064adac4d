import Foundation
import PokedexKit

/// `pokedex copy <from> <to> [--replace]`: copies every stored Pokémon, and the species,
/// evolution chains, types and abilities stored with them, from one store to another, each of
/// either backend by its extension, in one commit.
struct CopyCommand: Command {
    static let spec = CommandSpec(
        name: "copy",
        summary: "Copy a stored Pokédex to another store, JSON or SQLite.",
        positionals: [
            Positional(placeholder: "<from>", help: "the store to copy, only read"),
            Positional(placeholder: "<to>", help: "the store to write, made when absent"),
        ],
        options: [.option(Options.replace), .option(CommonOptions.lockTimeout)],
        discussion: [
            "Each store's backend is told by its extension: .sqlite, .sqlite3 or .db for",
            "SQLite, .json for JSON. The Pokémon keep the source's order, and the source is",
            "only read. Their species, evolution chains, types and abilities come with them.",
            "A destination that already holds Pokémon is left as it is, unless --replace is",
            "given: everything it holds is then deleted, and the copies written in a second",
            "commit.",
            "",
            "Example: pokedex copy pokedex.json dex.sqlite",
        ])

    /// The options of `copy` alone.
    enum Options {
        /// `--replace`: delete what the destination holds, then copy, in a second commit.
        static let replace = Option.flag(
            "replace", help: "replace the Pokémon a destination already holds")
    }

    let source: URL
    let destination: URL
    let replacesExisting: Bool
    let lockTimeout: Duration

    init(_ arguments: Arguments) throws(UsageError) {
        guard arguments.positionals.count == 2 else {
            throw UsageError(
                "missing argument \(arguments.positionals.isEmpty ? "<from>" : "<to>")")
        }
        source = try Self.storeURL(arguments.positionals[0], placeholder: "<from>")
        destination = try Self.storeURL(arguments.positionals[1], placeholder: "<to>")
        guard source.standardizedFileURL != destination.standardizedFileURL else {
            throw UsageError("<from> and <to> are the same file: \(source.path)")
        }
        replacesExisting = arguments[Options.replace]
        lockTimeout = arguments[CommonOptions.lockTimeout]
    }

    /// A positional store path as a URL, refused as a usage error said of its placeholder.
    private static func storeURL(
        _ path: String, placeholder: String
    ) throws(UsageError) -> URL {
        do {
            return try StoreFormat.storeURL(path)
        } catch {
            throw UsageError("\(placeholder) \(error.reason)")
        }
    }

    func run() async throws {
        let from = try await OpenedStore.forReading(.file(source))
        let fromName = from.backendName
        let records = try await from.withDatabase { database in
            try await database.read { try PokedexRecords(from: $0) }
        }
        let to = try await OpenedStore.forWriting(.file(destination), lockTimeout: lockTimeout)
        let toName = to.backendName
        let (replacesExisting, destination) = (self.replacesExisting, self.destination)
        let replaced = try await to.withDatabase { database in
            let existing = try await database.transaction { transaction in
                let existing = try transaction[Pokemon.self].count(where: .true)
                guard existing == 0 || replacesExisting else {
                    throw CommandFailure(
                        "\(StoreChoice.displayPath(destination)) already holds \(existing) "
                            + "Pokémon; pass --replace to replace them")
                }
                if existing > 0 {
                    try PokedexRecords.deleteAll(in: &transaction)
                } else {
                    records.write(to: &transaction)
                }
                return existing
            }
            // A record replaced within one transaction keeps its place: the old ones go in a
            // commit of their own, so that the copies take the source's order.
            if existing > 0 {
                try await database.transaction { records.write(to: &$0) }
            }
            return existing
        }
        Console.out(
            "Copied \(records.pokemon.count) Pokémon"
                + (records.species.isEmpty ? "" : " and \(records.species.count) species")
                + " from \(StoreChoice.displayPath(source)) "
                + "(\(fromName)) to \(StoreChoice.displayPath(destination)) (\(toName))"
                + (replaced > 0 ? ", replacing \(replaced)." : "."))
    }
}
