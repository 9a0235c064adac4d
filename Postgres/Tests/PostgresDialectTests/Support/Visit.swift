import Foundation
import KeyPathQuery
import PostgresNIO

/// A model with every kind of value the condition table's Pokémon lack: doubles, dates,
/// UUIDs, bytes, and arrays of numbers, Booleans, dates and structures.
struct Visit: Hashable, Sendable, Queryable {
    /// A stop on a visit: a structure inside a `jsonb` array.
    struct Stop: Hashable, Sendable, Queryable {
        var place: String
        var minutes: Int
        var tags: [String]

        static let queryAttributes: AttributeMap<Stop> = [
            \.place: "place", \.minutes: "minutes", \.tags: "tags",
        ]
    }

    var id: Int
    var score: Double
    var when: Date
    var token: UUID
    var photo: Data?
    var done: Bool
    var note: String?
    var ratings: [Double]
    var counts: [Int]
    var checks: [Bool]
    var days: [Date]
    var stops: [Stop]

    static let queryAttributes: AttributeMap<Visit> = [
        \.id: "id", \.score: "score", \.when: "when", \.token: "token", \.photo: "photo",
        \.done: "done", \.note: "note", \.ratings: "ratings", \.counts: "counts",
        \.checks: "checks", \.days: "days", \.stops: "stops",
    ]

    /// A day, as a date: `day(1)` is 1970-01-02, plus a quarter of a second.
    static func day(_ number: Int) -> Date {
        Date(timeIntervalSince1970: Double(number) * 86_400 + 0.25)
    }

    /// A UUID whose last byte is `number`.
    static func token(_ number: UInt8) -> UUID {
        UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, number))
    }

    /// Beyond 2^53, where a `Double` could no longer tell it from its neighbour.
    static let huge = 9_007_199_254_740_993

    /// Twelve visits with nils, empty arrays, negative and huge numbers, and unicode.
    static let all: [Visit] = (1...12).map(visit)

    /// The visit of id `n`.
    private static func visit(_ n: Int) -> Visit {
        let half: Double = n.isMultiple(of: 4) ? 0.5 : 0
        let notes = ["Park", "park", "Été", "zoo", "Zoo", "été"]
        let places = ["Park", "Pier", "museum"]
        var stops: [Stop] = []
        for index in 0..<(n % 3) {
            stops.append(
                Stop(
                    place: places[(n + index) % 3], minutes: n * 5 + index,
                    tags: index == 0 ? ["x", "y"] : ["y"]))
        }
        let ratings: [Double] =
            n.isMultiple(of: 6) ? [] : [Double(n) / 2, -0.5, Double(n % 3) * 1.25]
        let counts: [Int] = n.isMultiple(of: 7) ? [huge] : [n % 4, -n, n * 10]
        let checks: [Bool] = n.isMultiple(of: 5) ? [] : [n.isMultiple(of: 2), n.isMultiple(of: 3)]
        let photo: Data? = n.isMultiple(of: 3) ? nil : Data([UInt8(n % 4), UInt8(n)])
        return Visit(
            id: n, score: Double(n % 5) - 1.5 + half, when: day(13 - n),
            token: token(UInt8(200 - n * 7)), photo: photo, done: n.isMultiple(of: 2),
            note: n.isMultiple(of: 5) ? nil : notes[n % 6], ratings: ratings, counts: counts,
            checks: checks, days: [day(n), day(n + 3)], stops: stops)
    }

    /// Creates the `visits` table and fills it with ``all``.
    static func createTable(on connection: PostgresConnection, logger: Logger) async throws {
        try await PokemonTable.createTable("visits", with: all, on: connection, logger: logger)
    }
}
