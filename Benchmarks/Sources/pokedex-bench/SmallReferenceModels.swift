import Foundation
import PokedexKit

// Group 10's small records: forms and their species, a few fields each, so that what a
// reference costs beyond the record is what is measured (the Pokémon rows decode a larger
// record with an array in it). Their GRDB side is in `ReferenceModels+GRDB.swift`.

/// A species of small records: a tenth of them legendary.
struct SmallSpecies: StorableModel, Hashable {
    var id: Int
    var name: String
    var isLegendary: Bool

    static let queryAttributes: AttributeMap<SmallSpecies> = [
        \.id: "id", \.name: "name", \.isLegendary: "isLegendary",
    ]
}

/// A form, referring to its species by `speciesID`: three forms a species.
///
/// The reference is declared as the package's models declare theirs, and nothing more: the
/// store indexes its attribute on its own.
struct SmallForm: StorableModel, Hashable {
    var id: Int
    var name: String
    var attack: Int
    var speciesID: Int

    /// The column GRDB's `belongsTo("species")` names in a table definition.
    enum CodingKeys: String, CodingKey {
        case id, name, attack
        case speciesID = "speciesId"
    }

    static let queryAttributes: AttributeMap<SmallForm> = [
        \.id: "id", \.name: "name", \.attack: "attack", \.speciesID: "speciesId",
    ]

    static var references: [ModelReference<SmallForm>] {
        [ModelReference(\.speciesID, to: SmallSpecies.self, onDelete: .cascade)]
    }
}

/// The small records of one size: `forms` forms, three a species.
struct SmallRecords {
    /// The attack a "strong" form has at least.
    static let strongAttack = 150

    let species: [SmallSpecies]
    let forms: [SmallForm]

    /// `formCount` forms (ids `1...formCount`), the forms of a species side by side, and
    /// their species (ids from 1, every tenth legendary); attacks spread over 10...160 in a
    /// fixed order, so that about 7 % of the forms are strong.
    init(forms formCount: Int) {
        species = (1...(formCount + 2) / 3).map(Self.species)
        forms = (1...formCount).map { Self.form($0, of: ($0 - 1) / 3 + 1) }
    }

    private static func species(_ id: Int) -> SmallSpecies {
        SmallSpecies(id: id, name: "species-\(id)", isLegendary: id % 10 == 0)
    }

    private static func form(_ id: Int, of speciesID: Int) -> SmallForm {
        SmallForm(
            id: id, name: "form-\(id)", attack: 10 + (id &* 7_919) % 151, speciesID: speciesID)
    }

    /// The ids of the forms whose species is legendary, in id order.
    var legendaryFormIDs: [Int] {
        let legendary = Set(species.filter(\.isLegendary).map(\.id))
        return forms.filter { legendary.contains($0.speciesID) }.map(\.id)
    }

    /// The number of species with a strong form.
    var speciesWithStrongForm: Int {
        Set(forms.filter { $0.attack >= Self.strongAttack }.map(\.speciesID)).count
    }

    /// The records of the `commit`-th write after these records (from 0): a new species and
    /// two new forms of it, with ids after every record so far.
    func newSpecies(_ commit: Int) -> (SmallSpecies, [SmallForm]) {
        let speciesID = species.count + commit + 1
        let firstFormID = forms.count + 2 * commit + 1
        let newForms = [firstFormID, firstFormID + 1].map { Self.form($0, of: speciesID) }
        return (Self.species(speciesID), newForms)
    }
}
