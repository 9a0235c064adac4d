import Foundation
import KeyPathQuery

/// One row of the aggregate condition table: a query over ``AggregateRecord/samples``, and
/// the answer every target must give.
public struct AggregateCase: Sendable, CustomStringConvertible {
    /// What the row shows.
    public let name: String
    /// The query.
    public let query: AggregateQuery<AggregateRecord>
    /// The rows every target answers, or `nil` when every target throws an overflow
    /// (``overflows``).
    public let expected: [AggregateRow]?

    /// Whether every target throws `QueryError.Code.aggregateOverflow` instead.
    public var overflows: Bool { expected == nil }

    /// The row's name.
    public var description: String { name }
}

/// The condition table of aggregates: one meaning for `nil`, empty sets and groups, the
/// condition on groups, integer overflow, averages and text, stated as the answers over
/// ``AggregateRecord/samples`` that memory, every store and Core Data's meaning must give.
public enum AggregateTable {
    /// Every row.
    public static let cases: [AggregateCase] =
        counting + sums + groups + elementGroups + having + orders

    private static func row(
        _ name: String, _ query: AggregateQuery<AggregateRecord>, _ expected: [AggregateRow]?
    ) -> AggregateCase {
        AggregateCase(name: name, query: query, expected: expected)
    }

    private static func values(_ values: QueryValue...) -> [AggregateRow] {
        [AggregateRow(values: values)]
    }

    private static func date(_ seconds: Double) -> QueryValue {
        .date(Date(timeIntervalSince1970: seconds))
    }

    static let counting: [AggregateCase] = [
        row("count of records", AggregateQuery(.count), values(.integer(8))),
        row(
            "count of an attribute skips nil",
            AggregateQuery(.count(\.level), .count(\.weight), .count(\.team)),
            values(.integer(5), .integer(5), .integer(7))),
        row(
            "an empty set: counts are 0, the others nil",
            AggregateQuery(
                .count, .count(\.level), .sum(\.level), .average(\.weight), .minimum(\.team),
                .maximum(\.caught), .minimum(\.big), .maximum(\.kind), where: \.id > 100),
            values(.integer(0), .integer(0), .null, .null, .null, .null, .null, .null)),
        row(
            "only nil values: nil",
            AggregateQuery(
                .count, .sum(\.level), .average(\.level), .minimum(\.level),
                where: \.level == nil),
            values(.integer(3), .null, .null, .null)),
    ]

    static let sums: [AggregateCase] = [
        row(
            "sum, average, minimum and maximum of integers skip nil",
            AggregateQuery(
                .sum(\.level), .average(\.level), .minimum(\.level), .maximum(\.level)),
            values(.integer(72), .double(72.0 / 5.0), .integer(5), .integer(30))),
        row(
            "sum and average of doubles",
            AggregateQuery(.sum(\.weight), .average(\.weight)),
            values(.double(8.5), .double(8.5 / 5.0))),
        row(
            "an average of integers is a Double",
            AggregateQuery(.average(\.big), where: .in(\.id, [3, 4])), values(.double(-1))),
        row("a sum past Int64 overflows", AggregateQuery(.sum(\.big)), nil),
        row(
            "an exact sum whose running total overflows does not",
            AggregateQuery(.sum(\.big), where: \.id <= 3), values(.integer(Int64.max - 1))),
        row(
            "an overflowing sum of a group returned overflows",
            AggregateQuery(.sum(\.big), groupedBy: [\.shiny]), nil),
    ]

    static let groups: [AggregateCase] = [
        row(
            "groups: nil first, then text by Unicode scalars",
            AggregateQuery(.count, .sum(\.level), groupedBy: [\.team]),
            [
                AggregateRow(groupValues: [.null], values: [.integer(1), .integer(5)]),
                AggregateRow(groupValues: [.string("Ash")], values: [.integer(2), .integer(10)]),
                AggregateRow(
                    groupValues: [.string("Brock")], values: [.integer(2), .integer(30)]),
                AggregateRow(groupValues: [.string("Zed")], values: [.integer(1), .null]),
                AggregateRow(groupValues: [.string("ash")], values: [.integer(1), .integer(20)]),
                AggregateRow(
                    groupValues: [.string("\u{C9}mile")], values: [.integer(1), .integer(7)]),
            ]),
        row(
            "no records, no groups",
            AggregateQuery(.count, where: \.id > 100, groupedBy: [\.team]), []),
        row(
            "groups by an enumeration and a Boolean",
            AggregateQuery(.count, .average(\.weight), groupedBy: [\.kind, \.shiny]),
            [
                AggregateRow(
                    groupValues: [.string("fire"), .bool(false)],
                    values: [.integer(2), .double(1.25)]),
                AggregateRow(
                    groupValues: [.string("fire"), .bool(true)],
                    values: [.integer(1), .double(1.5)]),
                AggregateRow(
                    groupValues: [.string("grass"), .bool(true)],
                    values: [.integer(2), .double(0.5)]),
                AggregateRow(
                    groupValues: [.string("water"), .bool(false)],
                    values: [.integer(3), .double(4)]),
            ]),
        row(
            "the condition selects before grouping",
            AggregateQuery(.maximum(\.level), where: \.shiny == false, groupedBy: [\.kind]),
            [
                AggregateRow(groupValues: [.string("fire")], values: [.integer(30)]),
                AggregateRow(groupValues: [.string("water")], values: [.integer(7)]),
            ]),
    ]

