import KeyPathQuery
import ModelStorage

/// The record the conformance checks store: small, with the attributes the checks need — a
/// user-owned `favorite` flag and service-owned `name` and `attack` for the two-writer merge
/// scenario, `tags` for collection conditions, and an optional `nickname` for `nil` tests and
/// for sort keys that place `nil` first or last.
public struct ConformanceRecord: StorableModel, Hashable {
    /// The record's id.
    public var id: Int
    /// A name.
    public var name: String
    /// A number to filter and sort by.
    public var attack: Int
    /// A flag the user owns.
    public var favorite: Bool
    /// Some tags.
    public var tags: [String]
    /// A nickname, or `nil` when the record has none.
    public var nickname: String?

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - id: The record's id.
    ///   - name: A name.
    ///   - attack: A number.
    ///   - favorite: A flag.
    ///   - tags: Some tags.
    ///   - nickname: A nickname, or `nil`.
    public init(
        id: Int, name: String, attack: Int, favorite: Bool = false, tags: [String] = [],
        nickname: String? = nil
    ) {
        self.id = id
        self.name = name
        self.attack = attack
        self.favorite = favorite
        self.tags = tags
        self.nickname = nickname
    }

    /// The record's attributes, named as its coding keys are.
    public static let queryAttributes: AttributeMap<ConformanceRecord> = [
        \.id: "id", \.name: "name", \.attack: "attack", \.favorite: "favorite", \.tags: "tags",
        \.nickname: "nickname",
    ]

    /// The attributes a store indexes: `name`, `attack` and `favorite`, so that every check
    /// runs over a backend's indexes as well as its scans.
    public static var indexedAttributes: [IndexedAttribute<ConformanceRecord>] {
        [IndexedAttribute(\.name), IndexedAttribute(\.attack), IndexedAttribute(\.favorite)]
    }

    /// A deterministic sample: attack `(id × 37) mod 100`, a favorite when `id` is a multiple
    /// of 3, up to three tags, and no nickname.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The sample record.
    public static func sample(_ id: Int) -> ConformanceRecord {
        ConformanceRecord(
            id: id, name: "creature-\(id)", attack: (id * 37) % 100, favorite: id % 3 == 0,
            tags: Array(["red", "green", "blue"].prefix(id % 4)))
    }
}
