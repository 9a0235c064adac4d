import Foundation
import Testing

@testable import KeyPathQuery

/// How aggregate queries render for SQLite and PostgreSQL, encode, and refuse what no
/// target can compute with one meaning.
@Suite("Aggregate rendering")
struct AggregateRenderingTests {
    static let query = AggregateQuery<Record>(
        .count, .sum(\.id), .average(\.score), .maximum(\.title),
        where: \.flag == true, groupedBy: [\.mood, \.note],
        having: .comparing(.count, .greater, 1).and(.comparing(.sum(\.id), .lessOrEqual, 99)))

    @Test func sqlite() throws {
        let statement = try Self.query.sqlStatement(from: "records")
        #expect(
            statement.sql
                == #"SELECT "mood", "note", count(*), CAST(sum("id" >> 32) AS INTEGER), "#
                + #"CAST(sum("id" & 4294967295) AS INTEGER), count("id"), sum("score"), "#
                + #"count("score"), max("title") FROM "records" WHERE "flag" = ? "#
                + #"GROUP BY "mood", "note" HAVING (count(*) > ? AND "#
                + #"((CAST(sum("id" >> 32) AS INTEGER) + (CAST(sum("id" & 4294967295) AS INTEGER) >> 32)) < ? "#
                + #"OR ((CAST(sum("id" >> 32) AS INTEGER) + (CAST(sum("id" & 4294967295) AS INTEGER) >> 32)) = ? "#
                + #"AND (CAST(sum("id" & 4294967295) AS INTEGER) & 4294967295) <= ?))) "#
                + #"ORDER BY "mood" ASC, "note" ASC"#)
        #expect(
            statement.bindings == [
                .integer(1), .integer(1), .integer(0), .integer(0), .integer(99),
            ])
        #expect(
            statement.columnKinds == [
                .text, .text, .integer, .integer, .integer, .integer, .real, .integer, .text,
            ])
    }

    @Test func postgreSQL() throws {
        let statement = try Self.query.sqlStatement(
            from: "records", options: SQLOptions(dialect: .postgreSQL))
        #expect(statement.sql.hasPrefix(#"SELECT "mood" COLLATE "C", "note" COLLATE "C", "#))
        #expect(statement.sql.contains(#"CAST(sum("id" >> 32) AS bigint)"#))
        #expect(statement.sql.contains(#"max("title" COLLATE "C")"#))
        #expect(statement.sql.contains(#"WHERE "flag" = $1 GROUP BY"#))
        #expect(statement.sql.contains("count(*) > $2"))
        #expect(
            statement.sql.hasSuffix(
                #"ORDER BY "mood" COLLATE "C" ASC NULLS FIRST, "note" COLLATE "C" ASC NULLS FIRST"#)
        )
        let booleans = try AggregateQuery<Record>(.minimum(\.flag), .maximum(\.flag))
            .sqlStatement(from: "records", options: SQLOptions(dialect: .postgreSQL))
        #expect(booleans.sql.hasPrefix(#"SELECT bool_and("flag"), bool_or("flag") FROM"#))
    }

    @Test func valuesAreNeverText() throws {
        let hostile = "' OR 1 --\"%@"
        let statement = try AggregateQuery<Record>(
            .count, where: \.title == hostile, groupedBy: [\.title],
            having: .comparing(.maximum(\.title), .notEqual, hostile)
        ).sqlStatement(from: "records")
        #expect(!statement.sql.contains(hostile))
        #expect(statement.bindings == [.text(hostile), .text(hostile)])
    }

    @Test func refusals() {
        for aggregate in [Aggregate<Record>.minimum(\.big), .sum(\.big), .average(\.big)] {
            #expect(throws: QueryError.self) { try AggregateQuery(aggregate).apply(to: Record.all) }
            #expect(throws: QueryError.self) {
                try AggregateQuery(aggregate).sqlStatement(from: "records")
            }
        }
    }

    @Test func codableRoundTrip() throws {
        let data = try JSONEncoder().encode(Self.query)
        let decoded = try JSONDecoder().decode(AggregateQuery<Record>.self, from: data)
        #expect(decoded == Self.query)
        #expect(try decoded.apply(to: Record.all) == Self.query.apply(to: Record.all))
    }

    @Test func sumsStayExactPastAnOverflowingRunningTotal() throws {
        var sum = AggregateSum()
        for value in [Int64.max, 1, -2, Int64.min, Int64.min, Int64.max] { sum.add(value) }
        #expect(sum.total == -3)
        #expect(sum.compare(to: .integer(-3)) == .orderedSame)
        #expect(sum.compare(to: .integer(Int64.min)) == .orderedDescending)
        var past = AggregateSum()
        past.add(.max)
        past.add(1)
        #expect(past.total == nil)
        #expect(past.compare(to: .integer(.max)) == .orderedDescending)
    }
}
