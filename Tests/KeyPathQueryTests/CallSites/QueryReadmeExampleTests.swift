import ConditionTableSupport
import KeyPathQuery
import QueryTestSupport
import Testing

/// The README's querying example, run: if this changes, the README must too.
@Suite("The README's querying example")
struct QueryReadmeExampleTests {
    @Test("renders as the README says, and SQLite agrees with memory")
    func example() throws {
        let allPokemon = try PokedexDataset.pokemon()

        let condition: Condition<Pokemon> =
            .contains(\.types, .fire) && \.attack >= 60
            && .hasPrefix(\.name, "char", options: .caseInsensitive)

        // In memory
        let query = RecordQuery(
            where: condition, sortedBy: [.descending(\.attack), .ascending(\.id)], limit: 10)
        let strongest = try query.apply(to: allPokemon)
        #expect(strongest.map(\.name) == ["charizard", "charmeleon"])

        // NSPredicate: names for %K, values for %@, never in the format
        let rendered = try condition.predicateFormat()
        #expect(rendered.format == "ANY %K == %@ AND %K >= %@ AND %K BEGINSWITH[c] %@")
        #expect(rendered.arguments == ["types", "fire", "attack", 60, "name", "char"])

        // SQLite: ? placeholders and typed bindings
        let clauses = try query.sqlClauses()
        #expect(
            clauses.whereClause.sql.hasPrefix(
                #"WHERE (instr("types", ?) > 0 AND EXISTS (SELECT 1 FROM json_each("types") AS e1 WHERE e1.value = ?)) AND "attack" >= ? AND instr(lower("#
            ))
        #expect(clauses.orderByClause == #"ORDER BY "attack" DESC, "id" ASC"#)
        #expect(clauses.limitClause?.sql == "LIMIT ?")
        #expect(
            clauses.bindings == [
                .text(#""fire""#), .text("fire"), .integer(60), .text("char"), .integer(10),
            ])

        let database = try PokedexDataset.database(with: allPokemon)
        #expect(try PokedexDataset.sqliteIDs(of: query, in: database) == strongest.map(\.id))
    }
}
