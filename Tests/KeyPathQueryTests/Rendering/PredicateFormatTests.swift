import ConditionTableSupport
import Foundation
import KeyPathQuery
import QueryTestSupport
import Testing

@Suite("NSPredicate format rendering")
struct PredicateFormatTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let condition: Condition<Record>
        let format: String
        let arguments: [QueryValue]
        var testDescription: String { format }

        init(_ condition: Condition<Record>, _ format: String, _ arguments: [QueryValue]) {
            self.condition = condition
            self.format = format
            self.arguments = arguments
        }
    }

    static let day = Date(timeIntervalSince1970: 86_400)

    static let cases: [Case] = [
        Case(\.session.name == "Email", "%K == %@", ["session.name", "Email"]),
        Case(\.when >= day, "%K >= %@", ["when", .date(day)]),
        Case(\.mood != .calm, "%K != %@", ["mood", "calm"]),
        Case(\.big > UInt64.max - 1, "%K > %@", ["big", .unsignedInteger(UInt64.max - 1)]),
        Case(
            .anyElement(\.sessions, where: \.name == "s1" && .contains(\.tags, "t2")),
            "SUBQUERY(%K, $x1, $x1.%K == %@ AND ANY $x1.%K == %@).@count > 0",
            ["sessions", "name", "s1", "tags", "t2"]),
        Case(
            .everyElement(\.sessions, where: .anyElement(\.tags, where: .hasPrefix(\.self, "t"))),
            "SUBQUERY(%K, $x1, NOT (SUBQUERY($x1.%K, $x2, $x2 BEGINSWITH %@).@count > 0)).@count == 0",
            ["sessions", "tags", "t"]),
        Case(
            .noElement(\.sessions, where: .count(\.tags, .greater, 1)),
            "SUBQUERY(%K, $x1, $x1.%K.@count > %@).@count == 0", ["sessions", "tags", 1]),
        Case(
            .containsAny(\.tags, of: ["a", "b"]) && !(\.flag == true),
            "ANY %K IN %@ AND NOT (%K == %@)", ["tags", ["a", "b"], "flag", true]),
        Case(
            (\.id < 3 || \.id > 30) && \.note != nil,
            "(%K < %@ OR %K > %@) AND %K != nil", ["id", 3, "id", 30, "note"]),
        Case(.hasSuffix(\.title, ""), "%K != nil", ["title"]),
        Case(.equals(\.title, "", options: .caseInsensitive), "%K ==[c] %@", ["title", ""]),
        Case(.equals(\.title, "A*?", options: []), "%K == %@", ["title", "A*?"]),
        Case(
            .in(\.note, ["a", "b"], options: [.caseInsensitive, .diacriticInsensitive]) && \.id > 1,
            "(%K ==[cd] %@ OR %K ==[cd] %@) AND %K > %@", ["note", "a", "note", "b", "id", 1]),
        Case(.in(\.note, ["a", "b"], options: []), "%K IN %@", ["note", ["a", "b"]]),
        Case(.in(\.note, [], options: .caseInsensitive), "FALSEPREDICATE", []),
        Case(
            .anyElement(\.sessions, where: .equals(\.name, "S1", options: .caseInsensitive)),
            "SUBQUERY(%K, $x1, $x1.%K ==[c] %@).@count > 0", ["sessions", "name", "S1"]),
        Case(.like(\.title, ""), "%K LIKE %@", ["title", ""]),
        Case(
            .matches(\.title, "Record [0-9]+", options: [.caseInsensitive, .diacriticInsensitive]),
            "%K MATCHES[cd] %@", ["title", "Record [0-9]+"]),
    ]

    @Test("renders names as %K and values as %@", arguments: cases)
    func renders(_ testCase: Case) throws {
        let rendered = try testCase.condition.predicateFormat()
        #expect(rendered == PredicateFormat(format: testCase.format, arguments: testCase.arguments))
        try PredicateFormatGrammar.check(rendered.format, arguments: rendered.arguments)
    }

    @Test("gives arguments as the Foundation objects NSPredicate takes")
    func foundationArguments() throws {
        let uuid = Record.sample(3).uuid
        let url = URL(string: "https://example.com") ?? URL(filePath: "/")
        let rendered = PredicateFormat(
            format: "",
            arguments: [
                "name", true, 7, .unsignedInteger(UInt64.max), .double(1.5), .date(Self.day),
                .uuid(uuid), .url(url), .data(Data([1, 2])), [1, "a"], .null,
            ])
        let objects = rendered.foundationArguments
        #expect(objects.count == 11)
        #expect((objects[0] as? NSString).map { String(describing: $0) } == "name")
        #expect((objects[1] as? NSNumber)?.boolValue == true)
        #expect((objects[2] as? NSNumber)?.int64Value == 7)
        #expect((objects[3] as? NSNumber)?.uint64Value == UInt64.max)
        #expect((objects[4] as? NSNumber)?.doubleValue == 1.5)
        #expect((objects[5] as? NSDate)?.timeIntervalSince1970 == 86_400)
        #expect((objects[6] as? NSUUID)?.uuidString == uuid.uuidString)
        #expect((objects[7] as? NSURL)?.absoluteString == "https://example.com")
        #expect((objects[8] as? NSData)?.length == 2)
        #expect((objects[9] as? NSArray)?.count == 2)
        #expect(objects[10] is NSNull)
    }

    @Test("never writes a value into the format")
    func valuesStayArguments() throws {
        let hostile = #"O'Brien "%@" %K $x1 ) OR TRUEPREDICATE"#
        let conditions: [Condition<Record>] = [
            \.title == hostile, .contains(\.title, hostile), .like(\.title, hostile),
            .in(\.note, [hostile, nil]), .anyElement(\.tags, where: \.self == hostile),
            .equals(\.title, hostile, options: .caseInsensitive),
            .in(\.title, ["a", hostile], options: [.caseInsensitive, .diacriticInsensitive]),
        ]
        for condition in conditions {
            let rendered = try condition.predicateFormat()
            #expect(!rendered.format.contains("Brien"))
            #expect(rendered.arguments.contains(.string(hostile)))
            try PredicateFormatGrammar.check(rendered.format, arguments: rendered.arguments)
        }
    }

    @Test("the grammar check rejects what Apple's syntax does not allow")
    func grammarRejects() {
        let bad: [(String, [QueryValue])] = [
            ("%K == %@", ["name"]),  // too few arguments
            ("%K == %@", [1, 2]),  // %K needs a string
            ("%K IN %@", ["id", 1]),  // IN needs a list
            ("%K BETWEEN %@", ["id", [1]]),  // BETWEEN needs two bounds
            ("$x1 == %@", [1]),  // unbound variable
            ("%K == 'x'", ["name"]),  // a quoted value in the format
            ("(%K == %@", ["name", 1]),  // unbalanced
            ("%K LIKE[z] %@", ["name", "a"]),  // unknown option
            ("%K ==[z] %@", ["name", "a"]),  // unknown option on equality
            ("%K <[c] %@", ["name", "a"]),  // options on an ordering
        ]
        for (format, arguments) in bad {
            #expect(throws: PredicateFormatGrammar.Failure.self, "\(format)") {
                try PredicateFormatGrammar.check(format, arguments: arguments)
            }
        }
    }
}
