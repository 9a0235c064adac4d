import Foundation
import PokedexKit
import Testing

@testable import PokedexOfflineData

@Suite("A family's file of one entry a line, indexed without decoding")
struct LineTableTests {
    /// A table over lines of abilities.
    static func table(_ text: String) throws -> BundledContents.Table<PokemonAbility> {
        try BundledContents.Table(lines: Data(text.utf8))
    }

    @Test("lines are indexed by id and name; an entry is decoded when asked for")
    func indexes() throws {
        let table = try Self.table(
            """
            [
            {"id":66,"name":"blaze","names":[],"generation":{"name":"generation-iii","url":"/api/v2/generation/3/"},"is_main_series":true},
            {"id":94,"name":"solar-power","names":[],"generation":{"name":"generation-iv","url":"/api/v2/generation/4/"},"is_main_series":true}
            ]
            """)
        #expect(table.ids == [66, 94])
        #expect(table.idsByName == ["blaze": 66, "solar-power": 94])
        #expect(try table.entry(id: 94)?.name == "solar-power")
        #expect(try table.entry(id: 95) == nil)
        #expect(try table.entries().map(\.id) == [66, 94])
    }

    @Test("a line that does not begin with its id is refused; a damaged one, when decoded")
    func damaged() throws {
        #expect(throws: DecodingError.self) {
            try Self.table("[\n{\"name\":\"blaze\",\"id\":66}\n]")
        }
        let table = try Self.table("[\n{\"id\":66,\"name\":\"blaze\",\"generation\":7}\n]")
        #expect(table.idsByName == ["blaze": 66])
        #expect(throws: DecodingError.self) { try table.entry(id: 66) }
    }
}
