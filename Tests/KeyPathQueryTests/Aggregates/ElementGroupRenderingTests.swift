import Foundation
import Testing

@testable import KeyPathQuery

/// Groups by the elements of an array (`GroupKey.elements(of:)`): how they render for
/// SQLite and PostgreSQL, encode, and are refused where no target reads them alike.
@Suite("Aggregate rendering: groups by elements")
struct ElementGroupRenderingTests {
    static let query = AggregateQuery<Record>(
        .count, .maximum(\.id), where: \.flag == true,
        groupedBy: [.attribute(\.mood), .elements(of: \.tags)],
        having: .comparing(.count, .greater, 1))

    @Test func sqlite() throws {
        let statement = try Self.query.sqlStatement(from: "records")
        #expect(
            statement.sql
                == #"SELECT t0."mood", g2.value, count(*), max(t0."id") "#
                + #"FROM (SELECT * FROM "records" WHERE "flag" = ?) AS t0 "#
                + #"JOIN json_each(t0."tags") AS g2 ON (g2.key = 0 OR NOT EXISTS (SELECT 1 FROM "#
                + #"json_each(t0."tags") AS g2d WHERE g2d.key < g2.key AND g2d.value IS g2.value)) "#
                + #"GROUP BY t0."mood", g2.value HAVING count(*) > ? "#
                + #"ORDER BY t0."mood" ASC, g2.value ASC"#)
        #expect(statement.bindings == [.integer(1), .integer(1)])
        #expect(statement.columnKinds == [.text, .text, .integer, .integer])
    }

    @Test func postgreSQL() throws {
        let statement = try Self.query.sqlStatement(
            from: "records", options: SQLOptions(dialect: .postgreSQL))
        #expect(
            statement.sql.contains(
                #"FROM (SELECT * FROM "records" WHERE "flag" = $1) AS t0 CROSS JOIN LATERAL "#
                    + #"(SELECT DISTINCT g2d.value AS value FROM "#
                    + #"jsonb_array_elements(t0."tags") AS g2d(value)) AS g2 "#))
        #expect(
            statement.sql.hasPrefix(
                #"SELECT t0."mood" COLLATE "C", (g2.value #>> '{}') COLLATE "C", "#))
        #expect(statement.sql.contains("HAVING count(*) > $2"))
        let integers = try AggregateQuery<Numbers>(.count, groupedBy: [.elements(of: \.values)])
            .sqlStatement(from: "numbers", options: SQLOptions(dialect: .postgreSQL))
        #expect(
            integers.sql.hasPrefix(
                #"SELECT CAST(CAST((g1.value #>> '{}') AS numeric) AS bigint), count(*)"#))
    }

    @Test("rows read back from SQL as memory gives them")
    func rowsFromSQL() throws {
        let statement = try AggregateQuery<Numbers>(.count, groupedBy: [.elements(of: \.values)])
            .sqlStatement(from: "numbers")
        let rows = try statement.rows(from: [[.null, .integer(1)], [.integer(2), .integer(3)]])
        #expect(
            rows == [
                AggregateRow(groupValues: [.null], values: [.integer(1)]),
                AggregateRow(groupValues: [.integer(2)], values: [.integer(3)]),
            ])
    }

    @Test("in memory: distinct elements once per record, empty arrays nowhere, nil a group")
    func inMemory() throws {
        let records = [
            Numbers(values: [2, 2, nil]), Numbers(values: []), Numbers(values: [nil, 1, 2]),
        ]
        let rows = try AggregateQuery<Numbers>(.count, groupedBy: [.elements(of: \.values)])
            .apply(to: records)
        #expect(
            rows == [
                AggregateRow(groupValues: [.null], values: [.integer(2)]),
                AggregateRow(groupValues: [.integer(1)], values: [.integer(1)]),
                AggregateRow(groupValues: [.integer(2)], values: [.integer(2)]),
            ])
    }

    @Test func codableRoundTrip() throws {
        let data = try JSONEncoder().encode(Self.query)
        #expect(String(decoding: data, as: UTF8.self).contains(#""elementGroups":[1]"#))
        let decoded = try JSONDecoder().decode(AggregateQuery<Record>.self, from: data)
        #expect(decoded == Self.query)
        #expect(decoded.groupsByElements)
        let plain = AggregateQuery<Record>(.count, groupedBy: [\.mood])
        let encoded = String(decoding: try JSONEncoder().encode(plain), as: UTF8.self)
        #expect(!encoded.contains("elementGroups"))
    }

    @Test("refused: elements no target reads alike, and Core Data")
    func refusals() {
        let bytes = AggregateQuery<Numbers>(.count, groupedBy: [.elements(of: \.bytes)])
        #expect(throws: QueryError.self) { try bytes.apply(to: [Numbers(values: [])]) }
        #expect(throws: QueryError.self) { try bytes.sqlStatement(from: "numbers") }
        let dates = AggregateQuery<Numbers>(.count, groupedBy: [.elements(of: \.dates)])
        #expect(throws: QueryError.self) { try dates.apply(to: [Numbers(values: [])]) }
        #expect(throws: QueryError.self) { try dates.sqlStatement(from: "numbers") }
        #expect {
            try Self.query.fetchAggregation()
        } throws: { error in
            (error as? QueryError)?.code == .unsupported
                && "\(error)".contains("propertiesToGroupBy")
        }
    }
}

/// A record of optional integers, dates and bytes, to group by their elements.
private struct Numbers: Hashable, Sendable, Codable, Queryable {
    var values: [Int?]
    var dates: [Date] = []
    var bytes: [Data] = []

    static let queryAttributes: AttributeMap<Numbers> = [
        \.values: "values", \.dates: "dates", \.bytes: "bytes",
    ]
}
