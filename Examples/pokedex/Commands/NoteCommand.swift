import Foundation
import PokedexKit

/// `pokedex note <id|name> [TEXT] [--delete NOTE-ID]`: writes a note about a stored Pokémon,
/// lists its notes, or deletes one, in the store's `Note` records (offline, as every local
/// command); the Pokémon is found as `show` finds it (``PokemonFinder``).
struct NoteCommand: Command {
    static let spec = CommandSpec(
        name: "note",
        summary: "Add a note about a stored Pokémon, list its notes, or delete one.",
        positionals: [
            Positional(
                placeholder: "<id|name>",
                help: "the Pokémon's number or name; display names, case and accents ignored"),
            Positional(
                placeholder: "TEXT", help: "the note to add; without it, the notes are listed",
                isOptional: true),
        ],
        options: [
            .option(Options.delete), .option(CommonOptions.json), .option(CommonOptions.store),
            .option(CommonOptions.lockTimeout),
        ],
        discussion: [
            "A note is kept trimmed, and holds 1 to \(Note.maximumTextLength) characters.",
            "Listed, each note shows its id, which --delete takes.",
            "Examples: pokedex note pikachu \"Caught in Viridian Forest\", pokedex note 25,",
            "pokedex note 25 --delete 6F1C2A9E-…",
        ])

    /// The options of `note` alone.
    enum Options {
        /// `--delete NOTE-ID`: delete one of the Pokémon's notes.
        static let delete = Option<String?>(
            "delete", "NOTE-ID", help: "delete the Pokémon's note with this id",
            convert: expecting("a note's id, as the list shows it") { text in
                let id = text.trimmingCharacters(in: .whitespaces)
                return id.isEmpty ? nil : id
            })
    }

    /// What the command does with the Pokémon's notes.
    enum Action {
        case list
        case add(String)
        case delete(String)
    }

    let idOrName: String
    let action: Action
    let json: Bool
    let location: StoreChoice
    let lockTimeout: Duration

    init(_ arguments: Arguments) throws(UsageError) {
        idOrName = try PokemonFinder.idOrName(in: arguments)
        let text = arguments.positionals.dropFirst().first
        switch (text, arguments[Options.delete]) {
        case (.some, .some):
            throw UsageError("give TEXT to add a note or --delete NOTE-ID, not both")
        case (.some(let text), nil): action = .add(text)
        case (nil, .some(let id)): action = .delete(id)
        case (nil, nil): action = .list
        }
        json = arguments[CommonOptions.json]
        location = StoreChoice(arguments)
        lockTimeout = arguments[CommonOptions.lockTimeout]
    }

    func run() async throws {
        let (idOrName, action) = (self.idOrName, self.action)
        switch action {
        case .list:
            let store = try await OpenedStore.forReading(location)
            let (pokemon, notes) = try await store.withPokedex { pokedex in
                let found = try await PokemonFinder.find(idOrName, in: pokedex)
                return (found, try await pokedex.notes(pokemonID: found.id))
            }
            Console.out(json ? try PokemonOutput.json(notes) : Self.list(notes, of: pokemon))
        case .add(let text):
            let store = try await OpenedStore.forWriting(location, lockTimeout: lockTimeout)
            let (pokemon, note) = try await store.withPokedex { pokedex in
                let found = try await PokemonFinder.find(idOrName, in: pokedex)
                return (found, try await pokedex.addNote(text, pokemonID: found.id))
            }
            Console.out(
                json
                    ? try PokemonOutput.json(note)
                    : "Added note \(note.id) about \(pokemon.name) (#\(pokemon.id)).")
        case .delete(let id):
            let store = try await OpenedStore.forWriting(location, lockTimeout: lockTimeout)
            let pokemon = try await store.withPokedex { pokedex in
                let found = try await PokemonFinder.find(idOrName, in: pokedex)
                // Only a note about the Pokémon named: a mistyped id deletes nothing.
                let notes = try await pokedex.notes(pokemonID: found.id)
                guard notes.contains(where: { $0.id == id }) else {
                    throw CommandFailure(
                        "no note \(id) about \(found.name) (#\(found.id)); "
                            + "'pokedex note \(found.id)' lists its notes")
                }
                try await pokedex.deleteNote(id: id)
                return found
            }
            Console.out("Deleted note \(id) about \(pokemon.name) (#\(pokemon.id)).")
        }
    }

    /// A Pokémon's notes as text: a line for each note's id and date, its text indented
    /// beneath.
    static func list(_ notes: [Note], of pokemon: Pokemon) -> String {
        guard !notes.isEmpty else {
            return "No notes about \(pokemon.name) (#\(pokemon.id)); "
                + "'pokedex note \(pokemon.id) TEXT' adds one."
        }
        let count = "\(notes.count) note\(notes.count == 1 ? "" : "s")"
        return (["\(count) about \(pokemon.name) (#\(pokemon.id)):"] + notes.flatMap(lines))
            .joined(separator: "\n")
    }

    /// One note: its id and date, then its text, indented.
    static func lines(_ note: Note) -> [String] {
        let edited = note.updatedAt > note.createdAt ? ", edited \(day(note.updatedAt))" : ""
        return ["  \(note.id) · \(day(note.createdAt))\(edited)"]
            + note.text.split(separator: "\n", omittingEmptySubsequences: false).map {
                "    " + $0
            }
    }

    /// A date as `2025-03-14`, in UTC.
    static func day(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day())
    }
}
