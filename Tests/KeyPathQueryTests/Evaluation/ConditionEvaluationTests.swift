import Foundation
import KeyPathQuery
import Testing

/// Every operator on every kind of attribute, evaluated in memory and compared with a filter
/// closure written independently of the library.
@Suite("Conditions evaluated in memory")
struct ConditionEvaluationTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var condition: Condition<Record>
        var expected: @Sendable (Record) -> Bool

        var testDescription: String { name }
    }

    static let day = 86_400.0

    static let rows: [Row] = [
        Row(name: "Int ==", condition: \.id == 7) { $0.id == 7 },
        Row(name: "Int !=", condition: \.id != 7) { $0.id != 7 },
        Row(name: "Int <", condition: \.id < 5) { $0.id < 5 },
        Row(name: "Int <=", condition: \.id <= 5) { $0.id <= 5 },
        Row(name: "Int >", condition: \.id > 30) { $0.id > 30 },
        Row(name: "Int >=", condition: \.id >= 30) { $0.id >= 30 },
        Row(name: "Int8 width", condition: \.rank >= Int8(3)) { $0.rank >= 3 },
        Row(name: "UInt64 width", condition: \.big > UInt64(20_000_000_000_000)) {
            $0.big > 20_000_000_000_000
        },
        Row(name: "Double", condition: \.score <= 2.5) { $0.score <= 2.5 },
        Row(name: "Bool", condition: \.flag == true) { $0.flag },
        Row(name: "Date", condition: \.when < Date(timeIntervalSince1970: 10 * day)) {
            $0.when < Date(timeIntervalSince1970: 10 * day)
        },
        Row(name: "UUID", condition: \.uuid == Record.sample(3).uuid) { $0.id == 3 },
        Row(name: "URL ==", condition: \.link == URL(string: "https://example.com/8")) {
            $0.link?.absoluteString == "https://example.com/8"
        },
        Row(name: "URL == nil", condition: \.link == nil) { $0.link == nil },
        Row(name: "String ==", condition: \.title == "Record 12") { $0.title == "Record 12" },
        Row(name: "String <", condition: \.title < "Record 2") { $0.title < "Record 2" },
        Row(name: "optional == nil", condition: \.note == nil) { $0.note == nil },
        Row(name: "optional != nil", condition: \.note != nil) { $0.note != nil },
        Row(name: "optional == value", condition: \.note == "even") { $0.note == "even" },
        Row(name: "optional != value holds for nil", condition: \.note != "even") {
            $0.note != "even"
        },
        Row(name: "optional ordering is false for nil", condition: \.optionalMood >= Mood.calm) {
            $0.optionalMood.map { $0.rawValue >= "calm" } ?? false
        },
        Row(name: "enum == ", condition: \.mood == .focused) { $0.mood == .focused },
        Row(name: "enum orders by raw value, not by its own <", condition: \.mood < .focused) {
            $0.mood.rawValue < "focused"
        },
        Row(name: "between", condition: .between(\.id, 10...20)) { (10...20).contains($0.id) },
        Row(name: "between optional", condition: .between(\.optionalMood, .calm ... .focused)) {
            $0.optionalMood.map { ("calm"..."focused").contains($0.rawValue) } ?? false
        },
        Row(name: "in", condition: .in(\.id, [1, 4, 9, 99])) { [1, 4, 9].contains($0.id) },
        Row(name: "in, empty", condition: .in(\.id, [Int]())) { _ in false },
        Row(name: "in with nil", condition: .in(\.note, ["even", nil])) { _ in true },
        Row(name: "nested attribute", condition: \.session.name == "Café") {
            $0.session.name == "Café"
        },
        Row(name: "contains", condition: .contains(\.title, "rd 1")) { $0.title.contains("rd 1") },
        Row(name: "contains [c]", condition: .contains(\.title, "RD 1", options: .caseInsensitive))
        {
            $0.title.lowercased().contains("rd 1")
        },
        Row(name: "hasPrefix", condition: .hasPrefix(\.title, "Record 3")) {
            $0.title.hasPrefix("Record 3")
        },
        Row(
            name: "hasSuffix [c] on optional",
            condition: .hasSuffix(\.note, "EN", options: .caseInsensitive)
        ) {
            $0.note?.lowercased().hasSuffix("en") ?? false
        },
        Row(
            name: "[d] ignores accents",
            condition: .hasPrefix(\.session.name, "Cafe", options: .diacriticInsensitive)
        ) {
            $0.session.name == "Café"
        },
        Row(name: "exact does not ignore accents", condition: .hasPrefix(\.session.name, "Cafe")) {
            _ in false
        },
        Row(
            name: "[cd]",
            condition: .contains(
                \.session.name, "CAFE", options: [.caseInsensitive, .diacriticInsensitive])
        ) {
            $0.session.name == "Café"
        },
        Row(
            name: "equals [c]", condition: .equals(\.title, "RECORD 12", options: .caseInsensitive)
        ) {
            $0.title == "Record 12"
        },
        Row(
            name: "equals [c], * is no wildcard",
            condition: .equals(\.title, "RECORD 1*", options: .caseInsensitive)
        ) {
            $0.title.lowercased() == "record 1*"
        },
        Row(
            name: "equals [c] on optional, false for nil",
            condition: .equals(\.note, "EVEN", options: .caseInsensitive)
        ) {
            $0.note == "even"
        },
        Row(
            name: "equals [cd]",
            condition: .equals(
                \.session.name, "CAFE", options: [.caseInsensitive, .diacriticInsensitive])
        ) {
            $0.session.name == "Café"
        },
        Row(
            name: "equals [d] ignores accents, not case",
            condition: .equals(\.session.name, "Cafe", options: .diacriticInsensitive)
                || .equals(\.session.name, "EMAIL", options: .diacriticInsensitive)
        ) {
            $0.session.name == "Café"
        },
        Row(name: "equals, exact", condition: .equals(\.title, "Record 7", options: [])) {
            $0.id == 7
        },
        Row(
            name: "in [c] on raw values of an optional",
            condition: .in(\.optionalMood, ["CALM", "Focused"], options: .caseInsensitive)
        ) {
            $0.optionalMood == .calm || $0.optionalMood == .focused
        },
        Row(
            name: "in [c], empty", condition: .in(\.title, [String](), options: .caseInsensitive)
        ) { _ in false },
        Row(name: "like *", condition: .like(\.title, "Record 1*")) {
            $0.title.hasPrefix("Record 1")
        },
        Row(name: "like ?", condition: .like(\.title, "Record ?")) { $0.id < 10 },
        Row(name: "like [c]", condition: .like(\.title, "record ?5", options: .caseInsensitive)) {
            [15, 25, 35].contains($0.id)
        },
        Row(name: "matches whole text", condition: .matches(\.title, "Record [0-9]")) {
            $0.id < 10
        },
        Row(
            name: "matches [c]",
            condition: .matches(\.title, "record 3[0-9]", options: .caseInsensitive)
        ) {
            (30...39).contains($0.id)
        },
        Row(name: "collection contains", condition: .contains(\.tags, "c")) {
            $0.tags.contains("c")
        },
        Row(name: "collection containsAny", condition: .containsAny(\.tags, of: ["c", "zz"])) {
            $0.tags.contains("c")
        },
        Row(name: "collection containsAny, empty", condition: .containsAny(\.tags, of: [])) { _ in
            false
        },
        Row(name: "collection containsAll", condition: .containsAll(\.tags, of: ["a", "b"])) {
            $0.tags.contains("a") && $0.tags.contains("b")
        },
        Row(name: "collection containsAll, empty", condition: .containsAll(\.tags, of: [])) { _ in
            true
        },
        Row(name: "isEmpty", condition: .isEmpty(\.tags)) { $0.tags.isEmpty },
        Row(name: "count", condition: .count(\.tags, .greaterOrEqual, 2)) { $0.tags.count >= 2 },
        Row(name: "any element", condition: .anyElement(\.tags, where: \.self == "b")) {
            $0.tags.contains("b")
        },
        Row(
            name: "all elements, empty is true",
            condition: .everyElement(\.tags, where: \.self < "c")
        ) {
            $0.tags.allSatisfy { $0 < "c" }
        },
        Row(name: "no element", condition: .noElement(\.tags, where: .hasPrefix(\.self, "d"))) {
            !$0.tags.contains { $0.hasPrefix("d") }
        },
        Row(
            name: "elements that are Queryable",
            condition: .anyElement(\.sessions, where: \.name == "s1")
        ) {
            $0.sessions.contains { $0.name == "s1" }
        },
        Row(
            name: "nested collection inside elements",
            condition: .anyElement(\.sessions, where: .contains(\.tags, "t7"))
        ) {
            $0.id == 7
        },
        Row(name: "&&", condition: \.id > 5 && \.flag == true) { $0.id > 5 && $0.flag },
        Row(name: "||", condition: \.id < 2 || \.id > 37) { $0.id < 2 || $0.id > 37 },
        Row(name: "!", condition: !(\.note == nil)) { $0.note != nil },
        Row(name: "! over an optional ordering", condition: !(\.optionalMood >= Mood.calm)) {
            !($0.optionalMood.map { $0.rawValue >= "calm" } ?? false)
        },
        Row(name: "mixed", condition: (\.id < 10 || .contains(\.tags, "c")) && !(\.flag == true)) {
            ($0.id < 10 || $0.tags.contains("c")) && !$0.flag
        },
        Row(name: ".true", condition: .true) { _ in true },
        Row(name: ".false", condition: .false) { _ in false },
    ]

    @Test("each row selects what its closure selects", arguments: rows)
    func rowMatchesClosure(_ row: Row) throws {
        let selected = try row.condition.filter(Record.all).map(\.id)
        let expected = Record.all.filter(row.expected).map(\.id)
        #expect(selected == expected)
    }

    @Test("compiled and one-off evaluation agree", arguments: rows.prefix(20))
    func compiledAgreesWithEvaluate(_ row: Row) throws {
        let compiled = try row.condition.compiled()
        for record in Record.all {
            #expect(compiled(record) == (try row.condition.evaluate(record)))
        }
    }

    /// Conjunctions, which a scan tests clause by clause over blocks of 64 values, on arrays
    /// whose sizes fall on either side of a block's end, and on a sequence with no contiguous
    /// storage.
    @Test(
        "a conjunction selects what its closure selects, across blocks of 64",
        arguments: [0, 1, 2, 63, 64, 65, 127, 128, 129, 1_000])
    func conjunctionAcrossBlocks(_ count: Int) throws {
        let records = (0..<count).map(Record.sample)
        let rows: [Row] = [
            Row(name: "2 clauses", condition: \.id > 5 && \.flag == true) { $0.id > 5 && $0.flag },
            Row(
                name: "3 clauses, the text last written first",
                condition: .hasPrefix(\.title, "Record 1") && \.rank >= Int8(2) && \.flag == false
            ) { $0.title.hasPrefix("Record 1") && $0.rank >= 2 && !$0.flag },
            Row(
                name: "4 clauses with a disjunction",
                condition: (\.id < 100 || \.id > 900) && \.rank != Int8(0)
                    && .contains(\.tags, "c") && \.note == nil
            ) {
                ($0.id < 100 || $0.id > 900) && $0.rank != 0 && $0.tags.contains("c")
                    && $0.note == nil
            },
            Row(name: "no value passes the first clause", condition: \.id < 0 && \.flag == true) {
                $0.id < 0 && $0.flag
            },
            Row(name: "every value passes", condition: \.id >= 0 && \.big >= UInt64(0)) { _ in true
            },
        ]
        for row in rows {
            let expected = records.filter(row.expected).map(\.id)
            #expect(try row.condition.filter(records).map(\.id) == expected, "\(row.name)")
            #expect(
                try row.condition.filter(records.lazy.map { $0 }).map(\.id) == expected,
                "\(row.name), not contiguous")
            let page = try RecordQuery(where: row.condition, sortedBy: [.descending(\.id)])
                .compiled()
            #expect(page.apply(to: records).map(\.id) == expected.reversed(), "\(row.name), sorted")
        }
    }
}
