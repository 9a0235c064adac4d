import Foundation
import KeyPathQuery
import Testing

/// Locks in how call sites read: if one of these stops compiling, the change is breaking.
///
/// CI builds with `-warn-long-expression-type-checking`, so a chain that type-checks slowly
/// fails the build too.
@Suite("How call sites read")
struct CompileTimeTests {
    @Test("an eight-clause && chain of operators builds")
    func eightClauses() throws {
        let condition: Condition<Record> =
            \.id >= 1 && \.id <= 30 && \.score > 0.5 && \.flag == false
            && \.note != nil && \.rank < 4 && \.mood != .tired && \.title != "x"
        #expect(try !condition.filter(Record.all).isEmpty)
    }

    @Test("operators, factories and combinators mix")
    func mixed() {
        let search = "rec"
        let favoritesOnly = true
        var filters: [Condition<Record>] = []
        if !search.isEmpty { filters.append(.contains(\.title, search, options: .caseInsensitive)) }
        if favoritesOnly { filters.append(\.flag == true) }
        let condition = Condition.and(filters) || .or([\.id == 1, \.id == 2])
        let nothing = Condition<Record>.and([])
        #expect(nothing.isAlwaysTrue)
        #expect(Condition<Record>.or([]).isAlwaysFalse)
        #expect(condition != nothing)
        let _: Condition<Record> = .between(\.id, 1...3) && .in(\.mood, [.calm, .tired])
        let _: Condition<Record> = !.isEmpty(\.tags) && .count(\.sessions, .less, 2)
        let _: Condition<Record> = .anyElement(\.sessions, where: .hasPrefix(\.name, "s"))
        let _: Condition<Record> = \.link == nil || \.optionalMood > .calm
        let _: Condition<Record> =
            .equals(\.title, "RECORD 1", options: .caseInsensitive) && \.id > 0
            && .in(\.note, ["EVEN", "odd"], options: .caseInsensitive)
        let _: Condition<Record> = .anyElement(
            \.tags, where: .equals(\.self, "A", options: .caseInsensitive))
        let _: RecordQuery<Record> = RecordQuery(
            where: \.id > 3, sortedBy: [.ascending(\.title)], limit: 2)
    }

    @Test("a text search reads as: search these attributes for what was typed")
    func textSearch() throws {
        let typed = "RECORD 3"
        let search = try TextSearch(typed)
        let _: Condition<Record> = .search(\.title, for: search)
        let _: Condition<Record> = .search(\.note, for: search) || .search(\.tags, for: search)
        let _: Condition<Record> = .search([\.title, \.note, \.tags], for: search) && \.id > 0
        let _: Condition<Record> = .anyElement(\.sessions, where: .search(\.name, for: search))
        let found = try RecordQuery<Record>(where: .search([\.title, \.note], for: search))
            .apply(to: Record.all)
        #expect(!found.isEmpty && found.allSatisfy { $0.title.hasPrefix("Record 3") })
    }

    @Test("identities: true and false add nothing, double negation cancels")
    func identities() {
        let condition: Condition<Record> = \.id == 1
        #expect((condition && .true) == condition)
        #expect((.true && condition) == condition)
        #expect((condition || .false) == condition)
        #expect((condition && .false).isAlwaysFalse)
        #expect((condition || .true).isAlwaysTrue)
        #expect(!(!condition) == condition)
        #expect(!Condition<Record>.true == .false)
        let chained: Condition<Record> = \.id == 1 && \.id == 2 && \.id == 3
        let grouped: Condition<Record> = \.id == 1 && (\.id == 2 && \.id == 3)
        #expect(chained == grouped)
    }

    @Test("aggregate queries read as a report: what, of which records, by what, keeping which")
    func aggregates() throws {
        let query = AggregateQuery<Record>(
            .count, .count(\.note), .sum(\.rank), .average(\.score), .minimum(\.title),
            .maximum(\.when), .minimum(\.flag),
            where: \.id >= 1 && \.note != nil,
            groupedBy: [\.mood, \.flag],
            having: .comparing(.count, .greaterOrEqual, 2)
                .and(.comparing(.average(\.score), .less, 15.5).negated)
                .or(.comparing(.maximum(\.title), .equal, "Record 3")))
        let rows = try query.apply(to: Record.all)
        #expect(rows.allSatisfy { $0.groupValues.count == 2 && $0.values.count == 7 })
    }

    @Test("a group by elements reads as one: each tag, or a mood and each tag")
    func elementGroups() throws {
        let perTag = AggregateQuery<Record>(.count, groupedBy: [.elements(of: \.tags)])
        let perMoodAndTag = AggregateQuery<Record>(
            [.count, .average(\.score)], where: \.flag == false,
            groupedBy: [.attribute(\.mood), .elements(of: \.tags)])
        #expect(
            try perTag.apply(to: Record.all).map(\.groupValues) == [
                [.string("a")], [.string("b")], [.string("c")],
            ])
        #expect(try perMoodAndTag.apply(to: Record.all).allSatisfy { $0.groupValues.count == 2 })
    }
}
