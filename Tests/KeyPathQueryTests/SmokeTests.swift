import Foundation
import KeyPathQuery
import Testing

@Suite("Smoke")
struct SmokeTests {
    @Test func basics() throws {
        let c: Condition<Record> =
            \.score >= 5 && .contains(\.tags, "b")
            && .hasPrefix(\.title, "RECORD 1", options: .caseInsensitive)
        let got = try c.filter(Record.all).map(\.id)
        let expected = Record.all.filter {
            $0.score >= 5 && $0.tags.contains("b") && $0.title.lowercased().hasPrefix("record 1")
        }.map(\.id)
        #expect(got == expected)
        #expect(!got.isEmpty)
        let nested: Condition<Record> = \.session.name == "Email"
        #expect(
            try nested.filter(Record.all).count
                == Record.all.filter { $0.session.name == "Email" }.count)
        #expect(try Record.attributeName(for: \.session.name) == "session.name")
        let q = Query<Record>(
            where: \.note != nil, sortedBy: [.descending(\.score)], limit: 3, offset: 1)
        #expect(try q.apply(to: Record.all).map(\.id) == [36, 34, 32])
        let data = try JSONEncoder().encode(q)
        let back = try JSONDecoder().decode(Query<Record>.self, from: data)
        #expect(back == q)
        print(String(decoding: data, as: UTF8.self))
    }
}
