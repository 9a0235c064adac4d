import Foundation
import KeyPathQuery
import Testing

private struct Sample: Queryable, Hashable {
    var id: Int
    var name: String
    var score: Double
    var level: Int?
    var rank: Int8

    static let queryAttributes: AttributeMap<Sample> = [
        \.id: "id", \.name: "name", \.score: "score", \.level: "level", \.rank: "rank",
    ]
}

/// `in` with many values tests membership in a set: it must select exactly what the
/// disjunction of its equalities selects.
@Suite("Membership with many values")
struct MembershipTests {
    private static let names = ["caf\u{E9}", "cafe\u{301}", "CAFÉ", "tea", "", "ma\u{F1}ana"]
    private static let scores: [Double] = [0.0, -0.0, .nan, 1.5, 2, .infinity]

    private static let samples: [Sample] = (0..<200).map { index in
        let suffix = index % 5 == 0 ? "" : String(index % 7)
        let level: Int? = index % 4 == 0 ? nil : index % 9
        return Sample(
            id: index, name: names[index % 6] + suffix,
            score: scores[index % 6] + Double(index % 3), level: level,
            rank: Int8(index % 120))
    }

    @Test func integersMatchTheDisjunction() throws {
        let values = Array(stride(from: 3, to: 190, by: 17))
        try expectSame(.in(\.id, values), .or(values.map { \Sample.id == $0 }))
        let ranks: [Int8] = [1, 5, 9, 13, 17, 21, 25, 29, 33, 111]
        try expectSame(.in(\.rank, ranks), .or(ranks.map { \Sample.rank == $0 }))
    }

    @Test func textMatchesByCanonicalEquivalence() throws {
        let names = ["caf\u{E9}", "tea1", "tea2", "cafe\u{301}3", "", "x", "y", "z", "ma\u{F1}ana"]
        try expectSame(.in(\.name, names), .or(names.map { \Sample.name == $0 }))
    }

    @Test func doublesMatchSignedZeroAndNeverNaN() throws {
        let scores: [Double] = [0, -0.0, .nan, 1, 2.5, 3.5, 4, .infinity, 5]
        try expectSame(.in(\.score, scores), .or(scores.map { \Sample.score == $0 }))
        #expect(try Condition<Sample>.in(\.score, scores).filter(Self.samples).count > 0)
    }

    @Test func optionalsMatchNilOnlyWhenListed() throws {
        let withNil: [Int?] = [nil, 1, 2, 3, 4, 5, 6, 7, 8]
        try expectSame(.in(\.level, withNil), .or(withNil.map { \Sample.level == $0 }))
        let withoutNil: [Int?] = [0, 1, 2, 3, 4, 5, 6, 7, 8]
        try expectSame(.in(\.level, withoutNil), .or(withoutNil.map { \Sample.level == $0 }))
    }

    private func expectSame(
        _ membership: Condition<Sample>, _ disjunction: Condition<Sample>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let selected = try membership.filter(Self.samples).map(\.id)
        let expected = try disjunction.filter(Self.samples).map(\.id)
        #expect(selected == expected, sourceLocation: sourceLocation)
        #expect(!selected.isEmpty, sourceLocation: sourceLocation)
    }
}
