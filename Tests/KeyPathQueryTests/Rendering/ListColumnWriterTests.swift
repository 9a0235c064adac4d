import Foundation
import Testing

@testable import KeyPathQuery

/// A list column's JSON, written from its elements' query values directly (the typed writer a
/// column makes once), is the text the boxed path writes for every kind of element.
@Suite("A list column's typed writer")
struct ListColumnWriterTests {
    /// The text both paths write for a list.
    static func texts<List: ListAttribute>(_ list: List) -> (typed: String?, boxed: String) {
        var boxed = ""
        SQLStorageJSON.write(list, options: SQLOptions(), to: &boxed)
        guard let write = List.queryValueWriter() else { return (nil, boxed) }
        var typed = ""
        write(list, SQLOptions(), &typed)
        return (typed, boxed)
    }

    @Test("writes what the boxed path writes")
    func sameText() throws {
        let date = Date(timeIntervalSinceReferenceDate: 12.5)
        let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        let cases: [(String?, String)] = [
            Self.texts(["pikachu", "quote \" and \\ and \n", "é", ""]),
            Self.texts([1, -2, Int.max]),
            Self.texts([1.5, -0.0, .infinity, -.infinity, .nan]),
            Self.texts([Int?.none, 3]),
            Self.texts([true, false]),
            Self.texts([date]),
            Self.texts([uuid]),
            Self.texts([URL(string: "https://pokeapi.co/a b")]),
            Self.texts([UInt64.max, 7]),
            Self.texts(Set([42])),
            Self.texts(ContiguousArray(["a", "b"])),
            Self.texts([String]()),
        ]
        for (typed, boxed) in cases {
            #expect(typed == boxed)
        }
    }

    @Test("is not made for elements without a query value, which the boxed path writes")
    func noWriterForStructures() {
        struct Part: Queryable {
            var name: String
            static let queryAttributes: AttributeMap<Part> = [\.name: "name"]
        }
        let (typed, boxed) = Self.texts([Part(name: "p")])
        #expect(typed == nil)
        #expect(boxed == #"[{"name":"p"}]"#)
    }
}
