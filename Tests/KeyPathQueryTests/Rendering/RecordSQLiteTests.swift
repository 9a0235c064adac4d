import ConditionTableSupport
import Foundation
import KeyPathQuery
import QueryTestSupport
import Testing

/// Every kind of attribute, rendered and executed by a real SQLite: dates, UUIDs, URLs,
/// enumerations, Booleans, small and large integers, a nested attribute stored flattened, and
/// arrays of structures stored as JSON objects.
@Suite("SQL on every kind of attribute, executed by SQLite")
struct RecordSQLiteTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let query: RecordQuery<Record>
        let reference: @Sendable (Record) -> Bool
        var testDescription: String { label }

        init(
            _ label: String, _ condition: Condition<Record>,
            sortedBy keys: [SortKey<Record>] = [.ascending(\.id)],
            matching reference: @escaping @Sendable (Record) -> Bool
        ) {
            self.label = label
            self.query = RecordQuery(where: condition, sortedBy: keys)
            self.reference = reference
        }
    }

    static let tenDays = Date(timeIntervalSince1970: 10 * 86_400)
    static let twentyDays = Date(timeIntervalSince1970: 20 * 86_400)
    static let uuid7 = Record.sample(7).uuid
    static let uuid20 = Record.sample(20).uuid
    static let link8 = URL(string: "https://example.com/8") ?? URL(filePath: "/")

    static let cases: [Case] = [
        Case("date <", \.when < tenDays, matching: { $0.when < tenDays }),
        Case("date between", .between(\.when, tenDays...twentyDays)) {
            $0.when >= tenDays && $0.when <= twentyDays
        },
        Case("UUID ==", \.uuid == uuid7, matching: { $0.uuid == uuid7 }),
        Case("UUID >", \.uuid > uuid20, matching: { $0.uuid.uuidString > uuid20.uuidString }),
        Case("URL == nil", \.link == nil, matching: { $0.link == nil }),
        Case("URL !=", \.link != link8, matching: { $0.link != link8 }),
        Case("enumeration ==", \.mood == .calm, matching: { $0.mood == .calm }),
        Case("enumeration < compares raw values", \.mood < .focused) {
            $0.mood.rawValue < "focused"
        },
        Case(
            "optional enumeration == nil", \.optionalMood == nil,
            matching: { $0.optionalMood == nil }),
        Case(
            "optional enumeration !=", \.optionalMood != .tired,
            matching: { $0.optionalMood != .tired }),
        Case("optional enumeration >=", \.optionalMood >= .focused) {
            ($0.optionalMood?.rawValue).map { $0 >= "focused" } ?? false
        },
        Case("UInt64 >", \.big > 20_000_000_000_000, matching: { $0.big > 20_000_000_000_000 }),
        Case("Bool ==", \.flag == true, matching: { $0.flag }),
        Case("Int8 <=", \.rank <= 2, matching: { $0.rank <= 2 }),
        Case("Double >", \.score > 10.5, matching: { $0.score > 10.5 }),
        Case("nested ==", \.session.name == "Café", matching: { $0.session.name == "Café" }),
        Case(
            "nested hasPrefix", .hasPrefix(\.session.name, "E"),
            matching: { $0.session.name.hasPrefix("E") }),
        Case(
            "nested array contains", .contains(\.session.tags, "x"),
            matching: { $0.session.tags.contains("x") }),
        Case("structure element ==", .anyElement(\.sessions, where: \.name == "s1")) {
            $0.sessions.contains { $0.name == "s1" }
        },
        Case("structure element's array", .anyElement(\.sessions, where: .contains(\.tags, "t4"))) {
            $0.sessions.contains { $0.tags.contains("t4") }
        },
        Case("all structure elements", .everyElement(\.sessions, where: \.name == "s0")) {
            $0.sessions.allSatisfy { $0.name == "s0" }
        },
        Case(
            "no element of an element",
            .noElement(\.sessions, where: .anyElement(\.tags, where: .hasSuffix(\.self, "1")))
        ) { !$0.sessions.contains { $0.tags.contains { $0.hasSuffix("1") } } },
        Case(
            "count of structures", .count(\.sessions, .equal, 2),
            matching: { $0.sessions.count == 2 }),
        Case(
            "in with nil", .in(\.note, ["even", nil]),
            matching: { $0.note == "even" || $0.note == nil }),
        Case("NOT == on an optional", !(\.note == "even"), matching: { $0.note != "even" }),
        Case(
            "equals ignoring case on an optional: false for nil",
            .equals(\.note, "EVEN", options: .caseInsensitive), matching: { $0.note == "even" }),
        Case(
            "NOT equals ignoring case on an optional: true for nil",
            !.equals(\.note, "Even", options: .caseInsensitive), matching: { $0.note != "even" }),
        Case(
            "in ignoring case on an optional enumeration's raw values",
            .in(\.optionalMood, ["CALM", "Tired", "sleepy"], options: .caseInsensitive)
        ) { $0.optionalMood == .calm || $0.optionalMood == .tired },
        Case(
            "NOT in ignoring case on an optional enumeration: true for nil",
            !.in(\.optionalMood, ["CALM", "FOCUSED"], options: .caseInsensitive)
        ) { $0.optionalMood != .calm && $0.optionalMood != .focused },
        Case(
            "nested equals ignoring case",
            .equals(\.session.name, "EMAIL", options: .caseInsensitive),
            matching: { $0.session.name == "Email" }),
        Case(
            "structure element equals ignoring case",
            .anyElement(\.sessions, where: .in(\.name, ["S1", "s9"], options: .caseInsensitive))
        ) { $0.sessions.contains { $0.name == "s1" } },
        Case(
            "array element equals ignoring case",
            .anyElement(\.tags, where: .equals(\.self, "C", options: .caseInsensitive))
        ) { $0.tags.contains("c") },
        Case(
            "like with ?", .like(\.title, "Record 1?"),
            matching: { $0.title.count == 9 && $0.title.hasPrefix("Record 1") }),
        Case(
            "sort by date descending", .true, sortedBy: [.descending(\.when)],
            matching: { _ in true }),
        Case(
            "sort by optional enumeration, nil last", .true,
            sortedBy: [.ascending(\.optionalMood, nils: .last), .ascending(\.id)],
            matching: { _ in true }),
        Case(
            "sort by UUID descending", .true, sortedBy: [.descending(\.uuid)],
            matching: { _ in true }),
        Case(
            "sort by nested text", .true,
            sortedBy: [.ascending(\.session.name), .descending(\.id)],
            matching: { _ in true }),
    ]

    @Test("selects in SQLite what memory selects, in the same order", arguments: cases)
    func selectsAsInMemory(_ testCase: Case) throws {
        let inMemory = try testCase.query.apply(to: Record.all).map(\.id)
        #expect(Set(inMemory) == Set(Record.all.filter(testCase.reference).map(\.id)))
        #expect(try RecordTable.ids(testCase.query, in: RecordTable.database()) == inMemory)
    }

    /// A decoded condition may give a `UUID` attribute the UUID's lower-case text, which
    /// memory converts to the UUID: SQL binds the UUID's stored (upper-case) text, and
    /// `NSPredicate` the UUID, so every target selects what memory selects.
    @Test(
        "a decoded operand converts to the attribute's type, as in memory",
        arguments: ["==", "!=", ">=", "in"])
    func decodedOperandConverts(_ operation: String) throws {
        let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        let other = try #require(UUID(uuidString: "0E621E1F-C36C-495A-93FC-0C247A3E6E5F"))
        var records = Record.all
        records[7].uuid = uuid
        records[8].uuid = other
        let typed: Condition<Record> =
            switch operation {
            case "==": \.uuid == uuid
            case "!=": \.uuid != uuid
            case ">=": \.uuid >= uuid
            default: .in(\.uuid, [uuid, other])
            }
        // The same condition as a client might send it: the UUID as lower-case text.
        let json = String(decoding: try JSONEncoder().encode(typed), as: UTF8.self)
        let written = json.replacingOccurrences(
            of: #"{"uuid":"\#(uuid.uuidString)"}"#,
            with: #"{"string":"\#(uuid.uuidString.lowercased())"}"#)
        #expect(written != json)
        let decoded = try JSONDecoder().decode(Condition<Record>.self, from: Data(written.utf8))
        #expect(decoded != typed)

        let query = RecordQuery(where: decoded, sortedBy: [.ascending(\.id)])
        let inMemory = try query.apply(to: records).map(\.id)
        #expect(try inMemory == RecordQuery(where: typed).apply(to: records).map(\.id))
        #expect(inMemory.contains(7) == (operation != "!="))
        #expect(try RecordTable.ids(query, in: RecordTable.database(records)) == inMemory)
        #expect(try decoded.predicateFormat() == typed.predicateFormat())
    }

    /// A decoded condition may give a `Bool` attribute the integer 0 or 1, which
    /// `Bool(queryValue:)` reads as `false` or `true`: memory compares that value, an index of
    /// the attribute looks it up, and SQL and `NSPredicate` bind it, so every target selects
    /// the same records. (Memory once compared the integer with the stored `true` by kind and
    /// selected nothing, where SQLite, storing `true` as 1, selected the flagged records.)
    @Test(
        "a decoded 0 or 1 for a Bool is false or true, as in memory",
        arguments: ["==", "!=", "in"], [false, true])
    func decodedIntegerForBool(_ operation: String, _ flag: Bool) throws {
        let typed: Condition<Record> =
            switch operation {
            case "==": \.flag == flag
            case "!=": \.flag != flag
            default: .in(\.flag, [flag])
            }
        let json = String(decoding: try JSONEncoder().encode(typed), as: UTF8.self)
        let written = json.replacingOccurrences(
            of: #"{"bool":\#(flag)}"#, with: #"{"integer":\#(flag ? 1 : 0)}"#)
        #expect(written != json)
        let decoded = try JSONDecoder().decode(Condition<Record>.self, from: Data(written.utf8))
        #expect(decoded != typed)

        let query = RecordQuery(where: decoded, sortedBy: [.ascending(\.id)])
        let inMemory = try query.apply(to: Record.all).map(\.id)
        let expected = Record.all.filter { ($0.flag == flag) == (operation != "!=") }.map(\.id)
        #expect(!expected.isEmpty)
        #expect(inMemory == expected)
        #expect(try RecordTable.ids(query, in: RecordTable.database()) == inMemory)
        #expect(try decoded.predicateFormat() == typed.predicateFormat())
    }

    @Test("with dates stored as seconds since 2001, when the options say so")
    func referenceDates() throws {
        let database = try RecordTable.database(dates: .secondsSinceReferenceDate)
        let options = SQLOptions(dateStorage: .secondsSinceReferenceDate)
        let query = RecordQuery<Record>(
            where: .between(\.when, Self.tenDays...Self.twentyDays), sortedBy: [.descending(\.when)]
        )
        let ids = try RecordTable.ids(query, in: database, options: options)
        #expect(ids == Array((10...20).reversed()))
        #expect(try query.apply(to: Record.all).map(\.id) == ids)
    }

    @Test("the SQLite is recent enough for NULLS FIRST and LAST (3.30)")
    func sqliteVersion() throws {
        let parts = SQLiteDatabase.version.split(separator: ".").compactMap { Int($0) }
        #expect(parts.count >= 2)
        #expect(parts.lexicographicallyPrecedes([3, 30]) == false)
    }
}
