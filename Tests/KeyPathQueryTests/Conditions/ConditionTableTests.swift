import ConditionTableSupport
import Foundation
import KeyPathQuery
import QueryTestSupport
import Testing

/// One table of conditions, checked in all three targets on the same real Pokémon: in memory
/// against an independent filter, in a real SQLite against memory, and as an `NSPredicate`
/// format against the format written out in the row.
@Suite("The condition table: one meaning in memory, in SQLite and in NSPredicate")
struct ConditionTableTests {
    @Test("has at least 40 rows, and every meaningful row selects something")
    func coverage() throws {
        #expect(ConditionTable.rows.count >= 40)
        #expect(Set(ConditionTable.rows.map(\.label)).count == ConditionTable.rows.count)
        let pokemon = try PokedexDataset.pokemon()
        #expect(pokemon.count == 151 + 41 + PokedexDataset.synthetic.count)
        for row in ConditionTable.rows {
            let selected = row.referenceIDs(in: pokemon).count
            switch row.selection {
            case .nothing: #expect(selected == 0, "\(row.label)")
            case .everything: #expect(selected == pokemon.count, "\(row.label)")
            case .some: #expect(selected > 0 && selected < pokemon.count, "\(row.label)")
            }
        }
    }

    @Test("in memory, selects what an independent filter selects", arguments: ConditionTable.rows)
    func inMemory(_ row: ConditionRow) throws {
        let pokemon = try PokedexDataset.pokemon()
        #expect(try row.query.apply(to: pokemon).map(\.id) == row.referenceIDs(in: pokemon))
    }

    @Test(
        "in SQLite, selects what memory selects, in the same order", arguments: ConditionTable.rows)
    func sqlite(_ row: ConditionRow) throws {
        switch row.sql {
        case .selectsAsInMemory:
            let pokemon = try PokedexDataset.pokemon()
            let database = try PokedexDataset.database(with: pokemon)
            let ids = try PokedexDataset.sqliteIDs(of: row.query, in: database)
            #expect(try ids == row.query.apply(to: pokemon).map(\.id))
        case .refused:
            let error = try #require(throws: QueryError.self) { try row.query.sqlClauses() }
            guard error.code == .unsupported, error.target == .sql, let reason = error.reason
            else {
                Issue.record("expected .unsupported for SQL, got \(error)")
                return
            }
            #expect(!reason.isEmpty)
        }
    }

    @Test(
        "as an NSPredicate format, renders the row's format and arguments",
        arguments: ConditionTable.rows)
    func predicateFormat(_ row: ConditionRow) throws {
        let rendered = try row.query.condition.predicateFormat()
        #expect(rendered.format == row.predicate.format)
        #expect(rendered.arguments == row.predicate.arguments)
        try PredicateFormatGrammar.check(rendered.format, arguments: rendered.arguments)
        #expect(rendered.foundationArguments.count == rendered.arguments.count)
    }

    #if canImport(ObjectiveC)
        @Test("as an NSPredicate, selects what memory selects", arguments: ConditionTable.rows)
        func nsPredicate(_ row: ConditionRow) throws {
            let pokemon = try PokedexDataset.pokemon()
            let predicate = try row.query.condition.predicateFormat().makePredicate()
            let selected = pokemon.filter {
                predicate.evaluate(with: PokedexDataset.foundationObject($0))
            }
            let inMemory = try row.query.condition.filter(pokemon).map(\.id)
            #expect(Set(selected.map(\.id)) == Set(inMemory))
        }
    #endif
}
