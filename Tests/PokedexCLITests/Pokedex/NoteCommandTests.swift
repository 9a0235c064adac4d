import Foundation
import TestSupport
import Testing

@testable import pokedex

@Suite("pokedex note: a Pokémon's notes, added, listed, shown and deleted")
struct NoteCommandTests {
    @Test("add, list, show, delete: in each backend", arguments: ["dex.json", "dex.sqlite"])
    func lifecycle(file: String) async throws {
        try await withTemporaryDirectory { directory in
            let store = directory.appending(path: file).path
            let synced = try await CommandRunner.pokedex(
                "sync", "--range", "1-30", "--store", store)
            try #require(synced.status == 0, "\(synced.error)")

            let none = try await CommandRunner.pokedex("note", "pikachu", "--store", store)
            #expect(none.status == 0, "\(none.error)")
            #expect(
                none.output
                    == "No notes about pikachu (#25); 'pokedex note 25 TEXT' adds one.\n")

            let added = try await CommandRunner.pokedex(
                "note", "Pikachu", "  Caught in Viridian Forest ", "--store", store)
            #expect(added.status == 0, "\(added.error)")
            let id = try #require(
                added.output.firstMatch(of: /^Added note (\S+) about pikachu \(#25\)\.\n$/)?.1)
            _ = try await CommandRunner.pokedex("note", "25", "Level 5", "--store", store)

            let listed = try await CommandRunner.pokedex("note", "25", "--store", store)
            #expect(listed.status == 0, "\(listed.error)")
            #expect(listed.lines.first == "2 notes about pikachu (#25):")
            #expect(listed.lines.count == 5)
            #expect(listed.lines[1].hasPrefix("  \(id) · "))
            #expect(listed.lines[2] == "    Caught in Viridian Forest")
            #expect(listed.lines[4] == "    Level 5")

            let json = try await CommandRunner.pokedex("note", "25", "--json", "--store", store)
            let notes = try #require(
                try JSONSerialization.jsonObject(with: Data(json.output.utf8))
                    as? [[String: Any]])
            #expect(
                notes.map { $0["text"] as? String } == ["Caught in Viridian Forest", "Level 5"])
            #expect(notes.first?["pokemon_id"] as? Int == 25)
            #expect(notes.first?["user_id"] as? String == "")

            let show = try await CommandRunner.pokedex("show", "25", "--store", store)
            #expect(show.output.contains("\nNotes\n  \(id) · "), "\(show.output)")
            #expect(show.output.contains("    Caught in Viridian Forest\n"))
            #expect(show.output.hasSuffix("    Level 5\n"), "the notes close the entry")

            let wrongPokemon = try await CommandRunner.pokedex(
                "note", "1", "--delete", String(id), "--store", store)
            #expect(wrongPokemon.status == 1)
            #expect(
                wrongPokemon.error
                    == "pokedex: no note \(id) about bulbasaur (#1); 'pokedex note 1' lists "
                    + "its notes\n")

            let deleted = try await CommandRunner.pokedex(
                "note", "pikachu", "--delete", String(id), "--store", store)
            #expect(deleted.status == 0, "\(deleted.error)")
            #expect(deleted.output == "Deleted note \(id) about pikachu (#25).\n")
            let after = try await CommandRunner.pokedex("note", "25", "--store", store)
            #expect(after.lines.first == "1 note about pikachu (#25):")
            #expect(!after.output.contains(String(id)))
        }
    }

    @Test("bad input: an empty or too long note, an unknown Pokémon, TEXT with --delete")
    func refusals() async throws {
        try await withTemporaryDirectory { directory in
            let store = directory.appending(path: "dex.sqlite").path
            _ = try await CommandRunner.pokedex("sync", "--range", "1-30", "--store", store)

            let empty = try await CommandRunner.pokedex("note", "25", "  ", "--store", store)
            #expect(empty.status == 1)
            #expect(
                empty.error
                    == "pokedex: the text of a note on Pokémon #25 is empty (spaces and line "
                    + "breaks alone are not kept)\n")
            let long = try await CommandRunner.pokedex(
                "note", "25", String(repeating: "a", count: 2001), "--store", store)
            #expect(long.status == 1)
            #expect(long.error.contains("has 2001 characters; at most 2000 are kept"))

            let unknown = try await CommandRunner.pokedex("note", "pikachoo", "--store", store)
            #expect(unknown.status == 1)
            #expect(unknown.error.contains("no Pokémon 'pikachoo' in the store."))
            #expect(unknown.error.contains("Did you mean Pikachu?"), "\(unknown.error)")

            let both = try await CommandRunner.pokedex(
                "note", "25", "text", "--delete", "X", "--store", store)
            #expect(both.status == 2)
            #expect(both.error.hasPrefix("pokedex: give TEXT to add a note or --delete NOTE-ID"))
            let memory = try await CommandRunner.pokedex("note", "25", "--in-memory")
            #expect(memory.status == 2)

            let listed = try await CommandRunner.pokedex("note", "25", "--store", store)
            #expect(listed.output.hasPrefix("No notes about pikachu"), "nothing was written")
        }
    }

    @Test("the command parses its arguments into one action")
    func parsing() throws {
        func action(_ words: String...) throws -> NoteCommand.Action {
            try NoteCommand(Arguments(words, for: NoteCommand.spec)).action
        }
        guard case .list = try action("25") else { Issue.record("list"); return }
        guard case .add("hello there") = try action("25", "hello there") else {
            Issue.record("add")
            return
        }
        guard case .delete("N1") = try action("pikachu", "--delete", "N1") else {
            Issue.record("delete")
            return
        }
        #expect(throws: UsageError.self) { try action("25", "a", "b") }
        #expect(throws: UsageError.self) { try action("25", "--delete", " ") }
    }
}
