import KeyPathQuery
import Testing

@testable import ModelStorage

/// Declarations the index of words takes as they come: an attribute declared twice, whose
/// tokens are kept once, and one the attribute map does not name, for which no index is
/// kept and every search is a scan.
@Suite("Index of words: declarations")
struct WordIndexDeclarationTests {
    /// A model that declares its text twice and its tags once.
    private struct Twice: StorableModel, Hashable {
        var id: Int
        var text: String
        var tags: [String]
        static let queryAttributes: AttributeMap<Twice> = [
            \.id: "id", \.text: "text", \.tags: "tags",
        ]
        static var searchableAttributes: [SearchableAttribute<Twice>] {
            [SearchableAttribute(\.text), SearchableAttribute(\.tags), SearchableAttribute(\.text)]
        }
    }

    /// A model that declares a text its attribute map leaves out.
    private struct Unmapped: StorableModel, Hashable {
        var id: Int
        var text: String
        var hidden: String
        static let queryAttributes: AttributeMap<Unmapped> = [\.id: "id", \.text: "text"]
        static var searchableAttributes: [SearchableAttribute<Unmapped>] {
            [SearchableAttribute(\.text), SearchableAttribute(\.hidden)]
        }
    }

    @Test("an attribute declared twice is indexed once, through updates")
    func declaredTwice() throws {
        var records = (0..<100).map { Twice(id: $0, text: "alpha a\($0)", tags: ["t\($0 % 5)"]) }
        var table = try RecordTable(records, writeVersions: nil)
        records[3].text = "beta"
        table.put(records[3], version: 1)
        let beta: Condition<Twice> = .search(\.text, for: try TextSearch("beta"))
        #expect(table.candidateSlots(for: beta) == [3])
        #expect(table.countMatching(try beta.compiled(), narrowedBy: beta) == 1)
        let a1: Condition<Twice> = .search([\.text, \.tags], for: try TextSearch("a1 t1"))
        let expected = try a1.compiled().count(in: records)
        #expect(table.countMatching(try a1.compiled(), narrowedBy: a1) == expected)
        #expect((table.candidateSlots(for: a1)?.count ?? 100) <= 11)
    }

    @Test("a declaration the attribute map leaves out keeps no index: searches are scanned")
    func unmapped() throws {
        let records = (0..<50).map { Unmapped(id: $0, text: "w\($0)", hidden: "h") }
        let table = try RecordTable(records, writeVersions: nil)
        #expect(table.wordIndex == nil)
        let search: Condition<Unmapped> = .search(\.text, for: try TextSearch("w4"))
        #expect(table.candidateSlots(for: search) == nil)
        #expect(table.countMatching(try search.compiled(), narrowedBy: search) == 11)
    }
}
