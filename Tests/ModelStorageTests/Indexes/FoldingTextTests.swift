import Foundation
import KeyPathQuery
import Testing

@testable import ModelStorage

/// `IndexedAttribute(_:foldingText:)`: which indexed text attributes a SQL store keeps folded
/// values of, for equalities with text options.
@Suite("Indexed attributes: folded text")
struct FoldingTextTests {
    struct Account: StorableModel, Codable, Hashable {
        var id: Int
        var name: String
        var nickname: String?
        var token: String
        var level: Int

        static let queryAttributes: AttributeMap<Account> = [
            \.id: "id", \.name: "name", \.nickname: "nickname", \.token: "token",
            \.level: "level",
        ]

        static var indexedAttributes: [IndexedAttribute<Account>] {
            [
                IndexedAttribute(\.name), IndexedAttribute(\.nickname),
                IndexedAttribute(\.token, foldingText: false), IndexedAttribute(\.level),
                IndexedAttribute(\.name),
            ]
        }
    }

    @Test("text is folded by default, once, and not when the declaration says not to")
    func declaration() throws {
        #expect(try Account.foldedAttributeNames() == ["name", "nickname"])
        let account = Account(id: 1, name: "Flabébé", nickname: nil, token: "AbC", level: 3)
        let texts = try Account.foldedAttributeTexts(of: account)
        #expect(texts.map(\.0) == ["name"])
        #expect(texts.map(\.1) == ["Flabébé"])
        #expect(Account.indexedAttributes.map(\.foldsText) == [true, true, false, true, true])
    }
}
