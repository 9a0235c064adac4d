import KeyPathQuery
import ModelStorage

/// The record the search checks store: a text, an optional note and a list of tags, all
/// three searchable, and a remark that is not, whose searches a store answers in memory.
public struct SearchRecord: StorableModel, Hashable {
    /// The record's id.
    public var id: Int
    /// The text searched.
    public var text: String
    /// A note, or `nil`.
    public var note: String?
    /// Tags, searched together.
    public var tags: [String]
    /// A text that is not declared searchable.
    public var remark: String

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - id: The id.
    ///   - text: The text.
    ///   - note: The note, or `nil`.
    ///   - tags: The tags.
    ///   - remark: The text that is not searchable.
    public init(
        id: Int, text: String, note: String? = nil, tags: [String] = [], remark: String = ""
    ) {
        self.id = id
        self.text = text
        self.note = note
        self.tags = tags
        self.remark = remark
    }

    /// The attributes, by the names the stores use.
    public static let queryAttributes: AttributeMap<SearchRecord> = [
        \.id: "id", \.text: "text", \.note: "note", \.tags: "tags", \.remark: "remark",
    ]

    /// The text, the note and the tags are searchable; the remark is not.
    public static var searchableAttributes: [SearchableAttribute<SearchRecord>] {
        [SearchableAttribute(\.text), SearchableAttribute(\.note), SearchableAttribute(\.tags)]
    }

    /// One record for each row of ``SearchTable``, its id the row's place, its text the
    /// row's text and its remark the same text.
    public static var samples: [SearchRecord] {
        SearchTable.cases.enumerated().map { index, row in
            SearchRecord(id: index, text: row.text, remark: row.text)
        }
    }

    /// Records whose words lie in several attributes, for searches over them as one
    /// document; ids from 1,000.
    public static var documents: [SearchRecord] {
        [
            SearchRecord(
                id: 1_000, text: "Charizard", note: "Blaze", tags: ["Fire", "Flying"],
                remark: "Charizard Blaze Fire Flying"),
            SearchRecord(id: 1_001, text: "Charizard", remark: "Charizard"),
            SearchRecord(
                id: 1_002, text: "Glurak", note: nil, tags: ["Feuer", "Flug"],
                remark: "Glurak Feuer Flug"),
            SearchRecord(
                id: 1_003, text: "リザードン", note: "火炎放射", tags: [],
                remark: "リザードン 火炎放射"),
        ]
    }
}
