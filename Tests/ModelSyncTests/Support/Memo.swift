import Foundation
import KeyPathQuery
import ModelStorage

/// The record the sync tests keep in step: a user's memo, with a title and a body to edit
/// apart, and a priority to scope by.
struct Memo: StorableModel, Hashable {
    var id: String
    var owner: String
    var title: String
    var body: String
    var priority: Int

    init(id: String, owner: String = "", title: String, body: String = "", priority: Int = 0) {
        self.id = id
        self.owner = owner
        self.title = title
        self.body = body
        self.priority = priority
    }

    static let queryAttributes: AttributeMap<Memo> = [
        \.id: "id", \.owner: "owner", \.title: "title", \.body: "body", \.priority: "priority",
    ]

    static var indexedAttributes: [IndexedAttribute<Memo>] { [IndexedAttribute(\.owner)] }

    static var changeHistory: ChangeHistory? { ChangeHistory() }

    /// The memo with what a server stamps on it.
    func owned(by user: String) -> Memo {
        var memo = self
        memo.owner = user
        return memo
    }
}

/// A memo whose history is dropped at once, for the tests of an expired cursor.
struct Jotting: StorableModel, Hashable {
    var id: Int
    var owner: String
    var text: String

    static let queryAttributes: AttributeMap<Jotting> = [
        \.id: "id", \.owner: "owner", \.text: "text",
    ]

    static var changeHistory: ChangeHistory? { ChangeHistory(tombstoneRetention: .zero) }
}
