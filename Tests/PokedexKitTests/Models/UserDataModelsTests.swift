import Foundation
import PokedexKit
import Testing

@Suite("Favorite and Note: the user's own records")
struct UserDataModelsTests {
    @Test("a favorite's stored form is flat, keyed by its attribute names, and round-trips")
    func favoriteStoredForm() throws {
        let favorite = Favorite(
            id: "F1", userID: "", pokemonID: 25, createdAt: Date(timeIntervalSince1970: 100))
        let data = try JSONEncoder().encode(favorite)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["id", "user_id", "pokemon_id", "created_at"])
        #expect(Set(object.keys) == Set(Favorite.queryAttributes.entries.map(\.name)))
        #expect(try JSONDecoder().decode(Favorite.self, from: data) == favorite)
    }

    @Test("a note's stored form is flat, keyed by its attribute names, and round-trips")
    func noteStoredForm() throws {
        let note = Note(
            pokemonID: 6, text: "Blaze", createdAt: Date(timeIntervalSince1970: 100),
            updatedAt: Date(timeIntervalSince1970: 200))
        let data = try JSONEncoder().encode(note)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            Set(object.keys) == ["id", "user_id", "pokemon_id", "text", "created_at", "updated_at"])
        #expect(Set(object.keys) == Set(Note.queryAttributes.entries.map(\.name)))
        #expect(try JSONDecoder().decode(Note.self, from: data) == note)
    }

    @Test("new records get distinct UUID ids, no user yet, and a note is updated when made")
    func defaults() throws {
        let first = Favorite(pokemonID: 1)
        let second = Favorite(pokemonID: 1)
        #expect(first.id != second.id)
        #expect(UUID(uuidString: first.id) != nil)
        #expect(first.userID.isEmpty)
        let note = Note(pokemonID: 1, text: "x")
        #expect(UUID(uuidString: note.id) != nil)
        #expect(note.updatedAt == note.createdAt)
    }

    @Test("both keep a change history, refer to Pokémon with a cascade, and index user_id")
    func storage() throws {
        #expect(Favorite.changeHistory != nil)
        #expect(Note.changeHistory != nil)
        #expect(Favorite.references.map(\.deleteRule) == [.cascade])
        #expect(ObjectIdentifier(Favorite.references[0].target) == ObjectIdentifier(Pokemon.self))
        #expect(Note.references.map(\.attributeName) == ["pokemon_id"])
        #expect(try Favorite.indexedAttributeNames() == ["pokemon_id", "user_id"])
        #expect(try Note.indexedAttributeNames() == ["pokemon_id", "user_id"])
        #expect(
            PokedexModels.all.map { String(describing: $0) } == [
                "Pokemon", "PokemonSpecies", "EvolutionChain", "PokemonTypeDetails",
                "PokemonAbility", "Move", "LearnsetEntry", "Favorite", "Note", "SyncOutboxEntry",
                "SyncShadow",
                "SyncModelState", "SyncPendingPush",
            ])
    }

    @Test("a note's text is kept trimmed", arguments: ["Shiny!", "  Shiny!\n", "\tShiny!  "])
    func trimmedText(_ text: String) throws {
        #expect(try Note.checkedText(text, pokemonID: 25) == "Shiny!")
    }

    @Test("an empty note is refused, saying which Pokémon", arguments: ["", "   ", "\n\t \n"])
    func emptyText(_ text: String) throws {
        let error = #expect(throws: Note.TextError.self) {
            try Note.checkedText(text, pokemonID: 25)
        }
        #expect(error?.code == .empty)
        #expect(
            error?.description
                == "the text of a note on Pokémon #25 is empty (spaces and line breaks alone "
                + "are not kept)")
    }

    @Test("a note of 2000 characters is kept; of 2001 refused, saying which note and Pokémon")
    func longText() throws {
        let limit = String(repeating: "é", count: Note.maximumTextLength)
        #expect(try Note.checkedText(" \(limit) ", pokemonID: 6) == limit)
        let error = #expect(throws: Note.TextError.self) {
            try Note.checkedText(limit + "!", pokemonID: 6, noteID: "N1")
        }
        #expect(error?.code == .tooLong)
        #expect(error?.length == 2001)
        #expect(
            error?.description
                == "the text of note N1 on Pokémon #6 has 2001 characters; at most 2000 are kept")
    }
}
