import ConditionTableSupport
import Foundation
import KeyPathQuery
import Testing

/// Two models linked by a reference: each form refers to its species, or to none.
private struct Species: Queryable, Identifiable, Hashable {
    var id: Int
    var name: String
    var isLegendary: Bool

    static let queryAttributes: AttributeMap<Species> = [
        \.id: "id", \.name: "name", \.isLegendary: "is_legendary",
    ]
}

private struct Form: Queryable, Identifiable, Hashable {
    var id: Int
    var speciesID: Int?
    var name: String
    var weight: Int
    var types: [String]

    static let queryAttributes: AttributeMap<Form> = [
        \.id: "id", \.speciesID: "species_id", \.name: "name", \.weight: "weight",
        \.types: "types",
    ]
}

/// Reads the records from arrays, as a database would from its tables.
private struct Records: RelatedRecordLookup {
    var species: [Species]
    var forms: [Form]

    func records<Model: Queryable>(
        of model: Model.Type, where condition: Condition<Model>
    ) throws -> [Model] {
        let resolved = try condition.resolvingReferences(in: self)
        if let species = species as? [Model] { return try resolved.filter(species) }
        if let forms = forms as? [Model] { return try resolved.filter(forms) }
        return []
    }
}

@Suite("Conditions that follow a reference")
struct ReferenceConditionTests {
    fileprivate static let legendaryForm: Condition<Form> =
        .reference(\.speciesID, to: Species.self, where: \.isLegendary == true)
    fileprivate static let fireSpecies: Condition<Species> =
        .anyReferrer(
            Form.self, through: \.speciesID, inverse: "forms", where: .contains(\.types, "fire"))
    fileprivate static let lightSpecies: Condition<Species> =
        .noReferrer(Form.self, through: \.speciesID, inverse: "forms", where: \.weight > 1_000)

    fileprivate static var sqlOptions: SQLOptions {
        var options = SQLOptions()
        options.tables.add(Species.self, name: "species", keyColumn: "id")
        options.tables.add(Form.self, name: "form", keyColumn: "id")
        return options
    }

    fileprivate static let records = Records(
        species: [
            Species(id: 1, name: "bulbasaur", isLegendary: false),
            Species(id: 144, name: "articuno", isLegendary: true),
            Species(id: 146, name: "moltres", isLegendary: true),
            Species(id: 200, name: "misdreavus", isLegendary: false),
        ],
        forms: [
            Form(id: 1, speciesID: 1, name: "bulbasaur", weight: 69, types: ["grass", "poison"]),
            Form(id: 144, speciesID: 144, name: "articuno", weight: 554, types: ["ice", "flying"]),
            Form(id: 146, speciesID: 146, name: "moltres", weight: 600, types: ["fire", "flying"]),
            Form(
                id: 10_169, speciesID: 146, name: "moltres-galar", weight: 6_600,
                types: ["dark", "flying"]),
            Form(id: 9_999, speciesID: nil, name: "missingno", weight: 100, types: []),
        ])

    // MARK: SQL

