import Foundation
import PokedexKit
import Testing

@Suite("PokemonType")
struct PokemonTypeTests {
    @Test("the 18 known types have constants")
    func knownTypes() {
        #expect(PokemonType.known.count == 18)
        #expect(Set(PokemonType.known).count == 18)
        #expect(PokemonType.fire.rawValue == "fire")
        #expect(PokemonType.known.allSatisfy { $0.isKnown })
    }

    @Test("any other name is kept", arguments: ["stellar", "shadow", "unknown", "cosmic-2030"])
    func otherNames(name: String) throws {
        let type = PokemonType(rawValue: name)
        #expect(!type.isKnown)
        let data = try JSONEncoder().encode([type])
        #expect(String(decoding: data, as: UTF8.self) == "[\"\(name)\"]")
        #expect(try JSONDecoder().decode([PokemonType].self, from: data) == [type])
    }

    @Test("a type that is not a string throws")
    func notAString() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([PokemonType].self, from: Data("[12]".utf8))
        }
    }
}
