import ConditionTableSupport
import Foundation
import KeyPathQuery
import QueryTestSupport
import Testing

/// The condition table's rows that follow a reference between Pokémon and their species,
/// checked as the rest of the table is: in memory (resolved through the fixtures' records)
/// against an independent filter, in a real SQLite of both tables against memory, and as an
/// `NSPredicate` format against the one written out in the row.
@Suite("The condition table's references: one meaning in memory, in SQLite and in NSPredicate")
struct ReferenceTableTests {
    /// The options every query here is rendered with: the default SQLite dialect, with both
    /// tables named.
    private static var options: SQLOptions {
        var options = SQLOptions()
        options.tables = ReferenceTable.tables
        return options
    }

    @Test("has at least 10 rows, and every meaningful row selects something")
    func coverage() throws {
        #expect(ReferenceTable.rows.count >= 10)
        #expect(Set(ReferenceTable.rows.map(\.label)).count == ReferenceTable.rows.count)
        let records = try PokedexRecords.fixtures()
        #expect(records.species.count == 184 + 4)
        #expect(records.pokemon.filter { $0.speciesID == nil }.count == 3)
        #expect(records.species.filter { records.varieties(of: $0).isEmpty }.count == 4)
        for row in ReferenceTable.rows {
            let selected = row.referenceIDs(in: records).count
            switch row.selection {
            case .nothing: #expect(selected == 0, "\(row.label)")
            case .everything: #expect(selected == row.recordCount(in: records), "\(row.label)")
            case .some:
                #expect(selected > 0 && selected < row.recordCount(in: records), "\(row.label)")
            }
        }
    }

    @Test("every Pokémon refers to the species PokeAPI names, or to none")
    func speciesLinks() throws {
        let records = try PokedexRecords.fixtures()
        let byID = Dictionary(uniqueKeysWithValues: records.pokemon.map { ($0.id, $0) })
        #expect(byID[25]?.speciesID == 25)
        #expect(byID[10_001]?.speciesID == 386)  // deoxys-attack
        #expect(byID[10_307]?.speciesID == 359)  // absol-mega-z: its species' default is absent
        #expect(byID[90_002]?.speciesID == nil)
        #expect(
            records.pokemon.allSatisfy { $0.speciesID == nil || records.species(of: $0) != nil })
    }

    /// Resolving a to-many condition names the referred model's id through `\Referred.id`
    /// written in generic code, another key path than the model's own `\.id`: it must still
    /// name the attribute `id`, so that the resolved condition renders in every target.
    @Test("a resolved to-many condition renders like any condition on the model's id")
    func resolvedToManyConditionRenders() throws {
        let records = try PokedexRecords.fixtures()
        let heavy: Condition<Species> = .anyReferrer(
            Pokemon.self, through: \.speciesID, inverse: "varieties", where: \.weight > 1_000)
        let resolved = try heavy.resolvingReferences(in: records)
        #expect(!resolved.followsReferences)
        let format = try resolved.predicateFormat()
        let sql = try resolved.sqlExpression()
        #expect(format.arguments.first == "id")
        #expect(sql.sql.hasPrefix("\"id\" IN"))
    }

    @Test("in memory, selects what an independent filter selects", arguments: ReferenceTable.rows)
    func inMemory(_ row: ReferenceRow) throws {
        let records = try PokedexRecords.fixtures()
        #expect(try row.inMemoryIDs(in: records) == row.referenceIDs(in: records))
    }

    @Test(
        "in SQLite, selects what memory selects, in the same order",
        arguments: ReferenceTable.rows)
    func sqlite(_ row: ReferenceRow) throws {
        switch row.sql {
        case .selectsAsInMemory:
            let records = try PokedexRecords.fixtures()
            let database = try PokedexDataset.database(with: records)
            let clauses = try row.sqlClauses(options: Self.options)
            let ids = try database.integers(
                "SELECT id FROM \(row.table) " + clauses.sql, clauses.bindings
            ).map { Int($0) }
            #expect(try ids == row.inMemoryIDs(in: records))
        case .refused:
            let error = try #require(throws: QueryError.self) {
                try row.sqlClauses(options: Self.options)
            }
            #expect(error.code == .unsupported)
            #expect(error.target == .sql)
        }
    }

    @Test(
        "as an NSPredicate format, renders the row's format and arguments",
        arguments: ReferenceTable.rows)
    func predicateFormat(_ row: ReferenceRow) throws {
        let rendered = try row.predicateFormat()
        #expect(rendered.format == row.predicate.format)
        #expect(rendered.arguments == row.predicate.arguments)
        try PredicateFormatGrammar.check(rendered.format, arguments: rendered.arguments)
        #expect(rendered.foundationArguments.count == rendered.arguments.count)
    }
}
