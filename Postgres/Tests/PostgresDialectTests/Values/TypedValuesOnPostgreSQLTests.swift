import Foundation
import KeyPathQuery
import PostgresNIO
import PostgresTestServer
import Testing

/// What the condition table's Pokémon cannot show: doubles, dates, UUIDs, bytes, and the
/// casts of numbers, Booleans, dates and structures read out of `jsonb` arrays, each checked
/// on a real server against memory.
@Suite("Every kind of value on a real PostgreSQL server")
struct TypedValuesOnPostgreSQLTests {
    typealias Stop = Visit.Stop

    /// Labelled queries over ``Visit/all``; each selects something.
    static let queries: [(label: String, query: RecordQuery<Visit>)] = [
        ("> on a double", query(\.score > 0.5)),
        ("== a double given as an integer", query(\.score == 3)),
        ("between on a double", query(.between(\.score, -0.5...1.25))),
        ("< on a date", query(\.when < Visit.day(6))),
        ("== a UUID", query(\.token == Visit.token(200 - 4 * 7))),
        ("> on a UUID's text", query(\.token > Visit.token(150))),
        ("== bytes", query(\.photo == Data([1, 5]))),
        ("== nil on bytes", query(\.photo == nil)),
        ("== a Boolean", query(\.done == true)),
        ("NOT == false", query(!(\.done == false))),
        ("< on text, by code point", query(\.note < "a")),
        ("like with a non-ASCII character", query(.like(\.note, "?t?"))),
        ("contains a double", query(.contains(\.ratings, -0.5) && \.id < 8)),
        ("contains a double written 2.5", query(.contains(\.ratings, 2.5))),
        ("contains an integer beyond 2^53", query(.contains(\.counts, Visit.huge))),
        ("containsAll integers", query(.containsAll(\.counts, of: [2, -6]))),
        ("containsAny Booleans", query(.containsAny(\.checks, of: [true]))),
        ("contains a date", query(.contains(\.days, Visit.day(7)))),
        ("any double element >", query(.anyElement(\.ratings, where: \.self > 4.0))),
        ("every integer element >= 0", query(.everyElement(\.counts, where: \.self >= 0))),
        (
            "any integer element beyond 2^53",
            query(.anyElement(\.counts, where: \.self > Visit.huge - 1))
        ),
        ("no Boolean element false", query(.noElement(\.checks, where: \.self == false))),
        ("any date element <", query(.anyElement(\.days, where: \.self < Visit.day(3)))),
        ("any structure's integer >", query(.anyElement(\.stops, where: \.minutes > 40))),
        (
            "any structure's array contains",
            query(.anyElement(\.stops, where: .contains(\.tags, "x")) && \.id > 4)
        ),
        (
            "every structure's text has a prefix",
            query(.everyElement(\.stops, where: .hasPrefix(\.place, "P")))
        ),
        (
            "any structure's text equals, ignoring case",
            query(
                .anyElement(\.stops, where: .equals(\.place, "MUSEUM", options: .caseInsensitive)))
        ),
        ("count of structures >", query(.count(\.stops, .greater, 1))),
        ("isEmpty", query(.isEmpty(\.ratings))),
        (
            "sorted by double, descending",
            RecordQuery(sortedBy: [.descending(\.score), .ascending(\.id)])
        ),
        ("sorted by date", RecordQuery(sortedBy: [.ascending(\.when)])),
        ("sorted by UUID", RecordQuery(sortedBy: [.ascending(\.token)])),
        (
            "sorted by text, nil last",
            RecordQuery(sortedBy: [.ascending(\.note, nils: .last), .ascending(\.id)])
        ),
        (
            "sorted by text, nil first by default",
            RecordQuery(sortedBy: [.ascending(\.note), .descending(\.id)])
        ),
        (
            "sorted by date, descending, paged",
            RecordQuery(sortedBy: [.descending(\.when)], limit: 4, offset: 3)
        ),
    ]

    /// A condition as a client might send it: the typed condition, encoded, with `written`
    /// replaced by `sent`.
    typealias Decoded = (label: String, typed: Condition<Visit>, written: String, sent: String)

    /// Operands written as another kind than the attribute's: a UUID as lower-case text, a
    /// double as an integer.
    static let decodedCases: [Decoded] = {
        let token = Visit.token(200 - 4 * 7)
        let uuid = #"{"uuid":"\#(token.uuidString)"}"#
        let lowerCased = #"{"string":"\#(token.uuidString.lowercased())"}"#
        return [
            ("== a UUID as lower-case text", \.token == token, uuid, lowerCased),
            ("!= a UUID as lower-case text", \.token != token, uuid, lowerCased),
            (">= a UUID as lower-case text", \.token >= token, uuid, lowerCased),
            ("in UUIDs as lower-case text", .in(\.token, [token]), uuid, lowerCased),
            (
                "contains a double given as an integer", .contains(\.ratings, 1.0),
                #"{"double":1}"#, #"{"integer":1}"#
            ),
        ]
    }()

    @Test("a decoded operand converts to the attribute's type, as in memory")
    func decodedOperands() async throws {
        var queries: [(label: String, query: RecordQuery<Visit>)] = []
        for (label, typed, written, sent) in Self.decodedCases {
            let json = String(decoding: try JSONEncoder().encode(typed), as: UTF8.self)
            let replaced = json.replacingOccurrences(of: written, with: sent)
            #expect(replaced != json, "\(label): \(json)")
            let decoded = try JSONDecoder().decode(Condition<Visit>.self, from: Data(replaced.utf8))
            #expect(decoded != typed, "\(label)")
            let query = Self.query(decoded)
            #expect(
                try query.apply(to: Visit.all) == Self.query(typed).apply(to: Visit.all),
                "\(label)")
            queries.append((label, query))
        }
        try await Self.check(queries)
    }

    private static func query(_ condition: Condition<Visit>) -> RecordQuery<Visit> {
        RecordQuery(where: condition, sortedBy: [.ascending(\.id)])
    }

    @Test("each query selects in PostgreSQL what memory selects, in the same order")
    func typedValues() async throws {
        try await Self.check(Self.queries)
    }

    /// Runs each query on a fresh `visits` table and checks that it selects what memory
    /// selects, and something.
    private static func check(
        _ queries: [(label: String, query: RecordQuery<Visit>)]
    ) async throws {
        try await PostgresTestServer.withServer { server in
            let connection = try await server.connect()
            do {
                try await Visit.createTable(on: connection, logger: server.logger)
                for (label, query) in queries {
                    let inMemory = try query.apply(to: Visit.all).map(\.id)
                    #expect(!inMemory.isEmpty, "\(label) selects nothing in memory")
                    do {
                        let ids = try await PokemonTable.selectIDs(
                            query, from: "visits", on: connection, logger: server.logger)
                        #expect(ids == inMemory, "\(label)")
                    } catch {
                        Issue.record("\(label): \(String(reflecting: error))")
                    }
                }
                try await connection.close()
            } catch {
                try? await connection.close()
                throw error
            }
        }
    }
}
