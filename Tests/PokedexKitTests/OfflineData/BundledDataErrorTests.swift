import PokedexKit
import Testing

@testable import PokedexOfflineData

@Suite("BundledDataError codes")
struct BundledDataErrorTests {
    /// One error of each code, made by its factory; a new code does not compile until it has one.
    static func sample(_ kind: BundledDataError.Code.Kind) -> BundledDataError {
        switch kind {
        case .notBundled: .notBundled(id: 152)
        case .missingResource: .missingResource("Resources/pokemon/152.json")
        }
    }

    @Test("each factory makes its own code, and every code reads differently")
    func codesAreDistinct() {
        let kinds = BundledDataError.Code.Kind.allCases
        let errors = kinds.map(Self.sample)
        #expect(errors.map(\.code) == kinds.map(BundledDataError.Code.init))
        #expect(errors.map(\.code.description) == kinds.map(\.rawValue))
        #expect(Set(errors.map(\.code)).count == kinds.count)
        #expect(Set(errors.map(\.description)).count == kinds.count)
    }

    @Test("each factory fills its property and no other, and its description")
    func factoriesFillTheirProperties() {
        let notBundled = BundledDataError.notBundled(id: 1026)
        #expect(notBundled.pokemonID == 1026 && notBundled.resourcePath == nil)
        #expect(notBundled.entryID == 1026 && notBundled.family == .pokemon)
        #expect(notBundled.description == "Pokémon 1026 is not in the bundled data.")

        let noSpecies = BundledDataError.notBundled(id: 2000, family: .species)
        #expect(noSpecies.pokemonID == nil && noSpecies.resourcePath == nil)
        #expect(noSpecies.entryID == 2000 && noSpecies.family == .species)
        #expect(noSpecies.description == "Species 2000 is not in the bundled data.")
        #expect(noSpecies == .notBundled(id: 2000, family: .species))
        #expect(noSpecies != .notBundled(id: 2000, family: .type))

        let missing = BundledDataError.missingResource("Resources/pokemon/7.json")
        #expect(missing.resourcePath == "Resources/pokemon/7.json" && missing.pokemonID == nil)
        #expect(missing.entryID == nil && missing.family == nil)
        #expect(
            missing.description
                == "The bundled resource Resources/pokemon/7.json is missing from "
                + "PokedexOfflineData's bundle.")
    }

    @Test("a code is a pattern for a thrown error")
    func codesMatchInCatchClauses() {
        #expect(throws: BundledDataError.notBundled(id: 0)) {
            try BundledPokeAPI.data(forPokemon: 0)
        }
        do {
            _ = try BundledPokeAPI.data(forPokemon: 1026)
            Issue.record("id 1026 is bundled")
        } catch BundledDataError.Code.notBundled {
            // The error expected.
        } catch {
            Issue.record("unexpected error: \(error)")
        }
    }
}
