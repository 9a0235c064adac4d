import Foundation
import PokedexKit
import Testing

@Suite("FlavorText")
struct FlavorTextTests {
    @Test(
        "the games' line breaks, page breaks and soft hyphens are cleaned",
        arguments: [
            ("lived in jungles\naround 100", "lived in jungles around 100"),
            ("apparently hollow.\u{000C}No one has", "apparently hollow. No one has"),
            ("It has superb ac\u{00AD}\ncuracy. The", "It has superb accuracy. The"),
            ("will come to any\u{00AD}\u{000C}one who can", "will come to anyone who can"),
            ("It rubs its blaz\u{00AD}\n\u{000C}ing fur", "It rubs its blazing fur"),
            ("prey using well-\ndeveloped claws", "prey using well-developed claws"),
            ("little and fragile -\u{000C}just touching", "little and fragile - just touching"),
            ("its soft,  supple wings\n", "its soft, supple wings"),
            ("in\r\nthe dark", "in the dark"),
            ("a soft\u{00AD}hyphen mid-line", "a softhyphen mid-line"),
            ("", ""),
        ])
    func cleaning(raw: String, clean: String) {
        #expect(FlavorText.cleaned(raw) == clean)
        #expect(FlavorText.cleaned(clean) == clean, "cleaning is idempotent")
        #expect(FlavorText(text: raw, language: "en", version: "red").text == clean)
    }

    @Test("no species' flavor text keeps a line break, page break, soft hyphen or double space")
    func everyFlavorTextIsClean() throws {
        let species = try RepositoryData.decodeAll(PokemonSpecies.self, .species)
        let texts = species.flatMap(\.flavorTexts).map(\.text)
        #expect(texts.count > 10_000)
        let unclean = texts.filter { text in
            text.contains { "\n\u{000C}\r\u{00AD}".contains($0) } || text.contains("  ")
                || text != text.trimmingCharacters(in: .whitespaces)
        }
        #expect(unclean.isEmpty, "\(unclean.prefix(3))")
    }
}