    @Test func toOneRendersAsInOnTheReferredKeys() throws {
        let fragment = try Self.legendaryForm.sqlExpression(options: Self.sqlOptions)
        #expect(
            fragment.sql
                == #""form"."species_id" IN (SELECT r1."id" FROM "species" AS r1 WHERE r1."is_legendary" = ?)"#
        )
        #expect(fragment.bindings == [.integer(1)])
        // A nil reference makes the IN NULL: negated, it is still false.
        let negated = try (!Self.legendaryForm).sqlExpression(options: Self.sqlOptions)
        #expect(
            negated.sql
                == #"NOT COALESCE("form"."species_id" IN (SELECT r1."id" FROM "species" AS r1 WHERE r1."is_legendary" = ?), 0)"#
        )
        let anySpecies: Condition<Form> = .reference(\.speciesID, to: Species.self, where: .true)
        #expect(
            try anySpecies.sqlExpression(options: Self.sqlOptions).sql
                == #""form"."species_id" IN (SELECT r1."id" FROM "species" AS r1)"#)
        var postgreSQL = Self.sqlOptions
        postgreSQL.dialect = .postgreSQL
        #expect(
            try Self.legendaryForm.sqlExpression(options: postgreSQL).sql
                .hasPrefix(
                    #"EXISTS (SELECT 1 FROM "species" AS r1 WHERE r1."id" = "form"."species_id""#))
    }

    @Test func toManyRendersAsInOnTheReferringAttribute() throws {
        let fire = try Self.fireSpecies.sqlExpression(options: Self.sqlOptions)
        #expect(
            fire.sql
                == #""species"."id" IN (SELECT r1."species_id" FROM "form" AS r1 WHERE r1."species_id" IS NOT NULL AND (instr(r1."types", ?) > 0 AND EXISTS (SELECT 1 FROM json_each(r1."types") AS e2 WHERE e2.value = ?)))"#
        )
        let light = try Self.lightSpecies.sqlExpression(options: Self.sqlOptions)
        #expect(
            light.sql
                == #""species"."id" NOT IN (SELECT r1."species_id" FROM "form" AS r1 WHERE r1."species_id" IS NOT NULL AND r1."weight" > ?)"#
        )
        let every: Condition<Species> = .everyReferrer(
            Form.self, through: \.speciesID, where: \.weight > 100)
        #expect(
            try every.sqlExpression(options: Self.sqlOptions).sql
                == #""species"."id" NOT IN (SELECT r1."species_id" FROM "form" AS r1 WHERE r1."species_id" IS NOT NULL AND NOT COALESCE(r1."weight" > ?, 0))"#
        )
        // PostgreSQL keeps the correlated EXISTS, which its planner turns into a join.
        var postgreSQL = Self.sqlOptions
        postgreSQL.dialect = .postgreSQL
        #expect(
            try Self.lightSpecies.sqlExpression(options: postgreSQL).sql
                .hasPrefix(
                    #"NOT EXISTS (SELECT 1 FROM "form" AS r1 WHERE r1."species_id" = "species"."id""#
                ))
    }

    @Test func nestedReferencesCorrelateWithTheEnclosingAlias() throws {
        let condition: Condition<Species> = .anyReferrer(
            Form.self, through: \.speciesID,
            where: .reference(\.speciesID, to: Species.self, where: \.name == "moltres"))
        #expect(
            try condition.sqlExpression(options: Self.sqlOptions).sql
                == #""species"."id" IN (SELECT r1."species_id" FROM "form" AS r1 WHERE r1."species_id" IS NOT NULL AND r1."species_id" IN (SELECT r2."id" FROM "species" AS r2 WHERE r2."name" = ?))"#
        )
    }

    @Test func postgreSQLNumbersThePlaceholders() throws {
        var options = Self.sqlOptions
        options.dialect = .postgreSQL
        let condition = Self.legendaryForm && \.weight > 500
        let fragment = try condition.sqlExpression(options: options)
        #expect(
            fragment.sql
                == #"EXISTS (SELECT 1 FROM "species" AS r1 WHERE r1."id" = "form"."species_id" AND r1."is_legendary" = $1) AND "weight" > $2"#
        )
        #expect(fragment.bindings == [.boolean(true), .integer(500)])
    }

    @Test func sqlWithoutTheTablesIsRefusedAndSaysWhy() throws {
        let error = try #require(throws: QueryError.self) {
            try Self.legendaryForm.sqlExpression()
        }
        #expect(error.code == .unsupported)
        #expect(error.description.contains("SQLOptions.tables names no table for Form"))
    }

    // MARK: NSPredicate

    @Test func predicateFormatFollowsTheRelationships() throws {
        let toOne = try Self.legendaryForm.predicateFormat()
        #expect(
            toOne == PredicateFormat(format: "%K == %@", arguments: ["species.is_legendary", true]))
        let toMany = try Self.lightSpecies.predicateFormat()
        #expect(
            toMany
                == PredicateFormat(
                    format: "SUBQUERY(%K, $r1, $r1.%K > %@).@count == 0",
                    arguments: ["forms", "weight", 1_000]))
        let nested: Condition<Species> = .anyReferrer(
            Form.self, through: \.speciesID, inverse: "forms",
            where: .reference(\.speciesID, to: Species.self, where: \.name == "moltres"))
        #expect(
            try nested.predicateFormat()
                == PredicateFormat(
                    format: "SUBQUERY(%K, $r1, $r1.%K == %@).@count > 0",
                    arguments: ["forms", "species.name", "moltres"]))
    }

    @Test func predicateFormatNeedsTheInverseName() throws {
        let condition: Condition<Species> = .anyReferrer(Form.self, through: \.speciesID)
        let error = try #require(throws: QueryError.self) { try condition.predicateFormat() }
        #expect(error.code == .unsupported)
        #expect(error.description.contains("inverse:"))
    }

    // MARK: Memory

    @Test func memoryNeedsTheOtherModelsRecords() throws {
        let error = try #require(throws: QueryError.self) { try Self.legendaryForm.compiled() }
        #expect(error.code == .unsupported)
        #expect(error.description.contains("resolvingReferences(in:)"))
        #expect(Self.legendaryForm.followsReferences)
        #expect(!(\Form.weight > 1).followsReferences)
    }

    @Test func resolvedConditionsSelectWhatTheyMean() throws {
        let forms = Self.records.forms
        let legendary = try Self.legendaryForm.resolvingReferences(in: Self.records)
        #expect(try legendary.filter(forms).map(\.id) == [144, 146, 10_169])
        #expect(!legendary.followsReferences)
        let notLegendary = try (!Self.legendaryForm).resolvingReferences(in: Self.records)
        #expect(try notLegendary.filter(forms).map(\.id) == [1, 9_999])
        let species = Self.records.species
        let fire = try Self.fireSpecies.resolvingReferences(in: Self.records)
        #expect(try fire.filter(species).map(\.id) == [146])
        let light = try Self.lightSpecies.resolvingReferences(in: Self.records)
        #expect(try light.filter(species).map(\.id) == [1, 144, 200])
        let every: Condition<Species> = .everyReferrer(
            Form.self, through: \.speciesID, where: .contains(\.types, "flying"))
        #expect(
            try every.resolvingReferences(in: Self.records).filter(species).map(\.id)
                == [144, 146, 200])
    }

    @Test func encodingIsRefused() throws {
        #expect(throws: (any Error).self) { try JSONEncoder().encode(Self.legendaryForm) }
    }

    @Test func equalConditionsFollowTheSameReference() {
        let again: Condition<Form> =
            .reference(\.speciesID, to: Species.self, where: \.isLegendary == true)
        #expect(again == Self.legendaryForm)
        #expect(again.hashValue == Self.legendaryForm.hashValue)
        let other: Condition<Form> =
            .reference(\.speciesID, to: Species.self, where: \.isLegendary == false)
        #expect(other != Self.legendaryForm)
    }
}