    /// Groups by the elements of arrays: each distinct element once per record, an empty
    /// array in no group.
    static let elementGroups: [AggregateCase] = [
        row(
            "groups by elements: a repeated element counts once, an empty array nowhere",
            AggregateQuery(.count, .sum(\.level), groupedBy: [.elements(of: \.badges)]),
            [
                AggregateRow(groupValues: [.string("Zephyr")], values: [.integer(1), .null]),
                AggregateRow(
                    groupValues: [.string("boulder")], values: [.integer(3), .integer(22)]),
                AggregateRow(
                    groupValues: [.string("cascade")], values: [.integer(3), .integer(30)]),
                AggregateRow(
                    groupValues: [.string("thunder")], values: [.integer(1), .integer(7)]),
            ]),
        row(
            "groups by an attribute and the elements of integers",
            AggregateQuery(.count, groupedBy: [.attribute(\.shiny), .elements(of: \.ribbons)]),
            [
                AggregateRow(groupValues: [.bool(false), .integer(1)], values: [.integer(1)]),
                AggregateRow(groupValues: [.bool(false), .integer(2)], values: [.integer(2)]),
                AggregateRow(groupValues: [.bool(false), .integer(3)], values: [.integer(1)]),
                AggregateRow(groupValues: [.bool(true), .integer(1)], values: [.integer(2)]),
                AggregateRow(groupValues: [.bool(true), .integer(2)], values: [.integer(1)]),
            ]),
        row(
            "records whose arrays are empty make no group",
            AggregateQuery(.count, where: .in(\.id, [3, 6]), groupedBy: [.elements(of: \.badges)]),
            []),
        row(
            "two element keys group by each pair once",
            AggregateQuery(
                .count, where: \.id <= 3,
                groupedBy: [.elements(of: \.badges), .elements(of: \.ribbons)]),
            [("boulder", 1), ("boulder", 2), ("cascade", 1), ("cascade", 2)].map {
                AggregateRow(
                    groupValues: [.string($0.0), .integer($0.1)], values: [.integer(1)])
            }),
        row(
            "having on groups by elements",
            AggregateQuery(
                .count, .maximum(\.team), groupedBy: [.elements(of: \.badges)],
                having: .comparing(.count, .greaterOrEqual, 2)),
            [
                AggregateRow(
                    groupValues: [.string("boulder")],
                    values: [.integer(3), .string("\u{C9}mile")]),
                AggregateRow(
                    groupValues: [.string("cascade")], values: [.integer(3), .string("ash")]),
            ]),
    ]

    static let having: [AggregateCase] = [
        row(
            "having keeps the groups that satisfy it",
            AggregateQuery(
                .count, groupedBy: [\.team], having: .comparing(.count, .greaterOrEqual, 2)),
            [
                AggregateRow(groupValues: [.string("Ash")], values: [.integer(2)]),
                AggregateRow(groupValues: [.string("Brock")], values: [.integer(2)]),
            ]),
        row(
            "a comparison with a nil aggregate is false, even !=",
            AggregateQuery(
                .count, groupedBy: [\.team], having: .comparing(.sum(\.level), .notEqual, 0)),
            [nil, "Ash", "Brock", "ash", "\u{C9}mile"].map(teamRow)),
        row(
            "a negated comparison with a nil aggregate is true",
            AggregateQuery(
                .count, groupedBy: [\.team],
                having: .comparing(.sum(\.level), .greater, 15).negated),
            [nil, "Ash", "Zed", "\u{C9}mile"].map(teamRow)),
        row(
            "having or, on an average and a text minimum",
            AggregateQuery(
                .count, groupedBy: [\.kind],
                having: .comparing(.average(\.level), .greater, 10)
                    .or(.comparing(.minimum(\.team), .equal, "Zed"))),
            [
                AggregateRow(groupValues: [.string("fire")], values: [.integer(3)]),
                AggregateRow(groupValues: [.string("grass")], values: [.integer(2)]),
            ]),
        row(
            "having compares a sum exactly, past Int64, without overflowing",
            AggregateQuery(
                .count, groupedBy: [\.shiny], having: .comparing(.sum(\.big), .less, 0)),
            [AggregateRow(groupValues: [.bool(false)], values: [.integer(5)])]),
        row(
            "having drops the one row of an ungrouped query",
            AggregateQuery(.count, where: \.id > 100, having: .comparing(.count, .greater, 0)),
            []),
    ]

    static let orders: [AggregateCase] = [
        row(
            "text minimum and maximum by Unicode scalars",
            AggregateQuery(.minimum(\.team), .maximum(\.team)),
            values(.string("Ash"), .string("\u{C9}mile"))),
        row(
            "Booleans, dates and enumerations as they are stored",
            AggregateQuery(
                .minimum(\.shiny), .maximum(\.shiny), .minimum(\.caught), .maximum(\.caught),
                .minimum(\.kind), .maximum(\.kind)),
            values(
                .bool(false), .bool(true), date(500_000), date(3_000_000), .string("fire"),
                .string("water"))),
    ]

    /// A row of a query grouped by team that counts: the team's value and its count.
    private static func teamRow(_ team: String?) -> AggregateRow {
        let count = AggregateRecord.samples.count { $0.team == team }
        return AggregateRow(groupValues: [team.queryValue], values: [.integer(Int64(count))])
    }
}
